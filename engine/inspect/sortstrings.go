package inspect

import (
	"slices"

	"layoutlab/engine/table"
	"layoutlab/engine/work"
)

// boundsSorter is the scratch the clustering health's sorts share, from side to side and from
// column to column: the radix sort's buffers and a string sort's permutation. Made once per
// health, a million files' sorts of a string column's two sides made 77 MB of scratch, each
// side's on top of the last's garbage (the page's Go heap last grew in them).
type boundsSorter struct {
	rs  table.RadixSorter
	pos []int32
}

// sortStrings sorts ss in byte order, as slices.Sort does, by a radix sort of each string's
// first 8 bytes (table.RadixSorter) and then a comparison sort of each run of strings that share
// them. The clustering health sorts every file's minimum and maximum of each string column: a
// million files' two million bounds took a comparison sort about a second natively, a string
// compare per step.
//
// The key is the first 8 bytes, big-endian, a shorter string padded with zero bytes
// (prefixKey): two strings that differ within their first 8 bytes have keys in their order, and
// a string and another it is a prefix of have keys in order or equal; equal keys are sorted
// whole. keys holds ss's keys and is sorted with it, in place: made as the health gathered the
// bounds, while each string's text was in cache, not here, where a file's text is a read from
// anywhere in the heap (the keys' loop was most of the sort). ss is put in the keys' order in
// place too, by following the permutation's cycles: no copy of either is made.
//
// y is told as the radix sort's passes go (table.RadixSorter.Yield) and before the runs are
// sorted; its error stops the sort, ss and keys left as they were.
func sortStrings(ss []string, keys []uint64, s *boundsSorter, y work.Yield) error {
	n := len(ss)
	if n < 256 {
		slices.Sort(ss)
		for i, s := range ss {
			keys[i] = prefixKey(s)
		}
		return nil
	}
	s.pos = slices.Grow(s.pos[:0], n)[:n]
	pos := s.pos
	for i := range pos {
		pos[i] = int32(i)
	}
	s.rs.Yield = y
	err := s.rs.SortPairs(keys, pos)
	s.rs.Yield = nil
	if err != nil {
		for i, s := range ss { // the keys were left part sorted
			keys[i] = prefixKey(s)
		}
		return err
	}
	permute(ss, pos)
	for lo := 0; lo < n; {
		hi := lo + 1
		for hi < n && keys[hi] == keys[lo] {
			hi++
		}
		if hi-lo > 1 {
			slices.Sort(ss[lo:hi])
		}
		lo = hi
	}
	return nil
}

// permute puts ss[pos[i]] at i for every i, in place, a cycle of pos at a time; pos is used up
// (each entry done is set to -1).
func permute(ss []string, pos []int32) {
	for i := range pos {
		if pos[i] < 0 {
			continue
		}
		first, j := ss[i], i
		for {
			p := int(pos[j])
			pos[j] = -1
			if p == i {
				ss[j] = first
				break
			}
			ss[j] = ss[p]
			j = p
		}
	}
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
