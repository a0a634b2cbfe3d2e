package inspect

import (
	"math/bits"
	"slices"
	"unsafe"

	"layoutlab/engine/table"
)

// sortInt64s sorts xs ascending, as slices.Sort does, by a radix sort (table.RadixSorter.SortKeys)
// of each value's distance from the smallest: the clustering health sorts every file's minimum
// and maximum of each integer, date and timestamp column, and a million files' bounds took
// pdqsort a tenth of a second natively for each side. The distance is taken on the values with
// their sign bit flipped, so that it is exact and in order over the whole int64 range; only the
// bits it spans are sorted (dates take one or two passes). The keys are made in xs's own memory
// and rs's buffer is reused from sort to sort: when the health is computed the heap is near the
// CLI's memory limit, where each MB allocated is paid for in collections.
func sortInt64s(xs []int64, rs *table.RadixSorter) {
	if len(xs) < 256 {
		slices.Sort(xs)
		return
	}
	const sign = 1 << 63
	base := uint64(slices.Min(xs)) ^ sign
	span := uint64(slices.Max(xs)) ^ sign - base
	keys := unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(xs))), len(xs)) // the same bits, unsigned
	for i, k := range keys {
		keys[i] = k ^ sign - base
	}
	sorted := rs.SortKeys(keys, 0, uint(bits.Len64(span)))
	for i, k := range sorted {
		xs[i] = int64((k + base) ^ sign)
	}
}
