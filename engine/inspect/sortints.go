package inspect

import (
	"math/bits"
	"slices"

	"layoutlab/engine/table"
)

// sortInt64s sorts xs ascending, as slices.Sort does, by a radix sort (table.RadixSorter.SortKeys)
// of each value's distance from the smallest: the clustering health sorts every file's minimum
// and maximum of each integer, date and timestamp column, and a million files' bounds took
// pdqsort a tenth of a second natively for each side. The distance is taken on the values with
// their sign bit flipped, so that it is exact and in order over the whole int64 range; only the
// bits it spans are sorted (dates take one or two passes).
func sortInt64s(xs []int64) {
	if len(xs) < 256 {
		slices.Sort(xs)
		return
	}
	const sign = 1 << 63
	lo, hi := slices.Min(xs), slices.Max(xs)
	base := uint64(lo) ^ sign
	span := uint64(hi) ^ sign - base
	keys := make([]uint64, len(xs))
	for i, x := range xs {
		keys[i] = uint64(x) ^ sign - base
	}
	var rs table.RadixSorter
	for i, k := range rs.SortKeys(keys, 0, uint(bits.Len64(span))) {
		xs[i] = int64((k + base) ^ sign)
	}
}
