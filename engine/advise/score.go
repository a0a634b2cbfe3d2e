package advise

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"layoutlab/engine/ddl"
	"layoutlab/engine/layout"
	"layoutlab/engine/skipping"
	"layoutlab/engine/stats"
	"layoutlab/engine/table"
	"layoutlab/engine/work"
)

// advisor scores candidates on one table's rows. It is not safe for concurrent use.
type advisor struct {
	t      *tableInfo
	rows   *Rows
	w      *Workload
	opt    Options
	ingest Ingest

	ft       *table.Table // the rows under the full schema's leaves (columns not read stay empty)
	all      []int32
	byFile   [][]int32 // the rows of each real file, ascending
	rowBytes []float64 // what each row weighs in a rewritten file (rowBytesOf)
	ranks    map[int]layout.Ranks
	lay      layout.Layouter
	coll     *stats.Collector
	refs     []bool // leaves the workload reads
	nightly  map[string]nightly
	// yield is the candidate under way's: called between its stages (its layout, its pruning,
	// each day of its nightly timeline), it tells Options.Yield the candidate's progress again,
	// so that the page can end its task, and stop, inside a candidate. nil when Options.Yield is.
	yield work.Yield
	// stageYield is a.yield while a candidate is scored, noting its stop (noteStop), for the
	// stages below score: the ranking of a bin, the statistics, the pruning.
	stageYield work.Yield
	// lastPrune is the last candidate's pruning, which the next reuses when its files are the
	// same (pruned.sameFiles); noReuse, set by tests, scores every candidate afresh.
	lastPrune *pruned
	noReuse   bool
}

func newAdvisor(t *tableInfo, r *Rows, w *Workload, opt Options, ingest Ingest) (*advisor, error) {
	a := &advisor{t: t, rows: r, w: w, opt: opt, ingest: ingest, ranks: map[int]layout.Ranks{}, nightly: map[string]nightly{},
		noReuse: scoreAfresh}
	ft, err := fullView(t, r.Table)
	if err != nil {
		return nil, err
	}
	a.ft = ft
	a.all = layout.AllRows(ft.NumRows)
	a.byFile = make([][]int32, len(t.files))
	for i, f := range r.File {
		a.byFile[f] = append(a.byFile[f], int32(i))
	}
	// Each pass over a million rows is a stretch of its own on the page.
	if err := opt.Yield.Begin(PrepareStep); err != nil {
		return nil, err
	}
	a.rowBytes = rowBytesOf(t, a.byFile, r.Table.NumRows, r.Sample.Fraction)
	a.refs = make([]bool, len(t.leaves))
	for _, q := range w.Queries {
		for _, l := range skipping.ReferencedLeaves(q.pred) {
			a.refs[l] = true
			if !t.read[l] {
				return nil, fmt.Errorf("advise: the rows lack column %q, which workload line %d reads", t.leaves[l].Name(), q.Line)
			}
		}
	}
	if err := opt.Yield.Begin(PrepareStep); err != nil {
		return nil, err
	}
	a.coll = stats.NewCollector(ft)
	return a, nil
}

// fullView puts the rows' columns under the snapshot's leaves, by logical name: the leaves the
// caller did not read stay empty columns that nothing reads (no query references them and they
// get no statistics).
func fullView(t *tableInfo, rt *table.Table) (*table.Table, error) {
	ft := &table.Table{Schema: t.schema, Leaves: t.leaves, Cols: make([]table.Column, len(t.leaves)), NumRows: rt.NumRows}
	read := make([]bool, len(t.leaves))
	for j, l := range rt.Leaves {
		i := t.leafOf(l.Name())
		if i < 0 {
			return nil, fmt.Errorf("advise: the rows have a column %q the table's schema has not", l.Name())
		}
		if j >= len(rt.Cols) || rt.Cols[j].Len() != rt.NumRows {
			return nil, fmt.Errorf("advise: column %q holds %d values for %d rows", l.Name(), rt.Cols[j].Len(), rt.NumRows)
		}
		ft.Cols[i], read[i] = rt.Cols[j], true
	}
	t.read = read
	return ft, nil
}

// rowBytesOf is what each row weighs when a rewrite moves it: its file's size spread over the
// file's physical rows (numRecords, deleted rows included, so the deleted rows' bytes leave with
// them), divided by the sample's fraction when the rows are a sample, so that the rows read
// weigh what the whole table does (whole row groups are sampled: a file may have none read,
// and a per-file scaling would drop its bytes). A file without numRecords spreads its size over
// the rows read from it.
func rowBytesOf(t *tableInfo, byFile [][]int32, n int, fraction float64) []float64 {
	out := make([]float64, n)
	scale := 1.0
	if fraction > 0 && fraction < 1 {
		scale = 1 / fraction
	}
	for i, rows := range byFile {
		if len(rows) == 0 {
			continue
		}
		size := float64(t.files[i].Size)
		per := size / float64(len(rows))
		if nr := t.numRecords[i]; nr > 0 {
			per = size / float64(nr) * scale
		}
		for _, r := range rows {
			out[r] = per
		}
	}
	return out
}

// scoreAll scores every candidate, in specs' order, telling Options.Yield before each; its
// error stops the scoring and is returned.
func (a *advisor) scoreAll() ([]Candidate, error) {
	y := a.opt.Yield
	if y != nil {
		// Ranking the workload's columns (partitionable) is still the preparation.
		a.stageYield = func(work.Progress) error { return y.Begin(PrepareStep) }
	}
	specs, err := a.specs()
	a.stageYield = nil
	if err != nil {
		return nil, err
	}
	n := len(specs)
	out := make([]Candidate, 0, n)
	for i, s := range specs {
		if err := y.Tick(CandidatesStep, i, n, "candidates"); err != nil {
			return nil, err
		}
		if y != nil {
			// The stages' own progress is not shown: the page shows the candidates'.
			a.yield = func(work.Progress) error { return y.Tick(CandidatesStep, i, n, "candidates") }
		}
		c, err := a.score(s)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	a.yield = nil
	if err := y.Tick(CandidatesStep, n, n, "candidates"); err != nil {
		return nil, err
	}
	return out, nil
}

// score runs one candidate through the mechanism: Delta's refusal, or the layout, statistics,
// skipping and the rewrite costs. Its error is only the yield's (a stop): the candidate's own
// failures are its Error.
func (a *advisor) score(s spec) (c Candidate, stop error) {
	c = Candidate{Layout: s.layout, Keys: s.keys, StatsColumns: s.statsCols, Queries: []QueryCost{}, NightlyStrategy: a.strategyFor(s)}
	if c.Keys == nil {
		c.Keys = []string{}
	}
	defer func() {
		// A bug must not take the other candidates with it: it is this candidate's error.
		if x := recover(); x != nil {
			c = Candidate{Layout: s.layout, Keys: c.Keys, Queries: []QueryCost{}, NightlyStrategy: c.NightlyStrategy,
				Error: &ErrorInfo{"LAYOUTLAB_INTERNAL", fmt.Sprint("internal error: ", x)}}
		}
	}()
	if err := a.check(s); err != nil {
		c.Error = errorInfo(err)
		return c, nil
	}
	if err := a.keysRead(s); err != nil {
		c.Error = &ErrorInfo{"LAYOUTLAB_ADVISE", err.Error()}
		return c, nil
	}
	// The layout's and the pruning's own yields (engine/layout's sorts and range ids, the
	// statistics file by file) reach a.yield; its error is told from the candidate's own by
	// being the one it returned, and stops the candidate with nothing kept.
	y := noteStop(a.yield, &stop)
	a.lay.Yield, a.stageYield = y, y
	defer func() { a.lay.Yield, a.stageYield = nil, nil }()
	ar, err := a.arrange(s)
	if err == nil {
		if err = y.Begin("the statistics and the pruning"); err == nil {
			err = a.prune(s, ar, &c)
		}
	}
	if stop != nil {
		return c, stop
	}
	if err != nil {
		c.Error = errorInfo(err)
		return c, nil
	}
	c.Files = len(ar.files)
	c.FirstOptimizeBytes = ar.first
	if stop = a.yield.Begin("the nightly OPTIMIZE"); stop != nil {
		return c, stop
	}
	return c, a.nightlyCost(&c)
}

// keysRead checks that each key is a leaf column whose values the rows hold.
func (a *advisor) keysRead(s spec) error {
	for _, k := range s.keys {
		l := a.t.leafOf(k)
		if l < 0 {
			return fmt.Errorf("key %q is not a leaf column of the table", k)
		}
		if !a.t.read[l] {
			return fmt.Errorf("key %q was not read from the data files", k)
		}
	}
	return nil
}

// prune collects each file's statistics (engine/stats, as Delta writes them for the candidate
// table's stats schema, on the leaves the workload reads) and runs each query's data skipping
// (engine/skipping) over them.
func (a *advisor) prune(s spec, ar *arrangement, c *Candidate) error {
	cfg, _ := a.statsConfigFor(s)
	indexed, err := stats.StatsSchema(a.t.schema, cfg)
	if err != nil {
		return err
	}
	schema := slices.Clone(indexed) // the candidate's stats schema: skipping uses no other column
	for i := range indexed {
		indexed[i] = indexed[i] && a.refs[i] && a.t.read[i]
	}
	if p := a.lastPrune; !a.noReuse && p.sameFiles(ar, indexed, cfg) {
		c.Queries = append(c.Queries, p.queries...)
		c.FilesReadWeighted, c.BytesReadWeighted = round3(p.fw), round3(p.bw)
		return nil
	}
	files := make([]skipping.File, len(ar.files))
	sts := make([]stats.FileStats, len(ar.files))
	y, since := a.stageYield, 0
	for i, rows := range ar.files {
		if since += len(rows); since >= collectTick {
			since = 0
			if err := y.Tick("collecting the statistics", i, len(ar.files), "files"); err != nil {
				return err
			}
		}
		sts[i] = a.coll.Collect(rows, indexed, cfg)
		files[i] = skipping.File{PartitionValues: ar.parts[i], Stats: &sts[i], Rows: int64(len(rows)), Bytes: ar.bytes[i]}
		if len(rows) == 0 && s.layout == AsIs {
			// A real file none of whose rows were read (a sample, or every row deleted): its
			// values are unknown, so it is read, never skipped.
			files[i].Stats = nil
		}
		if files[i].PartitionValues == nil {
			files[i].PartitionValues = map[string]string{}
		}
	}
	total := a.w.TotalWeight()
	var fw, bw float64
	for qi, q := range a.w.Queries {
		if err := y.Tick("pruning", qi, len(a.w.Queries), "queries"); err != nil {
			return err
		}
		f, err := skipping.Compile(q.pred, skipping.Table{Leaves: a.t.leaves, PartitionColumns: ar.partCols, StatsColumns: schema})
		if err != nil {
			return err
		}
		sc := f.FilesForScan(files)
		qc := QueryCost{Where: q.Where, Weight: q.Weight, FilesRead: len(sc.Read), BytesRead: sc.BytesRead}
		c.Queries = append(c.Queries, qc)
		fw += q.Weight * float64(qc.FilesRead)
		bw += q.Weight * float64(qc.BytesRead)
	}
	c.FilesReadWeighted, c.BytesReadWeighted = round3(fw/total), round3(bw/total)
	if !a.noReuse && s.layout != AsIs { // the table as it is reads a real file without rows whole
		a.lastPrune = &pruned{ar: ar, indexed: indexed, cfg: cfg, queries: c.Queries, fw: fw / total, bw: bw / total}
	}
	return nil
}

// collectTick is how many rows' statistics are collected between two yields: a 1,000-file
// table's statistics are otherwise one stretch of a few hundred milliseconds under js/wasm.
const collectTick = 1 << 15

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// errorInfo turns Delta's refusal (a *ddl.DeltaError) into its class and message; any other
// error is the engine's own.
func errorInfo(err error) *ErrorInfo {
	var de *ddl.DeltaError
	if errors.As(err, &de) {
		return &ErrorInfo{de.Class, de.Message}
	}
	return &ErrorInfo{"LAYOUTLAB_ADVISE", err.Error()}
}

// checkAsIs notes, on the table as it is, each query whose what-if figure differs from today's:
// they differ only where the log's statistics are not what the rows give (a deletion vector
// leaves the bounds of deleted rows, a file written without statistics, a sample).
func checkAsIs(rep *Report) {
	if len(rep.Candidates) == 0 || rep.Candidates[0].Layout != AsIs || rep.Candidates[0].Error != nil {
		return
	}
	c := &rep.Candidates[0]
	for i, q := range c.Queries {
		t := rep.Today.Queries[i]
		if q.FilesRead != t.FilesRead || q.BytesRead != t.BytesRead {
			c.Notes = append(c.Notes, fmt.Sprintf("%s: the rows' statistics read %d files, the log's %d: the log's statistics are not the rows' (deletion vectors, missing statistics or a sample)",
				q.Where, q.FilesRead, t.FilesRead))
		}
	}
}

func itoa(i int) string { return fmt.Sprint(i) }
