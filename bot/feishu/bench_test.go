package feishu

import (
	"fmt"
	"strings"
	"testing"

	"github.com/qisai/qisai/chat"
)

// standings200 is a 200-player table as the outbox gives it to Split.
func standings200() chat.Message {
	var rows []string
	for i := 1; i <= 200; i++ {
		rows = append(rows, fmt.Sprintf("%4d 选手%03d  %4.1f %5.1f %2d", i, i, float64(200-i)/40, float64(i)/3, i%7))
	}
	return chat.Message{Chat: group, Text: "最终排名\n" + chat.Mono(strings.Join(rows, "\n")), DedupKey: "bench"}
}

// BenchmarkSplitAndRender: a 200-player table cut into Feishu's messages
// and rendered as their rich-text content, as the outbox's delivery does
// for each message.
func BenchmarkSplitAndRender(b *testing.B) {
	m := standings200()
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range Split(m) {
			postContent(p.Text)
		}
	}
}

// BenchmarkCard: a confirmation question rendered as a card with its
// buttons, and without them.
func BenchmarkCard(b *testing.B) {
	buttons := []chat.Button{{Label: "确认", Command: "/confirm 3 e12 r4 b7"}, {Label: "有误", Command: "/dispute 3 e12 r4 b7"}}
	b.ReportAllocs()
	for b.Loop() {
		cardContent("张三报告：第 4 轮第 7 台，红胜。你执黑，确认吗？", buttons, true)
	}
}
