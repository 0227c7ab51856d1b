package action

import "github.com/qisai/qisai/engine"

// 吃子数 (seed 003, R-F-5): a level match may be settled by the pieces each
// side captured. The arbiter enters both counts with the game's result
// (ResultSet.Captures); the result follows from them
// (engine.CapturesResult), and the bracket shows them.

// Captures are the pieces each side captured in a game.
type Captures struct {
	Red   int `json:"red"`
	Black int `json:"black"`
}

// BoardCaptures are the pieces captured on board Board of round Round.
type BoardCaptures struct {
	Round int `json:"round"`
	Board int `json:"board"`
	Captures
}

// checkCaptures refuses counts on a board that is not a 吃子数 game, counts
// below zero, and a result the counts do not give.
func (st *State) checkCaptures(a *ResultSet) error {
	if a.Captures == nil {
		return nil
	}
	if b, ok := st.BoardOf(a.Round, a.Board); !ok || b.Step != engine.TieCaptures {
		return ruled("R-F-5", "第 %d 轮第 %d 台不是按吃子数定胜负的对局，请直接输入结果，如 /result %d 1-0", "round %d board %d is not a game decided by pieces captured: enter its result, e.g. /result %d 1-0", a.Round, a.Board, a.Board)
	}
	c := a.Captures
	if c.Red < 0 || c.Black < 0 || c.Red > 16 || c.Black > 16 {
		return refuse(Invalid, "吃子数应在 0 到 16 之间，不是 %d:%d", "pieces captured are 0 to 16 a side, not %d:%d", c.Red, c.Black)
	}
	if a.Result != engine.CapturesResult(c.Red, c.Black) {
		return refuse(Invalid, "吃子数 %d:%d 与所给结果不符", "captures %d:%d do not give that result", c.Red, c.Black)
	}
	return nil
}
