package picture

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/qisai/qisai/sheet"
)

// certificates are a Chinese and an English certificate as package paper
// words them, and a Chinese team certificate with its players.
var certificates = map[string]sheet.Certificate{
	"certificate-zh": {
		Title: "奖　状", Recipient: "王天一（杭州）：", Body: "在2026春季象棋赛中荣获", Prize: "个人第一名",
		Closing: "特发此状，以资鼓励。", Issuer: "实验中学象棋协会", Date: "2026年3月2日", Salutation: true,
	},
	"certificate-team-zh": {
		Title: "奖　状", Recipient: "甲队（一中）：", Body: "在2026春季象棋团体赛中荣获", Prize: "团体第一名", Members: "队员：王天一、郑惟桐、赵鑫鑫、许银川",
		Closing: "特发此状，以资鼓励。", Issuer: "实验中学象棋协会", Date: "2026年3月2日", Salutation: true,
	},
	"certificate-en": {
		Title: "Certificate", Recipient: "Awarded to Alice Wong (Riverside)", Body: "2026 Spring Open",
		Prize: "First place, Individual", Issuer: "Riverside School Xiangqi Club", Date: "2 March 2026",
	},
}

// TestCertificateGolden draws the certificates in the golden font and
// compares them with the goldens within the pictures' tolerance.
func TestCertificateGolden(t *testing.T) {
	p := goldenPainter(t)
	for name, c := range certificates {
		b, err := p.Certificate(c)
		if err != nil {
			t.Fatal(err)
		}
		golden(t, "testdata/"+name+"-1.png", b)
	}
	if *update {
		return
	}
	// The tolerance still sees a changed digit of the date.
	c := certificates["certificate-zh"]
	c.Date = "2026年3月3日"
	b, err := p.Certificate(c)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/certificate-zh-1.png")
	if err != nil {
		t.Fatal(err)
	}
	if off, _ := differ(decode(t, want), decode(t, b)); off <= pixelSlack {
		t.Errorf("a certificate dated a day later differs from the golden in %d pixels only: within the tolerance", off)
	}
}

// TestCertificate: an A4 landscape page at 150 dpi, the same bytes for the
// same certificate, and every line inside the frame however long: a long
// body wraps, no ink between the inner frame and the text's margins.
func TestCertificate(t *testing.T) {
	p := cjk(t)
	c := certificates["certificate-zh"]
	c.Body = "在" + strings.Repeat("二〇二六年春季全市中小学生象棋锦标赛", 4) + "中荣获"
	b, err := p.Certificate(c)
	if err != nil {
		t.Fatal(err)
	}
	again, err := p.Certificate(c)
	if err != nil || !bytes.Equal(b, again) {
		t.Errorf("the same certificate drawn twice gives other bytes (%v)", err)
	}
	img := decode(t, b)
	if r := img.Rect; r.Dx() != awardW || r.Dy() != awardH {
		t.Fatalf("%v, want %d × %d", r, awardW, awardH)
	}
	inner := frameAt + frameThick + frameGap + frameThin
	for y := inner; y < awardH-inner; y++ {
		for _, span := range [][2]int{{inner, awardSide}, {awardW - awardSide, awardW - inner}} {
			for x := span[0]; x < span[1]; x++ {
				if img.ColorIndexAt(x, y) != white {
					t.Fatalf("ink at (%d, %d), between the frame and the text's margin: a line was not wrapped", x, y)
				}
			}
		}
	}
	for _, at := range [][2]int{{frameAt, awardH / 2}, {awardW / 2, frameAt}, {inner - 1, awardH / 2}} {
		if img.ColorIndexAt(at[0], at[1]) != uint8(redInk) {
			t.Errorf("no red frame at %v", at)
		}
	}
}

// BenchmarkCertificate draws a certificate, its glyphs cached after the
// first: what each certificate of /export 奖状 costs.
func BenchmarkCertificate(b *testing.B) {
	p := cjk(b)
	c := certificates["certificate-zh"]
	b.ReportAllocs()
	for b.Loop() {
		png, err := p.Certificate(c)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(len(png))/1e3, "kB/picture")
	}
}
