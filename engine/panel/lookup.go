package panel

import (
	"fmt"
	"strings"

	"layoutlab/engine/scenario"
	"layoutlab/engine/table"
)

// PointLookups is the mean, fewest and most files a point lookup `Column = v` opens on a
// panel's layout, over Values values v of the column.
type PointLookups struct {
	Column      string
	Values      int
	Mean        float64
	Least, Most int
	FilesTotal  int
}

// MeanPointLookup runs p's layout with the point lookup `col = v` for n values v of col taken
// at rows spread evenly through the table (row (2i+1)·rows/2n, away from its first and last
// rows), so that each value exists in the data, as the timeline's lookup readout averages over
// its probe values. p's own WHERE is ignored. One value can fall where a file boundary does or
// does not: the mean is what the layout does for a lookup, the widget's one WHERE an instance.
func (s *Store) MeanPointLookup(p scenario.Panel, col string, n int) (PointLookups, error) {
	out := PointLookups{Column: col, Values: n, Least: -1}
	if n < 1 {
		return out, fmt.Errorf("point lookups over %d values", n)
	}
	sc := scenario.Scenario{View: "panel", Panel: p}
	sc.EnsureDefaults()
	r := &run{s: s, prio: Shown, budget: -1}
	te, err := s.table(r, tableKey{sc.Panel.Rows, sc.Panel.Seed})
	if err != nil {
		return out, err
	}
	t := te.t
	leaf := t.LeafIndex(col)
	if leaf < 0 {
		return out, fmt.Errorf("no column %q", col)
	}
	if err := fill(r, te, leaf); err != nil {
		return out, err
	}
	c := &t.Cols[leaf]
	for i := range n {
		v := c.Value(int((2*int64(i) + 1) * int64(t.NumRows) / (2 * int64(n))))
		lit, ok := sqlLiteral(v)
		if !ok {
			return out, fmt.Errorf("point lookups on %s: no literal for its type %s", col, t.Leaves[leaf].Type)
		}
		q := sc.Panel
		q.Where = col + " = " + lit
		r, err := s.Answer(q, Shown, nil)
		if err != nil {
			return out, err
		}
		if r.Error != nil {
			return out, fmt.Errorf("%s: %s", q.Where, r.Error.Message)
		}
		out.Mean += float64(r.FilesRead) / float64(n)
		out.FilesTotal = r.FilesTotal
		if out.Least < 0 || r.FilesRead < out.Least {
			out.Least = r.FilesRead
		}
		out.Most = max(out.Most, r.FilesRead)
	}
	return out, nil
}

// sqlLiteral writes v as the WHERE parser reads it: numbers, dates and strings; ok is false
// for other types.
func sqlLiteral(v table.Value) (lit string, ok bool) {
	switch v.Kind {
	case table.Bigint, table.Int, table.Double, table.Decimal:
		return v.String(), true
	case table.Date:
		return "DATE'" + v.String() + "'", true
	case table.String:
		return "'" + strings.ReplaceAll(v.String(), "'", "''") + "'", true
	}
	return "", false
}
