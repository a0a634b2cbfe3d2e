package panel

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"layoutlab/engine/ddl"
	"layoutlab/engine/layout"
	"layoutlab/engine/scenario"
	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// Engine computes panel Results over a Store (what the stages computed, shared) and its own
// working state for the next knob move (the last layout and the last statistics). The zero
// value is ready to use. An Engine is not safe for concurrent use; Engines on one Store are.
type Engine struct {
	// Progress, when set, is called between the steps of a Run (a column generated, a key
	// ranked, the rows laid out, the statistics collected) with the step about to start, so a
	// caller on one thread (the browser) can show it and yield. It stops the run by returning
	// true: Run then returns nil, the stage under way is dropped, and every stage finished
	// before it stays in the Store.
	Progress func(step string) (stop bool)
	// Store holds what the stages computed; Engines given the same Store share it. nil: the
	// Engine makes its own on its first Run.
	Store *Store

	tab  *tableEntry // the current table and what is derived from it (Store)
	kept *keptLayout // the current layout's entry in the store, nil when not kept
	prio Priority    // the priority of the Run under way

	lay        layout.Layouter
	layFor     layoutKey // the layout (numFiles and gen zero) whose sorted order lay holds for Recut
	last       layoutKey
	files      [][]int32
	paths      []string
	partValues []map[string]string // per file: its partition directory's values (nil when unpartitioned)
	where      whereCache          // the WHERE parsed and compiled (scan.go)
	schema     schemaCache         // the statistics columns (statsSchema)
	// An unpartitioned layout's file names so far, from namer, seeded with namerSeed (fileNames).
	names     []string
	namer     *layout.FileNamer
	namerSeed uint64

	statsFor  statsKey
	fileStats []stats.FileStats
	objects   [][3]json.RawMessage // per file: minValues, maxValues, nullCount, made when asked for
	// statsIndexed and statsCfg are the last Run's statistics columns and settings, and lastRes
	// its Result, for FileStatsObjects and FillFileStats.
	statsIndexed []bool
	statsCfg     stats.Config
	lastRes      *Result
	// statsBuf backs each collectAll's FileStats: only fileStats, replaced by the next collect,
	// refers to it, so a files-slider move reuses it instead of allocating ~150 KB a move (the
	// garbage collector's pauses were the slow moves under wasm).
	statsBuf struct {
		out        []stats.FileStats
		mins, maxs []table.Value
		nullc      []int64
	}
	fileOf    []int32             // row → file in the current layout, once made (rowFiles)
	fileOfOK  bool                // fileOf matches files
	ranges    map[int]*rankRanges // leaf → per-file rank ranges in the current layout
	allRows   []int32
	fileOf8   []uint8
	fileOf8OK bool     // fileOf8 matches fileOf
	spanCols  []int    // the span columns of the current Run
	seg       segments // block summaries for the files slider (segments.go)
}

// intsKey is a comparable form of a list of column indexes (a layoutKey field).
func intsKey(xs []int) string {
	b := make([]byte, 0, 4*len(xs))
	for _, x := range xs {
		b = strconv.AppendInt(append(b, ','), int64(x), 10)
	}
	return string(b)
}

type layoutKey struct {
	kind     layout.Kind
	keys     string
	parts    string // partition columns
	numFiles int
	noNoise  bool
	gen      int // bumped whenever a layout is computed
}

type statsKey struct {
	layoutGen int
	indexed   string
}

// Table returns the seeded panel table for (rows, seed) (table.DefaultPanelSpec) from the Store,
// where it stays until rows or seed change. Its columns are generated as runs first need them
// (fillFor, FileStatsObjects, FillFileStats, FillAll).
func (e *Engine) Table(rows int, seed uint64) (*table.Table, error) {
	if e.Store == nil {
		e.Store = &Store{}
	}
	tab, err := e.Store.table(tableKey{rows, seed})
	if err != nil {
		return nil, err
	}
	if tab != e.tab {
		e.tab, e.kept = tab, nil
		e.last = layoutKey{gen: e.last.gen + 1}
		e.layFor = layoutKey{}
		e.statsFor = statsKey{}
	}
	return tab.t, nil
}

// fillFor generates the columns a run of p reads (the keys and span columns, the partition
// columns, where: the columns the WHERE names) when the table is generated lazily; Run reads no other
// column's rows.
func (e *Engine) fillFor(t *table.Table, p scenario.Panel, where []int) error {
	leaves := spanColumns(t, p.Keys)
	for _, c := range p.PartitionBy {
		leaves = append(leaves, t.LeafIndex(c))
	}
	for _, l := range append(leaves, where...) {
		if err := e.fill(t, l); err != nil {
			return err
		}
	}
	return nil
}

// fill generates leaf l's column if it is not there yet, naming the step and its rows done
// through Progress.
func (e *Engine) fill(t *table.Table, l int) error {
	var progress func(int)
	if e.Progress != nil && !e.tab.filled(l) {
		step := "Generating column " + t.Leaves[l].Name()
		rows := " of " + strconv.Itoa(t.NumRows) + " rows"
		e.report(step + " (" + strconv.Itoa(t.NumRows) + " rows)")
		progress = func(done int) { e.report(step + ": " + strconv.Itoa(done) + rows) }
	}
	return e.tab.fill(l, progress)
}

// schemaCache is the last stats.StatsSchema the engine worked out, for table t and cfg.
type schemaCache struct {
	t       *table.Table
	cfg     stats.Config
	indexed []bool
	err     error
}

// statsSchema is stats.StatsSchema(t.Schema, cfg), worked out once while the table and cfg
// stay: it walks the schema's leaves again, a twentieth of a files move under wasm. Callers do
// not modify the slice.
func (e *Engine) statsSchema(t *table.Table, cfg stats.Config) ([]bool, error) {
	c := &e.schema
	if c.t != t || c.cfg.NumIndexedCols != cfg.NumIndexedCols || c.cfg.StringPrefixLength != cfg.StringPrefixLength ||
		!slices.Equal(c.cfg.StatsColumns, cfg.StatsColumns) || !slices.Equal(c.cfg.PartitionColumns, cfg.PartitionColumns) {
		indexed, err := stats.StatsSchema(t.Schema, cfg)
		cfg.StatsColumns, cfg.PartitionColumns = slices.Clone(cfg.StatsColumns), slices.Clone(cfg.PartitionColumns)
		*c = schemaCache{t: t, cfg: cfg, indexed: indexed, err: err}
	}
	return c.indexed, c.err
}

// whereLeaves are the leaves the WHERE reads; none when it is empty or does not parse (scan
// reports that error).
func (e *Engine) whereLeaves(t *table.Table, where string) []int {
	if strings.TrimSpace(where) == "" {
		return nil
	}
	if _, err := e.parseWhere(t, where); err != nil {
		return nil
	}
	return e.where.refs
}

// FillAll generates every column of the current table not generated yet, at most max of them
// (all when max <= 0), and reports whether any remain: the widget fills the rest a column at a
// time after its first frame, so that showing a file's statistics does not wait for them. Each
// column's generation reports through Progress, as a run's does.
func (e *Engine) FillAll(max int) (remaining bool, err error) { return e.fillAll(max, true) }

// fillAll is FillAll, reporting through Progress only when report is set.
func (e *Engine) fillAll(max int, report bool) (remaining bool, err error) {
	if e.tab == nil {
		return false, nil
	}
	done := 0
	for i := range e.tab.t.Cols {
		if e.tab.filled(i) {
			continue
		}
		if max > 0 && done == max {
			return true, nil
		}
		var err error
		if report {
			err = e.fill(e.tab.t, i)
		} else {
			err = e.tab.fill(i, nil)
		}
		if err != nil {
			return true, err
		}
		done++
	}
	return false, nil
}

// tableRows returns the rows 0..n-1 of the current table: clustering an unpartitioned table is
// one OPTIMIZE bin, the whole table, and each key is ranked over it.
func (e *Engine) tableRows() []int32 { return e.tab.all }

func (e *Engine) rankOf(leaf int) layout.Ranks {
	return e.tab.rank(leaf, func() layout.Ranks {
		var progress func(string)
		if e.Progress != nil {
			step := "Ranking the values of " + e.tab.t.Leaves[leaf].Name()
			e.report(step)
			progress = func(pass string) { e.report(step + ": " + pass) }
		}
		return layout.RankRowsProgress(&e.tab.t.Cols[leaf], e.tableRows(), progress)
	})
}

// report passes step to Progress and, when it asks to stop, unwinds the run to Run's recover
// (stopRun), dropping the stage under way: stages store their entries only once complete.
func (e *Engine) report(step string) {
	if e.Progress != nil && e.Progress(step) {
		panic(stopRun{})
	}
}

// stopRun is the panic with which report ends a Run that Progress stopped.
type stopRun struct{}

// NumFiles is the number of files the panel writes: Files when set, otherwise Delta's
// approxNumFiles with rows standing for bytes and RowsPerFile for maxFileSize,
// max(1, rows / rowsPerFile) (layout.ApproxNumFiles).
func NumFiles(p scenario.Panel) int {
	if p.Files > 0 {
		return p.Files
	}
	return layout.ApproxNumFiles(int64(p.Rows), int64(p.RowsPerFile))
}

// Run computes the panel for p. It never panics. Input it cannot use gives a Result whose Error
// has class LAYOUTLAB_INVALID_INPUT and names the problem (and no files when the table itself
// cannot be built). A layout Delta refuses gives Delta's error class, SQLSTATE and message while
// the table is still shown, as far as Delta would have written it:
//
//   - a delta.dataSkippingStatsColumns value Delta rejects: the table cannot be configured, so
//     it is shown appended with the default statistics (32 indexed columns);
//   - liquid clustering (hilbert) on more than 4 keys, on duplicate keys, on a missing column,
//     on a type without data skipping or on a column without statistics: CLUSTER BY is refused,
//     so the files are shown as appended (Result.Layout "append");
//   - ZORDER BY a column without statistics: refused by default, but the check can be disabled
//     (spark.databricks.delta.optimize.zorder.checkStatsCollection.enabled = false), so the
//     files are shown Z-ordered as they would then be (Result.Layout "zorder") with the error;
//   - ZORDER BY a missing column: shown appended;
//   - a WHERE Spark cannot parse or resolve: the layout is shown, every file marked read.
//
// Result.Layout always names the layout the files are actually in. ORDER BY uses the first key
// only. Statistics are collected under the panel's current dataSkippingNumIndexedCols /
// dataSkippingStatsColumns, i.e. as for files written after the property was set: Delta never
// recomputes the statistics of existing files when the property changes.
func (e *Engine) Run(p scenario.Panel) *Result { return e.Answer(p, Shown) }

// Answer is Run for an answer of priority prio: what it computes is kept in the Store only where
// it pushes out nothing of a higher priority (Store).
func (e *Engine) Answer(p scenario.Panel, prio Priority) (res *Result) {
	res = &Result{Keys: []string{}, Files: []File{}, Spans: map[string]float64{}}
	defer e.recoverRun(&res)
	e.start(prio)
	// The stages, in order. Each is computed from the inputs it is given, or taken from the Store
	// or the Engine's working state, where it was kept under those inputs.
	p, kind, bad := input(p, res)
	if bad != nil {
		res.Error = bad
		return res
	}
	t, where, err := e.tableFor(p) // the table (rows, seed) and the columns this run reads
	if err != nil {
		res.Error = invalid(err.Error())
		return res
	}
	parts, bad := partitionColumns(t, &p)
	if bad != nil {
		res.Error = bad
		return res
	}
	cfg, indexed := e.statisticsColumns(t, p, res) // which leaves get statistics
	if res.Error != nil {
		kind = layout.Append // the table cannot be configured: shown as written
	} else if err, show := checkKeys(t, kind, p.Keys, indexed, p.PartitionBy); err != nil {
		res.fail(err)
		if !show {
			kind = layout.Append
		}
	}
	files, paths := e.orderAndCut(t, kind, leafIndexes(t, p.Keys), parts, p, res)
	fileStats := e.collectFor(t, files, where, indexed, cfg)
	read := e.scanFor(t, p, fileStats, files, paths, indexed, res)
	e.resultFiles(res, t, files, paths, read)
	e.lastRes = res
	return res
}

// recoverRun ends a Run that panicked or that Progress stopped (stopRun: the Result is nil).
// The Engine's own working state (current layout, summaries, the Layouter's buffers) may be
// half-made: it starts again from the Store, which holds only finished stages.
func (e *Engine) recoverRun(res **Result) {
	r := recover()
	if r == nil {
		return
	}
	*e = Engine{Progress: e.Progress, Store: e.Store}
	if _, ok := r.(stopRun); ok {
		*res = nil
		return
	}
	(*res).Error = &Error{Class: "LAYOUTLAB_INTERNAL", Message: fmt.Sprint("internal error: ", r)}
}

// start readies the Engine for a run of priority prio.
func (e *Engine) start(prio Priority) {
	e.prio = prio
	e.lay.Progress = nil
	if e.Progress != nil {
		e.lay.Progress = e.report
	}
}

// input is p with the scenario's defaults, checked, and its layout; res names what was asked.
func input(p scenario.Panel, res *Result) (scenario.Panel, layout.Kind, *Error) {
	s := scenario.Scenario{View: "panel", Panel: p}
	s.EnsureDefaults()
	p = s.Panel
	res.Keys = append(res.Keys, p.Keys...)
	res.Layout = p.Layout
	res.Where = p.Where
	if err := s.Validate(); err != nil {
		return p, 0, invalid(err.Error())
	}
	kind, err := layout.ParseKind(p.Layout)
	if err != nil {
		return p, 0, invalid(err.Error())
	}
	return p, kind, nil
}

// tableFor is the table of p (Table) with the columns a run of p reads generated, and the leaves
// its WHERE reads.
func (e *Engine) tableFor(p scenario.Panel) (*table.Table, []int, error) {
	t, err := e.Table(p.Rows, p.Seed)
	if err != nil {
		return nil, nil, err
	}
	where := e.whereLeaves(t, p.Where)
	return t, where, e.fillFor(t, p, where)
}

// partitionColumns are the leaves of p's PARTITIONED BY columns, whose names it writes as the
// schema spells them.
func partitionColumns(t *table.Table, p *scenario.Panel) ([]int, *Error) {
	parts := make([]int, len(p.PartitionBy))
	for i, c := range p.PartitionBy {
		if parts[i] = t.LeafIndex(c); parts[i] < 0 || len(t.Leaves[parts[i]].Path) != 1 {
			return nil, invalid(fmt.Sprintf("PARTITIONED BY column %q is not a top-level column of the table", c))
		}
		if slices.Contains(parts[:i], parts[i]) {
			return nil, invalid(fmt.Sprintf("PARTITIONED BY column %q is listed twice", c))
		}
		p.PartitionBy[i] = t.Leaves[parts[i]].Name()
	}
	return parts, nil
}

// statisticsColumns are the statistics settings of p and the leaves that get statistics under
// them. A setting Delta rejects is res's error, and the defaults are used.
func (e *Engine) statisticsColumns(t *table.Table, p scenario.Panel, res *Result) (stats.Config, []bool) {
	cfg := stats.DefaultConfig()
	cfg.NumIndexedCols = p.NumIndexedCols()
	cfg.StatsColumns = p.StatsColumns
	// PARTITIONED BY: partition columns are directories, never statistics, and do not count
	// towards dataSkippingNumIndexedCols (M/stats/StatisticsCollection.scala).
	cfg.PartitionColumns = p.PartitionBy
	indexed, err := e.statsSchema(t, cfg)
	if err != nil {
		res.fail(err)
		cfg = stats.DefaultConfig()
		indexed, _ = e.statsSchema(t, cfg)
	}
	return cfg, indexed
}

// leafIndexes are the leaves named (-1 for a name that is none).
func leafIndexes(t *table.Table, names []string) []int {
	keys := make([]int, len(names))
	for i, k := range names {
		keys[i] = t.LeafIndex(k)
	}
	return keys
}

// orderAndCut lays the table out (kind on keys, in p's files, partitioned by parts), from the
// Store when kept (layout). res.Layout names the layout the files are in: append when the
// layout fails.
func (e *Engine) orderAndCut(t *table.Table, kind layout.Kind, keys, parts []int, p scenario.Panel, res *Result) ([][]int32, []string) {
	if kind == layout.Append {
		res.Layout = "append"
	}
	opt := layout.Options{Seed: p.Seed, NoNoise: p.NoNoise}
	files, paths, err := e.layout(t, kind, keys, parts, NumFiles(p), opt)
	if err != nil {
		res.fail(err)
		res.Layout = "append"
		files, paths, _ = e.layout(t, layout.Append, nil, parts, NumFiles(p), opt)
	}
	e.spanCols = spanColumns(t, p.Keys)
	return files, paths
}

// collectFor collects every file's statistics on the columns the WHERE reads (where), which say
// which files are read; a file's full statistics are collected when asked for
// (FileStatsObjects, FillFileStats).
func (e *Engine) collectFor(t *table.Table, files [][]int32, where []int, indexed []bool, cfg stats.Config) []stats.FileStats {
	collect := make([]bool, len(indexed))
	for _, l := range where {
		collect[l] = l < len(indexed) && indexed[l]
	}
	e.statsIndexed, e.statsCfg = indexed, cfg
	if e.Progress != nil {
		e.report("Collecting the statistics of " + strconv.Itoa(len(files)) + " files")
	}
	return e.collect(t, files, collect, cfg)
}

// scanFor marks the files p's WHERE reads (every file without one, or when it does not parse:
// then res's error).
func (e *Engine) scanFor(t *table.Table, p scenario.Panel, fileStats []stats.FileStats, files [][]int32, paths []string, indexed []bool, res *Result) []bool {
	read := allRead(len(files))
	if strings.TrimSpace(p.Where) != "" {
		if err := e.scan(t, p.Where, fileStats, files, paths, e.partValues, p.PartitionBy, indexed, read); err != nil {
			res.fail(err)
		}
	}
	return read
}

// Link is the link to the panel p, as Result.Link carries it (the CLI prints it; the widget
// writes its own URL).
func Link(p scenario.Panel) string {
	s := scenario.Scenario{View: "panel", Panel: p}
	s.EnsureDefaults()
	return scenario.Link(s)
}

// Loops live in small functions of their own (here and throughout the engine). Under js/wasm
// each iteration of a loop costs V8's tier-up budget about the whole function's size (Go
// compiles a function's jumps as branches to one dispatch loop), so a loop of a few hundred
// iterations had V8 recompile all of a large function with TurboFan: Run (25 KB of wasm, ~100 ms
// of TurboFan), then collectAll, newTable, cluster and others, during the widget's first run and
// on the core the page needed. A small function's loop is optimised at a small function's cost.

// allRead is every file marked read: what a scan without a WHERE leaves. Not inlined, so that
// its loop stays out of Run (see above).
//
//go:noinline
func allRead(n int) []bool {
	read := make([]bool, n)
	for i := range read {
		read[i] = true
	}
	return read
}

// resultFiles fills res.Files (path, size, read, each span column's span and box) and the mean
// span of each span column (res.Spans).
func (e *Engine) resultFiles(res *Result, t *table.Table, files [][]int32, paths []string, read []bool) {
	spanCols := e.spanCols
	if e.Progress != nil {
		e.report("Measuring the files' spans")
	}
	e.computeRanges(spanCols)
	distinct := make([]float64, len(spanCols))
	names := make([]string, len(spanCols))
	frs := make([]*rankRanges, len(spanCols))
	for i, c := range spanCols {
		distinct[i] = float64(e.rankOf(c).Distinct)
		names[i] = t.Leaves[c].Name()
		frs[i] = e.fileRanges(c)
	}
	res.FilesTotal = len(files)
	res.RowsTotal = int64(t.NumRows)
	res.Files = make([]File, len(files))
	sums := make([]float64, len(spanCols))
	n := len(names)
	spans, boxes := make([]float64, len(files)*n), make([][2]float64, len(files)*n)
	for fi, rows := range files {
		f := &res.Files[fi]
		f.cols, f.Spans, f.Boxes = names, spans[fi*n:(fi+1)*n:(fi+1)*n], boxes[fi*n:(fi+1)*n:(fi+1)*n]
		f.Path = paths[fi]
		f.NumRecords = int64(len(rows))
		f.Read = read[fi]
		if f.Read {
			res.FilesRead++
			res.RowsRead += f.NumRecords
		}
		fileSpans(f, fi, distinct, frs, sums)
	}
	if len(files) > 0 {
		for i, n := range names {
			res.Spans[n] = sums[i] / float64(len(files))
		}
	}
}

// fileSpans sets file fi's span and box on each span column (of distinct[i] ranks, frs[i] its
// files' rank ranges) and adds its spans to sums. Its own function, so that its loop stays out
// of resultFiles (see the note above allRead).
//
//go:noinline
func fileSpans(f *File, fi int, distinct []float64, frs []*rankRanges, sums []float64) {
	for i, fr := range frs {
		lo, hi := int32(fr.lo[fi]), fr.hi[fi]
		if hi < 0 {
			continue // all NULL: span 0, no box
		}
		d := distinct[i]
		f.Spans[i] = float64(hi-lo+1) / d
		f.Boxes[i] = [2]float64{float64(lo) / d, float64(hi+1) / d}
		sums[i] += f.Spans[i]
	}
}

// fail makes err the Result's error unless it has one.
func (r *Result) fail(err error) {
	if r.Error == nil {
		r.Error = asError(err)
	}
}

// asError turns a Delta error (ddl.DeltaError) into the Result's error, anything else into an
// invalid-input error.
func asError(err error) *Error {
	var de *ddl.DeltaError
	if errors.As(err, &de) {
		return &Error{Class: de.Class, SQLState: de.SQLState, Message: de.Message}
	}
	var pe *Error
	if errors.As(err, &pe) {
		return pe
	}
	return invalid(err.Error())
}

// spanColumns are the leaves whose spans are reported: the keys that exist, then the panel's
// four dimensions (event_date, user_id, region_id, device_model_id) when the table has them.
func spanColumns(t *table.Table, keys []string) []int {
	var out []int
	for _, n := range append(slices.Clone(keys), "event_date", "user_id", "region_id", "device_model_id") {
		if i := t.LeafIndex(n); i >= 0 && !slices.Contains(out, i) {
			out = append(out, i)
		}
	}
	return out
}

// layout lays the table out, or returns the cached files when nothing that decides them changed.
// opt carries the seed (file names and the noise byte) and addNoise; each partition's bin gets
// its own noise seed.
func (e *Engine) layout(t *table.Table, kind layout.Kind, keys, parts []int, numFiles int, opt layout.Options) ([][]int32, []string, error) {
	switch kind {
	case layout.Append:
		keys = nil
	case layout.OrderBy:
		keys = keys[:min(1, len(keys))]
	}
	for i, k := range keys {
		if k < 0 || k >= len(t.Cols) {
			return nil, nil, fmt.Errorf("key %d is not a column of the table", i+1)
		}
	}
	if kind != layout.ZOrder && kind != layout.Hilbert {
		opt.NoNoise = false // only the curves append the noise byte: no reason to lay out again
	}
	seed := opt.Seed
	lk := layoutKey{kind: kind, keys: intsKey(keys), parts: intsKey(parts), numFiles: numFiles, noNoise: opt.NoNoise, gen: e.last.gen}
	if e.files != nil && e.last == lk {
		return e.files, e.paths, nil
	}
	var files [][]int32
	var paths []string
	var recut bool
	e.partValues = e.partValues[:0]
	if len(parts) == 0 {
		ranks := make([]layout.Ranks, len(keys))
		for i, k := range keys {
			ranks[i] = e.rankOf(k)
		}
		// Only the number of files differs from the layout the Layouter last computed (the files
		// slider, or a knob flipped back to it): re-cut its clustered order.
		id := lk
		id.numFiles, id.gen = 0, 0
		if e.layFor == id {
			files, recut = e.lay.Recut(e.tableRows(), numFiles)
		}
		if recut {
			if e.seg.order == nil { // a partitioned layout was shown since: summarise the order again
				e.seg.reset(e.lay.SortedOrder(), len(t.Leaves))
			}
			e.seg.runs = true // the files are runs of the order recorded at that layout
		} else if r := e.tab.layout(lk, e.prio); r != nil {
			return e.showKept(r, lk)
		} else {
			var err error
			e.seg.reset(nil, len(t.Leaves)) // the Layout below rewrites the order it recorded
			e.layFor = layoutKey{}
			if e.Progress != nil {
				e.report("Laying out " + strconv.Itoa(t.NumRows) + " rows (" + kind.String() + ")")
			}
			files, err = e.lay.Layout(e.tableRows(), ranks, kind, numFiles, opt)
			if err != nil {
				return nil, nil, err
			}
			if e.lay.SortedOrder() != nil {
				e.layFor = id
			}
			e.seg.reset(e.lay.SortedOrder(), len(t.Leaves)) // positions in allRows are rows
			e.seg.runs = e.seg.order != nil                 // so are this layout's files
		}
		paths = e.fileNames(seed, len(files))
		e.partValues = reuse(e.partValues, len(files)) // no partition values: every one nil
	} else {
		if r := e.tab.layout(lk, e.prio); r != nil {
			return e.showKept(r, lk)
		}
		var err error
		if files, paths, err = e.layoutPartitions(t, kind, keys, parts, numFiles, opt, layout.NewFileNamer(seed)); err != nil {
			return nil, nil, err
		}
	}
	e.setFiles(files)
	if r := e.tab.layout(lk, e.prio); recut && r != nil {
		// The re-cut holds the kept layout's rows in each file (Layouter.Recut): so do its ranges.
		e.kept, e.ranges = r, e.tab.rangesOf(r)
	} else if !recut {
		e.keep(lk, files, paths) // a re-cut is made again from the Layouter's order instead
	}
	lk.gen++
	e.last, e.paths = lk, paths
	return files, paths, nil
}

// fileNames are the names of the n files of an unpartitioned layout, from a FileNamer seeded
// with seed. It names the i-th file the same whatever the count, so a files move names only the
// files past those named before (naming every file again was a fifteenth of the move).
// The slice is capped at n: the names past it, added later, never touch a slice handed out.
// (Apart from layout, as is layoutPartitions, to keep layout small: under wasm a large function
// whose loops run a few dozen times is recompiled by V8's optimizing tier while the widget's
// first run goes on.)
func (e *Engine) fileNames(seed uint64, n int) []string {
	if e.namer == nil || e.namerSeed != seed {
		e.namer, e.namerSeed, e.names = layout.NewFileNamer(seed), seed, nil
	}
	for len(e.names) < n {
		e.names = append(e.names, e.namer.Name("", len(e.names)))
	}
	return e.names[:n:n]
}

// layoutPartitions lays out one directory per partition value, each on its own as OPTIMIZE lays
// out one bin per partition: range ids are quantiles of that partition's rows, and it gets
// max(1, rows/rowsPerFile) files, Delta's approxNumFiles with rows standing for bytes.
func (e *Engine) layoutPartitions(t *table.Table, kind layout.Kind, keys, parts []int, numFiles int, opt layout.Options, namer *layout.FileNamer) (files [][]int32, paths []string, err error) {
	e.seg.reset(nil, len(t.Leaves))
	e.layFor = layoutKey{} // the Layouter now holds the last partition's order
	rowsPerFile := max(1, t.NumRows/max(1, numFiles))
	bins := layout.Bins(t, parts)
	for bi, bin := range bins {
		if e.Progress != nil {
			e.report("Laying out partition " + strconv.Itoa(bi+1) + " of " + strconv.Itoa(len(bins)))
		}
		ranks := make([]layout.Ranks, len(keys))
		for i, k := range keys {
			ranks[i] = layout.RankRows(&t.Cols[k], bin.Rows)
		}
		bf, err := e.lay.Layout(bin.Rows, ranks, kind, max(1, len(bin.Rows)/rowsPerFile), layout.Options{Seed: opt.Seed + uint64(bi), NoNoise: opt.NoNoise})
		if err != nil {
			return nil, nil, err
		}
		pv := make(map[string]string, len(parts))
		for i, c := range parts {
			if v := bin.Values[i]; !v.Absent() {
				pv[t.Leaves[c].Name()] = v.String() // a missing key is a NULL partition value
			}
		}
		for _, f := range bf {
			files = append(files, append([]int32(nil), f...))
			paths = append(paths, namer.Name(bin.Dir, len(paths)))
			e.partValues = append(e.partValues, pv)
		}
	}
	return files, paths, nil
}

// showKept makes a kept layout the current one (key lk). Its files are not runs of the
// Layouter's order: the summaries of that order stay, unused until a re-cut makes the files
// runs of it again.
func (e *Engine) showKept(r *keptLayout, lk layoutKey) ([][]int32, []string, error) {
	e.seg.runs = false
	e.partValues = append(e.partValues[:0], r.partValues...)
	e.setFiles(r.files)
	e.kept, e.ranges = r, e.tab.rangesOf(r)
	lk.gen++
	e.last, e.paths = lk, r.paths
	return r.files, r.paths, nil
}

// keep stores a copy of a layout just computed and made current (setFiles) in the Store, with
// the current rank ranges. The files are copied: the Layouter reuses its arrays on its next
// Layout.
func (e *Engine) keep(key layoutKey, files [][]int32, paths []string) {
	key.gen = 0
	n := 0
	for _, f := range files {
		n += len(f)
	}
	rows := make([]int32, 0, n)
	kept := make([][]int32, len(files))
	for i, f := range files {
		rows = append(rows, f...)
		kept[i] = rows[len(rows)-len(f) : len(rows) : len(rows)]
	}
	k := &keptLayout{key: key, prio: e.prio, files: kept, paths: slices.Clone(paths), partValues: slices.Clone(e.partValues), ranges: maps.Clone(e.ranges)}
	if e.tab.keep(k) {
		e.kept = k
	}
}

// setFiles makes files the current layout, with no rank ranges yet and the row → file map made
// when a pass over rows first needs it (rowFiles): a re-cut's statistics and ranges come from
// block summaries and need none.
func (e *Engine) setFiles(files [][]int32) {
	e.files = files
	e.fileOfOK, e.fileOf8OK = false, false
	e.ranges = map[int]*rankRanges{}
	e.kept = nil
}

// rowFiles returns the row → file map of the current layout, making it if need be.
func (e *Engine) rowFiles() []int32 {
	if e.fileOfOK {
		return e.fileOf
	}
	n := e.tab.t.NumRows
	if cap(e.fileOf) < n {
		e.fileOf = make([]int32, n)
	}
	e.fileOf = e.fileOf[:n]
	for f, rows := range e.files {
		for _, r := range rows {
			e.fileOf[r] = int32(f)
		}
	}
	e.fileOfOK = true
	return e.fileOf
}

// collect computes (or reuses) every file's statistics of the columns indexed.
func (e *Engine) collect(t *table.Table, files [][]int32, indexed []bool, cfg stats.Config) []stats.FileStats {
	key := statsKeyFor(e.last.gen, indexed)
	if e.fileStats != nil && e.statsFor == key {
		return e.fileStats
	}
	fs := e.collectAll(t, files, indexed, cfg)
	e.statsFor, e.fileStats = key, fs
	e.objects = make([][3]json.RawMessage, len(files)) // filled when asked for
	return fs
}

func statsKeyFor(gen int, indexed []bool) statsKey {
	var ib strings.Builder
	for _, x := range indexed {
		if x {
			ib.WriteByte('1')
		} else {
			ib.WriteByte('0')
		}
	}
	return statsKey{layoutGen: gen, indexed: ib.String()}
}

// FileStatsObjects returns the minValues, maxValues and nullCount objects of file i of the last
// Run (Delta's stats JSON). ok is false for no such file.
func (e *Engine) FileStatsObjects(i int) (minValues, maxValues, nullCount json.RawMessage, ok bool) {
	if i < 0 || i >= len(e.fileStats) || len(e.objects) != len(e.fileStats) {
		return nil, nil, nil, false
	}
	o := &e.objects[i]
	if o[0] == nil {
		// Not through Progress: the widget asks for a file's statistics while it holds its
		// own lock, which a Progress that gives the page its turn would take again.
		if _, err := e.fillAll(0, false); err != nil {
			return nil, nil, nil, false
		}
		fs := stats.Collect(e.tab.t, e.files[i], e.statsIndexed, e.statsCfg)
		*o = splitStats(fs.JSON(e.tab.t.Leaves))
	}
	return o[0], o[1], o[2], true
}

// FillFileStats puts every file's statistics objects into res, which must be the Engine's last
// Run, and returns each file's add.stats string: what the CLI prints. Every column is collected
// in one pass (collectAll), as stats.Collect would file by file.
func (e *Engine) FillFileStats(res *Result) ([]string, error) {
	if res == nil || res != e.lastRes || len(res.Files) != len(e.files) {
		return nil, errors.New("panel: FillFileStats needs the Engine's last Result")
	}
	if _, err := e.fillAll(0, false); err != nil {
		return nil, err
	}
	t := e.tab.t
	fs := e.collectAll(t, e.files, e.statsIndexed, e.statsCfg)
	e.statsFor, e.fileStats = statsKeyFor(e.last.gen, e.statsIndexed), fs
	strs := make([]string, len(fs))
	e.objects = make([][3]json.RawMessage, len(fs))
	for i := range fs {
		strs[i] = fs[i].JSON(t.Leaves)
		e.objects[i] = splitStats(strs[i])
		f := &res.Files[i]
		f.MinValues, f.MaxValues, f.NullCount = e.objects[i][0], e.objects[i][1], e.objects[i][2]
	}
	return strs, nil
}

// splitStats cuts the minValues, maxValues and nullCount objects out of a stats string (as
// stats.FileStats.JSON writes it: one object whose top-level values are numbers or objects),
// giving {} for one that is absent. It does what json.Unmarshal into three RawMessages does,
// without decoding, which matters under wasm.
func splitStats(s string) [3]json.RawMessage {
	out := [3]json.RawMessage{json.RawMessage("{}"), json.RawMessage("{}"), json.RawMessage("{}")}
	depth, inStr, esc := 0, false, false
	keyStart, valStart, slot := -1, -1, -1
	var key string
	for i := 0; i < len(s); i++ {
		c := s[i]
		if inStr {
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
				if depth == 1 && keyStart >= 0 {
					key = s[keyStart:i]
					keyStart = -1
				}
			}
			continue
		}
		switch c {
		case '"':
			inStr = true
			if depth == 1 && valStart < 0 {
				keyStart = i + 1
			}
		case ':':
			if depth == 1 {
				switch key {
				case "minValues":
					slot = 0
				case "maxValues":
					slot = 1
				case "nullCount":
					slot = 2
				default:
					slot = -1
				}
			}
		case '{':
			if depth == 1 && slot >= 0 {
				valStart = i
			}
			depth++
		case '}':
			depth--
			if depth == 1 && valStart >= 0 {
				out[slot] = json.RawMessage(s[valStart : i+1])
				valStart, slot = -1, -1
			}
		}
	}
	return out
}

// checkKeys applies Delta's checks on clustering and Z-order keys (package ddl, in Delta's
// order) and the panel's own on ORDER BY. show reports whether the layout is still carried out:
// Z-order on columns without statistics, which Delta does once its check is disabled.
func checkKeys(t *table.Table, kind layout.Kind, names []string, indexed []bool, partitionBy []string) (err error, show bool) {
	switch kind {
	case layout.Hilbert:
		err = ddl.ValidateClusterBy(t.Schema, t.Leaves, indexed, partitionBy, names)
	case layout.ZOrder:
		if err = ddl.ValidateZOrderBy(t.Schema, indexed, partitionBy, names, true); err != nil {
			show = ddl.ValidateZOrderBy(t.Schema, indexed, partitionBy, names, false) == nil
		}
	case layout.OrderBy:
		if len(names) == 0 {
			return invalid("layout orderby needs a key"), false
		}
		if t.LeafIndex(names[0]) < 0 {
			return invalid(fmt.Sprintf("ORDER BY column %q does not exist", names[0])), false
		}
	}
	if err == nil && (kind == layout.ZOrder || kind == layout.Hilbert) && len(names) == 0 {
		return invalid("layout " + kind.String() + " needs at least one key"), false
	}
	return err, show
}
