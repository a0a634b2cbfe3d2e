package inspect

import (
	"fmt"
	"slices"

	"layoutlab/engine/layout"
	"layoutlab/engine/table"
	"layoutlab/engine/work"
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

// SpansYield gives each file (in Report.Files order) the span of column, measured as the simulator
// measures it (engine/panel, "Spans") but from the statistics, since a log holds no rows: the
// table's distinct non-null minimum and maximum values of the column, over every file, are
// ranked 0..D-1, and a file whose statistics say [min, max] covers
//
//	span = (rank(max) - rank(min) + 1) / D
//
// of the column's range. A file without a minimum or maximum for the column (not collected, all
// NULL, or unreadable) gets -1: its span is unknown.
//
// y is told as it goes, every spanTurnFiles files and through the ranking, so that a page can
// take turns (a million files' spans were one 524 ms stretch of the table page); y's error
// stops it.
func (in *Inspector) SpansYield(column string, y work.Yield) ([]float64, error) {
	li := in.spanLeaf(column)
	if li < 0 {
		return nil, fmt.Errorf("no statistics column %q (columns with statistics: %v)", column, in.SpanColumns())
	}
	in.readLeaves([]int{li})
	n := len(in.hasStats)
	files, rank, distinct, err := in.intRanks(li, y)
	if files == nil && err == nil {
		files, rank, distinct, err = in.valueRanks(li, y)
	}
	if err != nil {
		return nil, err
	}
	out := make([]float64, n)
	for j := range out {
		out[j] = -1
	}
	for lo := 0; lo < len(files); lo += spanBlock {
		hi := min(lo+spanBlock, len(files))
		fileSpans(out, files[lo:hi], rank[2*lo:2*hi], distinct)
		if err := spanTurn(y, "the spans", lo, len(files)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// spanTurn tells y, every spanTurnFiles files, that done of total are done; the count has no
// unit, which the table page shows nothing for (tablepage.ShowProgress) but yields at.
func spanTurn(y work.Yield, step string, done, total int) error {
	if done%spanTurnFiles != 0 || done == 0 {
		return nil
	}
	return y.Tick(step, done, total, "")
}

// spanTurnFiles is how many files SpansYield's loops work through between two ticks: a multiple
// of spanBlock.
const spanTurnFiles = 32 * spanBlock

// fileSpans sets each file's span from the ranks of its bounds (rank[2k], rank[2k+1]).
//
//go:noinline
func fileSpans(out []float64, files []int32, rank []int32, distinct int) {
	for k, j := range files {
		out[j] = float64(rank[2*k+1]-rank[2*k]+1) / float64(distinct)
	}
}

// spanBlock is the files of one call of Spans' loops. Under js/wasm V8 runs a call in the code
// it began in, and a function's first calls in baseline code: a loop over 100,000 files in one
// call would run unoptimised throughout (V8 optimises a wasm function for its later calls,
// never the one under way: v8.dev/blog/wasm-dynamic-tiering).
const spanBlock = 4096

// valueRanks gives the files with both bounds of leaf li (in file order) and the ranks of their
// bounds side by side, a file's minimum at 2k, its maximum at 2k+1, among the distinct bounds.
func (in *Inspector) valueRanks(li int, y work.Yield) (files []int32, rank []int32, distinct int, err error) {
	n := len(in.hasStats)
	files, all := make([]int32, 0, n), make([]table.Value, 0, 2*n)
	for lo := 0; lo < n; lo += spanBlock {
		files, all = in.bounds(li, lo, min(lo+spanBlock, n), files, all)
		if err := spanTurn(y, "the bounds", lo, n); err != nil {
			return nil, nil, 0, err
		}
	}
	rank, distinct, err = denseRanks(all, y)
	return files, rank, distinct, err
}

// bounds appends the files among [lo, hi) with a minimum and a maximum of leaf li, and those
// bounds.
//
//go:noinline
func (in *Inspector) bounds(li, lo, hi int, files []int32, all []table.Value) ([]int32, []table.Value) {
	c := in.cols.leaves[li]
	for j := lo; j < hi; j++ {
		if !in.hasStats[j] {
			continue
		}
		if lo, hi := c.get(0, j), c.get(1, j); !lo.Absent() && !hi.Absent() {
			files = append(files, int32(j))
			all = append(all, lo, hi)
		}
	}
	return files, all
}

// denseRanks gives each of all, which are one column's values, its rank among their distinct
// values, and says how many there are. A column of integers, dates, timestamps or decimals of
// one scale, or of strings, is ranked as the simulator ranks a column (layout.RankRows);
// table.Compare orders anything else.
func denseRanks(all []table.Value, y work.Yield) (rank []int32, distinct int, err error) {
	kind, scale := table.Invalid, uint8(0)
	if len(all) > 0 {
		kind, scale = all[0].Kind, all[0].Scale
	}
	same := true
	for lo := 0; lo < len(all) && same; lo += spanBlock {
		same = allOf(all[lo:min(lo+spanBlock, len(all))], kind, scale)
	}
	c := table.Column{Kind: kind}
	switch {
	case same && (kind == table.Int || kind == table.Bigint || kind == table.Date || kind == table.Timestamp ||
		kind == table.TimestampNTZ || kind == table.Decimal):
		c.Ints = make([]int64, len(all))
	case same && kind == table.String:
		c.Strs = make([]string, len(all))
	default:
		rank, distinct = compareRanks(all)
		return rank, distinct, nil
	}
	for lo := 0; lo < len(all); lo += spanBlock {
		valuesInto(&c, all, lo, min(lo+spanBlock, len(all)))
		if err := spanTurn(y, "the values", lo, len(all)); err != nil {
			return nil, 0, err
		}
	}
	r, err := layout.RankRowsYield(&c, layout.AllRows(len(all)), turnsOf(y, "ranking the values"))
	return r.R, r.Distinct, err
}

// allOf says whether every value is of kind and scale, within 64 bits.
//
//go:noinline
func allOf(vals []table.Value, kind table.Kind, scale uint8) bool {
	for _, v := range vals {
		if v.Kind != kind || v.Scale != scale || v.Hi != 0 { // a decimal past 64 bits needs Hi too
			return false
		}
	}
	return true
}

// valuesInto copies values [lo, hi) into the column: its strings, or its integers.
//
//go:noinline
func valuesInto(c *table.Column, all []table.Value, lo, hi int) {
	for i := lo; i < hi; i++ {
		if c.Strs != nil {
			c.Strs[i] = all[i].S
		} else {
			c.Ints[i] = all[i].I
		}
	}
}

// compareRanks is denseRanks by table.Compare: values of mixed kinds or scales, decimals past 64
// bits, doubles, booleans.
func compareRanks(all []table.Value) (rank []int32, distinct int) {
	keys := slices.Clone(all)
	slices.SortFunc(keys, table.Compare)
	keys = slices.CompactFunc(keys, func(a, b table.Value) bool { return table.Compare(a, b) == 0 })
	rank = make([]int32, len(all))
	for i, v := range all {
		r, _ := slices.BinarySearchFunc(keys, v, table.Compare)
		rank[i] = int32(r)
	}
	return rank, len(keys)
}
