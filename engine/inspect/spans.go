package inspect

import (
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
	lo := make([]table.Value, len(in.stats))
	hi := make([]table.Value, len(in.stats))
	var all []table.Value
	for j := range in.stats {
		st := &in.stats[j]
		if !in.hasStats[j] || st.MinValues[li].Absent() || st.MaxValues[li].Absent() {
			continue
		}
		lo[j], hi[j] = st.MinValues[li], st.MaxValues[li]
		all = append(all, lo[j], hi[j])
	}
	slices.SortFunc(all, table.Compare)
	all = slices.CompactFunc(all, func(a, b table.Value) bool { return table.Compare(a, b) == 0 })
	rank := func(v table.Value) int {
		r, _ := slices.BinarySearchFunc(all, v, table.Compare)
		return r
	}
	out := make([]float64, len(in.stats))
	d := float64(len(all))
	for j := range out {
		if lo[j].Absent() {
			out[j] = -1
			continue
		}
		out[j] = float64(rank(hi[j])-rank(lo[j])+1) / d
	}
	return out, nil
}
