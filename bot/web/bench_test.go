package web

// Speed of issue 12: the live page of a 1,000-player event served fresh
// (read the event, lay out its sheets, render, gzip), and page loads per
// second once it is cached, from a real listener. Run
//
//	go test ./bot/web -run XXX -bench . -benchmem

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// BenchmarkPage1000 serves the page of a 1,000-player Swiss 9 rounds in
// with nothing cached: what the first browser after each change waits for.
func BenchmarkPage1000(b *testing.B) {
	c := newClub(b)
	root := c.bigEvent("千人赛", 1000, 9)
	var size int
	for b.Loop() {
		w := serve(New(c.svc.Web()), http.MethodGet, root, "Accept-Encoding", "gzip")
		if w.Code != http.StatusOK {
			b.Fatalf("%d %s", w.Code, w.Body)
		}
		size = w.Body.Len()
	}
	b.ReportMetric(float64(size)/1e3, "gzip-kB")
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1e3/float64(b.N), "ms/page")
}

// BenchmarkLoads asks a real listener for a 232-player event's page (its
// version checked each time, the page from the cache) from many browsers
// at once.
func BenchmarkLoads(b *testing.B) {
	c := newClub(b)
	root := c.bigEvent("周末快棋赛", 232, 7)
	srv := httptest.NewServer(c.web)
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: time.Minute}
	load := func() error {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+root, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		_, err = io.Copy(io.Discard, resp.Body)
		return err
	}
	if err := load(); err != nil { // the first renders it
		b.Fatal(err)
	}
	b.SetParallelism(8)
	start := time.Now()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if err := load(); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "loads/s")
}
