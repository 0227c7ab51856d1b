package chromium

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// The tolerance of a screenshot against its golden. A newer Chromium, a
// newer FreeType, may shift an edge by a pixel or shade it a step
// lighter; a changed word or digit changes dozens of pixels that no
// neighbour matches. A pixel counts as different only when no pixel within
// reach of its place in the other picture is within shadeSlack of it on
// every channel, and a picture may have pixelSlack such pixels.
const (
	shadeSlack = 0x40 // of 0xff
	reach      = 1    // pixels around
	pixelSlack = 8
)

// Golden screenshots the page at url in a window of width × height and
// compares the picture with the golden PNG file at path within the
// tolerance above; update writes the screenshot there instead, for a
// person to look at before committing it.
func (b *Browser) Golden(t testing.TB, url, path string, width, height int, update bool) {
	t.Helper()
	got := b.shot(t, url, width, height)
	if update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s: no golden screenshot (the test's -update flag writes it)", path)
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if off, total := differ(decode(t, want), decode(t, got)); off > pixelSlack {
		keep := filepath.Join(os.TempDir(), filepath.Base(path))
		_ = os.WriteFile(keep, got, 0o644)
		t.Errorf("%s: %d of %d pixels differ beyond the tolerance (the screenshot is in %s; the test's -update flag rewrites the golden)", path, off, total, keep)
	}
}

// Diverges reports whether the page at url, screenshot as Golden takes it,
// differs from the golden at path beyond the tolerance, and by how many
// pixels: a test shows with it that the tolerance still sees a change.
func (b *Browser) Diverges(t testing.TB, url, path string, width, height int) (bool, int) {
	t.Helper()
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	off, _ := differ(decode(t, want), decode(t, b.shot(t, url, width, height)))
	return off > pixelSlack, off
}

// shot is the page at url as a window of width × height shows it, a PNG.
func (b *Browser) shot(t testing.TB, url string, width, height int) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "shot.png")
	b.Screenshot(t, url, path, width, height)
	png, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return png
}

// differ counts the pixels of a and b that differ beyond the tolerance,
// whichever picture has them (a stroke added or one taken away); of
// pictures of different sizes, all of them.
func differ(a, b image.Image) (off, total int) {
	total = a.Bounds().Dx() * a.Bounds().Dy()
	if a.Bounds().Size() != b.Bounds().Size() {
		return total, total
	}
	return max(unmatched(a, b), unmatched(b, a)), total
}

// unmatched counts the pixels of a that no pixel of b near their place
// matches.
func unmatched(a, b image.Image) int {
	ra, rb := a.Bounds(), b.Bounds()
	n := 0
	for y := 0; y < ra.Dy(); y++ {
		for x := 0; x < ra.Dx(); x++ {
			c := a.At(ra.Min.X+x, ra.Min.Y+y)
			found := near(c, b.At(rb.Min.X+x, rb.Min.Y+y)) // most pixels: the same place
			for dy := -reach; dy <= reach && !found; dy++ {
				for dx := -reach; dx <= reach && !found; dx++ {
					p := image.Pt(rb.Min.X+x+dx, rb.Min.Y+y+dy)
					found = p.In(rb) && near(c, b.At(p.X, p.Y))
				}
			}
			if !found {
				n++
			}
		}
	}
	return n
}

// near reports whether two colours are within shadeSlack on every channel.
func near(c, d interface{ RGBA() (r, g, b, a uint32) }) bool {
	r1, g1, b1, _ := c.RGBA()
	r2, g2, b2, _ := d.RGBA()
	within := func(x, y uint32) bool {
		x, y = x>>8, y>>8
		return x <= y+shadeSlack && y <= x+shadeSlack
	}
	return within(r1, r2) && within(g1, g2) && within(b1, b2)
}

func decode(t testing.TB, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}
