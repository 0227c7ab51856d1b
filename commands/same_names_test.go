package commands

import (
	"strings"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/engine"
	"github.com/qisai/qisai/internal/i18n"
)

// R-E-4: the part in brackets that tells two people of one name apart.
func TestBaseName_R_E_4(t *testing.T) {
	for _, tt := range []struct{ name, want string }{
		{"张伟(一中)", "张伟"},
		{"张伟（一中）", "张伟"},
		{"张伟 (一中)", "张伟"},
		{"Li Ming (Oak School)", "Li Ming"},
		{"张伟", "张伟"},
		{"(一中)", "(一中)"},   // nothing before the brackets: the name itself
		{"张(伟)强", "张(伟)强"}, // brackets inside a name are the name's
		{"", ""},
	} {
		if got := baseName(tt.name); got != tt.want {
			t.Errorf("baseName(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// FuzzBaseName: a base name is never longer than the name and starts it.
func FuzzBaseName(f *testing.F) {
	for _, s := range []string{"张伟(一中)", "a (b)", "((", "（）", "x)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if b := baseName(name); !strings.HasPrefix(name, b) {
			t.Errorf("baseName(%q) = %q, not the start of the name", name, b)
		}
	})
}

// R-E-4: a name fits the player who has it, or whose name's base it is;
// when it fits two, findPlayer asks which, by number or full name.
func TestFindPlayerAsksWhich_R_E_4(t *testing.T) {
	st := &action.State{}
	for i, name := range []string{"张伟", "张伟(二中)", "李明(一中)", "李明(二中)", "王芳(三中)"} {
		st.Event.Players = append(st.Event.Players, engine.Player{ID: i + 1, Entrant: i + 1, Name: name})
	}
	for _, tt := range []struct {
		arg  string
		id   int
		want string
	}{
		{"王芳", 5, ""},
		{"王芳(三中)", 5, ""},
		{"王芳（三中）", 5, ""}, // full-width brackets look alike (names.Key)
		{"张伟(二中)", 2, ""},
		{"3", 3, ""},
		{"张伟", 0, "有 2 名选手叫「张伟」"},
		{"李明", 0, "如 3 或 李明(一中)"},
		{"赵磊", 0, "没有叫「赵磊」的选手"},
	} {
		p, err := findPlayer(st, tt.arg)
		var said string
		if pr, ok := err.(*Problem); ok {
			said = pr.Text.In(i18n.Zh, pr.Args...)
		}
		switch {
		case tt.want == "" && (err != nil || p.ID != tt.id):
			t.Errorf("findPlayer(%q) = %d, %v; want player %d", tt.arg, p.ID, err, tt.id)
		case tt.want != "" && !strings.Contains(said, tt.want):
			t.Errorf("findPlayer(%q) = %d, %v; want the problem %q", tt.arg, p.ID, err, tt.want)
		}
	}
}
