package commands

import (
	"strings"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
)

// What the rules refused, in words: action checks each rule once and its
// Refusal says what was wrong, of what kind, and which rule; this is the
// one place that turns it into a message in the user's language that also
// says what to type instead.

// reasonHints say what to type for a refusal the user can answer.
var reasonHints = map[action.Reason]i18n.T{
	action.NoEvent:       {Zh: "组织者可以用 /event new 名称 创建比赛。", En: "An organiser creates one with /event new NAME."},
	action.EventOver:     {Zh: "输入 /standings 查看最终名次。", En: "Type /standings for the final standings."},
	action.WasCalledOff:  {Zh: "要办新的比赛：/event new 名称。", En: "To run another, create it with /event new NAME."},
	action.EntriesClosed: {Zh: "开赛后选手只能退赛：裁判输入 /withdraw 序号。", En: "After the start a player can only withdraw: an arbiter types /withdraw NUMBER."},
	action.AlreadyBegun:  {Zh: "输入 /pair 编排下一轮。", En: "Type /pair to pair the next round."},
	action.NotRunning:    {Zh: "准备好后组织者输入 /start。", En: "An organiser types /start when ready."},
	action.SignupShut:    {Zh: "组织者输入 /signup open 开放报名。", En: "An organiser opens it with /signup open."},
	action.SignupOpen:    {Zh: "要关闭，输入 /signup close。", En: "To close it, type /signup close."},
	action.TooFewPlayers: {Zh: "用 /player add 名字 添加，或 /signup open 开放报名。", En: "Add them with /player add NAME, or open sign-up with /signup open."},
	action.NoSuchPlayer:  {Zh: "输入 /standings 或 /pairings 查看选手的序号。", En: "Type /standings or /pairings to see the players' numbers."},
	action.NoSuchRound:   {Zh: "输入 /pairings 查看当前轮次。", En: "Type /pairings to see the current round."},
	action.NoSuchBoard:   {Zh: "输入 /pairings 查看台次。", En: "Type /pairings to see the boards."},
	action.NotYourBoard:  {Zh: "输入 /me 查看你的台次。", En: "Type /me to see your board."},
	action.ResultIn:      {Zh: "结果有误请联系裁判（/result）。", En: "If it is wrong, ask an arbiter (/result)."},
	action.Reported:      {Zh: "等待对手确认；报错了请裁判用 /result 更正。", En: "Wait for your opponent to confirm; if it was wrong, an arbiter corrects it with /result."},
	action.Disputed:      {Zh: "由裁判用 /result 裁决。", En: "An arbiter decides it with /result."},
	action.NoReport:      {Zh: "下完后用 /report 胜、负 或 和 报告结果。", En: "After the game, report it with /report win, loss or draw."},
	action.OwnReport:     {Zh: "要由对手确认；输入 /me 查看现在要做的事。", En: "Your opponent confirms it; type /me to see what to do now."},
	action.OfferOpen:     {Zh: "提和不能撤回；输入 /me 查看对手是否已回应。", En: "An offer cannot be withdrawn; type /me to see whether your opponent answered."},
	action.OfferTheirs:   {Zh: "用 /accept 接受，或 /decline 拒绝。", En: "Type /accept or /decline."},
	action.OfferTurn:     {Zh: "对手提和后，你可以用 /accept 接受。", En: "Once your opponent offers, you can /accept it."},
	action.NoOffer:       {Zh: "要提和请用 /draw。", En: "To offer a draw, type /draw."},
	action.NoPreview:     {Zh: "输入 /pair 编排下一轮。", En: "Type /pair to pair the next round."},
	action.Published:     {Zh: "改开始时间：/publish 时:分，例如 /publish 19:30；本轮结束后输入 /pair 编排下一轮。", En: "To move its start: /publish HH:MM, e.g. /publish 19:30; when it is over, /pair pairs the next round."},
	action.StartPassed:   {Zh: "请给出以后的时间，例如 /publish 19:30。", En: "Give a later time, for example /publish 19:30."},
	action.NoGuessing:    {Zh: "裁判可以用 /guess call 要求本轮猜先。", En: "An arbiter can call for it with /guess call."},
	action.GuessPending:  {Zh: "输入 /me 查看猜先现在轮到谁。", En: "Type /me to see whose turn the 猜先 is."},
	action.StagesOver:    {Zh: "输入 /standings 查看名次；组织者输入 /finish 结束比赛。", En: "Type /standings for the ranking; an organiser finishes the event with /finish."},
	action.NoPairingLeft: {Zh: "组织者可以用 /finish 结束比赛。", En: "Organisers can finish the event with /finish."},
	action.NoGames:       {Zh: "第 1 轮公布后（/pair、/publish）再输入 /penalty 选手。", En: "Once round 1 is published (/pair, /publish), type /penalty PLAYER."},
	action.ColoursFixed:  {Zh: "输入 /me 查看你的对局。", En: "Type /me to see your game."},
	// The sign-up rules (R-E-5).
	action.Full:           {Zh: "报名者列入候补：/join 名字；组织者可以提高上限：/event set 人数上限 人数。", En: "Entrants go on the wait list with /join NAME; organisers can raise the maximum: /event set max N."},
	action.OverMax:        {Zh: "先用 /player remove 序号 删除选手，或设一个不少于现有人数的上限。", En: "Remove players first with /player remove NUMBER, or set a maximum no lower than the players entered."},
	action.QuotaFull:      {Zh: "请联系组织者：/event set 每单位限报 人数 可以改限额。", En: "Ask an organiser: /event set quota N changes the quota."},
	action.DeadlinePassed: {Zh: "先改截止时间：/event set 报名截止 周六 12:00，或 /event set 报名截止 不限。", En: "Move the deadline first: /event set deadline Sat 12:00, or /event set deadline off for none."},
	action.NoCheckIn:      {Zh: "组织者用 /event set 签到 分钟 和 /schedule 1 时间 设定签到。", En: "Organisers set a check-in with /event set checkin MINUTES and /schedule 1 TIME."},
	action.CheckInShut:    {Zh: "输入 /schedule 查看签到何时开放。", En: "Type /schedule to see when the check-in opens."},
}

// commandHints replace a reason's hint for one command, where that
// command's user has something else to do.
var commandHints = map[string]map[action.Reason]i18n.T{
	"join":         {action.EntriesClosed: {Zh: "不再接受报名；请联系组织者，或用 /players 查看参赛选手。", En: "It takes no more entries; ask an organiser, or see who plays with /players."}},
	"event cancel": {action.AlreadyBegun: {Zh: "开赛后的比赛请用 /finish 结束，已赛的对局保留。", En: "Once started, an event is finished with /finish instead; its games stand."}},
	"withdraw":     {action.NotRunning: {Zh: "比赛开始前用 /player remove 序号 删除选手（R-W-1）。", En: "Before the start, remove the player with /player remove NUMBER (R-W-1)."}},
	// The sign-up rules (R-E-5) are the only settings the start closes.
	"event set": {action.EntriesClosed: {Zh: "报名规则（人数上限、报名截止、每单位限报、签到）只在开赛前设定；输入 /event show 查看。", En: "The sign-up rules (max, deadline, quota, check-in) are set before the start; see them with /event show."}},
	"schedule": {
		action.StartPassed: {Zh: "请给出以后的时间，例如 /schedule 1 周六 09:00。", En: "Give a later time, e.g. /schedule 1 Sat 09:00."},
		action.NoSuchRound: {Zh: "输入 /schedule 查看赛程；轮数用 /event set 轮数 设定。", En: "Type /schedule to see the schedule; /event set rounds sets the number of rounds."},
	},
}

// kindHints say what to type for a refusal without a hint of its own;
// %s is the command's name.
var kindHints = map[action.Kind]i18n.T{
	action.Invalid:   {Zh: "输入 /help %s 查看用法。", En: "Type /help %s to see how to use it."},
	action.NotFound:  {Zh: "输入 /pairings 或 /standings 查看序号和台次。", En: "Type /pairings or /standings to see the numbers and boards."},
	action.Forbidden: {Zh: "输入 /me 查看你现在可以做的事。", En: "Type /me to see what you can do now."},
	action.Conflict:  {Zh: "输入 /event show 查看比赛现在的状态。", En: "Type /event show to see where the event stands."},
	action.Rule:      {Zh: "输入 /help %s 查看用法。", En: "Type /help %s to see how to use it."},
}

// playerConflict is Conflict's hint for the commands players use: their
// own state, not the event's.
var playerConflict = i18n.T{Zh: "输入 /me 查看现在要做的事。", En: "Type /me to see what to do now."}

// refusalText is r as a message to the user of cmd in lang: what was
// wrong, the rule, and what to type instead.
func refusalText(r *action.Refusal, cmd *Command, lang i18n.Lang) string {
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
func refusalReason(r *action.Refusal, lang i18n.Lang) string {
	text := i18n.T{Zh: r.Zh, En: r.En}.In(lang)
	if r.Rule != "" && !strings.Contains(text, r.Rule) {
		text += i18n.T{Zh: "（%s）", En: " (%s)"}.In(lang, r.Rule)
	}
	return sentence(text, lang)
}

// sep is what stands between two sentences.
func sep(lang i18n.Lang) string {
	if lang == i18n.Zh {
		return ""
	}
	return " "
}
