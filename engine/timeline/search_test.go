package timeline

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestLowerBound: lowerBound equals slices.BinarySearch's index on sorted slices of every
// length up to 70 with repeated values, for values below, between, on and above them.
func TestLowerBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(52, 4))
	for n := 0; n <= 70; n++ {
		for range 20 {
			s := make([]int64, n)
			for i := range s {
				s[i] = rng.Int64N(40) - 20
			}
			slices.Sort(s)
			for v := int64(-22); v <= 22; v++ {
				want, _ := slices.BinarySearch(s, v)
				if got := lowerBound(s, v); got != want {
					t.Fatalf("lowerBound(%v, %d) = %d, want %d", s, v, got, want)
				}
			}
		}
	}
}
