package inspect

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"layoutlab/engine/table"
)

// TestSortInt64sAsSlicesSort: sortInt64s orders every kind of int64 bounds as slices.Sort does:
// short and long inputs, narrow spans (dates), the whole int64 range, repeats.
func TestSortInt64sAsSlicesSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(49, 1))
	cases := map[string][]int64{"empty": {}, "one": {7}}
	for _, n := range []int{10, 255, 256, 1000, 70_000} {
		dates, wide, mixed, same := make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n)
		for i := range n {
			dates[i] = 19_000 + rng.Int64N(400)
			wide[i] = int64(rng.Uint64())
			mixed[i] = []int64{math.MinInt64, math.MaxInt64, -1, 0, 1, rng.Int64N(1 << 40)}[rng.IntN(6)]
			same[i] = -5
		}
		cases[fmt.Sprint("dates ", n)] = dates
		cases[fmt.Sprint("wide ", n)] = wide
		cases[fmt.Sprint("mixed ", n)] = mixed
		cases[fmt.Sprint("same ", n)] = same
	}
	for name, xs := range cases {
		want := slices.Clone(xs)
		slices.Sort(want)
		got := slices.Clone(xs)
		sortInt64s(got, &table.RadixSorter{})
		if !slices.Equal(got, want) {
			t.Errorf("%s: sortInt64s differs from slices.Sort", name)
		}
	}
}
