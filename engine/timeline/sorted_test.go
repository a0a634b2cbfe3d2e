package timeline

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"layoutlab/engine/layout"
	"layoutlab/engine/scenario"
	"layoutlab/engine/table"
)

// rankedColumn is sortedColumn built the straightforward way, from every row's dense rank
// (layout.RankRows): the reference sortColumn must equal.
func rankedColumn(c *table.Column, n int) *sortedColumn {
	rk := layout.RankRows(c, layout.AllRows(n))
	sc := &sortedColumn{vals: make([]int64, rk.Distinct), below: make([]int64, rk.Distinct+1), n: int64(n)}
	for k, p := range rk.Rep {
		sc.vals[k] = c.Int(int(p))
	}
	for _, k := range rk.R {
		sc.below[k+1]++
	}
	for k := 1; k <= rk.Distinct; k++ {
		sc.below[k] += sc.below[k-1]
	}
	return sc
}

// TestSortColumnMatchesRanks: the grid's and the Fabric score's rank space, built by sorting the
// values alone, is the one every row's rank gives: on the lookup columns of real runs (a wide
// integer column and a date column), and on columns with NULLs, negative values, one value,
// and no rows.
func TestSortColumnMatchesRanks(t *testing.T) {
	check := func(name string, c *table.Column, n int) {
		t.Helper()
		got, want := sortColumn(c, n), rankedColumn(c, n)
		if got.sorted == nil && (!slices.Equal(got.vals, want.vals) || !slices.Equal(got.below, want.below)) || got.n != want.n {
			t.Errorf("%s: sortColumn gives %d values, below %v..., want %d values, below %v...", name,
				len(got.vals), head(got.below), len(want.vals), head(want.below))
		}
		// Where it keeps the rows' values sorted (most distinct), every value, the values
		// beside them and the ends place as the ranks do.
		if got.sorted != nil {
			if 2*len(want.vals) <= n-int(want.below[0]) {
				t.Errorf("%s: %d distinct values of %d rows kept as the rows sorted", name, len(want.vals), n)
			}
			probes := []int64{math.MinInt64, math.MaxInt64, math.MinInt64 + 1, math.MaxInt64 - 1}
			for _, v := range want.vals {
				probes = append(probes, v-1, v, v+1)
			}
			for _, v := range probes {
				if g, w := got.pos(v), want.pos(v); g != w {
					t.Errorf("%s: pos(%d) = %v, want %v", name, v, g, w)
				}
				if g, w := got.posAtOrBelow(v), want.posAtOrBelow(v); g != w {
					t.Errorf("%s: posAtOrBelow(%d) = %v, want %v", name, v, g, w)
				}
			}
		}
	}
	sortedKept := 0
	defer func() {
		if sortedKept == 0 {
			t.Error("no column of mostly distinct values was kept as its rows sorted")
		}
	}()
	check = func(check func(string, *table.Column, int)) func(string, *table.Column, int) {
		return func(name string, c *table.Column, n int) {
			t.Helper()
			if sortColumn(c, n).sorted != nil {
				sortedKept++
			}
			check(name, c, n)
		}
	}(check)
	for _, strategy := range []string{StrategyLiquid, StrategyZOrderFull} {
		res, err := Run(scenario.Timeline{Strategy: strategy})
		if err != nil {
			t.Fatal(err)
		}
		tab := res.run.g.all()
		for _, leaf := range []int{leafCustomer, leafOrder, leafDate} {
			check(strategy+" "+tab.Schema.Leaves()[leaf].Name(), &tab.Cols[leaf], tab.NumRows)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	ints := make([]int64, 5000)
	nulls := make([]bool, len(ints))
	for i := range ints {
		ints[i] = rng.Int64N(1<<40) - 1<<39
		nulls[i] = rng.IntN(10) == 0
	}
	check("wide, with NULLs", &table.Column{Kind: table.Bigint, Ints: ints, Nulls: nulls}, len(ints))
	check("wide, no NULLs", &table.Column{Kind: table.Bigint, Ints: ints}, len(ints))
	same := slices.Repeat([]int64{-7}, 300)
	check("one value", &table.Column{Kind: table.Bigint, Ints: same}, len(same))
	check("all NULL", &table.Column{Kind: table.Bigint, Ints: same, Nulls: slices.Repeat([]bool{true}, 300)}, len(same))
	check("no rows", &table.Column{Kind: table.Bigint, Ints: nil}, 0)
}

func head(v []int64) []int64 { return v[:min(len(v), 5)] }
