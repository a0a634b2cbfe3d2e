package inspect

import (
	"fmt"
	"slices"

	deltalog "layoutlab/engine/log"
	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// SpanColumns lists the columns a file's span can be measured on: the data columns whose
// statistics data skipping reads (partition columns hold one value per file), by logical name,
// in schema order.
func SpanColumns(s *deltalog.Snapshot) ([]string, error) {
	lleaves, _, err := spanLeaves(s)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, l := range lleaves {
		out = append(out, l.Name())
	}
	return out, nil
}

// Spans gives each live file of s (in Report.Files order) the span of column, measured as the
// simulator measures it (engine/panel, "Spans") but from the statistics, since a log holds no
// rows: the table's distinct non-null minimum and maximum values of the column, over every file,
// are ranked 0..D-1, and a file whose statistics say [min, max] covers
//
//	span = (rank(max) - rank(min) + 1) / D
//
// of the column's range. A file without a minimum or maximum for the column (not collected, all
// NULL, or unreadable) gets -1: its span is unknown.
func Spans(s *deltalog.Snapshot, column string) ([]float64, error) {
	lleaves, pleaves, err := spanLeaves(s)
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(lleaves, func(l table.Leaf) bool { return l.Name() == column })
	if i < 0 {
		return nil, fmt.Errorf("no statistics column %q (columns with statistics: %v)", column, leafNames(lleaves))
	}
	leaf := pleaves[i : i+1]
	files := s.Files()
	lo := make([]table.Value, len(files))
	hi := make([]table.Value, len(files))
	var all []table.Value
	for j, f := range files {
		if f.Stats == "" {
			continue
		}
		st, err := stats.ParseJSON(f.Stats, leaf)
		if err != nil || st.MinValues[0].Absent() || st.MaxValues[0].Absent() {
			continue
		}
		lo[j], hi[j] = st.MinValues[0], st.MaxValues[0]
		all = append(all, lo[j], hi[j])
	}
	slices.SortFunc(all, table.Compare)
	all = slices.CompactFunc(all, func(a, b table.Value) bool { return table.Compare(a, b) == 0 })
	rank := func(v table.Value) int {
		r, _ := slices.BinarySearchFunc(all, v, table.Compare)
		return r
	}
	out := make([]float64, len(files))
	d := float64(len(all))
	for j := range files {
		if lo[j].Absent() {
			out[j] = -1
			continue
		}
		out[j] = float64(rank(hi[j])-rank(lo[j])+1) / d
	}
	return out, nil
}

// spanLeaves are the skipping schema's leaves that are not partition columns, with logical and
// physical names, index-aligned.
func spanLeaves(s *deltalog.Snapshot) (logical, physical []table.Leaf, err error) {
	md := s.Metadata()
	schema, err := deltalog.ParseSchema(md.SchemaString)
	if err != nil {
		return nil, nil, err
	}
	l, p := schema.SkippingSchema()
	ll, pl := l.Leaves(), p.Leaves()
	for i := range ll {
		if !ll[i].Type.SkippingEligible() || (len(ll[i].Path) == 1 && slices.Contains(md.PartitionColumns, ll[i].Path[0])) {
			continue
		}
		logical, physical = append(logical, ll[i]), append(physical, pl[i])
	}
	return logical, physical, nil
}

func leafNames(ls []table.Leaf) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.Name()
	}
	return out
}
