package inspect

import (
	"slices"
	"unsafe"

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
	ry := turnsOf(y, "ranking the values")
	if lo, hi := slices.Min(c.Ints), slices.Max(c.Ints); layout.RanksByPresence(uint64(hi-lo), len(c.Ints)) {
		// Values close together: RankRows marks them present, without a sort.
		r, err := layout.RankRowsYield(&c, layout.AllRows(len(c.Ints)), ry)
		if err != nil {
			return nil, nil, 0, err
		}
		return files, r.R, r.Distinct, nil
	}
	rank, distinct, err = rankInt64s(c.Ints, ry)
	if err != nil {
		return nil, nil, 0, err
	}
	return files, rank, distinct, nil
}

// rankInt64s is each of xs's dense rank among xs's distinct values (0 the smallest) and how
// many there are, as layout.RankRows ranks a column's ints by sorting, without its copies:
// the keys are made in xs's own memory (xs is used up), and no row list nor each rank's first
// row is made. A million files' two million bounds' ranking made 72 MB of the table page's
// garbage as it drew the grid (no collection runs in that stretch, so the Go heap's peak, which
// the module's memory keeps, held all of it); 40 MB so. y is told through the sort's passes
// (table.RadixSorter.Yield); its error stops the ranking.
func rankInt64s(xs []int64, y work.Yield) ([]int32, int, error) {
	n := len(xs)
	keys := unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(xs))), n) // the same bits, unsigned
	pos := make([]int32, n)
	for lo := 0; lo < n; lo += spanBlock {
		intKeys(keys[lo:min(lo+spanBlock, n)], pos[lo:min(lo+spanBlock, n)], lo)
	}
	rs := table.RadixSorter{Yield: y}
	if err := rs.SortPairs(keys, pos); err != nil {
		return nil, 0, err
	}
	rank, r := make([]int32, n), int32(-1)
	for lo := 0; lo < n; lo += spanBlock {
		r = denseRanksOf(keys, pos, lo, min(lo+spanBlock, n), r, rank)
	}
	return rank, int(r + 1), nil
}

// intKeys makes keys[i] the order-preserving key of the int64 in its bits (its sign bit
// flipped, as layout's gatherKeys does), and pos[i] its place, first+i. Called per spanBlock
// values, as fileSpans.
//
//go:noinline
func intKeys(keys []uint64, pos []int32, first int) {
	for i, k := range keys {
		keys[i] = k ^ 1<<63
		pos[i] = int32(first + i)
	}
}

// denseRanksOf gives the values at pos[lo:hi] the dense ranks of their sorted keys, r being the
// rank of keys[lo-1]; it returns the rank of keys[hi-1]. Called per spanBlock keys.
//
//go:noinline
func denseRanksOf(keys []uint64, pos []int32, lo, hi int, r int32, rank []int32) int32 {
	for j := lo; j < hi; j++ {
		if j == 0 || keys[j-1] != keys[j] {
			r++
		}
		rank[pos[j]] = r
	}
	return r
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
