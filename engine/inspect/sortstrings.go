package inspect

import (
	"slices"

	"layoutlab/engine/table"
)

// sortStrings sorts ss in byte order, as slices.Sort does, by a radix sort of each string's
// first 8 bytes (table.RadixSorter) and then a comparison sort of each run of strings that share
// them. The clustering health sorts every file's minimum and maximum of each string column: a
// million files' two million bounds took a comparison sort about a second natively, a string
// compare per step.
//
// The key is the first 8 bytes, big-endian, a shorter string padded with zero bytes: two
// strings that differ within their first 8 bytes have keys in their order, and a string and
// another it is a prefix of have keys in order or equal; equal keys are sorted whole.
func sortStrings(ss []string) {
	n := len(ss)
	if n < 256 {
		slices.Sort(ss)
		return
	}
	keys, pos := make([]uint64, n), make([]int32, n)
	for i, s := range ss {
		keys[i], pos[i] = prefixKey(s), int32(i)
	}
	var rs table.RadixSorter
	rs.SortPairs(keys, pos) // no Yield: it never stops
	out := make([]string, n)
	for i, p := range pos {
		out[i] = ss[p]
	}
	for lo := 0; lo < n; {
		hi := lo + 1
		for hi < n && keys[hi] == keys[lo] {
			hi++
		}
		if hi-lo > 1 {
			slices.Sort(out[lo:hi])
		}
		lo = hi
	}
	copy(ss, out)
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
