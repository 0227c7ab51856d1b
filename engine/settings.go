package engine

import (
	"fmt"
	"strings"
	"unicode"
)

// Settings are the organiser's choices for one event. DefaultSettings gives
// the national rules; every field that the seeds disagree on is a setting.
type Settings struct {
	System System
	Rounds int // total rounds (XXR in TRF); R-SW-11 counts back from it
	Scoring
	ByeValue Points // R-S-3; default a win

	FirstRound  FirstRoundMethod  // R-SW-3
	Halves      HalvesMethod      // R-SW-2
	Numbering   Numbering         // R-SW-1: sequence numbers by rating (default), by lot, or as entered
	FirstColour FirstColourMethod // R-SW-5
	ColourTie   ColourTieRule     // R-SW-10 (8)
	AvoidUnit   UnitAvoidance     // R-SW-4
	// NoThreeInARow forbids three of one colour in a row and a colour
	// imbalance of three (禁连三, 禁多三, R-SW-12).
	NoThreeInARow bool
	// ScorePriorityRounds is how many rounds at the end of the event give
	// the higher score's colour need priority (R-SW-11: 3, from the
	// third-last round on). Match BP Online starts one round earlier (4).
	ScorePriorityRounds int
	// CountByeColour records a bye with Match BP Online's colour (red for a
	// player who needs red, else black) and counts it in the colour history:
	// the default, as R-S-3 says. Off, byes are colourless (FIDE's systems).
	CountByeColour bool
	// EarlierColours extends R-SW-10 before rule (8): when two players are
	// equal in every criterion, the one who had black more recently,
	// looking back round by round, plays red. The seed goes straight to the
	// numbers (rule 8); Match BP Online looks back.
	EarlierColours bool
	// CountForfeits counts every paired game, forfeits (+/−) included, for
	// colours and for having met: the default, as Match BP Online does
	// (R-T-0). Off, only games actually played count (FIDE's convention).
	CountForfeits bool

	Tiebreaks []Tiebreak // R-T-*; the order the organiser chose
	// ByeOpponent is what an absent opponent (bye) adds to 对手分 (R-T-0).
	ByeOpponent OpponentRule
	// SharedPlaceSkips: "3=, 3=, 5" (true, R-T-9) or "3=, 3=, 4" (false).
	SharedPlaceSkips bool

	Seed uint64 // every random choice (random first round, lots) comes from it
}

// DefaultSettings returns the national defaults for a Swiss of n rounds
// with 2/1/0 scoring (the scoring clubs use most).
func DefaultSettings(rounds int) Settings {
	return Settings{
		System:              Swiss,
		Rounds:              rounds,
		Scoring:             ScoringTwoOne,
		ByeValue:            ScoringTwoOne.Win,
		FirstRound:          Fold,
		Halves:              TopBottom,
		FirstColour:         AlternateBoards,
		ColourTie:           SumParity,
		AvoidUnit:           AvoidFirstRound,
		NoThreeInARow:       true,
		ScorePriorityRounds: 3,
		CountByeColour:      true, // R-S-3
		CountForfeits:       true, // R-T-0
		Tiebreaks:           []Tiebreak{Buchholz, Wins, Fouls, BlackWins, BlackGames, EarlierRounds},
		ByeOpponent:         OpponentCountsZero,
		SharedPlaceSkips:    true,
	}
}

// System is the pairing system (R-F-1, R-F-2).
type System int8

const (
	Swiss            System = iota // 积分编排制
	RoundRobin                     // 单循环
	DoubleRoundRobin               // 双循环
)

// FirstRoundMethod pairs round 1 (R-SW-3).
type FirstRoundMethod int8

const (
	Fold     FirstRoundMethod = iota // 拦腰: 1–N/2+1, 2–N/2+2, …
	Adjacent                         // 临近: 1–2, 3–4, …
	HeadTail                         // 首尾: 1–N, 2–N−1, …
	Random                           // 随机, from the seed
)

// HalvesMethod splits the sequence numbers into halves (R-SW-2).
type HalvesMethod int8

const (
	TopBottom HalvesMethod = iota // 1..N/2 upper, the rest lower
	OddEven                       // odd numbers upper, even numbers lower
)

// FirstColourMethod gives the colours of round 1 (R-SW-5).
type FirstColourMethod int8

const (
	AlternateBoards FirstColourMethod = iota // odd boards lower number red, even boards higher number red
	UpperRed                                 // the upper-half player is red
	OddNumberRed                             // odd sequence numbers red
	DrawnColour                              // drawn from the seed
	// AlternateBoardsHigherRed mirrors AlternateBoards: odd boards higher
	// number red, even boards lower number red, so the top seed is black on
	// board 1 (TRF's "XXC black1").
	AlternateBoardsHigherRed
	LowerNumberRed // the lower number is red on every board
)

// ColourTieRule settles R-SW-10 (8) when every colour criterion is equal.
type ColourTieRule int8

const (
	SumParity   ColourTieRule = iota // sum of numbers odd → lower red, even → higher red
	RoundParity                      // odd round lower red, even round higher red
)

// UnitAvoidance says in which rounds players of one unit are kept apart (R-SW-4).
type UnitAvoidance int8

const (
	AvoidFirstRound UnitAvoidance = iota // national: round 1 only
	AvoidAllRounds                       // 同队不相遇 in every round
	AvoidNever
)

// OpponentRule is what a missing opponent adds to 对手分 (R-T-0, R-T-1).
type OpponentRule int8

const (
	OpponentCountsZero OpponentRule = iota // a bye adds 0 (default)
	OpponentCountsOwn                      // a bye adds the player's own final score
)

// enumNames maps the words accepted on command lines to values. Chinese
// and English both work.
type enumNames[T ~int8] []struct {
	v     T
	names []string
}

func (e enumNames[T]) parse(kind, s string) (T, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	var all []string
	for _, x := range e {
		for _, n := range x.names {
			if n == t {
				return x.v, nil
			}
		}
		all = append(all, english(x.names))
	}
	var zero T
	return zero, fmt.Errorf("unknown %s %q: use one of %s", kind, s, strings.Join(all, ", "))
}

// english is the first of names without Han characters, so that an
// English error lists English words (i18n: no line mixes the languages);
// the first name when all are Chinese.
func english(names []string) string {
	for _, n := range names {
		if !strings.ContainsFunc(n, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
			return n
		}
	}
	return names[0]
}

// chinese is v's Chinese name: its first name in Han characters, else
// its English one.
func (e enumNames[T]) chinese(v T) string {
	for _, x := range e {
		if x.v != v {
			continue
		}
		for _, n := range x.names {
			if strings.ContainsFunc(n, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
				return n
			}
		}
	}
	return e.name(v)
}

func (e enumNames[T]) name(v T) string {
	for _, x := range e {
		if x.v == v {
			return x.names[0]
		}
	}
	return fmt.Sprintf("%d", v)
}

var (
	systemNames = enumNames[System]{
		{Swiss, []string{"cn-swiss", "swiss", "积分编排", "积分编排制", "瑞士制"}},
		{RoundRobin, []string{"round-robin", "roundrobin", "round_robin", "rr", "单循环", "循环", "循环赛", "单循环赛"}},
		{DoubleRoundRobin, []string{"double-round-robin", "double", "doubleroundrobin", "drr", "双循环", "双循环赛"}},
	}
	firstRoundNames = enumNames[FirstRoundMethod]{
		{Fold, []string{"fold", "拦腰"}},
		{Adjacent, []string{"adjacent", "临近"}},
		{HeadTail, []string{"head-tail", "首尾"}},
		{Random, []string{"random", "随机"}},
	}
	halvesNames = enumNames[HalvesMethod]{
		{TopBottom, []string{"top-bottom", "对折"}},
		{OddEven, []string{"odd-even", "单双"}},
	}
	firstColourNames = enumNames[FirstColourMethod]{
		{AlternateBoards, []string{"alternate", "单台小号先"}},
		{UpperRed, []string{"upper-red", "上半区先"}},
		{OddNumberRed, []string{"odd-red", "单号先"}},
		// 猜先 decides a board's colours by a guess, a lot drawn by the
		// players: the name clubs give the drawn first colour.
		{DrawnColour, []string{"drawn", "抽签", "猜先"}},
		{LowerNumberRed, []string{"lower-red", "小号先"}},
		{AlternateBoardsHigherRed, []string{"alternate-higher", "单台大号先"}},
	}
	colourTieNames = enumNames[ColourTieRule]{
		{SumParity, []string{"sum-parity", "和数"}},
		{RoundParity, []string{"round-parity", "轮次"}},
	}
	numberingNames = enumNames[Numbering]{
		{ByRating, []string{"rating", "等级分"}},
		{Shuffled, []string{"lot", "lots", "抽签"}},
		{AsEntered, []string{"entered", "报名顺序"}},
		{ByClubRating, []string{"club", "俱乐部等级分", "等级分榜"}},
	}
	unitNames = enumNames[UnitAvoidance]{
		{AvoidFirstRound, []string{"first-round", "首轮", "首轮回避"}},
		{AvoidAllRounds, []string{"all-rounds", "同队不相遇", "每轮", "每轮回避"}},
		{AvoidNever, []string{"off", "不回避"}},
	}
)

// ParseSystem reads cn-swiss, round-robin or double-round-robin.
func ParseSystem(s string) (System, error) { return systemNames.parse("system", s) }

// ParseFirstRound reads fold, adjacent, head-tail or random.
func ParseFirstRound(s string) (FirstRoundMethod, error) {
	return firstRoundNames.parse("first-round method", s)
}

// ParseHalves reads top-bottom or odd-even.
func ParseHalves(s string) (HalvesMethod, error) { return halvesNames.parse("halves", s) }

// ParseFirstColour reads alternate, upper-red, odd-red, drawn or
// alternate-higher.
func ParseFirstColour(s string) (FirstColourMethod, error) {
	return firstColourNames.parse("first-colour method", s)
}

// ParseColourTie reads sum-parity or round-parity.
func ParseColourTie(s string) (ColourTieRule, error) {
	return colourTieNames.parse("colour tie rule", s)
}

// ParseNumbering reads rating, lot, entered or club (R-SW-1, R-R-5).
func ParseNumbering(s string) (Numbering, error) { return numberingNames.parse("numbering", s) }

// ParseUnitAvoidance reads first-round, all-rounds or off.
func ParseUnitAvoidance(s string) (UnitAvoidance, error) {
	return unitNames.parse("same-unit avoidance", s)
}

func (s System) String() string            { return systemNames.name(s) }
func (m FirstRoundMethod) String() string  { return firstRoundNames.name(m) }
func (m HalvesMethod) String() string      { return halvesNames.name(m) }
func (m FirstColourMethod) String() string { return firstColourNames.name(m) }
func (r ColourTieRule) String() string     { return colourTieNames.name(r) }
func (u UnitAvoidance) String() string     { return unitNames.name(u) }
func (n Numbering) String() string         { return numberingNames.name(n) }

// The Chinese names, for Chinese text (String is the English one).
func (s System) Chinese() string            { return systemNames.chinese(s) }
func (m FirstRoundMethod) Chinese() string  { return firstRoundNames.chinese(m) }
func (m HalvesMethod) Chinese() string      { return halvesNames.chinese(m) }
func (m FirstColourMethod) Chinese() string { return firstColourNames.chinese(m) }
func (r ColourTieRule) Chinese() string     { return colourTieNames.chinese(r) }
func (u UnitAvoidance) Chinese() string     { return unitNames.chinese(u) }
func (n Numbering) Chinese() string         { return numberingNames.chinese(n) }
