package curve

import "sort"

// The one-call forms the tests state expected keys with; the product keeps its scratch space
// and calls the methods these wrap.

// HilbertIndex is HilbertEncoder.AppendBytes into a new slice (Delta's HilbertByteArrayIndex).
func HilbertIndex(numBits int, point []uint32) []byte {
	h := mustHilbert(len(point), numBits)
	return h.AppendBytes(make([]byte, 0, h.KeyLen()), point)
}

// HilbertLongIndexes is HilbertEncoder.LongColumns with a fresh encoder.
func HilbertLongIndexes(numBits int, cols [][]uint32, out []uint64) {
	h := mustHilbert(len(cols), numBits)
	h.LongColumns(out, cols)
}

// DetermineBounds is AppendBounds into a new slice.
func DetermineBounds(counts []int64, partitions int) []int {
	return AppendBounds(nil, counts, partitions)
}

// PartitionOf is RangePartitioner.getPartition for the distinct key at distinctIndex: the number
// of bounds below it; a key equal to a bound goes to the lower partition.
func PartitionOf(bounds []int, distinctIndex int) int {
	return sort.SearchInts(bounds, distinctIndex)
}

// RangePartitionIDs is RangeIDs.Append with fresh scratch space.
func RangePartitionIDs(ranks []int32, numDistinct int, numRanges int) []int32 {
	var r RangeIDs
	ids, _ := r.Append(make([]int32, 0, len(ranks)), ranks, numDistinct, numRanges)
	return ids
}
