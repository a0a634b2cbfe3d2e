package timeline

import (
	"math/bits"
	"slices"

	"layoutlab/engine/layout"
	"layoutlab/engine/table"
)

// ranker computes a bin column's dense ranks (layout.RankRows' R and Distinct) reusing its
// buffers from bin to bin: RankRows allocates five row-sized slices per call, which on a long
// timeline was a quarter of everything allocated. It handles a column of non-null integers
// whose value span and row count fit together in 64 bits (every column of the timeline's
// table); rank falls back to RankRows otherwise. Rep and Order are left empty: the layouts of
// two keys or more read neither (one key is laid out from its values, LayoutValuesScratch).
type ranker struct {
	keys []uint64
	sort table.RadixSorter
	r    [][]int32 // per key: the ranks returned last
}

// rank returns the dense ranks of column c over rows pos, which must be 0..n-1. R is the
// ranker's buffer for key k (0..): valid until the next rank of key k, which is fine for
// layout.Layouter.LayoutScratch (it caches nothing) and for nothing that keeps Ranks.
func (rk *ranker) rank(c *table.Column, pos []int32, k int) layout.Ranks {
	n := len(pos)
	if n == 0 || c.Nulls != nil || c.Kind == table.Double || c.Kind == table.Float || c.Kind == table.String || c.Kind == table.Binary {
		return layout.RankRows(c, pos)
	}
	vals := c.Ints[:n]
	lo, hi := vals[0], vals[0]
	for _, v := range vals {
		lo, hi = min(lo, v), max(hi, v)
	}
	span := uint64(hi) - uint64(lo) // hi-lo as unsigned: exact even when it overflows int64
	posBits := uint(bits.Len(uint(n - 1)))
	valBits := uint(bits.Len64(span))
	if posBits+valBits > 64 {
		return layout.RankRows(c, pos)
	}
	// Each row is (value - lo) << posBits | row: sorting these sorts by value, ties by row, so
	// one uint64 carries both and only the value bits need radix passes.
	keys := slices.Grow(rk.keys[:0], n)[:n]
	for i, v := range vals {
		keys[i] = (uint64(v)-uint64(lo))<<posBits | uint64(i)
	}
	rk.keys = keys
	keys = rk.sort.SortKeys(keys, posBits, valBits)
	for len(rk.r) <= k {
		rk.r = append(rk.r, nil)
	}
	rk.r[k] = slices.Grow(rk.r[k][:0], n)[:n]
	r := layout.Ranks{R: rk.r[k]}
	mask := uint64(1)<<posBits - 1
	rank := int32(-1)
	prev := ^uint64(0)
	for _, k := range keys {
		if v := k >> posBits; v != prev || rank < 0 {
			rank++
			prev = v
		}
		r.R[k&mask] = rank
	}
	r.Distinct = int(rank + 1)
	return r
}

// sortInts sorts vals ascending with the radix sort on the bits their span needs (file bounds
// of customer_id span 24 bits: two passes), using *buf for the offset keys.
func sortInts(vals []int64, buf *[]uint64, s *table.RadixSorter) {
	n := len(vals)
	if n < 256 {
		slices.Sort(vals)
		return
	}
	lo, hi := vals[0], vals[0]
	for _, v := range vals {
		lo, hi = min(lo, v), max(hi, v)
	}
	sig := uint(bits.Len64(uint64(hi) - uint64(lo)))
	if sig == 0 {
		return
	}
	keys := slices.Grow((*buf)[:0], n)[:n]
	for i, v := range vals {
		keys[i] = uint64(v) - uint64(lo)
	}
	*buf = keys
	for i, k := range s.SortKeys(keys, 0, sig) {
		vals[i] = int64(k + uint64(lo))
	}
}
