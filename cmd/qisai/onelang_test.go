package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// What the program prints to the operator is in one language a line: a
// line in Chinese, then the same in English, never both on one line. The
// definition, written once here: a line mixes the languages when it holds
// a Han character and an English word, an English word being a run of two
// or more letters that is none of the names a Chinese line may hold
// (mixedWords).

// allowedNames are the words a Chinese line may hold as they are: products, platforms and the
// labels their consoles show, formats, language codes, the program's own
// subcommands after "qisai". Everything with a digit, a dash, a dot, a
// slash, a colon, "=", "$", "@", "_" or "|" is code (a flag, a path, a URL,
// an environment variable, a flag's values) and any all-capital word a
// placeholder or an acronym (FILE, EVENT, ID, TRF, JSON): those are allowed
// by their shape.
var allowedNames = map[string]bool{
	"qisai": true, "Telegram": true, "Discord": true, "Feishu": true, "Lark": true, "BotFather": true,
	"SQLite": true, "PostgreSQL": true, "Excel": true, "xlsx": true, "Chromium": true,
	"FIDE": true, "Match": true, "Online": true, "bbpPairings": true, "JaVaFo": true,
	"true": true, "false": true, "cp": true, "webhook": true, "https": true, "http": true,
	"programme": true, "booklet": true, "certificates": true,
}

// init allows the flags' values as the usage lists them ("--lang zh|en"):
// they are typed as they are.
func init() {
	for _, m := range flagValues.FindAllStringSubmatch(usage+bracketUsage, -1) {
		for _, v := range strings.Split(m[1], "|") {
			allowedNames[v] = true
		}
	}
}

var flagValues = regexp.MustCompile(`--[a-z-]+ ([a-z-]+(?:\|[a-z-]+)+)`)

// quoted is what a line quotes, typed or shown as it is: "…" and 「…」.
var quoted = regexp.MustCompile(`"[^"]*"|「[^」]*」`)

// labels are the words of the platforms' consoles as they show them (in
// English on their Chinese pages too), taken out before the words are
// counted.
var labels = []string{"App ID", "App Secret", "Verification Token", "Encrypt Key", "Application ID",
	"General Information", "Public Key", "Interactions Endpoint URL", "Bot API", "Developer Portal", "REST"}

// subcommand is "qisai NAME": the name is a command, not a word.
var subcommand = regexp.MustCompile(`qisai (console|serve|pair|standings|bracket|paper|backup|version|help)\b`)

// mixedWords is the English words of line when it also holds Chinese;
// none when it is in one language.
func mixedWords(line string) []string {
	line = quoted.ReplaceAllString(line, " ")
	if !hasHan(line) {
		return nil
	}
	line = subcommand.ReplaceAllString(line, " ")
	for _, l := range labels {
		line = strings.ReplaceAll(line, l, " ")
	}
	var words []string
	// A token is a run of printable ASCII without spaces; Chinese text and
	// punctuation end it.
	tokens := strings.FieldsFunc(line, func(r rune) bool { return r > unicode.MaxASCII || unicode.IsSpace(r) })
	for _, tok := range tokens {
		tok = strings.Trim(tok, `()[]{}<>,;.!?"'`+"`")
		switch {
		case strings.ContainsAny(tok, "0123456789-./:=$@_|%*+&()[],"):
			continue // code: a flag, a path, a URL, a variable, values
		case len(tok) < 2 || strings.ToUpper(tok) == tok || allowedNames[tok]:
			continue
		}
		words = append(words, tok)
	}
	return words
}

// hasHan says whether s has Chinese characters.
func hasHan(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) })
}

// TestMixedWords: the definition finds the mixed lines and lets the
// allowed ones be.
func TestMixedWords(t *testing.T) {
	for line, mixed := range map[string]bool{
		"qisai: 没有 \"pairs\" 这个命令，命令列表见 qisai help。":                                 false,
		"qisai: unknown command \"pairs\"; run \"qisai help\" to list the commands.": false,
		"请设置 QISAI_TELEGRAM_TOKEN（见 README），或运行 \"qisai console\"。":                  false,
		"数据库：SQLite 文件或 postgres:// 网址（默认 qisai.db）":                                 false,
		"飞书应用的 App ID（cli_…）":                                                        false,
		"  --db FILE":                                                                false,
		"选项 -system 的值不对，原因见下一行。":                                                    false,
		"--lang 只能是 zh 或 en，不是 \"fr\"。":                                              false,
		"已写入 a.html。":                                                                false,
		"invalid value \"对手分,elo\" for flag -tiebreaks":                              false,
		"按钮显示为「[buttons: 按钮 → /命令 | …]」":                                             false,
		"qisai: 内部错误：boom。internal error: boom":                                      true,
		"Telegram bot token 机器人令牌":                                                   true,
		"--games 0: a match has at least one game / 至少一局":                            true,
		"决赛 第1轮 final round 1":                                                       true,
		"QISAI_LISTEN 端口不能为 0 needs a fixed port":                                    true,
		"还没有名次，没有奖状 no places yet":                                                   true,
		"qisai serve: QISAI_TELEGRAM_TOKEN 令牌格式不对 does not look like a bot token":    true,
	} {
		if got := mixedWords(line) != nil; got != mixed {
			t.Errorf("mixedWords(%q) = %q: mixed %v, want %v", line, mixedWords(line), got, mixed)
		}
	}
}

// oneLanguageALine fails t for each line of text that mixes the two
// languages.
func oneLanguageALine(t *testing.T, what, text string) {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		if w := mixedWords(line); w != nil {
			t.Errorf("%s: the line %q mixes Chinese with the English words %q", what, line, w)
		}
	}
}

// TestOneLanguageALine runs the program's help and its error paths, in
// the process and as a process with the environment that configures it,
// and checks that each line it prints is in one language; an error also
// says what was wrong in Chinese and in English.
func TestOneLanguageALine(t *testing.T) {
	dir := t.TempDir()
	results := filepath.Join(dir, "results.txt")
	if err := os.WriteFile(results, []byte("M1 7-up\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	players := writeBracketFile(t, "p.csv", "甲\n乙\n丙\n丁\n")
	missingDir := filepath.Join(dir, "no", "such", "dir", "qisai.db")
	for _, args := range [][]string{
		{"help"}, {"-h"}, {"pair", "-h"}, {"standings", "--help"}, {"bracket", "--help"}, {"paper", "programme", "-h"},
		{"console", "-h"}, {"backup", "-h"}, {"serve", "--help"},
		{"pairs"}, {"pair"}, {"pair", "a.trf", "b.trf"}, {"pair", "--bogus", "testdata/new6.trf"},
		{"pair", "--out"}, {"pair", "--explain=maybe", "testdata/new6.trf"}, {"pair", "--system", "knockout", "testdata/new6.trf"},
		{"pair", "--lang", "fr", "testdata/new6.trf"}, {"pair", "-system"}, {"pair", "---x", "testdata/new6.trf"},
		{"standings", "--format", "xml", "testdata/six.trf"}, {"standings", "--tiebreaks", "elo", "testdata/six.trf"},
		{"version", "extra"},
		{"console", "extra"}, {"console", "--lang", "fr"}, {"console", "--db", missingDir}, {"console", "--listen", "nowhere:x", "--db", filepath.Join(dir, "c.db")},
		{"backup"}, {"backup", "--db", "postgres://u:secret@127.0.0.1:1/db", filepath.Join(dir, "b.db")},
		{"backup", "--db", missingDir, filepath.Join(dir, "b.db")}, {"backup", "--db", "host=x dbname=y", "b.db"},
		{"paper"}, {"paper", "poster", "testdata/six.trf"}, {"paper", "certificates", "--awards", "200", "testdata/six.trf"},
		{"paper", "certificates", "testdata/new6.trf"},
		{"bracket", "--games", "0", players}, {"bracket", "--out", "xml", players}, {"bracket", "--format", "swiss", players},
		{"bracket", "--groups", "2", "--format", "double", players}, {"bracket", "--groups", "3", "--advance", "2", players},
		{"bracket", "--group-draw", "coin", "--groups", "2", players}, {"bracket", "--results", results, players},
		{"serve"}, {"serve", "extra"}, {"serve", "--bogus"},
	} {
		out, errOut, code := qisai(t, args...)
		what := "qisai " + strings.Join(args, " ")
		oneLanguageALine(t, what, out)
		oneLanguageALine(t, what, errOut)
		if code != 0 {
			bothLanguages(t, what, errOut)
		}
	}
	for _, env := range [][]string{
		{"QISAI_TELEGRAM_TOKEN=not a token"},
		{"QISAI_TELEGRAM_TOKEN=1:a", "QISAI_TELEGRAM_WEBHOOK_URL=http://example.org/hook"},
		{"QISAI_TELEGRAM_TOKEN=1:a", "QISAI_TELEGRAM_API_URL=example.org"},
		{"QISAI_DISCORD_TOKEN=x", "QISAI_DISCORD_PUBLIC_KEY=abc", "QISAI_DISCORD_GUILD_ID=one"},
		{"QISAI_DISCORD_PUBLIC_KEY=" + strings.Repeat("0", 64), "QISAI_DISCORD_APP_ID=app"},
		{"QISAI_FEISHU_APP_ID=app", "QISAI_FEISHU_ENCRYPT_KEY=k"},
		{"QISAI_FEISHU_APP_SECRET=\"s\""},
		{"QISAI_TELEGRAM_TOKEN=1:a", "QISAI_LISTEN=nowhere", "QISAI_PUBLIC_URL=https://example.org"},
		{"QISAI_TELEGRAM_TOKEN=1:a", "QISAI_LISTEN=:0"},
		{"QISAI_TELEGRAM_TOKEN=1:a", "QISAI_DATABASE_URL=postgres://u:p%zz@h/db"},
		{"QISAI_TELEGRAM_TOKEN=1:a", "QISAI_DATABASE_URL=" + missingDir},
	} {
		p := runProcess(t, dir, "", env, "serve")
		what := "qisai serve with " + strings.Join(env, " ")
		oneLanguageALine(t, what, p.stdout)
		oneLanguageALine(t, what, p.stderr)
		if p.code == 0 {
			t.Errorf("%s: exit 0, want an error", what)
		}
		bothLanguages(t, what, p.stderr)
	}
}

// bothLanguages fails t unless the error text has a line in each
// language.
func bothLanguages(t *testing.T, what, text string) {
	t.Helper()
	var zh, en bool
	for _, line := range strings.Split(text, "\n") {
		if hasHan(quoted.ReplaceAllString(line, " ")) {
			zh = true
		} else if strings.ContainsFunc(line, unicode.IsLetter) {
			en = true
		}
	}
	if !zh || !en {
		t.Errorf("%s: the error is not said in both languages (Chinese %v, English %v):\n%s", what, zh, en, text)
	}
}
