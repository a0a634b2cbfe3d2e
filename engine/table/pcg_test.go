package table

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestPCG: the value PCG draws what math/rand/v2's PCG draws from the same seeds.
func TestPCG(t *testing.T) {
	for _, seed := range [][2]uint64{{0, 0}, {1, 2}, {math.MaxUint64, 1 << 63}, {42, uint64(1<<64 - 5)}} {
		want := rand.NewPCG(seed[0], seed[1])
		got := PCG{Hi: seed[0], Lo: seed[1]}
		for i := range 1000 {
			if w, g := want.Uint64(), got.Uint64(); w != g {
				t.Fatalf("seed %v draw %d: %x, want %x", seed, i, g, w)
			}
		}
	}
}
