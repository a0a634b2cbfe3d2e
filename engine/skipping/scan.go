package skipping

import (
	"fmt"
	"strings"

	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// Table is what the skipping reader knows of a table's metadata.
type Table struct {
	// Leaves are the schema's leaves (table.Schema.Leaves), partition columns included; Parse must
	// have been given the same list.
	Leaves []table.Leaf
	// PartitionColumns are metadata.partitionColumns: top-level column names. A file's
	// partitionValues are keyed by the name as the schema spells it.
	PartitionColumns []string
	// StatsColumns marks the leaves in the stats schema, the columns that
	// delta.dataSkippingNumIndexedCols or delta.dataSkippingStatsColumns select. A predicate on a
	// column outside it is unusable (StatsProvider's "IfExists"), which is not the same as a
	// file whose stats lack the column (verifyStatsForFilter keeps that file). nil means every
	// non-partition leaf.
	StatsColumns []bool
}

// File is one add action as the scan sees it.
type File struct {
	Path            string
	PartitionValues map[string]string // a missing key is a NULL partition value
	Stats           *stats.FileStats  // nil: the add action has no stats
	Rows            int64             // the true row count (for rows-read figures)
	Bytes           int64
}

// Verdict says whether a file is read and why.
type Verdict uint8

const (
	KeptNoFilter       Verdict = iota // the query has no predicate
	KeptMayMatch                      // partition values and statistics allow a matching row
	KeptStatsMissing                  // verifyStatsForFilter failed: a needed statistic is absent
	KeptNoUsableFilter                // there are data filters but Delta can rewrite none of them
	PrunedByPartition                 // a partition filter is not TRUE for the file's values
	PrunedByStats                     // the statistics predicate is not TRUE
)

// Reason explains one file's verdict.
type Reason struct {
	Verdict Verdict
	// Conjunct is the canonical text of the top-level conjunct that pruned the file (the first
	// one in predicate order that is not TRUE).
	Conjunct string
	// Stat names the first missing statistic for KeptStatsMissing, e.g. "maxValues.b", or says
	// "no stats" when the add action has none.
	Stat string
}

// Kept reports whether the file is read.
func (r Reason) Kept() bool { return r.Verdict < PrunedByPartition }

func (r Reason) String() string {
	switch r.Verdict {
	case KeptNoFilter:
		return "read: no filter"
	case KeptMayMatch:
		return "read: may match"
	case KeptStatsMissing:
		return "read: stats missing (" + r.Stat + ")"
	case KeptNoUsableFilter:
		return "read: no usable data filter"
	case PrunedByPartition:
		return "pruned by partition filter " + r.Conjunct
	}
	return "pruned by " + r.Conjunct
}

// Scan is the outcome of filesForScan over a file list.
type Scan struct {
	Read, Pruned          []int // file indices, ascending
	RowsRead, RowsTotal   int64
	BytesRead, BytesTotal int64
	Reasons               []Reason // per file, aligned with the file list
}

type dataConjunct struct {
	src  Expr
	text string  // src's canonical text, for reasons
	pred *dsPred // nil: unusable
}

// Filter is a compiled predicate: partition filters, the data-skipping predicate and the stats it
// needs. It is immutable, safe for concurrent use, and Keep does not allocate.
type Filter struct {
	t        Table
	pred     Expr
	partConj []Expr
	partText []string
	dataConj []dataConjunct
	skip     *dsPred // AND of the usable data conjuncts; nil if none
	partKey  []string
}

// Compile prepares pred (from Parse over t.Leaves) for evaluation. A nil pred reads every file.
func Compile(pred Expr, t Table) (*Filter, error) {
	f := &Filter{t: t, pred: pred, partKey: make([]string, len(t.Leaves))}
	if t.StatsColumns != nil && len(t.StatsColumns) != len(t.Leaves) {
		return nil, fmt.Errorf("skipping: StatsColumns has %d entries for %d leaves", len(t.StatsColumns), len(t.Leaves))
	}
	for _, pc := range t.PartitionColumns {
		found := false
		for i, l := range t.Leaves {
			if len(l.Path) == 1 && strings.EqualFold(l.Path[0], pc) {
				f.partKey[i] = l.Path[0]
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("skipping: partition column %q is not a top-level column", pc)
		}
	}
	if pred == nil {
		return f, nil
	}
	if err := checkLeaves(pred, len(t.Leaves)); err != nil {
		return nil, err
	}
	b := &DataFiltersBuilder{leaves: t.Leaves, inStats: func(leaf int) bool {
		if f.partKey[leaf] != "" {
			return false
		}
		return t.StatsColumns == nil || t.StatsColumns[leaf]
	}}
	for _, c := range splitConjuncts(pred, nil) {
		if f.partitionOnly(c) {
			f.partConj = append(f.partConj, c)
			f.partText = append(f.partText, c.String())
			continue
		}
		p := b.constructDataFilters(lower(c), 0)
		f.dataConj = append(f.dataConj, dataConjunct{src: c, text: c.String(), pred: p})
		if p == nil {
			continue
		}
		if f.skip == nil {
			f.skip = p
		} else {
			f.skip = &dsPred{&sAnd{f.skip.expr, p.expr}, joinRefs(f.skip.refs, p.refs)}
		}
	}
	return f, nil
}

func checkLeaves(e Expr, n int) error {
	if c, ok := e.(*Column); ok && (c.Leaf < 0 || c.Leaf >= n) {
		return fmt.Errorf("skipping: column %s is not one of the table's %d leaves", c, n)
	}
	for _, c := range children(e) {
		if err := checkLeaves(c, n); err != nil {
			return err
		}
	}
	return nil
}

// splitConjuncts is splitConjunctivePredicates: the operands of top-level ANDs, in order.
func splitConjuncts(e Expr, out []Expr) []Expr {
	if a, ok := e.(*And); ok {
		return splitConjuncts(a.R, splitConjuncts(a.L, out))
	}
	return append(out, e)
}

// partitionOnly is DeltaTableUtils.isPredicatePartitionColumnsOnly: every referenced column is a
// partition column (vacuously true for a literal-only conjunct).
func (f *Filter) partitionOnly(e Expr) bool {
	if c, ok := e.(*Column); ok {
		return f.partKey[c.Leaf] != ""
	}
	for _, c := range children(e) {
		if !f.partitionOnly(c) {
			return false
		}
	}
	return true
}

// verifyStatsForFilter reports whether every statistic the skipping predicate references is
// present: for a min or max, (stat IS NOT NULL OR nullCount = numRecords) AND nullCount IS NOT
// NULL AND numRecords IS NOT NULL; for any other, stat IS NOT NULL.
func verifyStatsForFilter(fs *stats.FileStats, refs []statRef) (bool, statRef) {
	for _, r := range refs {
		if !present(fs, r) {
			return false, r
		}
	}
	return true, statRef{}
}

// Keep reports whether the file is read:
// partitionFilter AND (dataSkippingPredicate OR NOT verifyStatsForFilter(referencedStats)).
// fs may be nil (no stats). It does not allocate.
func (f *Filter) Keep(fs *stats.FileStats, partitionValues map[string]string) bool {
	r := partRow{f: f, pv: partitionValues}
	for _, c := range f.partConj {
		if evalBool(c, &r) != triTrue {
			return false
		}
	}
	if f.skip == nil {
		return true
	}
	for _, ref := range f.skip.refs {
		if !present(fs, ref) {
			return true
		}
	}
	return f.skip.expr.eval(fs) == triTrue
}

// Explain gives the verdict for one file with the reason.
func (f *Filter) Explain(fs *stats.FileStats, partitionValues map[string]string) Reason {
	if f.pred == nil {
		return Reason{Verdict: KeptNoFilter}
	}
	r := partRow{f: f, pv: partitionValues}
	for i, c := range f.partConj {
		if evalBool(c, &r) != triTrue {
			return Reason{Verdict: PrunedByPartition, Conjunct: f.partText[i]}
		}
	}
	if len(f.dataConj) == 0 {
		return Reason{Verdict: KeptMayMatch}
	}
	if f.skip == nil {
		return Reason{Verdict: KeptNoUsableFilter}
	}
	if ok, missing := verifyStatsForFilter(fs, f.skip.refs); !ok {
		stat := missing.String()
		switch {
		case fs == nil:
			stat = "no stats"
		case fs.NumRecords < 0 && missing.typ != statNullCount:
			stat = "numRecords"
		}
		return Reason{Verdict: KeptStatsMissing, Stat: stat}
	}
	if f.skip.expr.eval(fs) == triTrue {
		return Reason{Verdict: KeptMayMatch}
	}
	for _, c := range f.dataConj {
		if c.pred != nil && c.pred.expr.eval(fs) != triTrue {
			return Reason{Verdict: PrunedByStats, Conjunct: c.text}
		}
	}
	return Reason{Verdict: PrunedByStats, Conjunct: f.pred.String()}
}

// FilesForScan is DataSkippingReaderBase.filesForScan over a file list.
func (f *Filter) FilesForScan(files []File) Scan {
	s := Scan{Reasons: make([]Reason, len(files))}
	for i := range files {
		fl := &files[i]
		r := f.Explain(fl.Stats, fl.PartitionValues)
		s.Reasons[i] = r
		s.RowsTotal += fl.Rows
		s.BytesTotal += fl.Bytes
		if r.Kept() {
			s.Read = append(s.Read, i)
			s.RowsRead += fl.Rows
			s.BytesRead += fl.Bytes
		} else {
			s.Pruned = append(s.Pruned, i)
		}
	}
	return s
}

// SkippingPredicate prints the statistics predicate over the data filters, "(none)" when there
// is none.
func (f *Filter) SkippingPredicate() string {
	if f.skip == nil {
		return "(none)"
	}
	return sexprString(f.skip.expr)
}

// String prints the plan: partition filters, data filters (with the unusable ones), the
// statistics predicate and the statistics verifyStatsForFilter requires.
func (f *Filter) String() string {
	var b strings.Builder
	list := func(xs []string) string {
		if len(xs) == 0 {
			return "(none)"
		}
		return strings.Join(xs, " AND ")
	}
	var part, used, unused, refs []string
	for _, c := range f.partConj {
		part = append(part, c.String())
	}
	for _, c := range f.dataConj {
		if c.pred != nil {
			used = append(used, c.src.String())
		} else {
			unused = append(unused, c.src.String())
		}
	}
	if f.skip != nil {
		for _, r := range f.skip.refs {
			refs = append(refs, r.String())
		}
	}
	fmt.Fprintf(&b, "partition filters: %s\n", list(part))
	fmt.Fprintf(&b, "data filters: %s\n", list(used))
	fmt.Fprintf(&b, "unusable filters: %s\n", list(unused))
	fmt.Fprintf(&b, "skipping predicate: %s\n", f.SkippingPredicate())
	if len(refs) == 0 {
		refs = []string{"(none)"}
	}
	fmt.Fprintf(&b, "stats needed: %s", strings.Join(refs, ", "))
	return b.String()
}
