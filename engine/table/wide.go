package table

import (
	"cmp"
	"slices"
)

// Wide is what a decimal column past 18 digits (up to Delta's decimal(38)) holds beyond Ints:
// each row's high word (Value.Hi), and the exact order and bounds they give. engine/datafiles
// makes one (HighWords) when it reads such values; behind this interface the ranking and bounds
// code is linked only into programs that make one, not into the docs widget's wasm.
type Wide interface {
	// Hi is row r's high word.
	Hi(r int) int64
	// compare orders two non-NULL rows of c exactly.
	compare(c *Column, a, b int32) int
	// RowRanks is c's dense ranks over rows, as layout.Ranks holds them: ranks[i] is rows[i]'s
	// rank among the distinct non-null values (-1 for NULL), rep[k] a position holding rank k.
	RowRanks(c *Column, rows []int32) (ranks, rep []int32, distinct int)
	// Bounds sets lo and hi to the min and max over the rows' non-NULL values (left as they
	// are when there are none), compared exactly, and returns the number of NULL rows.
	Bounds(c *Column, rows []int32, lo, hi *Value) (nulls int64)
}

// HighWords are a column's high words, row by row: the Wide engine/datafiles makes.
type HighWords []int64

func (h HighWords) Hi(r int) int64 { return h[r] }

// compare orders rows a and b of c by (Hi, I), as Compare orders decimals of one scale.
func (h HighWords) compare(c *Column, a, b int32) int {
	if h[a] != h[b] {
		return cmp.Compare(h[a], h[b])
	}
	return cmp.Compare(c.Ints[a], c.Ints[b])
}

func (h HighWords) RowRanks(c *Column, rows []int32) (ranks, rep []int32, distinct int) {
	ranks = make([]int32, len(rows))
	order := make([]int32, 0, len(rows))
	for i, r := range rows {
		ranks[i] = -1
		if !c.IsNull(int(r)) {
			order = append(order, int32(i))
		}
	}
	slices.SortFunc(order, func(a, b int32) int { return h.compare(c, rows[a], rows[b]) })
	for k, i := range order {
		if k == 0 || h.compare(c, rows[order[k-1]], rows[i]) != 0 {
			rep = append(rep, i)
		}
		ranks[i] = int32(len(rep) - 1)
	}
	return ranks, rep, len(rep)
}

func (h HighWords) Bounds(c *Column, rows []int32, lo, hi *Value) (nulls int64) {
	low, high := int32(-1), int32(-1)
	for _, r := range rows {
		switch {
		case c.IsNull(int(r)):
			nulls++
		case low < 0:
			low, high = r, r
		case h.compare(c, r, low) < 0:
			low = r
		case h.compare(c, r, high) > 0:
			high = r
		}
	}
	if low >= 0 {
		*lo, *hi = c.Value(int(low)), c.Value(int(high))
	}
	return nulls
}
