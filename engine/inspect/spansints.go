package inspect

import (
	"layoutlab/engine/layout"
	"layoutlab/engine/table"
	"layoutlab/engine/work"
)

// intRanks is valueRanks for a leaf whose bounds are kept as integers of one kind (leafColumn's
// ints: integers, dates, timestamps, decimals within 64 bits, the kinds denseRanks ranks as
// layout.RankRows does): the bounds go from the leaf's arrays into the column RankRows ranks,
// without a 48-byte table.Value a bound in between. A million files' values were 96 MB of the
// table page's garbage as it drew the grid. files is nil, and nothing done, for any other leaf
// or when no file has both bounds.
func (in *Inspector) intRanks(li int, y work.Yield) (files []int, rank []int32, distinct int, err error) {
	lc := in.cols.leaves[li]
	if lc.ints[0] == nil {
		return nil, nil, 0, nil
	}
	n := len(in.hasStats)
	files = make([]int, 0, n)
	c := table.Column{Kind: lc.kind, Ints: make([]int64, 0, 2*n)}
	for lo := 0; lo < n; lo += spanBlock {
		files, c.Ints = in.intBoundsOf(lc, lo, min(lo+spanBlock, n), files, c.Ints)
		if err := spanTurn(y, "the bounds", lo, n); err != nil {
			return nil, nil, 0, err
		}
	}
	if len(files) == 0 {
		return nil, nil, 0, nil
	}
	r, err := layout.RankRowsYield(&c, layout.AllRows(len(c.Ints)), turnsOf(y, "ranking the values"))
	if err != nil {
		return nil, nil, 0, err
	}
	return files, r.R, r.Distinct, nil
}

// intBoundsOf appends the files among [lo, hi) with both bounds in lc, and those bounds.
//
//go:noinline
func (in *Inspector) intBoundsOf(lc *leafColumn, lo, hi int, files []int, ints []int64) ([]int, []int64) {
	mins, maxs := lc.ints[0], lc.ints[1]
	for j := lo; j < hi; j++ {
		if in.hasStats[j] && lc.has[j]&3 == 3 { // a minimum and a maximum
			files = append(files, j)
			ints = append(ints, mins[j], maxs[j])
		}
	}
	return files, ints
}
