package commands

import (
	"regexp"
	"slices"
	"strings"
)

// The language rules' checker: no English word inside Chinese text. What
// a Chinese reader types or reads as it is stays: a command line (from "/"
// to the next Chinese character or punctuation: "/event set rounds 7",
// "/pair"), a rule id (R-SW-4), numbers and times, the names and values
// the users typed (allow), and the short list below.

// latinAllowed are the Latin words a Chinese text may hold: names of
// things that have no Chinese name people use.
var latinAllowed = []string{
	"SHA",      // SHA-256, the guess's commitment
	"UTC",      // a zone: UTC+8
	"qisai",    // the bot's name
	"TRF",      // the file format (TRF-16)
	"CSV",      // the file format
	"PNG",      // the file format
	"PDF",      // the file format
	"Telegram", // platforms
	"Discord",
	"console",
	"csv", // the file formats as typed (/export csv)
	"trf",
	"xlsx",
	"Excel", // what opens a csv
	"FIDE",  // TRF-16 is FIDE's
	"https", // a web page's address
	"user",  // Discord's option for a user, as its picker shows it
	"K",     // K值, the rating's development coefficient, as Chinese rating rules name it (R-R-2)
	"fide",  // FIDE's K values as typed (/rating set K值 fide)
}

var (
	// commandLine is what to type: a slash, a command's words, its
	// arguments, up to a Chinese character or a sentence's punctuation.
	commandLine = regexp.MustCompile(`[/／][A-Za-z][^\p{Han}，。；：、！？（）「」]*`)
	ruleID      = regexp.MustCompile(`\bR-[A-Z]+-\d+[a-z]?\b`)
	// matchID names a knockout's match as the bracket shows it: M3, M3胜者.
	matchID = regexp.MustCompile(`\bM\d+`)
	// setup is what whoever runs qisai types: environment variables,
	// a subcommand's flags.
	setup = regexp.MustCompile(`\bQISAI_[A-Z_]+|--[a-z-]+`)
	// linkCode is a link code (/link): a value to type, not words.
	linkCode  = regexp.MustCompile(`\b[0-9A-Z]{4}(?:-[0-9A-Z]{4}){3}\b`)
	latinWord = regexp.MustCompile(`[A-Za-z](?:[A-Za-z'’-]*[A-Za-z])?`)
)

// latinWords lists the English words in s, a Chinese text, that are none
// of the allowed: what a Chinese reader would stumble on. allow holds the
// names and values the users typed.
func latinWords(s string, allow []string) []string {
	// A link code first: "999" or "M3" in one is neither a typed value
	// nor a match.
	s = linkCode.ReplaceAllString(s, " ")
	for _, a := range allow {
		if a != "" {
			s = strings.ReplaceAll(s, a, " ")
		}
	}
	s = commandLine.ReplaceAllString(s, " ")
	s = ruleID.ReplaceAllString(s, " ")
	s = matchID.ReplaceAllString(s, " ")
	s = setup.ReplaceAllString(s, " ")
	var out []string
	for _, w := range latinWord.FindAllString(s, -1) {
		if !slices.Contains(latinAllowed, w) {
			out = append(out, w)
		}
	}
	return out
}
