package stats

import (
	"slices"

	"layoutlab/engine/table"
)

// Collector collects statistics for many files of one table, the way the layout panel recomputes
// them on every move. It dictionary-encodes each string column once: the codes follow the
// strings' byte order, so a string min/max becomes an int32 min/max, read from a 4-byte slice
// instead of chasing each string's bytes across memory. Results equal Collect's.
type Collector struct {
	t     *table.Table
	codes [][]int32  // per leaf, for String columns: the row's rank among the distinct values
	dict  [][]string // per leaf: distinct values in ascending byte order
}

// NewCollector prepares t for repeated Collect calls. t must not change afterwards.
func NewCollector(t *table.Table) *Collector {
	c := &Collector{t: t, codes: make([][]int32, len(t.Leaves)), dict: make([][]string, len(t.Leaves))}
	for i := range t.Cols {
		col := &t.Cols[i]
		if col.Kind != table.String || col.Dict != nil {
			continue // dictionary-encoded columns are read through their own codes
		}
		ids := make(map[string]int32)
		first := make([]int32, len(col.Strs))
		var values []string
		for r, s := range col.Strs {
			id, ok := ids[s]
			if !ok {
				id = int32(len(values))
				ids[s] = id
				values = append(values, s)
			}
			first[r] = id
		}
		order := make([]int32, len(values))
		for k := range order {
			order[k] = int32(k)
		}
		slices.SortFunc(order, func(a, b int32) int {
			switch {
			case values[a] < values[b]:
				return -1
			case values[a] > values[b]:
				return 1
			}
			return 0
		})
		rank := make([]int32, len(values))
		sorted := make([]string, len(values))
		for k, id := range order {
			rank[id] = int32(k)
			sorted[k] = values[id]
		}
		for r, id := range first {
			first[r] = rank[id]
		}
		c.codes[i], c.dict[i] = first, sorted
	}
	return c
}

// Collect is Collect(t, rows, indexed, cfg) for the prepared table.
func (c *Collector) Collect(rows []int32, indexed []bool, cfg Config) FileStats {
	return collect(c.t, rows, indexed, cfg, c, nil)
}

func (c *Collector) stringRange(i int, nulls []bool, rows []int32) (lo, hi string, nullCount int64, ok bool) {
	codes := c.codes[i]
	l, h := int32(len(c.dict[i])), int32(-1)
	for _, r := range rows {
		if nulls != nil && nulls[r] {
			nullCount++
			continue
		}
		v := codes[r]
		l = min(l, v)
		h = max(h, v)
	}
	if h < 0 {
		return "", "", nullCount, false
	}
	return c.dict[i][l], c.dict[i][h], nullCount, true
}
