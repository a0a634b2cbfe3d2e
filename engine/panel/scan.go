package panel

import (
	"slices"

	"layoutlab/engine/skipping"
	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// scan runs Delta's data skipping (skipping.FilesForScan: partition filters, the min/max
// rewrites, verifyStatsForFilter) for the WHERE predicate and marks the files it reads. A
// predicate that does not parse or resolve is an invalid-input error naming the position.
func (e *Engine) scan(t *table.Table, where string, fs []stats.FileStats, files [][]int32, paths []string, partValues []map[string]string, partCols []string, indexed []bool, read []bool) error {
	f, err := e.whereFilter(t, where, partCols, indexed)
	if err != nil {
		return invalid("where: " + err.Error()) // a parse error is a skipping.ErrorList, as it prints
	}
	in := make([]skipping.File, len(fs))
	for i := range fs {
		in[i] = skipping.File{Path: paths[i], PartitionValues: partValues[i], Stats: &fs[i], Rows: int64(len(files[i]))}
	}
	s := f.FilesForScan(in)
	for i := range read {
		read[i] = s.Reasons[i].Kept()
	}
	return nil
}

// whereCache is the WHERE the engine parsed last (skipping.Parse over a table's leaves) and the
// filter compiled from it (skipping.Compile) for partition and statistics columns, kept while
// none of them changes: a files move parsed the WHERE twice and compiled it, about a sixth of
// the move under wasm.
type whereCache struct {
	t     *table.Table
	where string
	pred  skipping.Expr
	err   error
	refs  []int // the leaves pred reads (skipping.ReferencedLeaves); callers do not modify it
	// The filter, nil until compiled, for parts and indexed.
	filter  *skipping.Filter
	parts   []string
	indexed []bool
}

// parseWhere is skipping.Parse(where, t.Leaves), parsed once while the table and the WHERE stay.
func (e *Engine) parseWhere(t *table.Table, where string) (skipping.Expr, error) {
	w := &e.where
	if w.t != t || w.where != where {
		pred, err := skipping.Parse(where, t.Leaves)
		*w = whereCache{t: t, where: where, pred: pred, err: err}
		if err == nil {
			w.refs = skipping.ReferencedLeaves(pred)
		}
	}
	return w.pred, w.err
}

// whereFilter is the WHERE compiled for the table's partition columns and statistics columns
// (indexed, per leaf), compiled once while none of them changes. An error is a parse error
// (skipping.ErrorList) or the compile's.
func (e *Engine) whereFilter(t *table.Table, where string, partCols []string, indexed []bool) (*skipping.Filter, error) {
	pred, err := e.parseWhere(t, where)
	if err != nil {
		return nil, err
	}
	w := &e.where
	if w.filter == nil || !slices.Equal(w.parts, partCols) || !slices.Equal(w.indexed, indexed) {
		f, err := skipping.Compile(pred, skipping.Table{Leaves: t.Leaves, PartitionColumns: partCols, StatsColumns: indexed})
		if err != nil {
			return nil, err // not kept: a Run that fails here reports it, and the next compiles again
		}
		w.filter, w.parts, w.indexed = f, slices.Clone(partCols), slices.Clone(indexed)
	}
	return w.filter, nil
}
