package view

import (
	"math"
	"slices"
	"testing"
)

func TestGridLayoutFitsAndColours(t *testing.T) {
	files := make([]FileCell, 32)
	for i := range files {
		files[i] = FileCell{Span: float64(i) / 31, Read: i%2 == 0}
	}
	cells := GridLayout(files, 800, 600, 40)
	if len(cells) != 32 {
		t.Fatalf("%d cells, want 32", len(cells))
	}
	for i, c := range cells {
		if c.X < 0 || c.Y < 40 || c.X+c.W > 800 || c.Y+c.H > 600 || c.W <= 0 || c.H <= 0 {
			t.Fatalf("cell %d %+v leaves the area", i, c)
		}
	}
	if cells[0].Fill == cells[31].Fill {
		t.Fatal("narrowest and widest spans share a colour")
	}
	if GridLayout(nil, 800, 600, 40) != nil || GridLayout(files, 0, 0, 0) != nil {
		t.Fatal("degenerate inputs should give no cells")
	}
}

// inside reports whether the point lies in r (half-open, as a pixel centre is sampled).
func inside(r Rect, x, y float64) bool { return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H }

// TestGridGapsAndCellsCoverTheArea: the widget draws the grid's gaps, then the cells, without a
// background pass under them, onto a screen it does not clear. A pixel neither covers would show
// the previous frame.
func TestGridGapsAndCellsCoverTheArea(t *testing.T) {
	for _, tc := range []struct {
		n          int
		w, h, head float64
	}{
		{1, 300, 200, 20}, {2, 530.5, 611.25, 34}, {7, 200, 640, 0}, {32, 517.3, 598.7, 33.6},
		{33, 640, 480, 40}, {1000, 703, 645, 34}, {997, 250.75, 900, 10}, {3000, 900, 700, 68},
	} {
		files := make([]FileCell, tc.n)
		cells := GridLayout(files, tc.w, tc.h, tc.head)
		gaps := GridGaps(tc.n, tc.w, tc.h, tc.head, 1)
		missed := 0
		for y := math.Floor(tc.head) + 0.5; y < tc.h; y++ {
			if y < tc.head {
				continue
			}
			for x := 0.5; x < tc.w; x++ {
				hit := slices.ContainsFunc(gaps, func(r Rect) bool { return inside(r, x, y) }) ||
					slices.ContainsFunc(cells, func(c Cell) bool { return inside(Rect{c.X, c.Y, c.W, c.H}, x, y) })
				if !hit {
					missed++
				}
			}
		}
		if missed > 0 {
			t.Errorf("%d cells in %gx%g (header %g): %d pixels neither a gap nor a cell covers", tc.n, tc.w, tc.h, tc.head, missed)
		}
		// The gaps leave every cell's inside alone, except for the bleed at its edges.
		for i, c := range cells {
			cx, cy := c.X+c.W/2, c.Y+c.H/2
			if c.W > 2 && c.H > 2 && slices.ContainsFunc(gaps, func(r Rect) bool { return inside(r, cx, cy) }) {
				t.Fatalf("%d cells: a gap covers the centre of cell %d", tc.n, i)
			}
		}
	}
	if g := GridGaps(0, 100, 80, 20, 1); len(g) != 1 || g[0] != (Rect{0, 20, 100, 60}) {
		t.Errorf("no files: gaps %v, want the whole area", g)
	}
}

func TestAroundCoversTheFrameOnly(t *testing.T) {
	outer := Rect{0, 0, 40, 30}
	for _, inner := range []Rect{{5, 6, 20, 10}, {0, 0, 40, 10}, {-5, 20, 60, 20}, {50, 50, 5, 5}, {0, 0, 40, 30}} {
		rs := Around(outer, inner)
		for y := 0.5; y < outer.H; y++ {
			for x := 0.5; x < outer.W; x++ {
				covered := slices.ContainsFunc(rs, func(r Rect) bool { return inside(r, x, y) })
				if in := inside(inner, x, y); covered == in {
					t.Fatalf("inner %v: pixel (%g, %g) inside inner %v, covered %v", inner, x, y, in, covered)
				}
			}
		}
	}
}
