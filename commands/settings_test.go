package commands

import (
	"reflect"
	"strings"
	"testing"

	"github.com/qisai/qisai/action"
	"github.com/qisai/qisai/internal/i18n"
)

// TestSettingsInBothLanguages: every setting of /event set takes its
// Chinese and its English name and values, and both set the same thing;
// the echo names the key and the value in the reader's language alone.
func TestSettingsInBothLanguages(t *testing.T) {
	tests := []struct {
		zhKey, zhValue, enKey, enValue string
		zhShown, enShown               string // the value as the echo shows it
	}{
		{"赛制", "循环赛", "format", "roundrobin", "单循环", "round robin"},
		{"赛制", "循环", "system", "round-robin", "单循环", "round robin"},
		{"赛制", "双循环赛", "format", "double", "双循环", "double round robin"},
		{"赛制", "积分编排", "format", "swiss", "积分编排", "Swiss"},
		{"轮数", "9", "rounds", "9", "9", "9"},
		{"计分", "3/1/0", "scoring", "3/1/0", "3/1/0", "3/1/0"},
		{"轮空分", "1", "bye", "1", "1", "1"},
		{"名次规则", "对手分,累进分,胜局", "tiebreaks", "buchholz,progressive,wins", "对手分,累进分,胜局", "buchholz,progressive,wins"},
		{"破同分", "小分，直胜，后走胜局", "tiebreaks", "sb,direct,black-wins", "小分,直胜,后走胜局", "sb,direct,black-wins"},
		{"首轮编排", "临近", "first-round", "adjacent", "临近", "adjacent"},
		{"分区", "单双", "halves", "odd-even", "单双", "odd-even"},
		{"首轮先后手", "猜先", "first-colour", "drawn", "抽签", "drawn"},
		{"首轮先后手", "小号先", "first-color", "lower-red", "小号先", "lower-red"},
		{"同单位回避", "同队不相遇", "avoid-same-unit", "all-rounds", "同队不相遇", "all-rounds"},
		{"序号", "报名顺序", "seeding", "entered", "报名顺序", "entered"},
		{"计数", "只计实赛", "counting", "fide", "只计实赛", "fide"},
		{"用时", "25分+5秒", "time", "25分+5秒", "25分+5秒", "25分+5秒"},
		{"迟到", "15分钟", "late", "15 min", "15 分钟", "15 min"},
		{"提醒", "不提醒", "remind", "off", "不提醒", "off"},
		{"提醒", "10", "remind", "10", "开始前 10 分钟", "10 min before the start"},
		{"确认时限", "5分", "confirm", "5m", "5 分钟", "5 min"},
		{"提和", "自由", "draw-offers", "free", "自由（不轮流）", "free"},
		{"重复提和犯规", "开", "offer-foul", "on", "开", "on"},
		{"犯规判负", "2", "fouls", "2", "2", "2"},
		{"时区", "UTC-5", "zone", "UTC-5", "UTC-5", "UTC-5"},
		{"时区", "北京时间", "zone", "+8", "UTC+8", "UTC+8"},
		{"图片", "开", "pictures", "on", "开：对阵和排名公告附图片", "on: announcements of pairings and standings come with pictures"},
		{"语言", "英文", "lang", "en", "英文", "English"},
		{"请假次数", "2", "leaves", "2", "2", "2"},
		{"请假分", "胜", "leave-worth", "win", "2 分（胜局分）", "2 pts (a win's)"},
		{"请假审批", "自动", "leave-grant", "auto", "自动", "auto"},
		{"迟报分", "和", "late-entry", "draw", "1 分（和棋分）", "1 pt (a draw's)"},
		{"组别", "女子，少年", "categories", "女子,少年", "女子（0 人）、少年（0 人）", "女子 (0 players), 少年 (0 players)"},
		{"奖项", "女子 前3名", "prizes", "女子 3", "女子前 3 名", "女子: 3"},
		{"名次分", "10，7，5，3", "place-points", "10,7,5,3", "10,7,5,3", "10,7,5,3"},
		{"最少局数", "5局 奖项", "min-games", "5 prizes", "5 局（奖项）", "5 games (prizes)"},
		{"名次加赛", "快棋，抽签", "playoff", "blitz,lots", "快棋，抽签", "blitz, lots"},
		{"主办", "实验中学象棋协会", "host", "实验中学象棋协会", "实验中学象棋协会", "实验中学象棋协会"},
		{"地点", "体育馆 二楼", "venue", "体育馆 二楼", "体育馆 二楼", "体育馆 二楼"},
		{"比赛日期", "3月1日—2日", "dates", "3月1日—2日", "3月1日—2日", "3月1日—2日"},
		{"录取名次", "８", "awards", "8", "总排名前 8 名", "overall: 8"},
		{"人数上限", "32", "max", "32", "32", "32"},
		{"报名截止", "周五 20:00", "deadline", "Fri 20:00", "3月6日（周五）20:00", "Fri 6 Mar 20:00"},
		{"每单位限报", "2", "quota", "2", "每单位 2 人", "2 a unit"},
		{"签到", "30", "checkin", "30", "第 1 轮开始前 30 分钟开放", "opens 30 min before round 1"},
	}
	covered := map[*eventKey]bool{}
	for _, tt := range tests {
		t.Run(tt.enKey+"="+tt.enValue, func(t *testing.T) {
			var states [2]*action.State
			for i, lang := range []string{"zh", "en"} {
				h := newHarness(t)
				e := newPlayEvent(t, h, nil)
				key, value, shown := tt.zhKey, tt.zhValue, tt.zhShown
				if lang == "en" {
					key, value, shown = tt.enKey, tt.enValue, tt.enShown
				}
				k := lookupKey(key)
				if k == nil {
					t.Fatalf("no setting %q", key)
				}
				covered[k] = true
				echo := h.sendAs("org", lang, "/event set "+key+" "+value).Text
				want := i18n.T{Zh: "已设置：%s = %s。", En: "Set: %s = %s."}.In(i18n.Lang(lang), k.name(i18n.Lang(lang)), shown)
				if !strings.HasPrefix(echo, want) {
					t.Errorf("%s: /event set %s %s → %q, want %q", lang, key, value, echo, want)
				}
				states[i] = e.state()
			}
			zh, en := states[0], states[1]
			if !reflect.DeepEqual(zh.Event.Settings, en.Event.Settings) || !reflect.DeepEqual(zh.Info, en.Info) || !reflect.DeepEqual(zh.Awards, en.Awards) {
				t.Errorf("%s %s and %s %s differ:\n%+v %+v\n%+v %+v", tt.zhKey, tt.zhValue, tt.enKey, tt.enValue,
					zh.Event.Settings, zh.Info, en.Event.Settings, en.Info)
			}
		})
	}
	for i := range eventKeys {
		if !covered[&eventKeys[i]] {
			t.Errorf("setting %s is not in the table", eventKeys[i].names[0])
		}
	}
}
