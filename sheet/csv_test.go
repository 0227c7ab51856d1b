package sheet

import (
	"bytes"
	"encoding/csv"
	"reflect"
	"strings"
	"testing"
)

// A cell with a comma, quotes and a line break reads back whole, and a
// number stays a number even where it starts with "-".
func TestCSVFile(t *testing.T) {
	tab := Table{
		Columns: []Column{{Title: "#", Full: "Place"}, {Title: "Name"}, {Title: "Pts"}},
		Rows: [][]Cell{
			{{Text: "1"}, {Text: "Li, \"Tiger\"\nJr"}, {Text: "-1.5"}},
			{{Text: "2="}, {Text: "+86 club"}, {Text: ""}},
		},
	}
	data, err := CSVFile(tab)
	if err != nil {
		t.Fatal(err)
	}
	body, bom := bytes.CutPrefix(data, []byte("\ufeff"))
	if !bom || !bytes.HasSuffix(data, []byte("\r\n")) {
		t.Errorf("the file does not start with a byte order mark or end its lines in CRLF:\n%q", data)
	}
	recs, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	want := [][]string{{"Place", "Name", "Pts"}, {"1", "Li, \"Tiger\"\nJr", "-1.5"}, {"2=", "'+86 club", ""}}
	if !reflect.DeepEqual(recs, want) {
		t.Errorf("read back %q, want %q", recs, want)
	}

	// For a program: the same cells, without the mark, lines ending in LF.
	var b strings.Builder
	if err := WriteCSV(&b, tab); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "Place,Name,Pts\n1,\"Li, \"\"Tiger\"\"\nJr\",-1.5\n2=,'+86 club,\n"; got != want {
		t.Errorf("WriteCSV: %q, want %q", got, want)
	}
}
