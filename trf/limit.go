package trf

import "fmt"

// Limit names what of an event TRF-16's fixed columns cannot hold.
type Limit int

const (
	LimitPlayers Limit = iota + 1 // more players than four columns number
	LimitRounds                   // more rounds than TRF numbers
	LimitRating                   // a rating of more than four digits
	LimitScore                    // a player's score wider than the points field
	LimitPoints                   // a scoring value wider than a BB line holds
	LimitFouls                    // a foul count past four columns
)

// LimitError is an event Write cannot put into TRF-16 without losing it:
// a number wider than its columns. It says so in English (Error) and in
// Chinese (Chinese), for the chat's /export.
type LimitError struct {
	Limit  Limit
	Player int    // the player's ID (LimitRating, LimitScore)
	Round  int    // the round and board (LimitFouls)
	Board  int    //
	Code   string // the BB line (LimitPoints): BBW, BBD, …
	Value  string // what does not fit
}

func (e *LimitError) Error() string {
	switch e.Limit {
	case LimitPlayers:
		return fmt.Sprintf("%s players: TRF-16 holds at most %d", e.Value, maxRank)
	case LimitRounds:
		return fmt.Sprintf("%s rounds: TRF holds at most %d", e.Value, maxRank)
	case LimitRating:
		return fmt.Sprintf("player %d's rating %s does not fit TRF's 4 columns", e.Player, e.Value)
	case LimitScore:
		return fmt.Sprintf("player %d's score %s does not fit TRF's 4-column points field", e.Player, e.Value)
	case LimitPoints:
		return fmt.Sprintf("%s %s: TRF holds points of at most 4 characters", e.Code, e.Value)
	}
	return fmt.Sprintf("round %d board %d: %s fouls: a count is from 0 to %d", e.Round, e.Board, e.Value, maxRank)
}

// Chinese says Error in Chinese.
func (e *LimitError) Chinese() string {
	switch e.Limit {
	case LimitPlayers:
		return fmt.Sprintf("本赛有 %s 名选手，TRF-16 最多 %d 名", e.Value, maxRank)
	case LimitRounds:
		return fmt.Sprintf("本赛有 %s 轮，TRF 最多 %d 轮", e.Value, maxRank)
	case LimitRating:
		return fmt.Sprintf("%d 号选手的等级分 %s 超出 TRF 的 4 位", e.Player, e.Value)
	case LimitScore:
		return fmt.Sprintf("%d 号选手的积分 %s 超出 TRF 积分栏的 4 个字符", e.Player, e.Value)
	case LimitPoints:
		return fmt.Sprintf("计分 %s（%s）超出 TRF 的 4 个字符", e.Value, e.Code)
	}
	return fmt.Sprintf("第 %d 轮第 %d 台的犯规次数 %s 超出 0–%d", e.Round, e.Board, e.Value, maxRank)
}
