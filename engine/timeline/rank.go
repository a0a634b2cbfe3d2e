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
// table); rank falls back to RankRows otherwise. Rep is left empty: layouts do not read it.
type ranker struct {
	keys, tmp []uint64
	count     []int32
	r         [][]int32 // per key: the ranks returned last
}

// rank returns the dense ranks of column c over rows pos, which must be 0..n-1. R is the
// ranker's buffer for key k (0..): valid until the next rank of key k, which is fine for
// layout.Layouter.LayoutScratch (it caches nothing) and for nothing that keeps Ranks.
func (rk *ranker) rank(c *table.Column, pos []int32, k int) layout.Ranks {
	n := len(pos)
	if n == 0 || c.Nulls != nil || c.Kind == table.Double || c.Kind == table.String || c.Kind == table.Binary {
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
	keys = rk.sort(keys, posBits, valBits)
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

// sort is an LSD radix sort of keys on bits [lowBit, lowBit+sigBits) (the bits below are already
// in order: the row index). It returns the sorted slice, which is keys or the ranker's buffer.
func (rk *ranker) sort(keys []uint64, lowBit, sigBits uint) []uint64 {
	n := len(keys)
	if sigBits == 0 {
		return keys
	}
	if n < 256 {
		slices.Sort(keys)
		return keys
	}
	maxBits := uint(min(16, max(8, bits.Len(uint(n))-3)))
	passes := (sigBits + maxBits - 1) / maxBits
	width := (sigBits + passes - 1) / passes
	mask := uint64(1)<<width - 1
	if cap(rk.count) < 1<<width {
		rk.count = make([]int32, 1<<width)
	}
	cnt := rk.count[:1<<width]
	rk.tmp = slices.Grow(rk.tmp[:0], n)[:n]
	src, dst := keys, rk.tmp
	for p := uint(0); p < passes; p++ {
		shift := lowBit + p*width
		clear(cnt)
		for _, k := range src {
			cnt[(k>>shift)&mask]++
		}
		sum := int32(0)
		for i, c := range cnt {
			cnt[i] = sum
			sum += c
		}
		for _, k := range src {
			d := (k >> shift) & mask
			dst[cnt[d]] = k
			cnt[d]++
		}
		src, dst = dst, src
	}
	return src
}

// sortInts sorts vals ascending with an LSD radix sort on the bits their span needs (file
// bounds of customer_id span 24 bits: two passes), using *tmp as its buffer.
func sortInts(vals []int64, tmp *[]uint64, count *[]int32) {
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
	maxBits := uint(min(16, max(8, bits.Len(uint(n))-3)))
	passes := (sig + maxBits - 1) / maxBits
	width := (sig + passes - 1) / passes
	mask := uint64(1)<<width - 1
	if cap(*count) < 1<<width {
		*count = make([]int32, 1<<width)
	}
	cnt := (*count)[:1<<width]
	*tmp = slices.Grow((*tmp)[:0], 2*n)[:2*n]
	src, dst := (*tmp)[:n], (*tmp)[n:]
	for i, v := range vals {
		src[i] = uint64(v) - uint64(lo)
	}
	for p := uint(0); p < passes; p++ {
		shift := p * width
		clear(cnt)
		for _, k := range src {
			cnt[(k>>shift)&mask]++
		}
		sum := int32(0)
		for i, c := range cnt {
			cnt[i] = sum
			sum += c
		}
		for _, k := range src {
			d := (k >> shift) & mask
			dst[cnt[d]] = k
			cnt[d]++
		}
		src, dst = dst, src
	}
	for i, k := range src {
		vals[i] = int64(k + uint64(lo))
	}
}
