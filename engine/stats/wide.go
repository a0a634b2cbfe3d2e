package stats

import "layoutlab/engine/table"

// wideRange is the min, max and null count over rows of a decimal column with high words
// (table.Column.His: past 18 digits, up to decimal(38)), compared exactly by (Hi, I) as
// table.Compare orders decimals of one scale; Delta's min/max of a DecimalType column are its
// exact smallest and largest values (StatisticsCollection.statsCollector: min(col), max(col)).
func wideRange(col *table.Column, rows []int32) (lo, hi table.Value, nulls int64, ok bool) {
	var minR, maxR int32
	for _, r := range rows {
		if col.Nulls != nil && col.Nulls[r] {
			nulls++
			continue
		}
		if !ok {
			minR, maxR, ok = r, r, true
			continue
		}
		if less128(col, r, minR) {
			minR = r
		}
		if less128(col, maxR, r) {
			maxR = r
		}
	}
	if ok {
		lo, hi = col.Value(int(minR)), col.Value(int(maxR))
	}
	return lo, hi, nulls, ok
}

func less128(c *table.Column, a, b int32) bool {
	if c.His[a] != c.His[b] {
		return c.His[a] < c.His[b]
	}
	return c.Ints[a] < c.Ints[b]
}
