package inspect

import "layoutlab/engine/table"

// leafColumn is one statistics leaf's checked values over the snapshot's files (by file, in
// Report.Files order): a leaf's column is read only when a WHERE, the grid's colouring or
// Fabric's overlap score names it. Every leaf of every file kept as stats.FileStats was 300 MB
// of a million-file table in the page, most of it for columns nothing asked about.
//
// A column of integers, dates, timestamps or decimals of up to 18 digits keeps its bounds as
// int64s (ints), with no pointer for the collector to scan: 17 bytes a file where two
// table.Values take 96, of which the collector scans every one. A bound that is not exactly
// table.Value{Kind, Scale, I} of the column's kind (a NULL, a bound of another type) turns the
// column into table.Values (vals) as it is recorded, so that get always gives back the value
// recorded.
type leafColumn struct {
	kind  table.Kind // of the int64 bounds
	scale uint8
	ints  [2][]int64 // min, max; nil once vals holds the column
	has   []uint8    // with ints: bit 0 a min recorded, bit 1 a max
	vals  [2][]table.Value
	nulls []int64
}

// newLeafColumn makes the column of n files of a leaf of type t, every bound absent and every
// null count -1.
func newLeafColumn(t table.Type, n int) *leafColumn {
	c := &leafColumn{kind: t.Kind, nulls: make([]int64, n)}
	for i := range c.nulls {
		c.nulls[i] = -1
	}
	if intBounds(t) {
		c.scale = t.Scale
		c.ints = [2][]int64{make([]int64, n), make([]int64, n)}
		c.has = make([]uint8, n)
		return c
	}
	c.vals = [2][]table.Value{make([]table.Value, n), make([]table.Value, n)}
	return c
}

// get is file i's bound on side (0 min, 1 max) as recorded; absent when none was.
func (c *leafColumn) get(side, i int) table.Value {
	if c.ints[0] == nil {
		return c.vals[side][i]
	}
	if c.has[i]&(1<<side) == 0 {
		return table.Value{}
	}
	return table.Value{Kind: c.kind, Scale: c.scale, I: c.ints[side][i]}
}

// set records file i's bound on side.
func (c *leafColumn) set(side, i int, v table.Value) {
	if c.ints[0] == nil {
		c.vals[side][i] = v
		return
	}
	switch {
	case v == table.Value{}:
		c.has[i] &^= 1 << side
	case v == table.Value{Kind: c.kind, Scale: c.scale, I: v.I}:
		c.ints[side][i] = v.I
		c.has[i] |= 1 << side
	default:
		c.toValues()
		c.vals[side][i] = v
	}
}

// toValues turns the column's int64 bounds into table.Values, for a bound they cannot hold.
func (c *leafColumn) toValues() {
	n := len(c.has)
	vals := [2][]table.Value{make([]table.Value, n), make([]table.Value, n)}
	for side := range 2 {
		for i := range n {
			vals[side][i] = c.get(side, i)
		}
	}
	c.vals, c.ints, c.has = vals, [2][]int64{}, nil
}
