package inspect

import (
	"slices"

	"layoutlab/engine/table"
	"layoutlab/engine/work"
)

// sortStrings sorts ss in byte order, as slices.Sort does, by a radix sort of each string's
// first 8 bytes (table.RadixSorter) and then a comparison sort of each run of strings that share
// them. The clustering health sorts every file's minimum and maximum of each string column: a
// million files' two million bounds took a comparison sort about a second natively, a string
// compare per step.
//
// The key is the first 8 bytes, big-endian, a shorter string padded with zero bytes
// (prefixKey): two strings that differ within their first 8 bytes have keys in their order, and
// a string and another it is a prefix of have keys in order or equal; equal keys are sorted
// whole. keys holds ss's keys and is sorted with it: made as the health gathered the bounds,
// while each string's text was in cache, not here, where a file's text is a read from
// anywhere in the heap (the keys' loop was most of the sort).
//
// y is told as the radix sort's passes go (table.RadixSorter.Yield) and before the runs are
// sorted; its error stops the sort, ss and keys left as they were.
func sortStrings(ss []string, keys []uint64, y work.Yield) error {
	n := len(ss)
	if n < 256 {
		slices.Sort(ss)
		for i, s := range ss {
			keys[i] = prefixKey(s)
		}
		return nil
	}
	sorted, pos := slices.Clone(keys), make([]int32, n)
	for i := range pos {
		pos[i] = int32(i)
	}
	rs := table.RadixSorter{Yield: y}
	if err := rs.SortPairs(sorted, pos); err != nil {
		return err
	}
	out := make([]string, n)
	for i, p := range pos {
		out[i] = ss[p]
	}
	for lo := 0; lo < n; {
		hi := lo + 1
		for hi < n && sorted[hi] == sorted[lo] {
			hi++
		}
		if hi-lo > 1 {
			slices.Sort(out[lo:hi])
		}
		lo = hi
	}
	copy(ss, out)
	copy(keys, sorted)
	return nil
}

// prefixKey is s's first 8 bytes as a big-endian uint64, zero bytes after a shorter s.
func prefixKey(s string) uint64 {
	var k uint64
	for i := range 8 {
		k <<= 8
		if i < len(s) {
			k |= uint64(s[i])
		}
	}
	return k
}
