package view

import (
	"math/rand/v2"
	"testing"
)

// TestLatticeAtIsTheFirstCellHolding: Lattice.At answers as testing every cell's Rect in order
// would, for points inside cells, on their edges, in the gaps and outside, on lattices of cells
// under a pixel and over, gapless and not, filled downwards and upwards.
func TestLatticeAtIsTheFirstCellHolding(t *testing.T) {
	scan := func(l Lattice, x, y float64) int {
		for i := range l.N {
			if c := l.Rect(i); x >= c.X && x < c.X+c.W && y >= c.Y && y < c.Y+c.H {
				return i
			}
		}
		return -1
	}
	r := rand.New(rand.NewPCG(52, 49))
	found := 0
	for range 300 {
		l := Lattice{N: 1 + r.IntN(3000), Per: 1 + r.IntN(80), X0: r.Float64() * 50, Y0: r.Float64() * 400,
			CW: 0.1 + r.Float64()*12, CH: 0.1 + r.Float64()*12, Up: r.IntN(2) == 0}
		if r.IntN(3) > 0 {
			l.Gap = r.Float64() * min(l.CW, l.CH) * 0.3
		}
		for range 200 {
			var x, y float64
			switch i := r.IntN(l.N); r.IntN(3) {
			case 0: // a cell's corner or far edge, exactly
				c := l.Rect(i)
				x, y = c.X+float64(r.IntN(2))*c.W, c.Y+float64(r.IntN(2))*c.H
			case 1: // anywhere near the lattice
				x, y = l.X0-5+r.Float64()*(float64(l.Per)*l.CW+10), l.Y0-1000+r.Float64()*2000
			default: // inside a cell
				c := l.Rect(i)
				x, y = c.X+r.Float64()*c.W, c.Y+r.Float64()*c.H
			}
			want := scan(l, x, y)
			if got := l.At(x, y); got != want {
				t.Fatalf("%+v at (%v, %v): At %d, every cell tested %d", l, x, y, got, want)
			}
			if want >= 0 {
				found++
			}
		}
	}
	if found < 20_000 {
		t.Fatalf("only %d of 60000 points were in a cell: the test does not test At's hits", found)
	}
	if got := (Lattice{N: 4, Per: 2, CW: 1, CH: 1}).At(1e300, -1e300); got != -1 {
		t.Fatalf("a point far off: %d", got)
	}
}
