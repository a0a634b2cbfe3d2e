package inspect

import (
	"cmp"
	"fmt"
	"slices"

	"layoutlab/engine/table"
)

// SpanColumns lists the columns a file's span can be measured on: the data columns whose
// statistics data skipping reads (a partition column holds one value per file), by logical
// name, in schema order.
func (in *Inspector) SpanColumns() []string {
	var out []string
	for _, i := range in.spanLeaves() {
		out = append(out, in.lleaves[i].Name())
	}
	return out
}

// spanLeaves are the indexes of SpanColumns' leaves.
func (in *Inspector) spanLeaves() []int {
	parts := in.s.Metadata().PartitionColumns
	var out []int
	for i, l := range in.lleaves {
		if l.Type.SkippingEligible() && !(len(l.Path) == 1 && slices.Contains(parts, l.Path[0])) {
			out = append(out, i)
		}
	}
	return out
}

// Spans gives each file (in Report.Files order) the span of column, measured as the simulator
// measures it (engine/panel, "Spans") but from the statistics, since a log holds no rows: the
// table's distinct non-null minimum and maximum values of the column, over every file, are
// ranked 0..D-1, and a file whose statistics say [min, max] covers
//
//	span = (rank(max) - rank(min) + 1) / D
//
// of the column's range. A file without a minimum or maximum for the column (not collected, all
// NULL, or unreadable) gets -1: its span is unknown.
func (in *Inspector) Spans(column string) ([]float64, error) {
	li := -1
	for _, i := range in.spanLeaves() {
		if in.lleaves[i].Name() == column {
			li = i
		}
	}
	if li < 0 {
		return nil, fmt.Errorf("no statistics column %q (columns with statistics: %v)", column, in.SpanColumns())
	}
	bounded := func(j int) bool {
		st := &in.stats[j]
		return in.hasStats[j] && !st.MinValues[li].Absent() && !st.MaxValues[li].Absent()
	}
	// Counted first, so that the values are gathered once into a slice of their size; the
	// bounds are read from the statistics where they are.
	n := 0
	for j := range in.stats {
		if bounded(j) {
			n++
		}
	}
	all := make([]table.Value, 0, 2*n)
	for j := range in.stats {
		if bounded(j) {
			all = append(all, in.stats[j].MinValues[li], in.stats[j].MaxValues[li])
		}
	}
	r := ranker(all)
	out := make([]float64, len(in.stats))
	for j := range out {
		if !bounded(j) {
			out[j] = -1
			continue
		}
		out[j] = float64(r.of(in.stats[j].MaxValues[li])-r.of(in.stats[j].MinValues[li])+1) / float64(r.distinct)
	}
	return out, nil
}

// ranks gives a value its rank among distinct values; distinct is how many there are.
type ranks struct {
	of       func(table.Value) int
	distinct int
}

// ranker ranks the distinct values of all, which are one column's: a column of integers,
// dates, timestamps or decimals of one scale is ranked on the int64s themselves, strings on the
// strings, so that 200,000 statistics sort in milliseconds; table.Compare orders anything else.
func ranker(all []table.Value) ranks {
	kind, scale := table.Invalid, uint8(0)
	same := true
	for i, v := range all {
		if i == 0 {
			kind, scale = v.Kind, v.Scale
		}
		same = same && v.Kind == kind && v.Scale == scale && v.Hi == 0 // a decimal past 64 bits needs Hi too
	}
	switch {
	case same && (kind == table.Int || kind == table.Bigint || kind == table.Date || kind == table.Timestamp ||
		kind == table.TimestampNTZ || kind == table.Decimal):
		return orderedRanks(all, func(v table.Value) int64 { return v.I })
	case same && kind == table.String:
		return orderedRanks(all, func(v table.Value) string { return v.S })
	}
	keys := slices.Clone(all)
	slices.SortFunc(keys, table.Compare)
	keys = slices.CompactFunc(keys, func(a, b table.Value) bool { return table.Compare(a, b) == 0 })
	return ranks{distinct: len(keys), of: func(v table.Value) int {
		r, _ := slices.BinarySearchFunc(keys, v, table.Compare)
		return r
	}}
}

// orderedRanks ranks on keys Go orders itself: slices.Sort and BinarySearch need no comparison
// function call per step.
func orderedRanks[K cmp.Ordered](all []table.Value, key func(table.Value) K) ranks {
	keys := make([]K, len(all))
	for i, v := range all {
		keys[i] = key(v)
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	return ranks{distinct: len(keys), of: func(v table.Value) int {
		r, _ := slices.BinarySearch(keys, key(v))
		return r
	}}
}
