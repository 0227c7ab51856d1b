package sheet

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/qisai/qisai/internal/textwidth"
)

// contains fails t unless got holds every one of want.
func contains(t *testing.T, got string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("%q lacks %q", got, w)
		}
	}
}

// Chinese names count double, so the columns after them line up on screen
// even though the lines hold different numbers of characters. Numbers are
// right-aligned, a shared place "3=" too, its "=" hanging after the column
// the numbers end in (R-T-9).
func TestTextAlignsChineseNames(t *testing.T) {
	var tb Text
	tb.Row("名次", "姓名", "积分")
	tb.Row("1", "王天一", "10")
	tb.Row("3=", "Bob", "9.5")
	tb.Row("3=", "欧阳\n琦", "9.5") // a line break typed into a name stays in its row
	want := strings.Join([]string{
		"名次 姓名    积分",
		"  1  王天一    10",
		"  3= Bob      9.5",
		"  3= 欧阳 琦  9.5",
	}, "\n")
	if got := tb.String(); got != want {
		t.Errorf("table:\n%s\nwant\n%s", got, want)
	}
	// The score column starts at the same screen column on every line.
	for _, line := range strings.Split(tb.String(), "\n")[1:] {
		runes := []rune(line)
		if w := textwidth.Of(string(runes[:len(runes)-4])); w != 13 {
			t.Errorf("line %q: the score starts at column %d, want 13", line, w)
		}
	}
}

// Where the columns' alignment is given, it holds whatever the cells are:
// a shared place right-aligned, its number ending where the others do,
// wide text counted double.
func TestTextAlignsWideText(t *testing.T) {
	tb := Text{Align: []Align{Right, Left, Right}}
	tb.Row("名次", "姓名", "积分")
	tb.Row("1", "张三", "7")
	tb.Row("10=", "Li", "6.5")
	want := "" +
		"名次 姓名 积分\n" +
		"  1  张三    7\n" +
		" 10= Li    6.5"
	if got := tb.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	centred := Text{Align: []Align{Center, Left}}
	centred.Row("Result", "x")
	centred.Row("1-0", "y")
	if got, want := centred.String(), "Result x\n 1-0   y"; got != want {
		t.Errorf("centred: got\n%s\nwant\n%s", got, want)
	}
}

// Place numbers are aligned one way in every table (R-T-9): right, each
// number ending at one column, the "=" of a shared place and the "*" of a
// provisional rating hanging after it, the "…" of rows left out and the
// heading ending with the numbers; a column with a word in it is text.
func TestTextNumbersWithMarks_R_T_9(t *testing.T) {
	for _, tt := range []struct {
		name string
		rows [][]string
		want []string
	}{
		{"marks", [][]string{
			{"#", "Name", "Rating"}, {"1", "Wang", "1867"}, {"3=", "Li", "1615*"},
			{"3=", "Zhao", "987"}, {"…", "", ""}, {"12", "Zhou", "1610*"},
		}, []string{
			" #  Name Rating",
			" 1  Wang  1867",
			" 3= Li    1615*",
			" 3= Zhao   987",
			" …",
			"12  Zhou  1610*",
		}},
		{"a word", [][]string{{"名次", "姓名"}, {"1", "王"}, {"冠军", "李"}}, []string{"名次 姓名", "1    王", "冠军 李"}},
	} {
		var tb Text
		for _, r := range tt.rows {
			tb.Row(r...)
		}
		if got, want := tb.String(), strings.Join(tt.want, "\n"); got != want {
			t.Errorf("%s: got\n%s\nwant\n%s", tt.name, got, want)
		}
		if w := tb.Widths(); tt.name == "marks" && (w[0] != 3 || w[2] != 6) {
			t.Errorf("widths %v: the place column holds 12 and 3= side by side (3), the ratings their heading (6)", w)
		}
	}
}

// Columns left out of a text take their cells with them, and the
// shrinking columns after them stay the ones that shrink.
func TestTextWithout(t *testing.T) {
	tb := Text{Fit: 12, Shrink: []int{1, 3}}
	tb.Row("#", "Name", "X", "Unit", "Y")
	tb.Row("1", "Alexander", "7", "Kowloon City", "8")
	tb.without([]int{2, 4})
	if got, want := tb.String(), "# Name Unit\n1 Ale… Kowl…"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if !slices.Equal(tb.Shrink, []int{1, 2}) {
		t.Errorf("shrink %v, want [1 2]", tb.Shrink)
	}
}

// A table wider than fit truncates its shrinking columns, the widest first,
// and no further than minShrink; Widest cuts them whatever the fit.
func TestTextFit(t *testing.T) {
	tb := Text{Fit: 20, Shrink: []int{1, 2}}
	tb.Row("台", "红方", "黑方")
	tb.Row("1", "欧阳长名字的选手", "王天一")
	tb.Row("10", "Bob", "Alexander Wong")
	got := tb.String()
	for _, line := range strings.Split(got, "\n") {
		if textwidth.Of(line) > 20 {
			t.Errorf("line %q is %d wide, want at most 20:\n%s", line, textwidth.Of(line), got)
		}
	}
	contains(t, got, " 1 欧阳长…  王天一", "10 Bob      Alexand…")

	narrow := Text{Fit: 5, Shrink: []int{0}}
	narrow.Row("Name", "x")
	narrow.Row("Alexander", "1")
	contains(t, narrow.String(), "Ale… 1")

	widest := Text{Widest: 6, Shrink: []int{1}}
	widest.Row("No", "Name", "Pts")
	widest.Row("5", "Chen Xiaoming", "3")
	if got, want := widest.String(), "No Name   Pts\n 5 Chen …   3"; got != want {
		t.Errorf("widest 6: got\n%s\nwant\n%s", got, want)
	}
}

// A note is a free line under its row: outside the columns, so neither
// widening them nor cut by Fit, and a line break in it cannot break the
// table.
func TestTextNote(t *testing.T) {
	tb := Text{Fit: 12, Shrink: []int{1}}
	tb.Row("台", "红方")
	tb.Row("1", "王天一")
	tb.Note("   按分组编排 · 颜色交替，下调\n一行")
	tb.Row("2", "Li")
	want := "台 红方\n 1 王天一\n   按分组编排 · 颜色交替，下调 一行\n 2 Li"
	if got := tb.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// hasControl, which reads bytes, says what unicode.IsControl says of the
// runes: for every rune, and for any bytes at all (FuzzHasControl).
func TestHasControl(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if s := string(r); hasControl(s) != unicode.IsControl(r) {
			t.Fatalf("hasControl(%q) = %v, unicode.IsControl(%U) = %v", s, hasControl(s), r, unicode.IsControl(r))
		}
	}
}

func FuzzHasControl(f *testing.F) {
	for _, s := range []string{"", "王天一", "a\tb", "\u0085", "\xe0\xc2\x85", "\xc2", "\x85", "\xc2\xa0", "1\n2", "\x7f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := hasControl(s), strings.ContainsFunc(s, unicode.IsControl); got != want {
			t.Errorf("hasControl(%q) = %v, strings.ContainsFunc(unicode.IsControl) %v", s, got, want)
		}
	})
}

// FuzzTextString: String lays a table out as padding each cell to its
// column's width (cut to it, "…", when it is narrowed), joining the cells
// with a space, dropping the spaces that end a line and putting the notes
// under their rows. Rows are the input's lines, cells split at "|", a
// note after "#".
func FuzzTextString(f *testing.F) {
	f.Add("台|红方|分\n1|王天一 |2.5#   同位 R-SW-8\n12|Li  |10\n|  |", 12, uint8(1))
	f.Add("a|b\n王|  \n#note\n 1 |2", 0, uint8(0))
	f.Add(strings.Repeat("长", 40)+"|x\nb|y", 0, uint8(3)) // more blanks than Build writes at a time
	f.Fuzz(func(t *testing.T, in string, fit int, shrink uint8) {
		tb := Text{Fit: fit % 80, Shrink: []int{int(shrink % 4), 1}}
		for _, line := range strings.Split(in, "\n") {
			cells, note, hasNote := strings.Cut(line, "#")
			tb.Row(strings.Split(cells, "|")...)
			if hasNote {
				tb.Note(note)
			}
		}
		w := tb.Widths()
		align := tb.aligns(len(w))
		tb.narrow(w)
		var lines []string
		for n, r := range tb.Rows {
			var cells []string
			for i := range w {
				c := ""
				if i < len(r) {
					c = r[i]
				}
				if textwidth.Of(c) > w[i] {
					c = textwidth.Truncate(c, w[i])
				}
				pad := strings.Repeat(" ", w[i]-textwidth.Of(c))
				switch align[i] {
				case Right:
					c = pad + c
				case Center:
					c = pad[:len(pad)/2] + c + pad[len(pad)/2:]
				default:
					c += pad
				}
				cells = append(cells, c)
			}
			lines = append(lines, strings.TrimRight(strings.Join(cells, " "), " "))
			if n < len(tb.notes) && tb.notes[n] != "" {
				lines = append(lines, tb.notes[n])
			}
		}
		if got, want := tb.String(), strings.Join(lines, "\n"); got != want {
			t.Errorf("String() =\n%q\nwant\n%q", got, want)
		}
	})
}

// A sheet's brief text is its Brief columns under their titles; its full
// text every column under its heading in full.
func TestBriefAndFullText(t *testing.T) {
	tab := Table{
		Columns: []Column{{Title: "#", Full: "Place", Brief: true}, {Title: "No"}, {Title: "Name", Shrink: true, Brief: true}, {Title: "BH", Full: "Buchholz"}},
		Rows: [][]Cell{
			{{Text: "1"}, {Text: "7"}, {Text: "王天一"}, {Text: "12.5"}},
			{{Text: "2"}, {Text: "3"}, {Text: "Alexander Wong"}, {Text: "9"}},
		},
	}
	brief := tab.BriefText(10, func(col int, text string) string {
		if col == 2 {
			return "<" + text + ">"
		}
		return text
	})
	if got, want := brief.String(), "# Name\n1 <王天一>\n2 <Alexan…"; got != want {
		t.Errorf("brief: got\n%s\nwant\n%s", got, want)
	}
	if got, want := tab.FullText().String(), "Place No Name           Buchholz\n    1  7 王天一             12.5\n    2  3 Alexander Wong        9"; got != want {
		t.Errorf("full: got\n%s\nwant\n%s", got, want)
	}
}
