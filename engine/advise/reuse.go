package advise

import (
	"maps"
	"slices"

	"layoutlab/engine/layout"
	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// The candidates share work where the mechanism gives the same answer: a key's ranks over the
// whole table are computed once (ranksOf), and with them its range ids (engine/layout's cache);
// a partitioning reads its partitions off the key's ranks; and a candidate whose files are the
// very files the one before it left (CLUSTER BY (k) and ZORDER BY (k) of an unpartitioned
// table: one bin, Z-order on one key, the same files and seed) is pruned once. A one-key
// layout keeps engine/layout's general path (its sort yields): the single-key walk
// (LayoutScratch) took as much CPU here and is one stretch without a yield.

// scoreAfresh, set only by tests, makes every advisor score each candidate without the sharing
// above (layout.Bins, its own pruning), for the tests that compare the two.
var scoreAfresh = false

// partitionBins are the table's rows grouped by the value of leaf l, as layout.Bins groups them
// (NULL first, then ascending values, each bin's rows in table order), read off the column's
// ranks with a counting sort instead of a map lookup per row.
func (a *advisor) partitionBins(l int) ([]layout.Bin, error) {
	r, err := a.ranksOf(l)
	if err != nil {
		return nil, err
	}
	start := make([]int32, r.Distinct+2) // bucket rank+1; NULL (-1) is bucket 0
	for _, k := range r.R {
		start[k+2]++
	}
	for i := 2; i < len(start); i++ {
		start[i] += start[i-1]
	}
	bounds := slices.Clone(start)
	back := make([]int32, len(r.R))
	for i, k := range r.R {
		back[start[k+1]] = a.all[i]
		start[k+1]++
	}
	col := &a.ft.Cols[l]
	var bins []layout.Bin
	for b := 0; b+1 < len(bounds); b++ {
		lo, hi := bounds[b], bounds[b+1]
		if lo == hi {
			continue
		}
		rows := back[lo:hi:hi]
		bins = append(bins, layout.Bin{Values: []table.Value{col.Value(int(rows[0]))}, Rows: rows})
	}
	return bins, nil
}

// pruned is a candidate's pruning, kept for the next candidate.
type pruned struct {
	ar      *arrangement
	indexed []bool
	cfg     stats.Config
	queries []QueryCost
	fw, bw  float64
}

// sameFiles reports whether ar holds the very files p was pruned on (the same rows, partition
// values and bytes) under the same statistics: its pruning is then p's.
func (p *pruned) sameFiles(ar *arrangement, indexed []bool, cfg stats.Config) bool {
	if p == nil || p.ar == ar || len(p.ar.files) != len(ar.files) || !slices.Equal(p.indexed, indexed) ||
		!slices.Equal(p.ar.partCols, ar.partCols) || !slices.Equal(p.ar.bytes, ar.bytes) || !sameConfig(p.cfg, cfg) {
		return false
	}
	for i, f := range ar.files {
		g := p.ar.files[i]
		if len(f) != len(g) || !maps.Equal(p.ar.parts[i], ar.parts[i]) || !slices.Equal(f, g) {
			return false
		}
	}
	return true
}

func sameConfig(a, b stats.Config) bool {
	return slices.Equal(a.PartitionColumns, b.PartitionColumns) && slices.Equal(a.StatsColumns, b.StatsColumns) &&
		a.NumIndexedCols == b.NumIndexedCols && a.StringPrefixLength == b.StringPrefixLength
}
