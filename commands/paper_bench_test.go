package commands

import (
	"path/filepath"
	"testing"

	"github.com/qisai/qisai/chat"
)

// BenchmarkSeasonPapers: the papers of the 5,000-player season's event (14
// rounds played, cost_bench_test.go) from the chat, each on a fresh copy of
// its database: what an organiser waits for. Run
//
//	go test ./commands -run XXX -bench SeasonPapers -benchtime 3x
func BenchmarkSeasonPapers(b *testing.B) {
	group := chat.Chat{Platform: "console", ID: "season"}
	built := filepath.Join(b.TempDir(), "season.db")
	buildSeason(b, built, group)
	for _, paper := range []struct{ word, want string }{
		{"programme", "秩序册"}, {"xlsx", "Excel"}, {"booklet", "成绩册"}, {"certificates", "奖状"},
	} {
		b.Run(paper.word, func(b *testing.B) {
			svc, _ := seasonService(b, built)
			for b.Loop() {
				seasonSay(b, svc, group, "org", "/export "+paper.word, paper.want)
			}
		})
	}
}
