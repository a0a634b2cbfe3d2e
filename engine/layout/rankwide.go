package layout

import (
	"slices"

	"layoutlab/engine/table"
)

// rankWide ranks a decimal column whose values need a high word (table.Column.His: past 18
// digits, up to decimal(38)) by sorting the non-null positions by (Hi, I), the order
// table.Compare gives decimals of one scale: exact, where a float image of the value would
// merge neighbours and let a file's bounds miss a row it holds.
func rankWide(c *table.Column, rows []int32, r *Ranks) {
	pos := make([]int32, 0, len(rows))
	for i, row := range rows {
		if c.IsNull(int(row)) {
			r.R[i] = -1
			continue
		}
		pos = append(pos, int32(i))
	}
	cmpPos := func(a, b int32) int {
		x, y := rows[a], rows[b]
		if c.His[x] != c.His[y] {
			if c.His[x] < c.His[y] {
				return -1
			}
			return 1
		}
		switch {
		case c.Ints[x] < c.Ints[y]:
			return -1
		case c.Ints[x] > c.Ints[y]:
			return 1
		}
		return 0
	}
	slices.SortFunc(pos, cmpPos)
	rank := int32(-1)
	for k, p := range pos {
		if k == 0 || cmpPos(pos[k-1], p) != 0 {
			rank++
			r.Rep = append(r.Rep, p)
		}
		r.R[p] = rank
	}
	r.Distinct = int(rank + 1)
}
