package commands

import (
	"strings"

	"github.com/qisai/qisai/action"
)

// What the rules refused, in words: action checks each rule once and its
// Refusal says what was wrong, of what kind, and which rule; this is the
// one place that turns it into a message in the user's language that also
// says what to type instead.

// reasonHints say what to type for a refusal the user can answer.
var reasonHints = map[action.Reason]T{
	action.NoEvent:       {"组织者可以用 /event new 名称 创建比赛。", "An organiser creates one with /event new NAME."},
	action.EventOver:     {"输入 /standings 查看最终名次。", "Type /standings for the final standings."},
	action.WasCalledOff:  {"要办新的比赛：/event new 名称。", "To run another, create it with /event new NAME."},
	action.EntriesClosed: {"开赛后选手只能退赛：裁判输入 /withdraw 序号。", "After the start a player can only withdraw: an arbiter types /withdraw NUMBER."},
	action.AlreadyBegun:  {"输入 /pair 编排下一轮。", "Type /pair to pair the next round."},
	action.NotRunning:    {"准备好后组织者输入 /start。", "An organiser types /start when ready."},
	action.SignupShut:    {"组织者输入 /signup open 开放报名。", "An organiser opens it with /signup open."},
	action.SignupOpen:    {"要关闭，输入 /signup close。", "To close it, type /signup close."},
	action.TooFewPlayers: {"用 /player add 名字 添加，或 /signup open 开放报名。", "Add them with /player add NAME, or open sign-up with /signup open."},
	action.NoSuchPlayer:  {"输入 /standings 或 /pairings 查看选手的序号。", "Type /standings or /pairings to see the players' numbers."},
	action.NoSuchRound:   {"输入 /pairings 查看当前轮次。", "Type /pairings to see the current round."},
	action.NoSuchBoard:   {"输入 /pairings 查看台次。", "Type /pairings to see the boards."},
	action.NotYourBoard:  {"输入 /me 查看你的台次。", "Type /me to see your board."},
	action.ResultIn:      {"结果有误请联系裁判（/result）。", "If it is wrong, ask an arbiter (/result)."},
	action.Reported:      {"等待对手确认；报错了请裁判用 /result 更正。", "Wait for your opponent to confirm; if it was wrong, an arbiter corrects it with /result."},
	action.Disputed:      {"由裁判用 /result 裁决。", "An arbiter decides it with /result."},
	action.NoReport:      {"下完后用 /report win、loss 或 draw 报告结果。", "After the game, report it with /report win, loss or draw."},
	action.OwnReport:     {"要由对手确认；输入 /me 查看现在要做的事。", "Your opponent confirms it; type /me to see what to do now."},
	action.OfferOpen:     {"提和不能撤回；输入 /me 查看对手是否已回应。", "An offer cannot be withdrawn; type /me to see whether your opponent answered."},
	action.OfferTheirs:   {"用 /accept 接受，或 /decline 拒绝。", "Type /accept or /decline."},
	action.OfferTurn:     {"对手提和后，你可以用 /accept 接受。", "Once your opponent offers, you can /accept it."},
	action.NoOffer:       {"要提和请用 /draw。", "To offer a draw, type /draw."},
	action.NoPreview:     {"输入 /pair 编排下一轮。", "Type /pair to pair the next round."},
	action.Published:     {"改开始时间：/publish 时:分，例如 /publish 19:30；本轮结束后输入 /pair 编排下一轮。", "To move its start: /publish HH:MM, e.g. /publish 19:30; when it is over, /pair pairs the next round."},
	action.StartPassed:   {"请给出以后的时间，例如 /publish 19:30。", "Give a later time, for example /publish 19:30."},
	action.NoGuessing:    {"裁判可以用 /guess call 要求本轮猜先。", "An arbiter can call for it with /guess call."},
	action.GuessPending:  {"输入 /me 查看猜先现在轮到谁。", "Type /me to see whose turn the 猜先 is."},
	action.StagesOver:    {"输入 /standings 查看名次；组织者输入 /finish 结束比赛。", "Type /standings for the ranking; an organiser finishes the event with /finish."},
	action.NoPairingLeft: {"组织者可以用 /finish 结束比赛。", "Organisers can finish the event with /finish."},
	action.NoGames:       {"第 1 轮公布后（/pair、/publish）再输入 /penalty 选手。", "Once round 1 is published (/pair, /publish), type /penalty PLAYER."},
}

// commandHints replace a reason's hint for one command, where that
// command's user has something else to do.
var commandHints = map[string]map[action.Reason]T{
	"join":         {action.EntriesClosed: {"不再接受报名；请联系组织者，或用 /standings 关注比赛。", "It takes no more entries; ask an organiser, or follow it with /standings."}},
	"event cancel": {action.AlreadyBegun: {"开赛后的比赛请用 /finish 结束，已赛的对局保留。", "Once started, an event is finished with /finish instead; its games stand."}},
	"withdraw":     {action.NotRunning: {"比赛开始前用 /player remove 序号 删除选手（R-W-1）。", "Before the start, remove the player with /player remove NUMBER (R-W-1)."}},
}

// kindHints say what to type for a refusal without a hint of its own;
// %s is the command's name.
var kindHints = map[action.Kind]T{
	action.Invalid:   {"输入 /help %s 查看用法。", "Type /help %s to see how to use it."},
	action.NotFound:  {"输入 /pairings 或 /standings 查看序号和台次。", "Type /pairings or /standings to see the numbers and boards."},
	action.Forbidden: {"输入 /me 查看你现在可以做的事。", "Type /me to see what you can do now."},
	action.Conflict:  {"输入 /event show 查看比赛现在的状态。", "Type /event show to see where the event stands."},
	action.Rule:      {"输入 /help %s 查看用法。", "Type /help %s to see how to use it."},
}

// playerConflict is Conflict's hint for the commands players use: their
// own state, not the event's.
var playerConflict = T{"输入 /me 查看现在要做的事。", "Type /me to see what to do now."}

// refusalText is r as a message to the user of cmd in lang: what was
// wrong, the rule, and what to type instead.
func refusalText(r *action.Refusal, cmd *Command, lang Lang) string {
	text := refusalReason(r, lang)
	hint, ok := commandHints[cmd.Name][r.Reason]
	if !ok {
		hint, ok = reasonHints[r.Reason]
	}
	if !ok && r.Kind == action.Conflict && cmd.Who <= Player {
		hint, ok = playerConflict, true
	}
	if !ok {
		hint, ok = kindHints[r.Kind]
	}
	if !ok {
		return text
	}
	if strings.Contains(hint.Zh, "%s") {
		return text + sep(lang) + hint.In(lang, cmd.Name)
	}
	return text + sep(lang) + hint.In(lang)
}

// refusalReason is what was wrong, with the rule, as a sentence in lang.
func refusalReason(r *action.Refusal, lang Lang) string {
	text := T{r.Zh, r.En}.In(lang)
	if r.Rule != "" && !strings.Contains(text, r.Rule) {
		text += T{"（%s）", " (%s)"}.In(lang, r.Rule)
	}
	return sentence(text, lang)
}

// sep is what stands between two sentences.
func sep(lang Lang) string {
	if lang == Zh {
		return ""
	}
	return " "
}
