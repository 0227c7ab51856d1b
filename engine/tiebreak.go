package engine

import (
	"fmt"
	"strings"
)

// Tiebreak is one criterion after the score (R-T-0..3, R-T-8).
type Tiebreak int8

const (
	Buchholz        Tiebreak = iota + 1 // 对手分 (R-T-1)
	Progressive                         // 累进分 (R-T-2)
	Wins                                // 胜局
	Fouls                               // 犯规: fewer first
	BlackWins                           // 后走胜局
	BlackGames                          // 后走局数
	Direct                              // 直胜 among the tied (R-T-3)
	SonnebornBerger                     // 小分 (R-T-3)
	EarlierRounds                       // score after the second-to-last round, then earlier (R-T-1)
	DropRounds                          // drop round 1's score, then round 2's, … (R-T-2)
	Lots                                // 抽签 from the event seed (R-T-8)
)

var tiebreakNames = enumNames[Tiebreak]{
	{Buchholz, []string{"对手分", "buchholz", "bh"}},
	{Progressive, []string{"累进分", "progressive", "cumulative"}},
	{Wins, []string{"胜局", "wins", "win"}},
	{Fouls, []string{"犯规", "fouls", "foul"}},
	{BlackWins, []string{"后走胜局", "black-wins"}},
	{BlackGames, []string{"后走局数", "black-games"}},
	{Direct, []string{"直胜", "direct", "head-to-head"}},
	{SonnebornBerger, []string{"小分", "sb", "sonneborn-berger"}},
	{EarlierRounds, []string{"倒数轮次分", "earlier-rounds"}},
	{DropRounds, []string{"扣轮分", "drop-rounds"}},
	{Lots, []string{"抽签", "lots"}},
}

// Name is the Chinese name used in tables and JSON.
func (t Tiebreak) Name() string { return tiebreakNames.name(t) }

// English is the English alias.
func (t Tiebreak) English() string {
	for _, x := range tiebreakNames {
		if x.v == t {
			return x.names[1]
		}
	}
	return t.Name()
}

func (t Tiebreak) String() string { return t.Name() }

// ParseTiebreaks reads a comma-separated list in Chinese or English,
// e.g. "对手分,胜局,犯规" or "buchholz,wins,fouls".
func ParseTiebreaks(s string) ([]Tiebreak, error) {
	var out []Tiebreak
	seen := map[Tiebreak]bool{}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '，' || r == ' ' }) {
		t, err := tiebreakNames.parse("tiebreak", f)
		if err != nil {
			return nil, err
		}
		if seen[t] {
			return nil, fmt.Errorf("tiebreak %q is listed twice", f)
		}
		seen[t] = true
		out = append(out, t)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no tiebreaks in %q: list them like buchholz,wins,fouls", s)
	}
	return out, nil
}
