package layout

import (
	"math"
	"slices"
	"strings"

	"layoutlab/engine/table"
	"layoutlab/engine/work"
)

// Ranks is one key column's dense ranks over one bin: R[i] is bin row i's rank among the bin's
// distinct non-null values (0-based, ascending, Spark's ordering) or -1 when it is NULL.
// Distinct is the number of distinct non-null values. Ranks are the input range_partition_id
// needs (curve.RangeIDs) and the rank space in which spans are measured.
type Ranks struct {
	R        []int32
	Distinct int
	// Rep[k] is the position (an index into the ranked rows, like R) of a row holding the value
	// of rank k, so a file's min and max can be read back from its smallest and largest rank.
	Rep []int32
	// Order, when not nil, holds the positions in ascending rank order, NULLs (-1) first; the
	// order among equal ranks does not matter. A ranking that sorts has it for free; a
	// one-key layout uses it instead of sorting again, and makes it itself when it is nil.
	Order []int32
}

// AllRows returns the row indices 0..n-1: the bin of an unpartitioned table.
func AllRows(n int) []int32 {
	rows := make([]int32, n)
	for i := range rows {
		rows[i] = int32(i)
	}
	return rows
}

// RankRows computes the dense ranks of column c over the given rows. Encoded columns (codes
// order as values do) and integers whose values over rows span a small range (at most
// max(2·len(rows), 65,536) apart: dates, enumerations, Zipf ids) are ranked by marking the
// values present; other integers, dates, timestamps, decimals and doubles with a radix sort on
// an order-preserving uint64 image of the value; plain strings with a typed sort. Doubles order
// as table.Compare does (NaN above everything, -0 equal to 0).
func RankRows(c *table.Column, rows []int32) Ranks {
	r, _ := RankRowsYield(c, rows, nil) // no Yield: nothing stops it
	return r
}

// RankRowsYield is RankRows telling yield, if it sorts, every table.TickRows values read and
// the passes of its sort; its error stops the ranking, which returns it.
func RankRowsYield(c *table.Column, rows []int32, yield work.Yield) (Ranks, error) {
	n := len(rows)
	r := Ranks{R: make([]int32, n)}
	switch {
	case c.Codes16 != nil:
		rankSmall(c.Codes16, c.Nulls, rows, &r)
		return r, nil
	case c.Codes32 != nil:
		if rankSmall(c.Codes32, c.Nulls, rows, &r) {
			return r, nil
		}
	case c.Kind == table.String || c.Kind == table.Binary:
		rankStrings(c.Strs, c.Nulls, rows, &r)
		return r, nil
	case c.Wide != nil:
		// A decimal past 18 digits, ranked exactly by (Hi, I): never through a float image,
		// which would merge neighbours and let a file's bounds miss a row it holds.
		r.R, r.Rep, r.Distinct = c.Wide.RowRanks(c, rows)
		return r, nil
	case c.Kind != table.Double && c.Kind != table.Float: // Float: engine/datafiles keeps it in Floats
		if rankSmall(c.Ints, c.Nulls, rows, &r) {
			return r, nil
		}
	}
	keys := make([]uint64, 0, n)
	pos := make([]int32, 0, n)
	for lo := 0; lo < n; lo += rowBlock {
		if lo > 0 && lo%table.TickRows == 0 {
			if err := yield.Tick("reading the values", lo, n, ""); err != nil {
				return Ranks{}, err
			}
		}
		keys, pos = gatherKeys(c, rows[lo:min(lo+rowBlock, n)], lo, keys, pos, r.R)
	}
	s := table.RadixSorter{Yield: yield}
	if err := s.SortPairs(keys, pos); err != nil {
		return Ranks{}, err
	}
	distinct := 0
	for lo := 0; lo < len(keys); lo += rowBlock {
		distinct += countDistinct(keys, lo, min(lo+rowBlock, len(keys)))
	}
	r.Rep = make([]int32, 0, distinct) // exact: growing it by append copied it ~17 times
	rank := int32(-1)
	for lo := 0; lo < len(keys); lo += rowBlock {
		rank, r.Rep = assignRanks(keys, pos, lo, min(lo+rowBlock, len(keys)), rank, r.Rep, r.R)
	}
	r.Distinct = int(rank + 1)
	return r, nil
}

// gatherKeys appends the order-preserving key and the position (first+i) of each non-NULL row
// of rows, and marks the NULL ones' ranks -1. Called per rowBlock rows, as are countDistinct and
// assignRanks, and none of the three inlined: under js/wasm each call after the first few then
// runs optimised code, and their loops do not make V8 optimise all of RankRows
// (V8 optimises a wasm function for its later calls, never the one under way:
// v8.dev/blog/wasm-dynamic-tiering).
//
//go:noinline
func gatherKeys(c *table.Column, rows []int32, first int, keys []uint64, pos []int32, ranks []int32) ([]uint64, []int32) {
	for i, row := range rows {
		if c.IsNull(int(row)) {
			ranks[first+i] = -1
			continue
		}
		var k uint64
		switch {
		case c.Codes32 != nil:
			k = uint64(c.Codes32[row])
		case c.Kind == table.Double || c.Kind == table.Float:
			k = floatKey(c.Floats[row])
		default:
			k = uint64(c.Ints[row]) ^ 1<<63
		}
		keys = append(keys, k)
		pos = append(pos, int32(first+i))
	}
	return keys, pos
}

// countDistinct counts the sorted keys[lo:hi] that differ from the key before them (the first
// key counts). Not inlined, as gatherKeys.
//
//go:noinline
func countDistinct(keys []uint64, lo, hi int) int {
	d := 0
	for j := lo; j < hi; j++ {
		if j == 0 || keys[j-1] != keys[j] {
			d++
		}
	}
	return d
}

// assignRanks gives the rows at pos[lo:hi] the dense ranks of their sorted keys, rank being the
// rank of keys[lo-1], and appends each new rank's first position to rep. Not inlined, as
// gatherKeys.
//
//go:noinline
func assignRanks(keys []uint64, pos []int32, lo, hi int, rank int32, rep, ranks []int32) (int32, []int32) {
	for j := lo; j < hi; j++ {
		if j == 0 || keys[j-1] != keys[j] {
			rank++
			rep = append(rep, pos[j])
		}
		ranks[pos[j]] = rank
	}
	return rank, rep
}

// RanksByPresence reports whether n values lying span apart (the largest less the smallest) are
// ranked by marking the values present (rankSmall), not by a sort: within max(2·n, 65,536).
func RanksByPresence(span uint64, n int) bool { return span < uint64(max(2*n, 1<<16)) }

// rankSmall ranks values whose non-null values over rows lie at most max(2·len(rows), 65,536)
// apart by marking the values present (rank = the number of smaller values present; Rep holds
// each rank's first row), without sorting. It reports false, having written nothing, when the
// values are further apart.
func rankSmall[T uint16 | uint32 | int64](vals []T, nulls []bool, rows []int32, r *Ranks) bool {
	var lo, hi T
	seen := false
	for _, row := range rows {
		if nulls != nil && nulls[row] {
			continue
		}
		v := vals[row]
		if !seen {
			lo, hi, seen = v, v, true
		}
		lo, hi = min(lo, v), max(hi, v)
	}
	if !seen {
		for i := range r.R {
			r.R[i] = -1
		}
		return true
	}
	if !RanksByPresence(uint64(hi-lo), len(rows)) {
		return false
	}
	first := make([]int32, int(hi-lo)+1)
	for i := range first {
		first[i] = -1
	}
	for i, row := range rows {
		if nulls != nil && nulls[row] {
			r.R[i] = -1
			continue
		}
		v := int32(vals[row] - lo)
		if first[v] < 0 {
			first[v] = int32(i)
		}
		r.R[i] = v
	}
	// first becomes the value → rank table.
	var rep []int32
	for v, f := range first {
		if f >= 0 {
			first[v] = int32(len(rep))
			rep = append(rep, f)
		}
	}
	for i, v := range r.R {
		if v >= 0 {
			r.R[i] = first[v]
		}
	}
	r.Rep, r.Distinct = rep, len(rep)
	return true
}

// rankStrings ranks strings by first numbering the distinct values (a map: panel strings come
// from pools of a thousand values or less, so this is one lookup per row), then sorting only the
// distinct values bytewise, which is Spark's UTF8String.binaryCompare order.
func rankStrings(vals []string, nulls []bool, rows []int32, r *Ranks) {
	ids := make(map[string]int32)
	var distinct []string
	for i, row := range rows {
		if nulls != nil && nulls[row] {
			r.R[i] = -1
			continue
		}
		v := vals[row]
		id, ok := ids[v]
		if !ok {
			id = int32(len(distinct))
			ids[v] = id
			distinct = append(distinct, v)
			r.Rep = append(r.Rep, int32(i))
		}
		r.R[i] = id
	}
	order := make([]int32, len(distinct))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return strings.Compare(distinct[a], distinct[b]) })
	rankOf := make([]int32, len(distinct))
	rep := make([]int32, len(distinct))
	for k, id := range order {
		rankOf[id] = int32(k)
		rep[k] = r.Rep[id]
	}
	for i, id := range r.R {
		if id >= 0 {
			r.R[i] = rankOf[id]
		}
	}
	r.Rep = rep
	r.Distinct = len(distinct)
}

// floatKey maps a double to a uint64 whose unsigned order is Spark's double order.
func floatKey(f float64) uint64 {
	if f != f {
		return math.MaxUint64 // every NaN is equal and largest
	}
	if f == 0 {
		f = 0 // -0 == 0
	}
	b := math.Float64bits(f)
	if b>>63 != 0 {
		return ^b
	}
	return b | 1<<63
}
