package panel

import (
	"strings"

	"layoutlab/engine/skipping"
	"layoutlab/engine/stats"
)

// scan is the scan stage: Delta's data skipping (skipping.FilesForScan: partition filters, the
// min/max rewrites, verifyStatsForFilter) for the WHERE predicate over the files' statistics
// fs, giving in why each file's verdict (skipping.Reason: read, or pruned by which conjunct). A predicate that does not parse or resolve is an
// invalid-input error naming the position.
func scan(r *run, te *tableEntry, c *cut, where string, partCols []string, indexed []bool, fs []stats.FileStats, why []skipping.Reason) error {
	f, err := whereFilter(r, te, where, partCols, indexed)
	if err != nil {
		return err
	}
	if f.err != nil {
		return invalidKnob(f.err.Error(), "where") // a parse error is a skipping.ErrorList, as it prints
	}
	in := make([]skipping.File, len(fs))
	for i := range fs {
		in[i] = skipping.File{Path: c.paths[i], PartitionValues: c.partValues[i], Stats: &fs[i], Rows: int64(len(c.files[i]))}
	}
	s := f.filter.FilesForScan(in)
	copy(why, s.Reasons)
	return nil
}

// parseWhere is the WHERE's parse stage: skipping.Parse(where, t.Leaves) and the leaves it reads,
// stored under the text.
func parseWhere(r *run, te *tableEntry, where string) (whereEntry, error) {
	return memoLRU(&te.mu, &te.wheres, where, r.prio, func() (whereEntry, error) {
		if err := r.begin(""); err != nil {
			return whereEntry{}, err
		}
		pred, err := skipping.Parse(where, te.t.Leaves)
		w := whereEntry{pred: pred, err: err}
		if err == nil {
			w.refs = skipping.ReferencedLeaves(pred)
		}
		return w, nil
	})
}

// whereLeaves are the leaves the WHERE reads; none when it is empty or does not parse (scan
// reports that error). Callers do not modify the slice.
func whereLeaves(r *run, te *tableEntry, where string) ([]int, error) {
	if strings.TrimSpace(where) == "" {
		return nil, nil
	}
	w, err := parseWhere(r, te, where)
	return w.refs, err
}

// whereFilter is the WHERE's compile stage: the parsed WHERE compiled (skipping.Compile) for the
// table's partition columns and statistics columns (indexed, per leaf), stored under the three.
// The entry's error is a parse error (skipping.ErrorList) or the compile's.
func whereFilter(r *run, te *tableEntry, where string, partCols []string, indexed []bool) (filterEntry, error) {
	w, err := parseWhere(r, te, where)
	if err != nil || w.err != nil {
		return filterEntry{err: w.err}, err
	}
	key := filterKey{where, strings.Join(partCols, "\x00"), bitsKey(indexed)}
	return memoLRU(&te.mu, &te.filters, key, r.prio, func() (filterEntry, error) {
		if err := r.begin(""); err != nil {
			return filterEntry{}, err
		}
		f, err := skipping.Compile(w.pred, skipping.Table{Leaves: te.t.Leaves, PartitionColumns: partCols, StatsColumns: indexed})
		return filterEntry{f, err}, nil
	})
}
