package main

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// table is the table of a tables.go: confusables.txt's header and its
// mapping of runes to their prototypes.
type table struct {
	header        []string // a line each, without the comment's slashes
	date, version string   // from the header
	entries       []entry
}

// entry is one line of confusables.txt: rune from looks like the string to,
// its prototype.
type entry struct {
	from rune
	to   string
}

// read parses tables.go, whose map literal confusablesMap is the mapping,
// and whose comment after headerStart is confusables.txt's header.
func read(path string) (table, error) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ParseComments)
	if err != nil {
		return table{}, err
	}
	var t table
	if t.header, err = header(f); err != nil {
		return table{}, fmt.Errorf("%s: %w", path, err)
	}
	for _, line := range t.header {
		if s, ok := strings.CutPrefix(line, "Date: "); ok {
			t.date = s
		}
		if s, ok := strings.CutPrefix(line, "Version: "); ok {
			t.version = s
		}
	}
	if t.date == "" || t.version == "" {
		return table{}, fmt.Errorf("%s: confusables.txt's header says no date or no version", path)
	}
	lit := mapLiteral(f, "confusablesMap")
	if lit == nil {
		return table{}, fmt.Errorf("%s: no map literal confusablesMap", path)
	}
	for _, elt := range lit.Elts {
		e, err := parseEntry(elt)
		if err != nil {
			return table{}, fmt.Errorf("%s: %w", path, err)
		}
		t.entries = append(t.entries, e)
	}
	slices.SortFunc(t.entries, func(a, b entry) int { return cmp.Compare(a.from, b.from) })
	return t, nil
}

// headerStart is the line of tables.go after which confusables.txt's header
// follows.
const headerStart = "Following is the original header of the source confusables.txt file"

func header(f *ast.File) ([]string, error) {
	for _, g := range f.Comments {
		lines := strings.Split(strings.TrimRight(g.Text(), "\n"), "\n")
		if i := slices.Index(lines, headerStart); i >= 0 {
			lines = lines[i+1:]
			for len(lines) > 0 && lines[0] == "" {
				lines = lines[1:]
			}
			return lines, nil
		}
	}
	return nil, fmt.Errorf("no comment %q", headerStart)
}

// mapLiteral is the composite literal the package-level variable name is
// set to, or nil.
func mapLiteral(f *ast.File, name string) *ast.CompositeLit {
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			if len(v.Names) == 1 && v.Names[0].Name == name && len(v.Values) == 1 {
				lit, _ := v.Values[0].(*ast.CompositeLit)
				return lit
			}
		}
	}
	return nil
}

// parseEntry reads one key: value of the map literal, a rune's number and
// a string literal.
func parseEntry(elt ast.Expr) (entry, error) {
	kv, ok := elt.(*ast.KeyValueExpr)
	if !ok {
		return entry{}, fmt.Errorf("%T in the map literal, want key: value", elt)
	}
	k, ok1 := kv.Key.(*ast.BasicLit)
	v, ok2 := kv.Value.(*ast.BasicLit)
	if !ok1 || !ok2 || k.Kind != token.INT || v.Kind != token.STRING {
		return entry{}, fmt.Errorf("an entry of the map literal is not a number and a string")
	}
	from, err := strconv.ParseInt(k.Value, 0, 32)
	if err != nil || from < 0 || from > unicode.MaxRune {
		return entry{}, fmt.Errorf("key %s is not a rune", k.Value)
	}
	to, err := strconv.Unquote(v.Value)
	if err != nil || to == "" || !utf8.ValidString(to) {
		return entry{}, fmt.Errorf("the prototype of %s, %s, is not a string of runes", k.Value, v.Value)
	}
	return entry{rune(from), to}, nil
}
