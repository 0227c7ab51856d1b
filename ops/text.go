package ops

import (
	"bytes"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

// qisai's own families are written here, in the Prometheus text format
// (version 0.0.4), rather than by the VictoriaMetrics library: its HELP
// and TYPE lines are one switch for the whole process and carry no help
// text, and an operator reading /metrics wants to be told what each of
// qisai's families counts.

// contentType is the text format's, which Prometheus asks for and parses.
const contentType = "text/plain; version=0.0.4; charset=utf-8"

// header writes family name's HELP and TYPE lines, which come once and
// before its samples.
func header(b *bytes.Buffer, name, typ, help string) {
	b.WriteString("# HELP ")
	b.WriteString(name)
	b.WriteByte(' ')
	helpEscaper.WriteString(b, help)
	b.WriteString("\n# TYPE ")
	b.WriteString(name)
	b.WriteByte(' ')
	b.WriteString(typ)
	b.WriteByte('\n')
}

// sample writes one sample line: name, the labels (name, value, name,
// value …) and v.
func sample(b *bytes.Buffer, name string, v float64, labels ...string) {
	b.WriteString(name)
	for i := 0; i+1 < len(labels); i += 2 {
		if i == 0 {
			b.WriteByte('{')
		} else {
			b.WriteByte(',')
		}
		b.WriteString(labels[i])
		b.WriteString(`="`)
		labelEscaper.WriteString(b, labels[i+1])
		b.WriteByte('"')
	}
	if len(labels) > 1 {
		b.WriteByte('}')
	}
	b.WriteByte(' ')
	b.WriteString(formatValue(v))
	b.WriteByte('\n')
}

// writeByLabel writes a family of one label, a sample for each value in
// values, ordered by the label's value; nothing when values is empty (a
// family without samples says nothing).
func writeByLabel(b *bytes.Buffer, name, typ, help, label string, values map[string]float64) {
	if len(values) == 0 {
		return
	}
	header(b, name, typ, help)
	for _, v := range slices.Sorted(maps.Keys(values)) {
		sample(b, name, values[v], label, v)
	}
}

// formatValue writes v as the format spells it: the shortest decimal that
// reads back as v, and +Inf, -Inf, NaN.
func formatValue(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "+Inf"
	case math.IsInf(v, -1):
		return "-Inf"
	case math.IsNaN(v):
		return "NaN"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// The format's escapes: a HELP text's backslashes and line breaks, and a
// label value's double quotes too.
var (
	helpEscaper  = strings.NewReplacer(`\`, `\\`, "\n", `\n`)
	labelEscaper = strings.NewReplacer(`\`, `\\`, "\n", `\n`, `"`, `\"`)
)
