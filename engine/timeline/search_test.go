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

// TestMergeRemoveSorted holds mergeSorted and removeSorted to the value-by-value merge they
// replace (intervalIndex.update's before #52): sorted multisets with repeats, removals of
// values present, repeated and absent.
func TestMergeRemoveSorted(t *testing.T) {
	rng := rand.New(rand.NewPCG(52, 5))
	draw := func(n int) []int64 {
		s := make([]int64, n)
		for i := range s {
			s[i] = rng.Int64N(30)
		}
		slices.Sort(s)
		return s
	}
	for range 3000 {
		old, add, rm := draw(rng.IntN(40)), draw(rng.IntN(12)), draw(rng.IntN(12))
		var want []int64
		i, j, k := 0, 0, 0
		for i < len(old) || j < len(add) {
			var v int64
			if j >= len(add) || (i < len(old) && old[i] <= add[j]) {
				v, i = old[i], i+1
			} else {
				v, j = add[j], j+1
			}
			for k < len(rm) && rm[k] < v {
				k++
			}
			if k < len(rm) && rm[k] == v {
				k++
				continue
			}
			want = append(want, v)
		}
		got := removeSorted(mergeSorted(nil, old, add), rm)
		if !slices.Equal(got, want) {
			t.Fatalf("old %v + add %v - rm %v = %v, want %v", old, add, rm, got, want)
		}
	}
}
