package optimize

import (
	"cmp"
	"math"
	"math/rand/v2"
	"testing"
)

// TestRangeMinOrderIsStableOrder: rangeMinOrder puts files in stableOrder's order by range
// minimum under cmp.Compare (NaN first, -0 with +0, ties in their order), over files with no
// ranges, infinities, zeros of both signs, NaN and many ties.
func TestRangeMinOrderIsStableOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 2))
	mins := []float64{math.NaN(), math.Inf(-1), math.Inf(1), 0, math.Copysign(0, -1), -1.5, 2, 3.25, 1e-300, -1e-300}
	for trial := range 300 {
		files := make([]File, rng.IntN(60))
		for i := range files {
			files[i].Ref = int64(i)
			switch r := rng.IntN(10); {
			case r == 0: // no ranges: rangeMin 0
			case r < 5:
				files[i].ClusterRange = &Range{Min: mins[rng.IntN(len(mins))]}
			default:
				files[i].ClusterRange = &Range{Min: float64(rng.IntN(8)) * 0.5}
			}
		}
		want := make([]int64, 0, len(files))
		for _, f := range appendInOrder(nil, files, stableOrder(files, rangeMin, cmp.Compare[float64])) {
			want = append(want, f.Ref)
		}
		got := appendAt(nil, files, rangeMinOrder(files))
		if len(got) != len(want) {
			t.Fatalf("trial %d: %d files, want %d", trial, len(got), len(want))
		}
		for i := range got {
			if got[i].Ref != want[i] {
				t.Fatalf("trial %d: file %d is %d, want %d", trial, i, got[i].Ref, want[i])
			}
		}
	}
}
