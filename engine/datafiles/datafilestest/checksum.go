// Package datafilestest holds what tests of the data files share: a layout-independent checksum
// of a table's columns. Only tests use it, so it lives apart from engine/datafiles (the deadcode
// check: no program reaches it).
package datafilestest

import (
	"math"

	"layoutlab/engine/table"
)

// ColumnChecksums returns, per leaf of t (by dotted name), a checksum of the multiset of its
// values: the sum of a 64-bit hash of each value (NULL included), so it does not depend on the
// order of the rows or the files they sit in. Two tables holding the same rows in any layout have
// equal checksums; a row lost, added or changed changes its columns' checksums (up to a 2^-64
// collision). The advisor's --write proof compares a table with its re-laid-out copy so.
func ColumnChecksums(t *table.Table) map[string]uint64 {
	out := make(map[string]uint64, len(t.Leaves))
	for i, l := range t.Leaves {
		c := &t.Cols[i]
		var sum uint64
		for r := 0; r < t.NumRows; r++ {
			var h uint64
			switch v := c.Value(r); {
			case v.Null:
				h = mix(0x6e756c6c) // "null"
			case v.Kind == table.String || v.Kind == table.Binary:
				h = mix(fnv1a(v.S) ^ 1)
			case v.Kind == table.Double || v.Kind == table.Float:
				h = mix(mix(math.Float64bits(v.F)) ^ 2)
			default:
				h = mix(uint64(v.I) ^ uint64(v.Hi)*0x9e3779b97f4a7c15)
			}
			sum += h
		}
		out[l.Name()] = sum
	}
	return out
}

// mix is SplitMix64's finaliser: a bijection that spreads every input bit over the output.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// fnv1a is the 64-bit FNV-1a hash of s: fixed, so checksums compare across processes.
func fnv1a(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}
