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
func (in *Inspector) intRanks(li int, y work.Yield) (files []int32, rank []int32, distinct int, err error) {
	lc := in.cols.leaves[li]
	if lc.ints[0] == nil {
		return nil, nil, 0, nil
	}
	n := len(in.hasStats)
	files = make([]int32, 0, n)
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
	// The ranks are made in pos's memory, not an array of their own (8 MB of the million files'
	// peak): each sorted key is overwritten with its rank and its place, then each place given
	// its rank.
	r, prev := int32(-1), uint64(0)
	for lo := 0; lo < n; lo += spanBlock {
		r, prev = rankPlaces(keys, pos, lo, min(lo+spanBlock, n), r, prev)
	}
	for lo := 0; lo < n; lo += spanBlock {
		placeRanks(keys[lo:min(lo+spanBlock, n)], pos)
	}
	return pos, int(r + 1), nil
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

// rankPlaces makes keys[lo:hi], sorted, their dense ranks (high 32 bits) and their places
// pos[lo:hi] (low 32): r is the rank of the key before lo, and prev that key; it returns the
// rank and the key of keys[hi-1]. Called per spanBlock keys.
//
//go:noinline
func rankPlaces(keys []uint64, pos []int32, lo, hi int, r int32, prev uint64) (int32, uint64) {
	for j := lo; j < hi; j++ {
		k := keys[j]
		if j == 0 || k != prev {
			r++
		}
		prev = k
		keys[j] = uint64(r)<<32 | uint64(uint32(pos[j]))
	}
	return r, prev
}

// placeRanks gives each place in keys (rankPlaces') its rank, in pos. Called per spanBlock keys.
//
//go:noinline
func placeRanks(keys []uint64, pos []int32) {
	for _, k := range keys {
		pos[int32(k)] = int32(k >> 32)
	}
}

// intBoundsOf appends the files among [lo, hi) with both bounds in lc, and those bounds.
//
//go:noinline
func (in *Inspector) intBoundsOf(lc *leafColumn, lo, hi int, files []int32, ints []int64) ([]int32, []int64) {
	mins, maxs := lc.ints[0], lc.ints[1]
	for j := lo; j < hi; j++ {
		if in.hasStats[j] && lc.has[j]&3 == 3 { // a minimum and a maximum
			files = append(files, int32(j))
			ints = append(ints, mins[j], maxs[j])
		}
	}
	return files, ints
}
