package trf

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"
)

// TestReadFile holds ReadFile to Read of the file's bytes: the same event,
// or the same error, for every stored and generated file (an empty one
// among them).
func TestReadFile(t *testing.T) {
	files := corpus(t)
	for name, b := range generated(t) {
		files[name] = b
	}
	files["empty"] = nil
	dir := t.TempDir()
	i := 0
	for name, data := range files {
		i++
		path := filepath.Join(dir, strconv.Itoa(i)+".trf")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		got, gotErr := ReadFile(path)
		want, wantErr := Read(bytes.NewReader(data), path)
		switch {
		case (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error():
			t.Fatalf("%s: ReadFile's error %v, Read's %v", name, gotErr, wantErr)
		case !reflect.DeepEqual(got, want):
			t.Fatalf("%s: ReadFile's event\n%+v\nRead's\n%+v", name, got, want)
		}
	}
	if _, err := ReadFile(filepath.Join(dir, "none.trf")); !os.IsNotExist(err) {
		t.Fatalf("a file that is not there: %v, want the error of opening it", err)
	}
}
