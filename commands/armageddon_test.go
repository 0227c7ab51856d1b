package commands

import "testing"

// R-F-5: with no 猜先 before game 1, the armageddon's colours are chosen by
// the player who had black in game 1, named in the preview; /flip gives
// him the other colours.
func TestArmageddonChooserWithoutGuess_R_F_5(t *testing.T) {
	h := koEvent(t, 2, "tie 和棋黑胜")
	must(t, h.say("org", "/pair"), "预览")
	must(t, h.say("org", "/publish"), "对阵")
	if g := h.state().Event.Rounds[0].Games[0]; g.Black != 2 {
		t.Fatalf("game 1 %+v, want P2 black (no 猜先: the pairing's colours)", g)
	}
	recorded(t, h.say("org", "/result 1 1/2"))
	must(t, h.say("org", "/pair"), "由 P2 选择先后手", "未猜先则为第 1 局执黑的一方")
	must(t, h.say("org", "/flip 1"), "P2")
	must(t, h.published("org"), "先后手由 P2 选定")
}
