package chat

import (
	"strings"
	"testing"
)

func TestFileName(t *testing.T) {
	for _, tt := range []struct{ event, want string }{
		{"春季赛 2026", "春季赛_2026.trf"},
		{"../../etc/passwd", "etc_passwd.trf"},
		{"  ", "event.trf"},
		{"Club-Cup", "Club-Cup.trf"},
		{"con", "con_.trf"}, // a device on Windows
		{"COM1", "COM1_.trf"},
		{"COM", "COM.trf"},
		{"春季赛 2026 排名", "春季赛_2026_排名.trf"},
		{"春季赛 排名（第1轮进行中） 2", "春季赛_排名_第1轮进行中_2.trf"}, // one "_" for a run
		{strings.Repeat("赛", 70), strings.Repeat("赛", 60) + ".trf"},
	} {
		if got := FileName(tt.event, "trf"); got != tt.want {
			t.Errorf("FileName(%q) = %q, want %q", tt.event, got, tt.want)
		}
	}
}
