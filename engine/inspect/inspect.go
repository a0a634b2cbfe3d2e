// Package inspect answers, for a real Delta table's log, what Layout Lab answers for simulated
// ones: which files a WHERE reads and why (engine/skipping on the files' real statistics), the
// table's DESCRIBE DETAIL and HISTORY (engine/log), each file's ZCube, and what the next OPTIMIZE
// would select (engine/optimize's open-source planner, and Fabric Runtime 2.0's, labelled). It
// reads only the log (engine/log), never data files, through io/fs, so the CLI and the browser
// share it.
package inspect

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strings"

	deltalog "layoutlab/engine/log"
	"layoutlab/engine/log/parquetjson"
	"layoutlab/engine/optimize"
	"layoutlab/engine/skipping"
	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// A real table's log may hold Parquet checkpoints: the inspector is what brings the Parquet
// reader into a program.
func init() {
	deltalog.UseParquet(parquetjson.Lines)
	deltalog.UseParquetRows(parquetjson.Rows)
}

// Options say what to inspect.
type Options struct {
	Version int64  // -1: the latest
	Where   string // "" reads every file
	// Progress, when set, is told every few thousand files how many files' statistics have been
	// read: the browser shows it and lets the page paint.
	Progress func(done, total int)
	// CheckpointProgress is the same for the rows of a Parquet checkpoint (deltalog.OpenOptions).
	CheckpointProgress func(done, total int)
	// Step, when set, is told as each step that reports no progress of its own begins (the
	// files' sort, their statistics, each OPTIMIZE plan, the files' verdicts), so that the
	// browser can end its task between them.
	Step func(what string)
	// VerdictProgress, when set, is told every few thousand files how many files the WHERE has
	// been checked against (ReportProgress).
	VerdictProgress func(done, total int)
	// PlanLater leaves the Report's NextOptimize nil: the caller asks Inspector.NextOptimize
	// once it has shown the rest (the browser draws the table before planning).
	PlanLater bool
}

// Progress is what newInspector and NextOptimize tell their caller as they go; any may be nil.
type Progress struct {
	Files func(done, total int) // Options.Progress
	Step  func(what string)     // Options.Step
	// Yield is called between the planner's stages (optimize.Request.Yield) and before a plan
	// becomes the Report's: the browser may end its task there.
	Yield func()
}

func (p Progress) step(what string) {
	if p.Step != nil {
		p.Step(what)
	}
}

// ErrorInfo is a refusal Delta itself would give: the table or the predicate, with the class.
type ErrorInfo struct {
	Class   string `json:"class"`
	Message string `json:"message"`
}

// ZCube is a file's ZCube (ZCubeInfo.getForFile): its id, ZCUBE_ZORDER_BY, the cube's total
// bytes in this snapshot and whether it is sealed (≥ minCubeSize, so ZCube.filterOutLargeZCubes
// keeps it out of the next OPTIMIZE).
type ZCube struct {
	ID       string   `json:"id"`
	ZOrderBy []string `json:"zorder_by"`
	Size     int64    `json:"size"`
	Sealed   bool     `json:"sealed"`
}

// File is one live add action and the WHERE's verdict on it.
type File struct {
	Path            string             `json:"path"`
	PartitionValues map[string]*string `json:"partitionValues"`
	Size            int64              `json:"size"`
	NumRecords      *int64             `json:"numRecords"`
	// DeletedRecords is the deletion vector's cardinality (0 without a DV); numRecords, like
	// Delta's, counts the deleted rows too.
	DeletedRecords     int64   `json:"deletedRecords"`
	MinValues          RawJSON `json:"minValues"`
	MaxValues          RawJSON `json:"maxValues"`
	NullCount          RawJSON `json:"nullCount"`
	Read               bool    `json:"read"`
	Reason             string  `json:"reason"`
	ZCube              *ZCube  `json:"zcube"`
	ClusteringProvider *string `json:"clusteringProvider"`
	// StatsNotes names each statistic left out because it does not read as its column's type
	// (`maxValues.d: decimal "1E+40" does not fit decimal(38,0): …`): predicates on that column
	// read the file, as Kernel ignores just that value.
	StatsNotes []string `json:"statsNotes,omitempty"`
}

// RawJSON is JSON text as the log holds it (null when empty). It is a string, not a
// json.RawMessage, so that 100,000 files' statistics are not copied to be kept.
type RawJSON string

// MarshalJSON writes the text as it is.
func (r RawJSON) MarshalJSON() ([]byte, error) {
	if r == "" {
		return []byte("null"), nil
	}
	return []byte(r), nil
}

// UnmarshalJSON keeps the text (null as empty).
func (r *RawJSON) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*r = ""
	} else {
		*r = RawJSON(b)
	}
	return nil
}

// Bin is one bin of an OPTIMIZE plan.
type Bin struct {
	PartitionValues map[string]string `json:"partitionValues"`
	Files           []string          `json:"files"`
	Bytes           int64             `json:"bytes"`
	NewZCubeID      string            `json:"newZCubeId,omitempty"`
}

// OptimizePlan is what the next OPTIMIZE (no WHERE, no ZORDER BY) would rewrite.
type OptimizePlan struct {
	Platform        string                    `json:"platform"`
	Label           string                    `json:"label"`
	Mode            string                    `json:"mode"`
	ConsideredFiles int64                     `json:"candidate_files"`
	SelectedFiles   int                       `json:"selected_files"`
	SelectedBytes   int64                     `json:"selected_bytes"`
	Bins            []Bin                     `json:"bins"`
	SealedCubes     int                       `json:"cubes_sealed"`
	ClusteringStats *optimize.ClusteringStats `json:"clusteringStats,omitempty"`
	Events          []string                  `json:"events"`
	Error           *ErrorInfo                `json:"error,omitempty"`
}

// NextOptimize holds the open-source plan and, for clustered tables, Fabric Runtime 2.0's.
type NextOptimize struct {
	OSS             *OptimizePlan `json:"oss"`
	FabricRuntime20 *OptimizePlan `json:"fabric_runtime_2_0,omitempty"`
}

// Report is the whole answer, in the JSON layout `layoutlab inspect --format json` prints.
type Report struct {
	Version           int64    `json:"version"`
	FilesTotal        int      `json:"files_total"`
	FilesRead         int      `json:"files_read"`
	RowsTotal         *int64   `json:"rows_total"`
	RowsRead          *int64   `json:"rows_read"`
	PartitionColumns  []string `json:"partition_columns"`
	ClusteringColumns []string `json:"clustering_columns"`
	// ClusteringFormat says how the log records the clustering (deltalog.ClusteringFormat):
	// open-source Delta's delta.clustering, or Databricks' liquid preview; absent when unclustered.
	ClusteringFormat deltalog.ClusteringFormat `json:"clustering_format,omitempty"`
	Where            string                    `json:"where,omitempty"`
	Files            []File                    `json:"files"`
	DescribeDetail   *deltalog.TableDetail     `json:"describe_detail"`
	History          []deltalog.DeltaHistory   `json:"history"`
	NextOptimize     *NextOptimize             `json:"next_optimize"`
	Error            *ErrorInfo                `json:"error"`
	// ClusteringHealth and ZCubeHealth are health.go's: one entry per column with statistics,
	// and a clustered table's rows by ZCube state (nil otherwise).
	ClusteringHealth []ColumnHealth `json:"clustering_health"`
	ZCubeHealth      *ZCubeHealth   `json:"zcube_health"`
}

// Inspect reads the table rooted at fsys (location is what DESCRIBE DETAIL shows). A broken log
// is an error (*deltalog.LogError); a table or predicate Delta refuses is a Report whose Error is
// set.
func Inspect(fsys fs.FS, location string, opt Options) (*Report, error) {
	r, _, err := open(fsys, location, opt, true)
	return r, err
}

// Open is Inspect that also returns the Inspector (nil when the Report is a refusal), for a
// caller that asks more of the same snapshot: other WHEREs, add actions, column spans.
func Open(fsys fs.FS, location string, opt Options) (*Report, *Inspector, error) {
	return open(fsys, location, opt, false)
}

// open is Open; last says that the Inspector is dropped once the Report is made, so the Report
// may take its files instead of a copy (Inspect: a million files are 150 MB).
func open(fsys fs.FS, location string, opt Options, last bool) (*Report, *Inspector, error) {
	s, err := deltalog.OpenSnapshot(fsys, deltalog.OpenOptions{Version: opt.Version, Progress: opt.CheckpointProgress})
	var ref *deltalog.Refusal
	if errors.As(err, &ref) {
		return &Report{Version: opt.Version, Error: &ErrorInfo{ref.Class, ref.Message}, Files: []File{}}, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	progress := Progress{Files: opt.Progress, Step: opt.Step}
	// The snapshot sorts its files by path when first asked: two steps of their own, between
	// the replay and the statistics.
	progress.step("the files' paths")
	s.SortFiles(func() { progress.step("the files, by path") })
	progress.step("the files' statistics")
	// Without a WHERE, Inspect's Report reads no file's values, and nothing asks the dropped
	// Inspector for them: they are checked and not kept (loadStats reads them if asked).
	in := newInspector(s, location, progress, !last || opt.Where != "")
	in.health(progress)
	if !opt.PlanLater {
		in.NextOptimize(progress)
	}
	if opt.Step != nil && in.base.Error == nil {
		opt.Step("the files' verdicts")
	}
	return in.reportProgress(opt.Where, opt.VerdictProgress, last), in, nil
}

// Inspector holds what a Report needs that no WHERE changes: each file's statistics, parsed
// once, DESCRIBE and, once asked for, the next OPTIMIZE. The browser keeps one per snapshot, so
// that a new WHERE costs one verdict per file instead of parsing every file's statistics again.
type Inspector struct {
	s        *deltalog.Snapshot
	base     Report            // Files without verdicts; Error set when the table cannot be inspected
	stats    []stats.FileStats // by file; hasStats says which files have any
	hasStats []bool
	pv       []map[string]string // partition values by logical name, NULL left out, for skipping
	lleaves  []table.Leaf
	pleaves  []table.Leaf
	rowsKnow bool
	columns  int // top-level columns, for the planner's indexed-column check
	// hc gathers the bounds health.go needs as the statistics are read, when they are not kept;
	// Health empties it. healthLeaves are the columns, healthIndexed whether each is indexed.
	hc            *healthCollector
	healthLeaves  []int
	healthIndexed []bool
	healthDone    bool
}

// progressEvery is how many files' statistics are read between calls of Options.Progress.
const progressEvery = 4096

// newInspector reads the snapshot's files and statistics, telling progress as it goes; the next
// OPTIMIZE is planned by NextOptimize. keep false checks each file's statistics without keeping
// their values (a million files' values are 300 MB), for loadStats to read again if asked for.
func newInspector(s *deltalog.Snapshot, location string, progress Progress, keep bool) *Inspector {
	md := s.Metadata()
	detail := deltalog.DescribeDetail(s, location)
	in := &Inspector{s: s, base: Report{
		Version:           s.Version(),
		PartitionColumns:  detail.PartitionColumns,
		ClusteringColumns: detail.ClusteringColumns,
		ClusteringFormat:  clusteringFormat(s, detail.ClusteringColumns),
		DescribeDetail:    &detail,
		History:           deltalog.DescribeHistory(s, 0),
		Files:             []File{},
	}}
	r := &in.base
	if err := deltalog.CheckReadable(s.Protocol()); err != nil {
		var ref *deltalog.Refusal
		errors.As(err, &ref)
		r.Error = &ErrorInfo{ref.Class, ref.Message}
		return in
	}
	schema, err := deltalog.ParseSchema(md.SchemaString)
	if err != nil {
		r.Error = &ErrorInfo{"DELTA_INVALID_SCHEMA", err.Error()} // not Delta's class: Delta fails to parse it
		return in
	}
	logical, physical := schema.SkippingSchema()
	in.lleaves, in.pleaves = logical.Leaves(), physical.Leaves()
	in.healthLeaves = in.spanLeaves()
	in.healthIndexed = indexedLeaves(schema, md, in.lleaves, in.healthLeaves)
	if !keep {
		in.hc = newHealthCollector(in.healthLeaves, in.lleaves, in.healthIndexed, len(s.AllFiles()))
	}
	// partitionValues are keyed by physical name under column mapping; skipping wants the
	// name the schema spells.
	toLogical := map[string]string{}
	for _, f := range schema.Fields {
		toLogical[f.PhysicalName] = f.Name
	}

	cfg := optimize.Config{}.EnsureDefaults()
	files := s.AllFiles()
	r.Files = make([]File, 0, len(files))
	in.pv = make([]map[string]string, 0, len(files))
	cubeBytes := map[string]int64{}
	for _, f := range files {
		if id, _, ok := f.ZCube(); ok {
			cubeBytes[id] += f.Size
		}
	}
	var rowsTotal int64
	in.rowsKnow = true
	parser := stats.NewJSONParser(in.pleaves, len(files))
	if keep {
		in.stats = make([]stats.FileStats, len(files))
	} else {
		parser.ReuseValues()
	}
	in.hasStats = make([]bool, len(files))
	// Most tables have no partition columns: their files share one empty map each way.
	noParts, noPartsOut := map[string]string{}, map[string]*string{}
	// Each file's numRecords lives in one array, not in an object of its own.
	numRecords := make([]int64, len(files))
	for i, f := range files {
		if progress.Files != nil && i%progressEvery == 0 {
			progress.Files(i, len(files))
		}
		out := File{Path: f.Path, Size: f.Size, PartitionValues: noPartsOut}
		pv := noParts
		if len(f.PartitionValues) > 0 {
			out.PartitionValues = make(map[string]*string, len(f.PartitionValues))
			pv = make(map[string]string, len(f.PartitionValues))
			for k, v := range f.PartitionValues {
				if v == "" {
					out.PartitionValues[k] = nil
					continue // a NULL partition value is a missing key to skipping
				}
				out.PartitionValues[k] = &v
				if l, ok := toLogical[k]; ok {
					k = l // partitionValues are keyed by physical name under column mapping
				}
				pv[k] = v
			}
		}
		if f.DeletionVector != nil {
			out.DeletedRecords = f.DeletionVector.Cardinality
		}
		if f.ClusteringProvider != "" {
			cp := f.ClusteringProvider
			out.ClusteringProvider = &cp
		}
		if id, z, ok := f.ZCube(); ok {
			out.ZCube = &ZCube{ID: id, ZOrderBy: z, Size: cubeBytes[id], Sealed: cubeBytes[id] >= cfg.MinCubeSize}
		}
		// A stats string that does not parse leaves the file without stats: it is read.
		if f.Stats != "" {
			st, notes, err := parseStats(parser, f.Stats, in.pleaves)
			if err != nil {
				out.StatsNotes = append(notes, fmt.Sprintf("%v: the file's statistics are not used, so it is read", err))
			} else {
				in.hasStats[i] = true
				if in.hc != nil {
					in.hc.add(&st.FileStats)
				}
				if keep {
					in.stats[i] = st.FileStats
				}
				if st.HasNumRecords {
					numRecords[i] = st.NumRecords
					out.NumRecords = &numRecords[i]
				}
				out.MinValues, out.MaxValues, out.NullCount = RawJSON(st.RawMinValues), RawJSON(st.RawMaxValues), RawJSON(st.RawNullCount)
				out.StatsNotes = append(st.Notes, notes...)
			}
		}
		out.StatsNotes = append(out.StatsNotes, checkDeletedRecords(&out)...)
		if out.NumRecords == nil {
			in.rowsKnow = false
		} else if rowsTotal > math.MaxInt64-*out.NumRecords { // each count is >= 0 (checkStats)
			in.rowsKnow = false
			out.StatsNotes = append(out.StatsNotes, fmt.Sprintf("numRecords %d: the table's row total overflows a 64-bit count, so it is unknown", *out.NumRecords))
		} else {
			rowsTotal += *out.NumRecords
		}
		r.Files = append(r.Files, out)
		in.pv = append(in.pv, pv)
	}
	if progress.Files != nil {
		progress.Files(len(files), len(files)) // every file read; the OPTIMIZE plans follow
	}
	r.FilesTotal = len(files)
	sealZCubes(r.Files, cfg.MinCubeSize) // by logical bytes, once numRecords are read
	r.ZCubeHealth = zcubeHealth(r, cfg.MinCubeSize)
	if in.rowsKnow {
		r.RowsTotal = &rowsTotal
	}
	in.columns = len(schema.Fields)
	return in
}

// NextOptimize plans the next OPTIMIZE on the snapshot, once: later Reports carry the plans. It
// is nil for a table that cannot be inspected.
func (in *Inspector) NextOptimize(progress Progress) *NextOptimize {
	if in.base.Error == nil && in.base.NextOptimize == nil {
		in.base.NextOptimize = in.planNext(progress)
	}
	return in.base.NextOptimize
}

func (in *Inspector) planNext(progress Progress) *NextOptimize {
	return nextOptimize(in.s, in.base.Files, in.s.AllFiles(), in.columns, len(in.base.ClusteringColumns) > 0, in.clusterRanges, progress)
}

// clusterRanges is each file's [min, max] of column col from its statistics, as the Fabric
// overlap score compares them (optimize.File.ClusterRanges): numbers, dates and timestamps by
// their value (table.Value.Float64); strings and binaries, which have no width, by the bound's
// position among the distinct bounds of all files, in Delta's statistics order
// (table.Compare). A file without both bounds, or with a NaN bound, gets none, and is neither
// scored nor a partner. ok is false when col has no statistics leaf.
func (in *Inspector) clusterRanges(col string) (ranges [][]optimize.Range, scored int, ok bool) {
	leaf := -1
	for i, l := range in.lleaves {
		if strings.EqualFold(l.Name(), col) {
			leaf = i
			break
		}
	}
	if leaf < 0 {
		return nil, 0, false
	}
	in.loadStats() // Inspect without a WHERE did not keep them
	bounds := func(i int) (lo, hi table.Value, ok bool) {
		st := in.fileStats(i)
		if st == nil || leaf >= len(st.MinValues) || leaf >= len(st.MaxValues) ||
			st.MinValues[leaf].Absent() || st.MaxValues[leaf].Absent() {
			return lo, hi, false
		}
		return st.MinValues[leaf], st.MaxValues[leaf], true
	}
	var ordered []table.Value // string and binary bounds, sorted and distinct
	for i := range in.stats {
		if lo, hi, ok := bounds(i); ok && (lo.Kind == table.String || lo.Kind == table.Binary) {
			ordered = append(ordered, lo, hi)
		}
	}
	slices.SortFunc(ordered, table.Compare)
	ordered = slices.CompactFunc(ordered, func(a, b table.Value) bool { return table.Compare(a, b) == 0 })
	pos := func(v table.Value) float64 {
		if v.Kind != table.String && v.Kind != table.Binary {
			return v.Float64()
		}
		i, _ := slices.BinarySearchFunc(ordered, v, table.Compare)
		return float64(i)
	}
	ranges = make([][]optimize.Range, len(in.stats))
	for i := range in.stats {
		lo, hi, ok := bounds(i)
		if !ok {
			continue
		}
		r := optimize.Range{Min: pos(lo), Max: pos(hi)}
		if math.IsNaN(r.Min) || math.IsNaN(r.Max) || r.Min > r.Max {
			continue
		}
		ranges[i] = []optimize.Range{r}
		scored++
	}
	return ranges, scored, true
}

// parseStats reads one file's statistics and checks them (checkStats).
func parseStats(parser *stats.JSONParser, text string, leaves []table.Leaf) (stats.Parsed, []string, error) {
	st, err := parser.Parse(text)
	var notes []string
	if err == nil {
		notes, err = checkStats(&st, leaves)
	}
	return st, notes, err
}

// loadStats reads the files' statistics again when newInspector did not keep them: the same
// parse and checks, so the same values.
func (in *Inspector) loadStats() {
	if in.stats != nil || len(in.hasStats) == 0 {
		return
	}
	files := in.s.AllFiles()
	parser := stats.NewJSONParser(in.pleaves, len(files))
	in.stats = make([]stats.FileStats, len(files))
	for i, f := range files {
		if in.hasStats[i] {
			st, _, _ := parseStats(parser, f.Stats, in.pleaves) // it parsed without error before
			in.stats[i] = st.FileStats
		}
	}
}

// fileStats is file i's statistics, nil when it has none, or when they were not kept and no
// predicate needs them (reportProgress calls loadStats before a predicate is checked).
func (in *Inspector) fileStats(i int) *stats.FileStats {
	if !in.hasStats[i] || in.stats == nil {
		return nil
	}
	return &in.stats[i]
}

// Snapshot is the snapshot inspected.
func (in *Inspector) Snapshot() *deltalog.Snapshot { return in.s }

// Report answers where ("" reads every file) on the snapshot: each file's verdict and reason
// (engine/skipping's Filter.Explain on its statistics and partition values), files and rows
// read; a predicate Delta refuses is the Report's Error.
func (in *Inspector) Report(where string) *Report { return in.ReportProgress(where, nil) }

// ReportProgress is Report that tells progress, when set, every progressEvery files' verdicts.
func (in *Inspector) ReportProgress(where string, progress func(done, total int)) *Report {
	return in.reportProgress(where, progress, false)
}

// reportProgress is ReportProgress; final says the Inspector is not asked again, so the Report
// takes its files instead of a copy.
func (in *Inspector) reportProgress(where string, progress func(done, total int), final bool) *Report {
	in.Health() // once: a no-op after Open's
	r := in.base
	r.Where = where
	if r.Error != nil {
		return &r
	}
	md := in.s.Metadata()
	var pred skipping.Expr
	var err error
	if strings.TrimSpace(where) != "" {
		pred, err = skipping.Parse(where, in.lleaves)
		if err != nil {
			r.Error = predicateError(err)
		}
	}
	var filter *skipping.Filter
	if r.Error == nil {
		filter, err = skipping.Compile(pred, skipping.Table{Leaves: in.lleaves, PartitionColumns: md.PartitionColumns})
		if err != nil {
			r.Error = &ErrorInfo{"DATATYPE_MISMATCH", err.Error()}
		}
	}
	if filter == nil {
		return &r
	}
	if pred != nil {
		in.loadStats()
	}
	if !final {
		r.Files = slices.Clone(in.base.Files)
	}
	var rowsRead int64
	// Neighbouring files mostly have the same reason: its text is made once for them, not a
	// string per file (100,000 small objects the collector would then mark).
	var last skipping.Reason
	lastText := ""
	for i := range r.Files {
		if progress != nil && i%progressEvery == 0 {
			progress(i, len(r.Files))
		}
		out := &r.Files[i]
		reason := filter.Explain(in.fileStats(i), in.pv[i])
		if reason != last || lastText == "" {
			last, lastText = reason, reason.String()
		}
		out.Read, out.Reason = reason.Kept(), lastText
		if out.Read {
			r.FilesRead++
			if out.NumRecords != nil {
				rowsRead += *out.NumRecords
			}
		}
	}
	if progress != nil {
		progress(len(r.Files), len(r.Files))
	}
	if in.rowsKnow {
		r.RowsRead = &rowsRead
	}
	return &r
}

// predicateError reports a refused predicate with the class the parser gives it: Spark 3.5's for
// what Spark refuses too, one of skipping.LayoutLabLimits for the rest.
func predicateError(err error) *ErrorInfo {
	class := "PARSE_SYNTAX_ERROR"
	var list skipping.ErrorList
	if errors.As(err, &list) && list.Class() != "" {
		class = list.Class()
	}
	// The class is the report's own field: the message does not repeat it.
	return &ErrorInfo{class, strings.Replace(err.Error(), "["+class+"] ", "", 1)}
}

// clusteringFormat labels a clustered table's format, "" for an unclustered one.
func clusteringFormat(s *deltalog.Snapshot, cols []string) deltalog.ClusteringFormat {
	if len(cols) == 0 {
		return ""
	}
	return deltalog.TableClusteringFormat(s)
}

// nextOptimize plans OPTIMIZE on the snapshot with the open-source planner and, for a clustered
// table, Fabric Runtime 2.0's incremental clustering (labelled as that platform's).
func nextOptimize(s *deltalog.Snapshot, inspected []File, files []*deltalog.AddFile, numColumns int, clustered bool,
	clusterRanges func(col string) ([][]optimize.Range, int, bool), progress Progress) *NextOptimize {
	cols, _ := deltalog.ClusteringColumns(s)
	os := &optimize.Snapshot{
		Version:           s.Version(),
		PartitionColumns:  s.Metadata().PartitionColumns,
		ClusteringFeature: deltalog.SupportsClustering(s.Protocol()), // the liquid preview's too
		ClusteringColumns: cols,
		Properties:        s.Metadata().Configuration,
		NumColumns:        numColumns,
	}
	os.Files = make([]optimize.File, len(files))
	for i, f := range files {
		of := &os.Files[i]
		*of = optimize.File{Path: f.Path, Size: f.Size, PartitionValues: f.PartitionValues, Tags: f.Tags,
			ClusteringProvider: f.ClusteringProvider, ModificationTime: f.ModificationTime, Ref: int64(i)}
		if f.DeletionVector != nil {
			of.DeletedRecords = f.DeletionVector.Cardinality
		}
		if n := inspected[i].NumRecords; n != nil { // read from the stats by newInspector
			of.NumRecords = *n
		}
	}
	progress.step("the next OPTIMIZE's plan (open-source Delta Lake)")
	out := &NextOptimize{OSS: plan(os, optimize.PlatformOSS, "open-source Delta Lake", progress.Yield)}
	if clustered {
		progress.step("the next OPTIMIZE's plan (Microsoft Fabric Runtime 2.0)")
		label := "Microsoft Fabric Runtime 2.0 incremental clustering (a platform behaviour, not open-source Delta)"
		if len(cols) > 0 {
			ranges, scored, ok := clusterRanges(cols[0])
			switch {
			case !ok:
				label += "; " + cols[0] + " has no statistics column, so autoRecluster scores no file"
			default:
				for i := range os.Files {
					os.Files[i].ClusterRanges = ranges[i]
				}
				label += fmt.Sprintf("; autoRecluster reads the files' min/max of %[3]s from the log's statistics (%[1]d of %[2]d files have both)",
					scored, len(os.Files), cols[0])
			}
		}
		out.FabricRuntime20 = plan(os, optimize.PlatformFabricRuntime20, label, progress.Yield)
	}
	return out
}

func plan(s *optimize.Snapshot, platform optimize.Platform, label string, yield func()) *OptimizePlan {
	out := &OptimizePlan{Platform: platform.String(), Label: label, Bins: []Bin{}, Events: []string{}}
	p, err := optimize.NewPlanner(optimize.Config{Platform: platform})
	if err == nil {
		var pl *optimize.Plan
		pl, err = p.Plan(s, optimize.Request{Yield: yield})
		if err == nil && yield != nil {
			yield()
		}
		if err == nil {
			out.Mode = pl.Mode.String()
			out.ConsideredFiles = pl.TotalConsideredFiles
			out.SelectedFiles = pl.NumFiles()
			out.SelectedBytes = pl.Bytes()
			out.ClusteringStats = pl.ClusteringStats
			out.Bins = make([]Bin, 0, len(pl.Bins))
			for _, b := range pl.Bins {
				ob := Bin{PartitionValues: b.PartitionValues, Bytes: b.Bytes, NewZCubeID: b.NewZCubeID, Files: make([]string, len(b.Files))}
				for i := range b.Files {
					ob.Files[i] = b.Files[i].Path
				}
				out.Bins = append(out.Bins, ob)
			}
			out.Events = make([]string, len(pl.Events))
			for i, e := range pl.Events {
				out.Events[i] = e.String()
			}
			out.SealedCubes = sealedCubes(s, p.Config().MinCubeSize)
		}
	}
	if err != nil {
		out.Error = &ErrorInfo{Class: className(err), Message: err.Error()}
	}
	return out
}

// sealedCubes counts the ZCubes whose logical bytes reach minCubeSize (ZCube.filterOutLargeZCubes).
func sealedCubes(s *optimize.Snapshot, minCube int64) int {
	bytes := map[string]int64{}
	for i := range s.Files {
		if id, _, ok := s.Files[i].ZCube(); ok {
			f := &s.Files[i]
			bytes[id] += estLogicalFileSize(f.Size, &f.NumRecords, f.DeletedRecords)
		}
	}
	n := 0
	for _, b := range bytes {
		if b >= minCube {
			n++
		}
	}
	return n
}

func className(err error) string {
	msg := err.Error()
	if strings.HasPrefix(msg, "[") {
		if i := strings.Index(msg, "]"); i > 0 {
			return msg[1:i]
		}
	}
	return "OPTIMIZE_PLANNING"
}
