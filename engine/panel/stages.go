package panel

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"layoutlab/engine/ddl"
	"layoutlab/engine/layout"
	"layoutlab/engine/scenario"
	"layoutlab/engine/skipping"
	"layoutlab/engine/stats"
	"layoutlab/engine/table"
	"layoutlab/engine/work"
)

// Answer runs the stages for p over s, computing at priority prio what s does not hold. The
// error is only ever the one yield returned; a scenario Delta would refuse is an answer
// (Result.Error), not an error. It never panics.
//
// Input it cannot use gives a Result whose Error has class LAYOUTLAB_INVALID_INPUT and names the
// problem (and no files when the table itself cannot be built). A layout Delta refuses gives
// Delta's error class, SQLSTATE and message while the table is still shown, as far as Delta
// would have written it:
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
func (s *Store) Answer(p scenario.Panel, prio Priority, yield work.Yield) (*Result, error) {
	return s.answer(&run{s: s, prio: prio, yield: yield, budget: -1}, p)
}

// Ready reports whether Answer(p, ...) would only read stored stages (the scan and the Result's
// assembly, a pass over the files, are never stored).
func (s *Store) Ready(p scenario.Panel) (ready bool) {
	defer func() {
		if recover() != nil {
			ready = false // the answer will report it
		}
	}()
	r := &run{s: s, prio: Ahead, dry: true} // the lowest priority: a check raises no entry's
	pl, err := s.plan(r, p, newResult())
	if err != nil || pl == nil {
		return err == nil
	}
	defer pl.te.release(pl.c)
	if _, err := pl.statistics(r); err != nil {
		return false
	}
	return pl.ranges(r) == nil
}

// Prepare computes, at priority prio, one stage that p needs and s does not hold (a column
// generated, a key ranked, a layout, its summaries), or once p's are all stored, one column of
// the table not generated yet (a file's statistics read every column), and reports whether any
// remain: idle-time work.
func (s *Store) Prepare(p scenario.Panel, prio Priority, yield work.Yield) (remaining bool, err error) {
	r := &run{s: s, prio: prio, yield: yield, budget: 1}
	res, err := s.answer(r, p)
	switch {
	case errors.Is(err, errPrepared):
		return true, nil
	case err != nil:
		return true, err
	case res.in == nil:
		return false, nil // no table to fill
	}
	s.mu.Lock()
	te := s.tab
	s.mu.Unlock()
	if te == nil || te.key != (tableKey{res.in.Rows, res.in.Seed}) {
		return false, nil // p's table was not stored (another of a higher priority is): nothing to keep
	}
	for l := range te.t.Cols {
		if te.filled(l) {
			continue
		}
		if r.budget == 0 {
			return true, nil
		}
		if err := fill(r, te, l); err != nil {
			return true, err
		}
	}
	return false, nil
}

// answer runs the stages for p as r allows: the plan (table, columns, statistics columns, the
// layout), the statistics, the scan, the spans, the Result.
func (s *Store) answer(r *run, p scenario.Panel) (res *Result, err error) {
	res = newResult()
	defer func() {
		if x := recover(); x != nil {
			res.Error, err = internalError(x), nil
		}
	}()
	pl, err := s.plan(r, p, res)
	if err != nil {
		return nil, err
	}
	if pl == nil {
		return res, nil // refused before there is a layout
	}
	defer pl.te.release(pl.c)
	fileStats, err := pl.statistics(r)
	if err != nil {
		return nil, err
	}
	why, err := pl.scan(r, fileStats, res)
	if err != nil {
		return nil, err
	}
	if err := r.report("Measuring the files' spans"); err != nil {
		return nil, err
	}
	if err := pl.ranges(r); err != nil {
		return nil, err
	}
	assemble(res, pl, why)
	return res, nil
}

// plan is what the stages before the statistics give an answer: its input, its table, the
// leaves its WHERE reads, its statistics columns, its layout and its span columns.
type plan struct {
	p        scenario.Panel
	te       *tableEntry
	where    []int
	cfg      stats.Config
	indexed  []bool
	c        *cut
	spanCols []int
}

// plan runs the stages up to the layout, in order. nil (and res.Error) when p is refused before
// a table is laid out; the error is r's stop.
func (s *Store) plan(r *run, p scenario.Panel, res *Result) (*plan, error) {
	p, kind, bad := input(p, res)
	if bad != nil {
		res.Error = bad
		return nil, nil
	}
	te, err := s.table(r, tableKey{p.Rows, p.Seed})
	if r.halted(err) {
		return nil, err
	} else if err != nil {
		res.Error = invalid(err.Error())
		return nil, nil
	}
	t := te.t
	where, err := whereLeaves(r, te, p.Where)
	if err != nil {
		return nil, err
	}
	spanCols := spanColumns(t, p.Keys)
	if err := fillFor(r, te, p, spanCols, where); r.halted(err) {
		return nil, err
	} else if err != nil {
		res.Error = invalid(err.Error())
		return nil, nil
	}
	parts, bad := partitionColumns(t, &p)
	if bad != nil {
		res.Error = bad
		return nil, nil
	}
	res.in = &p
	cfg, indexed, err := statisticsColumns(r, te, p, res)
	if err != nil {
		return nil, err
	}
	res.NoStats = res.NoStats[:0]
	for i, l := range leafIndexes(t, p.Keys) {
		if l >= 0 && l < len(indexed) && !indexed[l] {
			res.NoStats = append(res.NoStats, p.Keys[i])
		}
	}
	if res.Error != nil {
		kind = layout.Append // the table cannot be configured: shown as written
	} else if err, show := refusalFor(r, te, kind, p.Keys, indexed, p.PartitionBy); err != nil {
		res.fail(err)
		if !show {
			kind = layout.Append
		}
	}
	c, err := layoutFor(r, te, kind, leafIndexes(t, p.Keys), parts, p, res)
	if err != nil {
		return nil, err
	}
	return &plan{p: p, te: te, where: where, cfg: cfg, indexed: indexed, c: c, spanCols: spanCols}, nil
}

// newResult is an empty answer, its lists empty rather than null in JSON.
func newResult() *Result {
	return &Result{Keys: []string{}, Files: []File{}, Spans: map[string]float64{}}
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
		return p, 0, invalidScenario(err)
	}
	kind, err := layout.ParseKind(p.Layout)
	if err != nil {
		return p, 0, invalidKnob(err.Error(), "layout")
	}
	return p, kind, nil
}

// fillFor generates the columns an answer for p reads (the keys and span columns, the partition
// columns, where: the columns the WHERE names); an answer reads no other column's rows.
func fillFor(r *run, te *tableEntry, p scenario.Panel, spanCols, where []int) error {
	leaves := slices.Clone(spanCols)
	for _, c := range p.PartitionBy {
		leaves = append(leaves, te.t.LeafIndex(c))
	}
	for _, l := range append(leaves, where...) {
		if err := fill(r, te, l); err != nil {
			return err
		}
	}
	return nil
}

// fill is the column stage: leaf l's column generated (outside the lock: its ticks may stop the
// run) and published, unless it is there; of two fills of one column the first stored wins.
func fill(r *run, te *tableEntry, l int) error {
	if te.filled(l) {
		return nil
	}
	t := te.t
	step := "Generating column " + t.Leaves[l].Name()
	if err := r.begin(step + " (" + strconv.Itoa(t.NumRows) + " rows)"); err != nil {
		return err
	}
	col, ok, err := t.GenerateColumn(l, r.yielder()) // its progress is named step too
	if err != nil || !ok {
		return err
	}
	te.mu.Lock()
	t.SetColumn(l, col)
	te.mu.Unlock()
	return nil
}

// rankOf is the rank stage: leaf l's dense ranks over the whole table (layout.RankRows).
func rankOf(r *run, te *tableEntry, l int) (layout.Ranks, error) {
	return memo(&te.mu, te.ranks, l, func() (layout.Ranks, error) {
		if err := fill(r, te, l); err != nil {
			return layout.Ranks{}, err
		}
		step := "Ranking the values of " + te.t.Leaves[l].Name()
		if err := r.begin(step); err != nil {
			return layout.Ranks{}, err
		}
		return layout.RankRowsYield(&te.t.Cols[l], te.all, r.yielder().Within(step))
	})
}

// compactRanks is leaf l's ranks as rank+1 with 0 for NULL (makeCompact), made once per table.
func compactRanks(r *run, te *tableEntry, l int) (compactRank, error) {
	rk, err := rankOf(r, te, l)
	if err != nil {
		return compactRank{}, err
	}
	return memo(&te.mu, te.compact, l, func() (compactRank, error) { return makeCompact(rk), nil })
}

// partitionColumns are the leaves of p's PARTITIONED BY columns, whose names it writes as the
// schema spells them.
func partitionColumns(t *table.Table, p *scenario.Panel) ([]int, *Error) {
	p.PartitionBy = slices.Clone(p.PartitionBy)
	parts := make([]int, len(p.PartitionBy))
	for i, c := range p.PartitionBy {
		if parts[i] = t.LeafIndex(c); parts[i] < 0 || len(t.Leaves[parts[i]].Path) != 1 {
			return nil, invalidKnob(fmt.Sprintf("PARTITIONED BY column %q is not a top-level column of the table", c), "partition-by")
		}
		if slices.Contains(parts[:i], parts[i]) {
			return nil, invalidKnob(fmt.Sprintf("PARTITIONED BY column %q is listed twice", c), "partition-by")
		}
		p.PartitionBy[i] = t.Leaves[parts[i]].Name()
	}
	return parts, nil
}

// statisticsColumns is the statistics-columns stage: p's statistics settings and the leaves
// that get statistics under them (stats.StatsSchema). A setting Delta rejects is res's error,
// and the defaults are used.
func statisticsColumns(r *run, te *tableEntry, p scenario.Panel, res *Result) (stats.Config, []bool, error) {
	cfg := stats.DefaultConfig()
	cfg.NumIndexedCols = p.NumIndexedCols()
	cfg.StatsColumns = p.StatsColumns
	// PARTITIONED BY: partition columns are directories, never statistics, and do not count
	// towards dataSkippingNumIndexedCols (M/stats/StatisticsCollection.scala).
	cfg.PartitionColumns = p.PartitionBy
	sc, err := statsSchema(r, te, cfg)
	if err != nil {
		return cfg, nil, err
	}
	if sc.err != nil {
		res.fail(sc.err)
		cfg = stats.DefaultConfig()
		if sc, err = statsSchema(r, te, cfg); err != nil {
			return cfg, nil, err
		}
	}
	return cfg, sc.indexed, nil
}

// statsSchema is stats.StatsSchema(t.Schema, cfg), stored under cfg. Callers do not modify the
// slice.
func statsSchema(r *run, te *tableEntry, cfg stats.Config) (schemaEntry, error) {
	key := strconv.Itoa(cfg.NumIndexedCols) + "\x00" + strconv.Itoa(cfg.StringPrefixLength) + "\x00" +
		strings.Join(cfg.StatsColumns, "\x01") + "\x00" + strings.Join(cfg.PartitionColumns, "\x01")
	return memoLRU(&te.mu, &te.schemas, key, r.prio, func() (schemaEntry, error) {
		if err := r.begin(""); err != nil {
			return schemaEntry{}, err
		}
		indexed, err := stats.StatsSchema(te.t.Schema, cfg)
		return schemaEntry{indexed, err}, nil
	})
}

// refusalEntry is refusal's answer.
type refusalEntry struct {
	err  error
	show bool
}

// refusalFor is refusal, stored under its inputs.
func refusalFor(r *run, te *tableEntry, kind layout.Kind, names []string, indexed []bool, partitionBy []string) (error, bool) {
	key := kind.String() + "\x00" + strings.Join(names, "\x01") + "\x00" + bitsKey(indexed) + "\x00" + strings.Join(partitionBy, "\x01")
	e, _ := memoLRU(&te.mu, &te.refusals, key, r.prio, func() (refusalEntry, error) {
		err, show := refusal(te.t, kind, names, indexed, partitionBy)
		return refusalEntry{err, show}, nil
	})
	return e.err, e.show
}

// refusal is Delta's answer to the layout's keys, from package ddl in Delta's own check order
// (ddl.ValidateClusterBy for CLUSTER BY, ddl.ValidateZOrderBy for OPTIMIZE … ZORDER BY), and the
// panel's own on ORDER BY and on a curve without keys. show reports whether the layout is still
// carried out: Z-order on columns without statistics, which Delta does once its check is
// disabled.
func refusal(t *table.Table, kind layout.Kind, names []string, indexed []bool, partitionBy []string) (err error, show bool) {
	switch kind {
	case layout.Hilbert:
		err = ddl.ValidateClusterBy(t.Schema, t.Leaves, indexed, partitionBy, names)
	case layout.ZOrder:
		if err = ddl.ValidateZOrderBy(t.Schema, indexed, partitionBy, names, true); err != nil {
			show = ddl.ValidateZOrderBy(t.Schema, indexed, partitionBy, names, false) == nil
		}
	case layout.OrderBy:
		if len(names) == 0 {
			return invalidKnob("layout orderby needs a key", "keys", "layout"), false
		}
		if t.LeafIndex(names[0]) < 0 {
			return invalidKnob(fmt.Sprintf("ORDER BY column %q does not exist", names[0]), "keys"), false
		}
	}
	if err == nil && (kind == layout.ZOrder || kind == layout.Hilbert) && len(names) == 0 {
		return invalidKnob("layout "+kind.String()+" needs at least one key", "keys", "layout"), false
	}
	return err, show
}

// leafIndexes are the leaves named (-1 for a name that is none).
func leafIndexes(t *table.Table, names []string) []int {
	keys := make([]int, len(names))
	for i, k := range names {
		keys[i] = t.LeafIndex(k)
	}
	return keys
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

// NumFiles is the number of files the panel writes: Files when set, otherwise Delta's
// approxNumFiles with rows standing for bytes and RowsPerFile for maxFileSize,
// max(1, rows / rowsPerFile) (layout.ApproxNumFiles).
func NumFiles(p scenario.Panel) int {
	if p.Files > 0 {
		return p.Files
	}
	return layout.ApproxNumFiles(int64(p.Rows), int64(p.RowsPerFile))
}

// Link is the link to the panel p, as Result.Link carries it (the CLI prints it; the widget
// writes its own URL).
func Link(p scenario.Panel) string {
	s := scenario.Scenario{View: "panel", Panel: p}
	s.EnsureDefaults()
	return scenario.Link(s)
}

// intsKey is a comparable form of a list of column indexes (a layoutKey field).
func intsKey(xs []int) string {
	b := make([]byte, 0, 4*len(xs))
	for _, x := range xs {
		b = strconv.AppendInt(append(b, ','), int64(x), 10)
	}
	return string(b)
}

// bitsKey is a comparable form of a set of leaves, one byte per leaf.
func bitsKey(xs []bool) string {
	b := make([]byte, len(xs))
	for i, x := range xs {
		b[i] = '0'
		if x {
			b[i] = '1'
		}
	}
	return string(b)
}

// orderKey is the order stage's key: what decides the order of the rows (kind, key leaves,
// partition leaves, noise), not the number of files.
type orderKey struct {
	kind    layout.Kind
	keys    string
	parts   string
	noNoise bool
}

// layoutKey is the layout stage's key: the order's and the number of files.
type layoutKey struct {
	orderKey
	numFiles int
}

// layoutFor is the layout stage under p's keys and partitioning (cutFor). res.Layout names the
// layout the files are in: append when the layout fails.
func layoutFor(r *run, te *tableEntry, kind layout.Kind, keys, parts []int, p scenario.Panel, res *Result) (*cut, error) {
	if kind == layout.Append {
		res.Layout = "append"
	}
	opt := layout.Options{Seed: p.Seed, NoNoise: p.NoNoise}
	c, err := cutFor(r, te, kind, keys, parts, NumFiles(p), opt)
	if err != nil && !r.halted(err) {
		res.fail(err)
		res.Layout = "append"
		c, err = cutFor(r, te, layout.Append, nil, parts, NumFiles(p), opt)
	}
	return c, err
}

// cutFor returns the table laid out (kind on keys, in numFiles files, partitioned by parts):
// stored, or cut from its stored clustered order, or laid out. opt carries the seed (file names
// and the noise byte) and addNoise; each partition's bin gets its own noise seed.
func cutFor(r *run, te *tableEntry, kind layout.Kind, keys, parts []int, numFiles int, opt layout.Options) (*cut, error) {
	switch kind {
	case layout.Append:
		keys = nil
	case layout.OrderBy:
		keys = keys[:min(1, len(keys))]
	}
	for i, k := range keys {
		if k < 0 || k >= len(te.t.Cols) {
			return nil, fmt.Errorf("key %d is not a column of the table", i+1)
		}
	}
	if kind != layout.ZOrder && kind != layout.Hilbert {
		opt.NoNoise = false // only the curves append the noise byte: no reason to lay out again
	}
	lk := layoutKey{orderKey{kind: kind, keys: intsKey(keys), parts: intsKey(parts), noNoise: opt.NoNoise}, numFiles}
	te.mu.Lock()
	c, ok := te.layouts.get(lk, r.prio)
	if ok {
		c.use()
		te.trimStats()
	}
	te.mu.Unlock()
	if ok {
		return c, nil
	}
	c, err := makeCut(r, te, lk, keys, parts, opt)
	if err != nil {
		return nil, err
	}
	te.mu.Lock()
	defer te.mu.Unlock()
	held, stored, dropped := te.layouts.putDrop(lk, r.prio, c)
	held.use()
	for _, d := range dropped {
		te.drop(d)
	}
	if !stored {
		te.drop(c) // not stored, or another answer stored one meanwhile
	}
	te.trimStats()
	return held, nil
}

// makeCut lays the table out for lk: cut from its stored clustered order, or laid out.
func makeCut(r *run, te *tableEntry, lk layoutKey, keys, parts []int, opt layout.Options) (*cut, error) {
	if len(parts) > 0 {
		return layoutPartitions(r, te, lk, keys, parts, opt)
	}
	if o := te.orderOf(lk, r.prio); o != nil {
		// Only the number of files differs from a stored order (the files slider, or a knob
		// flipped back to it): cut it again.
		if err := r.begin(""); err != nil {
			return nil, err
		}
		files := o.order.Cut(lk.numFiles)
		return newCut(lk, files, te.fileNames(len(files)), make([]map[string]string, len(files)), true), nil
	}
	return layoutRows(r, te, lk, keys, opt)
}

// orderOf returns the stored clustered order whose runs lk's files are, or nil.
func (te *tableEntry) orderOf(lk layoutKey, prio Priority) *orderEntry {
	te.mu.Lock()
	defer te.mu.Unlock()
	o, _ := te.orders.get(lk.orderKey, prio)
	return o
}

// layoutRows is the order stage and the cut for an unpartitioned table: its rows laid out as
// one OPTIMIZE bin (layout.Layouter.Layout, on a Layouter lent by the Store), and the sorted
// order a clustering leaves stored for later cuts.
func layoutRows(r *run, te *tableEntry, lk layoutKey, keys []int, opt layout.Options) (*cut, error) {
	ranks := make([]layout.Ranks, len(keys))
	for i, k := range keys {
		var err error
		if ranks[i], err = rankOf(r, te, k); err != nil {
			return nil, err
		}
	}
	if err := r.begin("Laying out " + strconv.Itoa(te.t.NumRows) + " rows (" + lk.kind.String() + ")"); err != nil {
		return nil, err
	}
	l := r.s.layouter()
	l.Yield = r.yielder()
	files, err := l.Layout(te.all, ranks, lk.kind, lk.numFiles, opt)
	if err != nil {
		if !r.halted(err) {
			r.s.giveBack(l)
		}
		return nil, err
	}
	order := l.TakeOrder(te.all)
	r.s.giveBack(l)
	if order != nil {
		te.mu.Lock()
		te.orders.put(lk.orderKey, r.prio, &orderEntry{order: order, blocks: map[sumSlot]*blocks{}})
		te.mu.Unlock()
	}
	return newCut(lk, files, te.fileNames(len(files)), make([]map[string]string, len(files)), order != nil), nil
}

// layoutPartitions lays out one directory per partition value, each on its own as OPTIMIZE lays
// out one bin per partition: range ids are quantiles of that partition's rows, and it gets
// max(1, rows/rowsPerFile) files, Delta's approxNumFiles with rows standing for bytes.
func layoutPartitions(r *run, te *tableEntry, lk layoutKey, keys, parts []int, opt layout.Options) (*cut, error) {
	if err := r.begin(""); err != nil {
		return nil, err
	}
	t := te.t
	l := r.s.layouter()
	l.Yield = r.yielder()
	namer := layout.NewFileNamer(opt.Seed)
	rowsPerFile := max(1, t.NumRows/max(1, lk.numFiles))
	var files [][]int32
	var paths []string
	var partValues []map[string]string
	err := func() error {
		bins := layout.Bins(t, parts)
		for bi, bin := range bins {
			if err := r.report("Laying out partition " + strconv.Itoa(bi+1) + " of " + strconv.Itoa(len(bins))); err != nil {
				return err
			}
			ranks := make([]layout.Ranks, len(keys))
			for i, k := range keys {
				ranks[i] = layout.RankRows(&t.Cols[k], bin.Rows)
			}
			bf, err := l.Layout(bin.Rows, ranks, lk.kind, max(1, len(bin.Rows)/rowsPerFile), layout.Options{Seed: opt.Seed + uint64(bi), NoNoise: opt.NoNoise})
			if err != nil {
				return err
			}
			pv := make(map[string]string, len(parts))
			for i, c := range parts {
				if v := bin.Values[i]; !v.Absent() {
					pv[t.Leaves[c].Name()] = v.String() // a missing key is a NULL partition value
				}
			}
			for _, f := range bf {
				files = append(files, f)
				paths = append(paths, namer.Name(bin.Dir, len(paths)))
				partValues = append(partValues, pv)
			}
		}
		return nil
	}()
	if err != nil {
		if !r.halted(err) {
			r.s.giveBack(l)
		}
		return nil, err
	}
	r.s.giveBack(l)
	return newCut(lk, files, paths, partValues, false), nil
}

// runsOf is the stored order whose consecutive runs c's files are, for reading statistics and
// rank ranges from its block summaries; nil when there is none (then they come from a pass over
// every row: the same figures).
func (te *tableEntry) runsOf(r *run, c *cut) *orderEntry {
	if !c.ordered || r.s.rowPass {
		return nil
	}
	return te.orderOf(c.key, r.prio)
}

// statistics is the statistics stage: every file's statistics on the columns the WHERE reads
// (which say which files are read), stored with the cut. A file's full statistics are collected
// when asked for (Store.FileStats, Store.FillFileStats).
func (pl *plan) statistics(r *run) ([]stats.FileStats, error) {
	collect := make([]bool, len(pl.indexed))
	for _, l := range pl.where {
		collect[l] = l < len(pl.indexed) && pl.indexed[l]
	}
	if err := r.report("Collecting the statistics of " + strconv.Itoa(len(pl.c.files)) + " files"); err != nil {
		return nil, err
	}
	return pl.c.statistics(r, pl.te, collect, pl.cfg, pl.spanCols)
}

// statistics returns every file's statistics on the leaves collect, stored under them.
func (c *cut) statistics(r *run, te *tableEntry, collect []bool, cfg stats.Config, spanCols []int) ([]stats.FileStats, error) {
	b, err := memoLRU(&c.mu, &c.stats, statsKey{bitsKey(collect), cfg.StringPrefixLength}, r.prio, func() (*statsBuf, error) {
		if err := r.need(); err != nil {
			return nil, err
		}
		b := te.statsBuffer(len(c.files), len(te.t.Leaves))
		return b, collectAll(r, te, c, b, collect, cfg, spanCols)
	})
	if err != nil {
		return nil, err
	}
	return b.out, nil
}

// ranges makes sure the span columns' rank ranges in the layout are stored.
func (pl *plan) ranges(r *run) error { return computeRanges(r, pl.te, pl.c, pl.spanCols) }

// scan gives each file's verdict for p's WHERE (skipping.Reason): every file read without one,
// or when it does not parse (then res's error).
func (pl *plan) scan(r *run, fileStats []stats.FileStats, res *Result) ([]skipping.Reason, error) {
	why := make([]skipping.Reason, len(pl.c.files)) // the zero Reason is KeptNoFilter
	if strings.TrimSpace(pl.p.Where) != "" {
		if err := scan(r, pl.te, pl.c, pl.p.Where, pl.p.PartitionBy, pl.indexed, fileStats, why); r.halted(err) {
			return nil, err
		} else if err != nil {
			res.fail(err)
			clear(why)
		}
	}
	return why, nil
}

// assemble is the Result stage: res.Files (path, size, read, each span column's span and box)
// and the mean span of each span column (res.Spans), from the layout's stored rank ranges.
func assemble(res *Result, pl *plan, why []skipping.Reason) {
	t, c, spanCols := pl.te.t, pl.c, pl.spanCols
	distinct := make([]float64, len(spanCols))
	names := make([]string, len(spanCols))
	frs := make([]*rankRanges, len(spanCols))
	for i, l := range spanCols {
		pl.te.mu.Lock()
		distinct[i] = float64(pl.te.ranks[l].Distinct)
		pl.te.mu.Unlock()
		names[i] = t.Leaves[l].Name()
		frs[i], _ = c.rangesOf(l)
	}
	files := c.files
	res.FilesTotal = len(files)
	res.RowsTotal = int64(t.NumRows)
	res.Files = make([]File, len(files))
	sums := make([]float64, len(spanCols))
	n := len(names)
	spans, boxes := make([]float64, len(files)*n), make([][2]float64, len(files)*n)
	for fi, rows := range files {
		f := &res.Files[fi]
		f.cols, f.Spans, f.Boxes = names, spans[fi*n:(fi+1)*n:(fi+1)*n], boxes[fi*n:(fi+1)*n:(fi+1)*n]
		f.Path = c.paths[fi]
		f.NumRecords = int64(len(rows))
		f.Why = why[fi]
		f.Read = f.Why.Kept()
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
	res.Axes = keyAxes(pl, res.Keys)
}

// axisTicks are the rank positions at which an Axis names the key's value.
var axisTicks = [...]float64{0, 0.25, 0.5, 0.75, 1}

// keyAxes are the keys' axes in rank space: the value at each of axisTicks' rank positions, read
// back from the table's rows (layout.Ranks.Rep), the first the key's minimum and the last its
// maximum. A key without ranks or with no value gets none.
func keyAxes(pl *plan, keys []string) []Axis {
	t := pl.te.t
	var out []Axis
	for _, k := range keys {
		l := t.LeafIndex(k)
		if l < 0 {
			continue
		}
		pl.te.mu.Lock()
		rk, ok := pl.te.ranks[l]
		pl.te.mu.Unlock()
		if !ok || rk.Distinct == 0 || len(rk.Rep) < rk.Distinct {
			continue
		}
		a := Axis{Column: k, Distinct: rk.Distinct}
		for _, at := range axisTicks {
			rank := min(int(at*float64(rk.Distinct)), rk.Distinct-1)
			a.Ticks = append(a.Ticks, AxisTick{At: at, Value: t.Cols[l].Value(int(rk.Rep[rank])).String()})
		}
		out = append(out, a)
	}
	return out
}

// fileSpans sets file fi's span and box on each span column (of distinct[i] ranks, frs[i] its
// files' rank ranges) and adds its spans to sums. Its own function, so that its loop stays out
// of assemble (V8 optimises a wasm function for its later calls, never the one under way:
// v8.dev/blog/wasm-dynamic-tiering).
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

// layoutOf runs the stages up to the statistics again for res (all stored, unless evicted since)
// and returns its plan, with every column of the table generated: what a file's full
// statistics read. Nothing is reported. The caller releases the plan's cut.
func (s *Store) layoutOf(res *Result) (*plan, *run, error) {
	if res == nil || res.in == nil {
		return nil, nil, errors.New("panel: the answer has no files")
	}
	r := &run{s: s, prio: Shown, budget: -1}
	pl, err := s.plan(r, *res.in, newResult())
	if err == nil && pl == nil {
		err = errors.New("panel: the answer's input gives no layout")
	}
	if err != nil {
		return nil, nil, err
	}
	if len(pl.c.files) != len(res.Files) {
		pl.te.release(pl.c)
		return nil, nil, errors.New("panel: the answer's layout is not the one its input gives")
	}
	for l := range pl.te.t.Cols {
		if err := fill(r, pl.te, l); err != nil {
			pl.te.release(pl.c)
			return nil, nil, err
		}
	}
	return pl, r, nil
}

// FileStats returns file i's minValues, maxValues and nullCount JSON objects in the answer res
// (as Delta writes them in an AddFile's stats), collected by stats.Collect and stored with the
// layout.
func (s *Store) FileStats(res *Result, i int) (minValues, maxValues, nullCount json.RawMessage, err error) {
	pl, _, err := s.layoutOf(res)
	if err != nil {
		return nil, nil, nil, err
	}
	defer pl.te.release(pl.c)
	if i < 0 || i >= len(pl.c.files) {
		return nil, nil, nil, fmt.Errorf("panel: no file %d among %d", i, len(pl.c.files))
	}
	key := objectsKey{statsKey{bitsKey(pl.indexed), pl.cfg.StringPrefixLength}, i}
	o, _ := memo(&pl.c.mu, pl.c.objects, key, func() ([3]json.RawMessage, error) {
		return splitStats(stats.Collect(pl.te.t, pl.c.files[i], pl.indexed, pl.cfg).JSON(pl.te.t.Leaves)), nil
	})
	return o[0], o[1], o[2], nil
}

// FillFileStats puts every file's statistics objects into res and returns each file's add.stats
// string: what the CLI prints. Every column is collected in one pass (collectAll), as
// stats.Collect would file by file.
func (s *Store) FillFileStats(res *Result) ([]string, error) {
	pl, r, err := s.layoutOf(res)
	if err != nil {
		return nil, err
	}
	defer pl.te.release(pl.c)
	fs, err := pl.c.statistics(r, pl.te, pl.indexed, pl.cfg, pl.spanCols)
	if err != nil {
		return nil, err
	}
	strs := make([]string, len(fs))
	for i := range fs {
		strs[i] = fs[i].JSON(pl.te.t.Leaves)
		o := splitStats(strs[i])
		f := &res.Files[i]
		f.MinValues, f.MaxValues, f.NullCount = o[0], o[1], o[2]
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
