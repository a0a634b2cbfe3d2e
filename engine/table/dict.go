package table

import (
	"slices"
	"strings"
)

// Dict is a sorted set of distinct strings (or byte strings) kept in one backing string and an
// offset per entry, so that it holds no pointer per entry: a dictionary-encoded column of any
// size costs the garbage collector nothing to scan, which matters most under wasm, where
// collection is single-threaded.
type Dict struct {
	data string
	off  []int // len(off) = Len()+1; entry i is data[off[i]:off[i+1]]
}

// NewDict builds a Dict of the given values, which must be strictly ascending (bytewise).
func NewDict(sorted []string) *Dict {
	n := 0
	for _, s := range sorted {
		n += len(s)
	}
	var b strings.Builder
	b.Grow(n)
	off := make([]int, len(sorted)+1)
	for i, s := range sorted {
		b.WriteString(s)
		off[i+1] = b.Len()
	}
	return &Dict{data: b.String(), off: off}
}

// Len is the number of entries.
func (d *Dict) Len() int { return len(d.off) - 1 }

// At returns entry i.
func (d *Dict) At(i int) string { return d.data[d.off[i]:d.off[i+1]] }

// dictOf sorts values bytewise, drops duplicates and returns the dictionary with each value's
// code (its index in the dictionary).
func dictOf(values []string) (*Dict, []uint32) {
	order := make([]int32, len(values))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return strings.Compare(values[a], values[b]) })
	code := make([]uint32, len(values))
	sorted := make([]string, 0, len(values))
	for j, i := range order {
		if j == 0 || values[i] != sorted[len(sorted)-1] {
			sorted = append(sorted, values[i])
		}
		code[i] = uint32(len(sorted) - 1)
	}
	return NewDict(sorted), code
}
