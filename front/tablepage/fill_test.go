package tablepage

import (
	"bytes"
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"layoutlab/engine/inspect"
	"layoutlab/engine/inspect/inspecttest"
	"layoutlab/front/view"
)

// fillByPixel is fill as a copy per pixel: what the grid was painted with before.
func fillByPixel(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(img.Bounds())
	if r.Empty() {
		return
	}
	px := [4]byte{c.R, c.G, c.B, c.A}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)]
		for x := 0; x < len(row); x += 4 {
			copy(row[x:x+4], px[:])
		}
	}
}

// TestFillPaintsAsByPixel: rectangles of every shape, inside, across and outside the image's
// edges, are painted pixel for pixel as a copy per pixel paints them, and nothing else is.
func TestFillPaintsAsByPixel(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	got, want := image.NewRGBA(image.Rect(0, 0, 97, 61)), image.NewRGBA(image.Rect(0, 0, 97, 61))
	for i := range 2000 {
		x, y := rng.IntN(120)-10, rng.IntN(80)-10
		r := image.Rect(x, y, x+rng.IntN(40), y+rng.IntN(30))
		c := color.RGBA{uint8(i), uint8(i >> 8), uint8(rng.IntN(256)), 255}
		fill(got, r, c)
		fillByPixel(want, r, c)
		if !bytes.Equal(got.Pix, want.Pix) {
			t.Fatalf("fill %v in %v: the image differs from a copy per pixel's", r, c)
		}
	}
}

// BenchmarkFill paints the 100,000-file table's grid (BenchmarkViews100k's) with fill and, for
// the comparison in one run, with a copy per pixel.
func BenchmarkFill(b *testing.B) {
	m, err := inspecttest.Table(100_000)
	if err != nil {
		b.Fatal(err)
	}
	r, in, err := inspect.Open(m, "bench", inspect.Options{Version: -1, PlanLater: true})
	if err != nil {
		b.Fatal(err)
	}
	spans, _ := in.SpansYield("id", nil)
	g := BuildGrid(nil, r, spans, DefaultGroupBy(r), 1200, 560, 1)
	img := image.NewRGBA(image.Rect(0, 0, 1200, 560))
	th := view.ThemeNamed("light")
	b.Run("paint", func(b *testing.B) {
		for b.Loop() {
			g.Paint(img, -1, th)
		}
	})
	b.Run("background", func(b *testing.B) {
		for b.Loop() {
			fill(img, img.Bounds(), th.Background)
		}
	})
	b.Run("background-by-pixel", func(b *testing.B) {
		for b.Loop() {
			fillByPixel(img, img.Bounds(), th.Background)
		}
	})
}

// TestSmallReadCellsShowTheirColour: a table of 100,000 files, all read (no WHERE), coloured by
// id's span, drawn as the page draws it at 1200 px: each cell shows its span's colour. Cells of
// 2 or 3 pixels have no room for the read outline around the colour; they were painted in the
// outline's colour alone, and the whole grid came out one dark grey.
func TestSmallReadCellsShowTheirColour(t *testing.T) {
	m, err := inspecttest.Table(100_000)
	if err != nil {
		t.Fatal(err)
	}
	r, in, err := inspect.Open(m, "t", inspect.Options{Version: -1, PlanLater: true})
	if err != nil {
		t.Fatal(err)
	}
	spans, err := in.SpansYield("id", nil)
	if err != nil {
		t.Fatal(err)
	}
	g := SizedGrid(nil, r, spans, DefaultGroupBy(r), 1200, 560, 1)
	img := image.NewRGBA(image.Rect(0, 0, 1200, int(g.H)))
	th := view.ThemeNamed("light")
	g.Paint(img, -1, th)
	small, shown := 0, 0
	for i := range g.Len() {
		c := g.Cell(i)
		if !c.Read || !g.Known[i] || g.Plain[i] {
			t.Fatalf("cell %d: read %v, statistics %v, no clusteringProvider %v: this test wants read cells with statistics", i, c.Read, g.Known[i], g.Plain[i])
		}
		if rc := rect(c.X, c.Y, c.W, c.H); rc.Dx() <= 2 || rc.Dy() <= 2 {
			small++
		}
		if img.RGBAAt(int(c.X+c.W/2), int(c.Y+c.H/2)) == c.Fill {
			shown++
		}
	}
	if small < g.Len()/2 {
		t.Fatalf("only %d of %d cells are 2 pixels or less on a side: not the case this test is for", small, g.Len())
	}
	if shown < g.Len()*99/100 {
		t.Errorf("%d of %d read cells show their span's colour at their centre", shown, g.Len())
	}
}
