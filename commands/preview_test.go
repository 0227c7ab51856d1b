package commands

import (
	"fmt"
	"strings"
	"testing"

	"github.com/qisai/qisai/engine"
)

// previewSeat is the board of the preview player sits at, and whether as red.
func previewSeat(pv *engine.Pairing, player int) (engine.Board, bool) {
	for _, b := range pv.Boards {
		if b.Red == player || b.Black == player {
			return b, b.Red == player
		}
	}
	return engine.Board{}, false
}

// TestR_SW_4_ExchangeNamesSameUnit: exchanging players so that two of one
// unit meet in round 1 is done, and the preview names R-SW-4 and the two
// players instead of saying every rule held; a swap of blacks likewise.
func TestR_SW_4_ExchangeNamesSameUnit(t *testing.T) {
	h := setUp(t, "换人赛 swiss rounds 5")
	h.say("org", "/start")
	h.say("org", "/pair")
	pv := h.state().Preview
	// 郑惟桐 (3) and 孟辰 (8) are both of 四川.
	b8, _ := previewSeat(pv, 8)
	opp := b8.Red + b8.Black - 8
	if opp == 3 {
		t.Fatal("the engine paired two players of 四川 in round 1")
	}
	zh := h.say("org", fmt.Sprintf("/exchange 3 %d", opp))
	must(t, zh, "已对调 3 号郑惟桐", "人工改动违反的规则", fmt.Sprintf("第 %d 台 R-SW-4：同单位选手相遇；涉及", b8.Number), "3", "8")
	if strings.Contains(zh, "所有规则均满足") {
		t.Errorf("a same-unit game in round 1 was previewed as every rule held:\n%s", zh)
	}
	after := h.state().Preview
	nb, _ := previewSeat(after, 8)
	if nb.Red+nb.Black != 11 || nb.Placed != engine.PlacedByHand {
		t.Errorf("after /exchange 3 %d board %+v, want 3 against 8 placed by hand", opp, nb)
	}
	en := h.sendAs("org", "en", fmt.Sprintf("/exchange 3 %d", opp)).Text
	must(t, en, "Exchanged 3 郑惟桐", "Every rule held.")
}

// TestR_SW_10_FlipNamesColours: flipping a board in round 2 against the
// colours R-SW-10 gives names the rule and who should play red; flipping
// it back holds every rule again.
func TestR_SW_10_FlipNamesColours(t *testing.T) {
	h := setUp(t, "对调赛 swiss rounds 5")
	h.say("org", "/start")
	h.say("org", "/pair")
	h.say("org", "/publish")
	h.resultsIn()
	h.say("org", "/pair")
	b := h.state().Preview.Boards[0]
	zh := h.say("org", "/flip 1")
	must(t, zh, "已对调第 1 台的先后手", "裁判对调先后手", "第 1 台 R-SW-10：先后手与规则相反：应由 "+fmt.Sprint(b.Red)+" 号执红（/flip 1 对调）")
	if got := h.state().Preview.Boards[0]; got.Red != b.Black || got.Black != b.Red {
		t.Errorf("after /flip 1 board 1 is %d–%d, want %d–%d", got.Red, got.Black, b.Black, b.Red)
	}
	en := h.sendAs("org", "en", "/flip 1").Text
	must(t, en, "Flipped the colours of board 1", "Every rule held.")
	if strings.Contains(en, "board 1 R-SW-10") {
		t.Errorf("flipped back, the preview still names R-SW-10:\n%s", en)
	}
}

// TestExchangeRefusals: the bye is not moved by hand, two players of one
// board are flipped rather than exchanged, and a rematch is refused (R-SW-9);
// each refusal says what to type instead and changes nothing.
func TestExchangeRefusals(t *testing.T) {
	h := setUp(t, "拒绝赛 swiss rounds 5")
	h.say("org", "/start")
	h.say("org", "/pair")
	pv := h.state().Preview
	bye := pv.Byes[0]
	b := pv.Boards[0]
	must(t, h.say("org", fmt.Sprintf("/exchange %d %d", b.Red, bye)), fmt.Sprintf("%d 号轮空", bye), "/pair")
	must(t, h.say("org", fmt.Sprintf("/exchange %d %d", b.Red, b.Black)), "在同一台", "/flip 1")
	must(t, h.sendAs("org", "en", fmt.Sprintf("/exchange %d %d", b.Red, b.Black)).Text, "are on one board", "/flip 1")
	if after := h.state().Preview; fmt.Sprint(after.Boards) != fmt.Sprint(pv.Boards) {
		t.Errorf("a refused exchange changed the preview: %+v, was %+v", after.Boards, pv.Boards)
	}
}
