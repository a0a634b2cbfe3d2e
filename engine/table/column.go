package table

import (
	"cmp"
	"slices"
	"strings"
)

// Column stores one leaf's values for every row, plainly or encoded.
//
// Plain: exactly one of Ints, Floats or Strs is used, chosen by Kind as in Value (Floats for
// Double and for Float, a float32 widened exactly, as engine/datafiles reads it).
//
// Encoded (Encoded reports it; Ints and Strs are nil): row r's code is Codes16[r] or Codes32[r],
// whichever is set, and codes order as the values do (Spark's order); a NULL row's code is 0. An
// integer kind (everything but Double, String and Binary) decodes as Base + code. A String or
// Binary column decodes as Dict.At(code), Dict being sorted bytewise without duplicates.
// Generate encodes every column but doubles and wide timestamps so: a few bytes per row instead
// of 8 or a 16-byte string header (memory a first page load must fault in, under wasm as
// natively), no pointer per row for the garbage collector to scan, and min/max and ranks are
// integer work on narrow codes. Read values through Value, Int, Str or Code, which handle both
// forms.
//
// Nulls is nil when the column has no nulls.
type Column struct {
	Kind   Kind
	Scale  uint8 // Decimal only
	Ints   []int64
	Floats []float64
	Strs   []string
	Nulls  []bool
	// Wide, for a plain Decimal column whose values need a high word (a decimal past 18
	// digits, up to Delta's 38), holds the rows' high words (Value.Hi); nil when every Hi is 0.
	Wide    Wide
	Base    int64
	Codes16 []uint16
	Codes32 []uint32
	Dict    *Dict
}

// Encoded reports whether the column holds codes (Codes16 or Codes32) rather than plain values.
func (c *Column) Encoded() bool { return c.Codes16 != nil || c.Codes32 != nil }

// Code returns row r's code in an encoded column.
func (c *Column) Code(r int) uint32 {
	if c.Codes16 != nil {
		return uint32(c.Codes16[r])
	}
	return c.Codes32[r]
}

// Int returns row r of an integer-kind column, in either form.
func (c *Column) Int(r int) int64 {
	if c.Ints == nil && c.Encoded() {
		return c.Base + int64(c.Code(r))
	}
	return c.Ints[r]
}

// Str returns row r of a String or Binary column, in either form.
func (c *Column) Str(r int) string {
	if c.Dict != nil {
		return c.Dict.At(int(c.Code(r)))
	}
	return c.Strs[r]
}

// IsNull reports whether row r is NULL.
func (c *Column) IsNull(r int) bool { return c.Nulls != nil && c.Nulls[r] }

// Value returns row r as a Value.
func (c *Column) Value(r int) Value {
	if c.IsNull(r) {
		return NullValue(c.Kind)
	}
	switch c.Kind {
	case Double, Float:
		return Value{Kind: c.Kind, F: c.Floats[r]}
	case String, Binary:
		return Value{Kind: c.Kind, S: c.Str(r)}
	}
	v := Value{Kind: c.Kind, I: c.Int(r), Scale: c.Scale}
	if c.Wide != nil {
		v.Hi = c.Wide.Hi(r)
	}
	return v
}

// Less orders rows r and s of the column, nulls first (Spark's ascending NULLS FIRST).
func (c *Column) Less(r, s int) bool { return c.compareRows(r, s) < 0 }

func (c *Column) compareRows(r, s int) int {
	rn, sn := c.IsNull(r), c.IsNull(s)
	switch {
	case rn && sn:
		return 0
	case rn:
		return -1
	case sn:
		return 1
	}
	if c.Encoded() {
		return cmp.Compare(c.Code(r), c.Code(s))
	}
	switch c.Kind {
	case Double, Float:
		return compareFloat(c.Floats[r], c.Floats[s])
	case String, Binary:
		return strings.Compare(c.Strs[r], c.Strs[s])
	}
	if c.Wide != nil {
		return c.Wide.compare(c, int32(r), int32(s))
	}
	return cmp.Compare(c.Ints[r], c.Ints[s])
}

// DenseRanks returns each row's rank among the column's distinct non-null values (0-based, in
// ascending order) with -1 for NULL, and the number of distinct non-null values. Ranks are the
// rank space in which range ids are cut and spans are measured.
func (c *Column) DenseRanks() (ranks []int32, distinct int) {
	n := c.Len()
	order := make([]int32, 0, n)
	for r := 0; r < n; r++ {
		if !c.IsNull(r) {
			order = append(order, int32(r))
		}
	}
	slices.SortFunc(order, func(a, b int32) int { return c.compareRows(int(a), int(b)) })
	ranks = make([]int32, n)
	for r := range ranks {
		ranks[r] = -1
	}
	rank := int32(-1)
	for i, r := range order {
		if i == 0 || c.compareRows(int(order[i-1]), int(r)) != 0 {
			rank++
		}
		ranks[r] = rank
	}
	return ranks, int(rank + 1)
}

// Len is the number of rows stored.
func (c *Column) Len() int {
	switch {
	case c.Codes16 != nil:
		return len(c.Codes16)
	case c.Codes32 != nil:
		return len(c.Codes32)
	}
	switch c.Kind {
	case Double, Float:
		return len(c.Floats)
	case String, Binary:
		return len(c.Strs)
	}
	return len(c.Ints)
}

// Table is an immutable set of rows in columnar form: one Column per schema leaf.
type Table struct {
	Schema  Schema
	Leaves  []Leaf
	Cols    []Column
	NumRows int
	pending *pendingCols // GenerateLazily: how to fill the columns not generated yet
}

// LeafIndex finds a leaf by dotted name, case-insensitively; -1 when there is none.
func (t *Table) LeafIndex(name string) int {
	for i, l := range t.Leaves {
		if strings.EqualFold(l.Name(), name) {
			return i
		}
	}
	return -1
}
