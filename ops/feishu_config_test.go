package ops

import (
	"strings"
	"testing"
)

const (
	fsAppID     = "cli_a1b2c3d4e5f60718"
	fsSecret    = "Feishu1Secret2Of3The4App5Xy"
	fsToken     = "VerificationToken1234"
	fsEncryptKy = "EncryptKey5678"
)

// TestFeishuConfig: the Feishu settings load from the environment, are
// checked with bilingual messages that say what to set, and no secret of
// them is ever shown.
func TestFeishuConfig(t *testing.T) {
	vars := map[string]string{
		"QISAI_FEISHU_APP_ID":             fsAppID,
		"QISAI_FEISHU_APP_SECRET":         fsSecret,
		"QISAI_FEISHU_VERIFICATION_TOKEN": fsToken,
		"QISAI_FEISHU_ENCRYPT_KEY":        fsEncryptKy,
		"QISAI_FEISHU_API_URL":            "https://open.larksuite.com",
		"QISAI_LISTEN":                    ":8080",
	}
	c, err := Load(nil, env(vars))
	if err != nil {
		t.Fatal(err)
	}
	if !c.Feishu() || !c.FeishuCallback() || c.FeishuAPIURL != "https://open.larksuite.com" {
		t.Errorf("Load: Feishu() %v, FeishuCallback() %v, API URL %q; want both true and Lark's domain", c.Feishu(), c.FeishuCallback(), c.FeishuAPIURL)
	}
	for _, s := range shownEveryWay(c) {
		for _, secret := range []string{fsSecret, fsToken, fsEncryptKy} {
			if strings.Contains(s, secret) {
				t.Errorf("%q shows a secret", s)
			}
		}
	}
	if !strings.Contains(c.String(), `feishu-app-id="`+fsAppID+`"`) {
		t.Errorf("String: %s; want the App ID, which is no secret", c.String())
	}

	ok := Config{FeishuAppID: fsAppID, FeishuAppSecret: fsSecret}
	validateCases(t, ok, []validateCase{
		{"long connection: the app alone", func(*Config) {}, nil},
		{"callback with its listener", func(c *Config) { c.FeishuToken, c.FeishuEncryptKey, c.Listen = fsToken, fsEncryptKy, ":8080" }, nil},
		{"Lark", func(c *Config) { c.FeishuAPIURL = "https://open.larksuite.com" }, nil},
		{"app id of another shape", func(c *Config) { c.FeishuAppID = "a1b2c3" }, []string{"QISAI_FEISHU_APP_ID", "cli_", "格式不对", "Credentials"}},
		{"app id with a newline", func(c *Config) { c.FeishuAppID += "\n" }, []string{"QISAI_FEISHU_APP_ID"}},
		{"app id without secret", func(c *Config) { c.FeishuAppSecret = "" }, []string{"needs QISAI_FEISHU_APP_SECRET", "需要"}},
		{"secret without app id", func(c *Config) { c.FeishuAppID = "" }, []string{"needs QISAI_FEISHU_APP_ID", "需要"}},
		{"secret with quotes", func(c *Config) { c.FeishuAppSecret = `"` + fsSecret + `"` }, []string{"QISAI_FEISHU_APP_SECRET", "quote", "引号"}},
		{"relative API URL", func(c *Config) { c.FeishuAPIURL = "open.feishu.cn" }, []string{"QISAI_FEISHU_API_URL", "absolute"}},
		{"callback without listener", func(c *Config) { c.FeishuToken = fsToken }, []string{"QISAI_LISTEN", "/feishu/events", "事件"}},
		{"encrypt key without token", func(c *Config) { c.FeishuEncryptKey, c.Listen = fsEncryptKy, ":8080" }, []string{"needs QISAI_FEISHU_VERIFICATION_TOKEN"}},
		{"callback without the app", func(c *Config) { *c = Config{FeishuToken: fsToken, Listen: ":8080"} }, []string{"need QISAI_FEISHU_APP_ID and QISAI_FEISHU_APP_SECRET"}},
	}, fsSecret, fsToken, fsEncryptKy)
}
