package chat

import (
	"strings"
	"unicode"
)

// FileName makes a file name that every system takes from a title (an
// event's name) and an extension: letters and digits kept (汉字 too),
// anything else "_" (one for a run of them), at most 60 characters,
// "event" when nothing is left, and a name Windows reserves for a device
// (CON, NUL, COM1 …) made ordinary with a "_".
func FileName(title, ext string) string {
	name := strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' {
			return r
		}
		return '_'
	}, strings.TrimSpace(title))
	for strings.Contains(name, "__") {
		name = strings.ReplaceAll(name, "__", "_")
	}
	name = strings.Trim(name, "_")
	if r := []rune(name); len(r) > 60 {
		name = string(r[:60])
	}
	if name == "" {
		name = "event"
	}
	if windowsDevice(name) {
		name += "_"
	}
	return name + "." + ext
}

// windowsDevice reports whether name is one Windows keeps for a device,
// whatever the extension: "con.csv" cannot be saved there.
func windowsDevice(name string) bool {
	switch n := strings.ToUpper(name); n {
	case "CON", "PRN", "AUX", "NUL":
		return true
	default:
		return len(n) == 4 && (strings.HasPrefix(n, "COM") || strings.HasPrefix(n, "LPT")) && n[3] >= '1' && n[3] <= '9'
	}
}
