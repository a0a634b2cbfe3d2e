package timeline

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"layoutlab/engine/layout"
	"layoutlab/engine/table"
)

// TestRankerMatchesRankRows: the reusing ranker gives RankRows' ranks on every shape of column
// (small and radix-sized, narrow and full-width spans, repeats), one ranker reused throughout.
func TestRankerMatchesRankRows(t *testing.T) {
	var rk ranker
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 7, 255, 256, 1000, 5000, 70000} {
		for _, dom := range []uint64{1, 3, 1000, CustomerDomain, 1 << 40, math.MaxUint64} {
			c := table.Column{Kind: table.Bigint, Ints: make([]int64, n)}
			for i := range c.Ints {
				if dom == math.MaxUint64 {
					c.Ints[i] = int64(rng.Uint64())
				} else {
					c.Ints[i] = int64(rng.Uint64N(dom)) - int64(dom/2)
				}
			}
			pos := layout.AllRows(n)
			want := layout.RankRows(&c, pos)
			got := rk.rank(&c, pos, 0)
			if got.Distinct != want.Distinct || !slices.Equal(got.R, want.R) {
				t.Fatalf("n=%d domain=%d: ranks differ (distinct %d vs %d)", n, dom, got.Distinct, want.Distinct)
			}
		}
	}
}

func TestSortInts(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var tmp []uint64
	var cnt table.RadixSorter
	for _, n := range []int{0, 1, 100, 255, 256, 3000, 100000} {
		for _, dom := range []uint64{1, 2, 1000, CustomerDomain, math.MaxUint64} {
			v := make([]int64, n)
			for i := range v {
				if dom == math.MaxUint64 {
					v[i] = int64(rng.Uint64())
				} else {
					v[i] = int64(rng.Uint64N(dom)) - 7
				}
			}
			want := slices.Clone(v)
			slices.Sort(want)
			sortInts(v, &tmp, &cnt)
			if !slices.Equal(v, want) {
				t.Fatalf("n=%d domain=%d: not sorted", n, dom)
			}
		}
	}
}
