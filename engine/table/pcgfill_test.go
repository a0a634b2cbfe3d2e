package table

import (
	"math"
	"testing"
)

// TestPCGFill: Fill draws what Uint64 draws one by one, across calls of any length (none
// included), and leaves the generator where Uint64 would.
func TestPCGFill(t *testing.T) {
	for _, seed := range [][2]uint64{{0, 0}, {1, 2}, {math.MaxUint64, 1 << 63}} {
		one, many := PCG{Hi: seed[0], Lo: seed[1]}, PCG{Hi: seed[0], Lo: seed[1]}
		for _, n := range []int{0, 1, 2, 3, 17, 0, 256, 5} {
			got := make([]uint64, n)
			many.Fill(got)
			for i := range got {
				if want := one.Uint64(); got[i] != want {
					t.Fatalf("seed %v, a Fill of %d, draw %d: %x, want %x", seed, n, i, got[i], want)
				}
			}
		}
		if one != many {
			t.Fatalf("seed %v: Fill left %+v, Uint64 %+v", seed, many, one)
		}
	}
}
