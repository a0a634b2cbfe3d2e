package layout

import (
	"math"
	"math/bits"
	"slices"
	"strings"

	"layoutlab/engine/table"
)

// Ranks is one key column's dense ranks over one bin: R[i] is bin row i's rank among the bin's
// distinct non-null values (0-based, ascending, Spark's ordering) or -1 when it is NULL.
// Distinct is the number of distinct non-null values. Ranks are the input range_partition_id
// needs (curve.RangePartitionIDs) and the rank space in which spans are measured.
type Ranks struct {
	R        []int32
	Distinct int
	// Rep[k] is the position (an index into the ranked rows, like R) of a row holding the value
	// of rank k, so a file's min and max can be read back from its smallest and largest rank.
	Rep []int32
}

// AllRows returns the row indices 0..n-1: the bin of an unpartitioned table.
func AllRows(n int) []int32 {
	rows := make([]int32, n)
	for i := range rows {
		rows[i] = int32(i)
	}
	return rows
}

// RankRows computes the dense ranks of column c over the given rows. Integers, dates,
// timestamps, decimals and doubles are ranked with a radix sort on an order-preserving uint64
// image of the value; strings with a typed sort. Doubles order as table.Compare does (NaN above
// everything, -0 equal to 0).
func RankRows(c *table.Column, rows []int32) Ranks {
	n := len(rows)
	r := Ranks{R: make([]int32, n)}
	switch c.Kind {
	case table.String, table.Binary:
		if c.Dict != nil {
			// Codes already order as the values do: rank the codes present.
			rankCodes(c.Codes, c.Dict.Len(), c.Nulls, rows, &r)
			return r
		}
		rankStrings(c.Strs, c.Nulls, rows, &r)
		return r
	case table.Double:
	default:
		if rankSmallRange(c, rows, &r) {
			return r
		}
	}
	keys := make([]uint64, 0, n)
	pos := make([]int32, 0, n)
	for i, row := range rows {
		if c.IsNull(int(row)) {
			r.R[i] = -1
			continue
		}
		var k uint64
		if c.Kind == table.Double {
			k = floatKey(c.Floats[row])
		} else {
			k = uint64(c.Ints[row]) ^ 1<<63
		}
		keys = append(keys, k)
		pos = append(pos, int32(i))
	}
	var s sorter
	s.sort(keys, pos)
	rank := int32(-1)
	for j, k := range keys {
		if j == 0 || keys[j-1] != k {
			rank++
			r.Rep = append(r.Rep, pos[j])
		}
		r.R[pos[j]] = rank
	}
	r.Distinct = int(rank + 1)
	return r
}

// rankSmallRange ranks an integer column whose non-null values over rows span a range no
// larger than max(2·len(rows), 65,536) (dates, small enumerations, Zipf ids) by marking the
// values present, without sorting. It reports false, having written nothing, otherwise.
func rankSmallRange(c *table.Column, rows []int32, r *Ranks) bool {
	lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
	for _, row := range rows {
		if c.Nulls != nil && c.Nulls[row] {
			continue
		}
		v := c.Ints[row]
		lo, hi = min(lo, v), max(hi, v)
	}
	if lo > hi {
		for i := range r.R {
			r.R[i] = -1
		}
		return true
	}
	span := uint64(hi - lo)
	if span >= uint64(max(2*len(rows), 1<<16)) {
		return false
	}
	rankOffsets(c.Ints, lo, int(span)+1, c.Nulls, rows, r)
	return true
}

// rankCodes ranks uint32 codes in [0, k) (codes order as values do) by marking the codes
// present: rank = the number of smaller codes present. Rep holds each rank's first row.
func rankCodes(codes []uint32, k int, nulls []bool, rows []int32, r *Ranks) {
	first := make([]int32, k)
	for i := range first {
		first[i] = -1
	}
	for i, row := range rows {
		if nulls != nil && nulls[row] {
			r.R[i] = -1
			continue
		}
		v := codes[row]
		if first[v] < 0 {
			first[v] = int32(i)
		}
		r.R[i] = int32(v)
	}
	finishMarked(first, r)
}

// rankOffsets is rankCodes for integers in [lo, lo+k).
func rankOffsets(vals []int64, lo int64, k int, nulls []bool, rows []int32, r *Ranks) {
	first := make([]int32, k)
	for i := range first {
		first[i] = -1
	}
	for i, row := range rows {
		if nulls != nil && nulls[row] {
			r.R[i] = -1
			continue
		}
		v := vals[row] - lo
		if first[v] < 0 {
			first[v] = int32(i)
		}
		r.R[i] = int32(v)
	}
	finishMarked(first, r)
}

// finishMarked turns R's codes into ranks, given each code's first position (-1 when absent),
// and fills Rep and Distinct. first is reused as the code → rank table.
func finishMarked(first []int32, r *Ranks) {
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

// sorter is an LSD radix sort of uint64 keys carrying int32 payloads, reusing its buffers.
// Only the span of bits that differ between keys is sorted, so dates take one or two passes and
// packed 48-bit curve keys three.
type sorter struct {
	k2    []uint64
	p2    []int32
	count []int32
}

// sort sorts keys ascending, permuting pos alongside. It is stable.
func (s *sorter) sort(keys []uint64, pos []int32) {
	n := len(keys)
	if n < 256 {
		insertionSort(keys, pos)
		return
	}
	var or, and uint64 = 0, math.MaxUint64
	for _, k := range keys {
		or |= k
		and &= k
	}
	diff := or ^ and
	if diff == 0 {
		return
	}
	// Only bits that differ between keys need sorting: from the lowest to the highest differing
	// bit, in as few passes as digits of at most maxBits allow (16 bits for large inputs, whose
	// count table then still sits in L2; 11 for small ones, where clearing it would dominate).
	lowBit := uint(bits.TrailingZeros64(diff))
	sig := uint(bits.Len64(diff)) - lowBit
	maxBits := radixMaxBits(n)
	passes := (sig + maxBits - 1) / maxBits
	width := (sig + passes - 1) / passes
	mask := uint64(1)<<width - 1
	if cap(s.count) < 1<<width {
		s.count = make([]int32, 1<<width)
	}
	cnt := s.count[:1<<width]
	s.k2 = slices.Grow(s.k2[:0], n)[:n]
	s.p2 = slices.Grow(s.p2[:0], n)[:n]
	src, dst := keys, s.k2
	psrc, pdst := pos, s.p2
	for p := uint(0); p < passes; p++ {
		shift := lowBit + p*width
		if (diff>>shift)&mask == 0 {
			continue
		}
		clear(cnt)
		for _, k := range src {
			cnt[(k>>shift)&mask]++
		}
		sum := int32(0)
		for i, c := range cnt {
			cnt[i] = sum
			sum += c
		}
		for i, k := range src {
			d := (k >> shift) & mask
			j := cnt[d]
			cnt[d]++
			dst[j] = k
			pdst[j] = psrc[i]
		}
		src, dst = dst, src
		psrc, pdst = pdst, psrc
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
		copy(pos, psrc)
	}
}

// radixMaxBits is the widest digit worth using for n keys: about n/8 buckets, so each bucket
// receives several keys and the scatter stays cache-friendly, between 8 and 16 bits.
var radixMaxBits = func(n int) uint {
	return uint(min(16, max(8, bits.Len(uint(n))-3)))
}

func insertionSort(keys []uint64, pos []int32) {
	for i := 1; i < len(keys); i++ {
		k, p := keys[i], pos[i]
		j := i
		for j > 0 && keys[j-1] > k {
			keys[j], pos[j] = keys[j-1], pos[j-1]
			j--
		}
		keys[j], pos[j] = k, p
	}
}
