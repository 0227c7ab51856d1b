package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/qisai/qisai/chat"
	"github.com/qisai/qisai/storage"
)

// TestRatingImportExport_R_R_5: a list imported from a CSV file reaches the
// club's roster with its ratings; exported as .xlsx it reads back, opened
// by excelize, cell by cell — the title, the headings, the members best
// rated first with their ratings as numbers; imported back, it changes
// nothing; a list with a bad line imports nothing.
func TestRatingImportExport_R_R_5(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "qisai.db")
	csvFile := filepath.Join(dir, "list.csv")
	if err := os.WriteFile(csvFile, []byte("\ufeff姓名,等级分,单位,组别\n张伟,1850,一中,教师\n李娜,1720.0,二中,\n王五,,三中,学生\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := mustRun(t, "rating", "import", "--db", db, "--chat", "telegram:-100", csvFile)
	if !strings.Contains(out, "已导入 3 行：设定了 2 个等级分，名册新增 3 人") {
		t.Errorf("import said %q", out)
	}
	xlsx := filepath.Join(dir, "list.xlsx")
	mustRun(t, "rating", "export", "--db", db, "--chat", "telegram:-100", xlsx)
	data, err := os.ReadFile(xlsx)
	if err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sheet := f.GetSheetName(0)
	want := map[string]string{
		"A1": "等级分榜（K=30，分差上限 350）",
		"A2": "名次", "B2": "姓名", "C2": "单位", "D2": "等级分", "E2": "临时", "F2": "局数", "G2": "组别",
		"A3": "1", "B3": "张伟", "C3": "一中", "D3": "1850", "G3": "教师",
		"A4": "2", "B4": "李娜", "D4": "1720",
		"A5": "", "B5": "王五", "C5": "三中", "D5": "", "G5": "学生",
	}
	for cell, w := range want {
		if got, err := f.GetCellValue(sheet, cell); err != nil || got != w {
			t.Errorf("%s = %q (%v), want %q", cell, got, err, w)
		}
	}
	// A rating is a number, not text: a spreadsheet sorts and sums it.
	if typ, err := f.GetCellType(sheet, "D3"); err != nil || typ == excelize.CellTypeSharedString || typ == excelize.CellTypeInlineString {
		t.Errorf("D3's type %v (%v): want a number", typ, err)
	}
	// The file imported back changes nothing.
	before := clubOf(t, db)
	mustRun(t, "rating", "import", "--db", db, "--chat", "telegram:-100", xlsx)
	after := clubOf(t, db)
	for i, m := range after.Members {
		if b := before.Members[i]; m.Name != b.Name || m.Rating != b.Rating || m.Unit != b.Unit || strings.Join(m.Categories, ",") != strings.Join(b.Categories, ",") {
			t.Errorf("after the round trip %+v, before %+v", m, b)
		}
	}
	// A bad line: nothing imported, the line named.
	if err := os.WriteFile(csvFile, []byte("name,rating\n钱七,1600\n孙八,abc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := qisai(t, "rating", "import", "--db", db, "--chat", "telegram:-100", "--lang", "en", csvFile)
	if code != 1 || !strings.Contains(errOut, "Lines 3 have no name or rating") {
		t.Errorf("a bad list: exit %d, %q", code, errOut)
	}
	if len(clubOf(t, db).Members) != 3 {
		t.Errorf("a bad list imported its good lines")
	}
}

// clubOf reads the club of the tests' chat.
func clubOf(t *testing.T, db string) *storage.Club {
	t.Helper()
	s, err := storage.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c, err := s.Club(context.Background(), chat.Chat{Platform: "telegram", ID: "-100"})
	if err != nil {
		t.Fatal(err)
	}
	return c
}
