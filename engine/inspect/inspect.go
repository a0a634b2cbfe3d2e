// Package inspect answers, for a real Delta table's log, what Layout Lab answers for simulated
// ones: which files a WHERE reads and why (engine/skipping on the files' real statistics), the
// table's DESCRIBE DETAIL and HISTORY (engine/deltalog), each file's ZCube, and what the next OPTIMIZE
// would select (engine/optimize's open-source planner, and Fabric Runtime 2.0's, labelled). It
// reads only the log (engine/deltalog), never data files, through io/fs, so the CLI and the browser
// share it.
package inspect

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"runtime"
	"slices"
	"strings"
	"unsafe"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/deltalog/parquetjson"
	"layoutlab/engine/optimize"
	"layoutlab/engine/skipping"
	"layoutlab/engine/stats"
	"layoutlab/engine/table"
	"layoutlab/engine/work"
)

// Options say what to inspect.
type Options struct {
	Version int64  // -1: the latest
	Where   string // "" reads every file
	// Yield, when set, is told each step as it begins (the files' paths, their sort, their
	// statistics, each OPTIMIZE plan, the files' verdicts), so that the browser can end its task
	// between them, and every few thousand rows or files how far the long ones have got (a
	// Parquet checkpoint's actions, the files' statistics, their verdicts), which it shows. Its
	// error stops Open, which returns it and no Inspector.
	Yield work.Yield
	// PlanLater leaves the Report's NextOptimize nil: the caller asks Inspector.NextOptimize
	// once it has shown the rest (the browser draws the table before planning).
	PlanLater bool
	// HealthLater leaves the Report's ClusteringHealth nil: the caller asks
	// Inspector.HealthYield once it has shown the rest (the browser draws the table first: the
	// 100,000-file table's health was a fifth of the page's open).
	HealthLater bool
	// CompactStatsFrom, when above 0, readies a snapshot of that many files or more for
	// Inspector.CompactStats, which keeps its statistics text compacted (statsTexts): the
	// strings the Inspector keeps of the text are copies, and Files' MinValues, MaxValues and
	// NullCount are empty. The table page's: a million files' text was 178 MB of its peak.
	CompactStatsFrom int
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

// File is one live add action and the WHERE's verdict on it. The add action is the snapshot's
// own (read-only): its path, size, statistics' text and deletion vector are read from it, not
// copied, and minValues, maxValues and nullCount are spans of its statistics' text. A million
// files were 160 bytes each with their own copies of the add's fields (154 MB of the page);
// they are 88.
type File struct {
	*deltalog.AddFile
	// PartitionValues are the add's, a NULL (the Hive default partition, "" in the add) as nil.
	PartitionValues map[string]*string
	NumRecords      *int64
	ZCube           *ZCube
	// ClusteringProvider is the add's clusteringProvider, nil when absent.
	ClusteringProvider *string
	// extra holds what few files have: statistics left out (StatsNotes), and statistics' text
	// that is not a span of the add's (NewFile's, the generic decoder's copies).
	extra  *fileExtra
	Reason string
	// rawOff and rawLen are the spans of minValues, maxValues and nullCount in the add's
	// statistics' text: text[rawOff[k]:rawOff[k]+rawLen[k]], rawLen 0 for none (a longer text
	// than rawLen holds is in extra). Apart, not as three structs of both, which would be
	// padded to 24 bytes.
	rawOff [3]uint32
	rawLen [3]uint16
	Read   bool
}

// fileExtra is what a File holds of its own beyond the add action.
type fileExtra struct {
	// notes names each statistic left out because it does not read as its column's type
	// (`maxValues.d: decimal "1E+40" does not fit decimal(38,0): …`): predicates on that column
	// read the file, as Kernel ignores just that value.
	notes []string
	raw   [3]RawJSON // used where rawLen is 0
}

// NewFile is a File of add (its path, size and deletion vector; not nil, as a File reads them
// from it) with the statistics' text of minValues, maxValues and nullCount and the notes given
// ("" and nil for none); its partition values, numRecords, ZCube, clusteringProvider and verdict
// are the caller's to set.
func NewFile(add *deltalog.AddFile, minValues, maxValues, nullCount RawJSON, notes []string) File {
	f := File{AddFile: add}
	for k, text := range [3]RawJSON{minValues, maxValues, nullCount} {
		f.setRaw(k, string(text))
	}
	f.addNotes(notes...)
	return f
}

// MinValues is the text of the file's minValues as its statistics hold it, "" when absent or
// when the statistics are not used.
func (f *File) MinValues() RawJSON { return f.rawText(0) }

// MaxValues is MinValues' maxValues.
func (f *File) MaxValues() RawJSON { return f.rawText(1) }

// NullCount is MinValues' nullCount.
func (f *File) NullCount() RawJSON { return f.rawText(2) }

func (f *File) rawText(k int) RawJSON {
	if f.extra != nil && f.rawLen[k] == 0 {
		return f.extra.raw[k]
	}
	if n := f.rawLen[k]; n > 0 {
		off := f.rawOff[k]
		return RawJSON(f.Stats[off : off+uint32(n)])
	}
	return ""
}

// setRaw records text, the statistics' text of minValues (k 0), maxValues or nullCount: as a
// span of the add's text when it is one, else as its own.
func (f *File) setRaw(k int, text string) {
	if text == "" {
		return
	}
	if off, ok := within(f.Stats, text); ok && len(text) <= math.MaxUint16 && off <= math.MaxUint32-math.MaxUint16 {
		f.rawOff[k], f.rawLen[k] = uint32(off), uint16(len(text))
		return
	}
	if f.extra == nil {
		f.extra = &fileExtra{}
	}
	f.extra.raw[k] = RawJSON(text)
}

// within is where part's bytes begin in s, when part is a substring of s (the same memory):
// the stats parser's fast path gives spans of the text it reads.
func within(s, part string) (int, bool) {
	if len(part) == 0 || len(part) > len(s) {
		return 0, false
	}
	off := uintptr(unsafe.Pointer(unsafe.StringData(part))) - uintptr(unsafe.Pointer(unsafe.StringData(s)))
	if off > uintptr(len(s)-len(part)) { // also a part before s, the difference wrapping around
		return 0, false
	}
	return int(off), true
}

// StatsNotes names each statistic left out because it does not read as its column's type
// (`maxValues.d: decimal "1E+40" does not fit decimal(38,0): …`): predicates on that column
// read the file, as Kernel ignores just that value.
func (f *File) StatsNotes() []string {
	if f.extra == nil {
		return nil
	}
	return f.extra.notes
}

// addNotes appends notes to the file's.
func (f *File) addNotes(notes ...string) {
	if len(notes) == 0 {
		return
	}
	if f.extra == nil {
		f.extra = &fileExtra{}
	}
	f.extra.notes = append(f.extra.notes, notes...)
}

// DeletedRecords is the deletion vector's cardinality (0 without a DV); numRecords, like
// Delta's, counts the deleted rows too.
func (f *File) DeletedRecords() int64 {
	if f.DeletionVector() == nil {
		return 0
	}
	return f.DeletionVector().Cardinality
}

// fileJSON is File as `layoutlab inspect --format json` and encoding/json write it.
type fileJSON struct {
	Path               string             `json:"path"`
	PartitionValues    map[string]*string `json:"partitionValues"`
	Size               int64              `json:"size"`
	NumRecords         *int64             `json:"numRecords"`
	DeletedRecords     int64              `json:"deletedRecords"`
	MinValues          RawJSON            `json:"minValues"`
	MaxValues          RawJSON            `json:"maxValues"`
	NullCount          RawJSON            `json:"nullCount"`
	Read               bool               `json:"read"`
	Reason             string             `json:"reason"`
	ZCube              *ZCube             `json:"zcube"`
	ClusteringProvider *string            `json:"clusteringProvider"`
	StatsNotes         []string           `json:"statsNotes,omitempty"`
}

// MarshalJSON writes the file as a Report's JSON has it. HTML is not escaped here: an encoder
// that escapes it does so in what a MarshalJSON gives (encoding/json compacts it).
func (f File) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	err := enc.Encode(fileJSON{Path: f.Path, PartitionValues: f.PartitionValues, Size: f.Size, NumRecords: f.NumRecords,
		DeletedRecords: f.DeletedRecords(), MinValues: f.MinValues(), MaxValues: f.MaxValues(), NullCount: f.NullCount(),
		Read: f.Read, Reason: f.Reason, ZCube: f.ZCube, ClusteringProvider: f.ClusteringProvider, StatsNotes: f.StatsNotes()})
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), err
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
	Files           BinFiles          `json:"files"`
	Bytes           int64             `json:"bytes"`
	NewZCubeID      string            `json:"newZCubeId,omitempty"`
}

// BinFiles are a bin's files as indexes into the snapshot's adds (Adds[Refs[i]]), their paths
// read only where they are written (the JSON report): a million files' plan held a path
// header a file (16 MB) and a list a bin, for a page that shows none of them. A plan's bins
// share one Refs array. Nil Refs are no list (JSON null).
type BinFiles struct {
	Adds []*deltalog.AddFile
	Refs []int32
}

// Len is the number of files.
func (b BinFiles) Len() int { return len(b.Refs) }

// Path is file i's path.
func (b BinFiles) Path(i int) string { return b.Adds[b.Refs[i]].Path }

// MarshalJSON writes the paths, as a []string of them is written.
func (b BinFiles) MarshalJSON() ([]byte, error) {
	if b.Refs == nil {
		return []byte("null"), nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // the encoder of the whole report escapes it when it does (MarshalJSON above)
	buf.WriteByte('[')
	for i := range b.Refs {
		if i > 0 {
			buf.WriteByte(',')
		}
		if err := enc.Encode(b.Path(i)); err != nil {
			return nil, err
		}
		buf.Truncate(buf.Len() - 1) // the encoder's newline
	}
	buf.WriteByte(']')
	return buf.Bytes(), nil
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

// InspectThen is Inspect for a caller that writes the report's files before the fields that
// follow them (the next OPTIMIZE and the clustering health, Report's JSON order): those are left
// nil and worked out by rest, on the caller's goroutine, side by side as Inspect works them out,
// while other goroutines read the files; rest sets them on the Report and is called at most
// once. A caller that writes neither (the CSV) does not call it: the two were about 0.7 s of CPU
// in an open of inspecttest.Table(1_000_000) (BenchmarkInspect1M's profile). Options'
// HealthLater and PlanLater are set by it. rest reads the Inspector's statistics, never the
// files: the JSON's encoding of a million files is done beside it (TestInspectThenBesideTheFiles).
func InspectThen(fsys fs.FS, location string, opt Options) (r *Report, rest func() error, err error) {
	opt.HealthLater, opt.PlanLater = true, true
	r, in, err := open(fsys, location, opt, true)
	if err != nil || in == nil || in.base.Error != nil {
		return r, func() error { return nil }, err
	}
	return r, func() error {
		if err := in.healthAndPlan(nil, true); err != nil {
			return err
		}
		r.NextOptimize, r.ClusteringHealth = in.base.NextOptimize, in.base.ClusteringHealth
		return nil
	}, nil
}

// Open is Inspect that also returns the Inspector (nil when the Report is a refusal), for a
// caller that asks more of the same snapshot: other WHEREs, add actions, column spans.
func Open(fsys fs.FS, location string, opt Options) (*Report, *Inspector, error) {
	return open(fsys, location, opt, false)
}

// open is Open; last says that the Inspector is dropped once the Report is made, so the Report
// may take its files instead of a copy (Inspect: a million files are 150 MB).
func open(fsys fs.FS, location string, opt Options, last bool) (*Report, *Inspector, error) {
	s, err := deltalog.OpenSnapshot(fsys, deltalog.OpenOptions{Version: opt.Version, Yield: opt.Yield,
		Parquet: parquetjson.Rows}) // a real table's log may hold Parquet checkpoints
	var ref *deltalog.Refusal
	if errors.As(err, &ref) {
		return &Report{Version: opt.Version, Error: &ErrorInfo{ref.Class, ref.Message}, Files: []File{}}, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	y := opt.Yield
	// The snapshot sorts its files by path when first asked: two steps of their own, between
	// the replay and the statistics.
	if err := y.Begin("the files' paths"); err != nil {
		return nil, nil, err
	}
	if err := s.SortFiles(y); err != nil {
		return nil, nil, err
	}
	if err := y.Begin(StatisticsBegin); err != nil {
		return nil, nil, err
	}
	// Every file's statistics are checked; the values kept are those of the columns the WHERE
	// names and, for a caller that keeps the Inspector, the grid's first colouring column
	// (readLeaves reads any other when asked).
	in, err := newInspector(s, location, y, opt, !last)
	if err != nil {
		return nil, nil, err
	}
	if opt.HealthLater { // the page's: health after the draw (Inspector.HealthYield)
		if !opt.PlanLater {
			if _, err := in.NextOptimize(y); err != nil {
				return nil, nil, err
			}
		}
	} else if err := in.healthAndPlan(y, !opt.PlanLater); err != nil {
		return nil, nil, err
	}
	if in.base.Error == nil {
		if err := y.Begin("the files' verdicts"); err != nil {
			return nil, nil, err
		}
	}
	r, err := in.report(opt.Where, y, last)
	if err != nil {
		return nil, nil, err
	}
	return r, in, nil
}

// Inspector holds what a Report needs that no WHERE changes: each file's statistics, parsed
// once, DESCRIBE and, once asked for, the next OPTIMIZE. The browser keeps one per snapshot, so
// that a new WHERE costs one verdict per file instead of parsing every file's statistics again.
type Inspector struct {
	s        *deltalog.Snapshot
	base     Report       // Files without verdicts; Error set when the table cannot be inspected
	cols     statsColumns // the statistics kept, by column; hasStats says which files have any
	hasStats []bool
	// pv is each file's partition values by logical name, NULL left out, for skipping; nil while
	// no file has any (an unpartitioned table's million files held a million pointers to one
	// empty map for the collector to mark).
	pv       []map[string]string
	lleaves  []table.Leaf
	pleaves  []table.Leaf
	rowsKnow bool
	columns  int // top-level columns, for the planner's indexed-column check
	// hc gathers the bounds health.go needs as the statistics are read, for the columns whose
	// values are not kept; Health empties it. healthLeaves are the columns, healthIndexed
	// whether each is indexed.
	hc            *healthCollector
	healthLeaves  []int
	healthIndexed []bool
	// statsSchema marks the leaves (lleaves) in the table's stats schema: --where skips by
	// these alone, as DataSkippingReader parses the stats JSON with statsSchema and so drops
	// any other column's statistics (spark/src/main/scala/org/apache/spark/sql/delta/stats/
	// DataSkippingReader.scala, from_json(col("stats"), statsSchema); StatisticsCollection.scala,
	// statCollectionPhysicalSchema).
	statsSchema []bool
	healthDone  bool
	// verdicts says base.Files hold the verdicts of a Report that shares them (one without a
	// WHERE, or ReportShared's).
	verdicts bool
	// DefaultSpanColumn, once known
	defaultCol   string
	defaultKnown bool
	// texts holds the files' statistics text when compacted (Options.CompactStatsFrom).
	texts *statsTexts
}

// progressEvery is how many files' statistics or verdicts are made between calls of
// Options.Yield.
const progressEvery = 4096

// newInspector reads the snapshot's files and statistics, telling yield as it goes; the next
// OPTIMIZE is planned by NextOptimize. Each file's statistics are checked, and the values kept
// are those of the leaves where reads, of the first clustering column (Fabric's overlap score)
// and, when interactive, of DefaultSpanColumn: a million files' values of every leaf are 300 MB.
// readLeaves reads other leaves when asked. The error is only ever yield's.
func newInspector(s *deltalog.Snapshot, location string, yield work.Yield, opt Options, interactive bool) (*Inspector, error) {
	md, where := s.Metadata(), opt.Where
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
		return in, nil
	}
	schema, err := deltalog.ParseSchema(md.SchemaString)
	if err != nil {
		r.Error = &ErrorInfo{"DELTA_INVALID_SCHEMA", err.Error()} // not Delta's class: Delta fails to parse it
		return in, nil
	}
	logical, physical := schema.SkippingSchema()
	in.lleaves, in.pleaves = logical.Leaves(), physical.Leaves()
	in.healthLeaves = in.spanLeaves()
	in.healthIndexed = indexedLeaves(schema, md, in.lleaves, in.healthLeaves)
	every := make([]int, len(in.lleaves))
	for i := range every {
		every[i] = i
	}
	in.statsSchema = indexedLeaves(schema, md, in.lleaves, every)
	// partitionValues are keyed by physical name under column mapping; skipping wants the
	// name the schema spells.
	toLogical := map[string]string{}
	for _, f := range schema.Fields {
		toLogical[f.PhysicalName] = f.Name
	}

	files := s.AllFiles()
	fr := &fileReader{in: in, files: files, toLogical: toLogical, cubes: newFileCubes(),
		minCube: optimize.Config{}.EnsureDefaults().MinCubeSize, noPartsOut: map[string]*string{},
		parser: stats.NewJSONParser(in.pleaves, len(files))}
	r.Files = make([]File, len(files))
	in.rowsKnow = true
	fr.parser.ReuseValues()
	in.hasStats = make([]bool, len(files))
	in.cols = newStatsColumns(len(in.pleaves), len(files))
	// To be compacted, the text is dropped: the strings kept of it are copies.
	in.cols.own = opt.CompactStatsFrom > 0 && len(files) >= opt.CompactStatsFrom
	fr.keep = in.cols.want(in.firstLeaves(where, interactive), in.pleaves)
	in.hc = in.gatherHealth(len(files))
	if err := fr.readAll(yield); err != nil {
		return nil, err
	}
	// Its reused values are pieces of the last file's text (with one core, js/wasm's, readAll
	// parses with it), and the parser was still reachable through the reader after the read:
	// it kept every block of the checkpoint's text once CompactStats had emptied the adds
	// (TestCompactStatsBytesPerFile at GOMAXPROCS 1: 513.8 bytes a file against 422.1 without
	// the compaction).
	fr.parser = nil
	fr.cubes.size(fr.minCube) // each file's bytes counted as it was read
	// every file read; the OPTIMIZE plans follow
	if err := yield.Tick(statisticsStep, len(files), len(files), "files"); err != nil {
		return nil, err
	}
	r.FilesTotal = len(files)
	sealZCubes(r.Files, fr.minCube) // by logical bytes, once numRecords are read
	r.ZCubeHealth = zcubeHealth(r, fr.minCube)
	if in.rowsKnow {
		r.RowsTotal = &fr.rowsTotal
	}
	in.columns = len(schema.Fields)
	return in, nil
}

// StatisticsBegin is the step Options.Yield is told as the files' statistics begin: the
// replay's decoding is garbage by then, and the step makes the Inspector's per-file arrays (a
// million files' are 170 MB), which the table page places in the room a collection leaves
// (front/tablepage's Shown.Collect).
const StatisticsBegin = "the files' statistics"

// Steps the Yield is told of with their progress (Options.Yield).
const (
	statisticsStep = "Reading the files' statistics"
	verdictStep    = "Checking the files against the WHERE"
)

// healthAndPlan computes the clustering health and, when plan, the next OPTIMIZE. Without a
// Yield on two cores or more (the CLI) they run side by side (0.42 and 0.39 s of CPU in an open of
// inspecttest.Table(1_000_000), BenchmarkInspect1M's profile): neither writes what the other reads (health takes the bounds
// newInspector gathered, in.hc, and the kept columns; the plan the kept numRecords and the first
// clustering column, read here first should the table's columns have changed since). With a
// Yield (the page, one core) one after the other, as its steps are told.
func (in *Inspector) healthAndPlan(y work.Yield, plan bool) error {
	if !plan || y != nil || runtime.GOMAXPROCS(0) < 2 || in.base.Error != nil {
		if _, err := in.HealthYield(y); err != nil {
			return err
		}
		if plan {
			_, err := in.NextOptimize(y)
			return err
		}
		return nil
	}
	if cols, _ := deltalog.ClusteringColumns(in.s); len(cols) > 0 {
		if leaf := clusterLeaf(cols[0], in.lleaves); leaf >= 0 {
			in.readLeaves([]int{leaf}) // clusterRanges' read, kept by newInspector: none
		}
	}
	done := make(chan struct{})
	var herr error
	go func() {
		defer close(done)
		_, herr = in.HealthYield(nil)
	}()
	_, perr := in.NextOptimize(nil)
	<-done
	return cmp.Or(herr, perr)
}

// NextOptimize plans the next OPTIMIZE on the snapshot, once: later Reports carry the plans. It
// is nil for a table that cannot be inspected. yield is told each plan as it begins and the
// planner's progress; its error stops the planning, which keeps nothing and returns it.
func (in *Inspector) NextOptimize(yield work.Yield) (*NextOptimize, error) {
	if in.base.Error == nil && in.base.NextOptimize == nil {
		n, err := in.planNext(yield)
		if err != nil {
			return nil, err
		}
		in.base.NextOptimize = n
	}
	return in.base.NextOptimize, nil
}

func (in *Inspector) planNext(yield work.Yield) (*NextOptimize, error) {
	return nextOptimize(in.s, in.numRecords, in.s.AllFiles(), in.columns, len(in.base.ClusteringColumns) > 0, in.clusterRanges, yield)
}

// numRecords is file i's numRecords from its statistics (File.NumRecords), from the one array
// that holds them: the planner's million files in their own order read it, not the Report's
// 160 bytes a file.
func (in *Inspector) numRecords(i int) (int64, bool) {
	n := in.cols.numRecords[i]
	return n, in.hasStats[i] && n >= 0 // checkStats refuses a negative count
}

// clusterRanges is each file's [min, max] of column col from its statistics, as the Fabric
// overlap score compares them (optimize.File.ClusterRange): numbers, dates and timestamps by
// their value (table.Value.Float64); strings and binaries, which have no width, by the bound's
// position among the distinct bounds of all files, in Delta's statistics order
// (table.Compare). A file without both bounds, or with a NaN bound, gets none (a NaN Min here),
// and is neither scored nor a partner. ok is false when col has no statistics leaf. The ranges
// are one array, file i's at i: a million files' Fabric plan was a million small slices and
// their headers (40 MB) before.
func (in *Inspector) clusterRanges(col string) (ranges []optimize.Range, scored int, ok bool) {
	leaf := clusterLeaf(col, in.lleaves)
	if leaf < 0 {
		return nil, 0, false
	}
	in.readLeaves([]int{leaf}) // kept by newInspector unless the table's columns changed since
	c := in.cols.leaves[leaf]
	bounds := func(i int) (lo, hi table.Value, ok bool) {
		if !in.hasStats[i] {
			return lo, hi, false
		}
		lo, hi = c.get(0, i), c.get(1, i)
		return lo, hi, !lo.Absent() && !hi.Absent()
	}
	var ordered []table.Value // string and binary bounds, sorted and distinct
	for i := range in.hasStats {
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
	ranges = make([]optimize.Range, len(in.hasStats))
	for i := range in.hasStats {
		ranges[i] = optimize.Range{Min: math.NaN(), Max: math.NaN()}
		lo, hi, ok := bounds(i)
		if !ok {
			continue
		}
		r := optimize.Range{Min: pos(lo), Max: pos(hi)}
		if math.IsNaN(r.Min) || math.IsNaN(r.Max) || r.Min > r.Max {
			continue
		}
		ranges[i] = r
		scored++
	}
	return ranges, scored, true
}

// parseStats reads one file's statistics and checks them (checkStats).
func parseStats(parser *stats.JSONParser, text string, leaves []table.Leaf, out *parsedStats) {
	out.notes = nil
	out.err = parser.Parse(text, &out.st) // in place: a copy of its Parsed was a tenth of the parse
	if out.err == nil {
		out.notes, out.err = checkStats(&out.st, leaves)
	}
}

// fileStats is file i's statistics as far as the leaves read so far hold them (reportProgress
// reads the predicate's first), nil when it has none; valid until the next call.
func (in *Inspector) fileStats(i int) *stats.FileStats {
	if !in.hasStats[i] {
		return nil
	}
	return in.cols.file(i)
}

// Snapshot is the snapshot inspected.
func (in *Inspector) Snapshot() *deltalog.Snapshot { return in.s }

// Report answers where ("" reads every file) on the snapshot: each file's verdict and reason
// (engine/skipping's Filter.Explain on its statistics and partition values), files and rows
// read; a predicate Delta refuses is the Report's Error. Without a WHERE its Files are the
// Inspector's own: read-only.
func (in *Inspector) Report(where string) *Report {
	r, _ := in.report(where, nil, false) // no Yield: nothing stops it
	return r
}

// ReportYield is Report telling yield, when set, every progressEvery files' verdicts; its error
// stops the Report, which returns it.
func (in *Inspector) ReportYield(where string, yield work.Yield) (*Report, error) {
	return in.report(where, yield, false)
}

// report is ReportYield; final says no earlier Report is read again (the Inspector is not asked
// again, or ReportShared), so the Report takes its files instead of a copy. A Report without a
// WHERE shares them too: its Files are read-only.
func (in *Inspector) report(where string, yield work.Yield, final bool) (*Report, error) {
	r := in.base // its ClusteringHealth once worked out (Open, or HealthYield after HealthLater)
	r.Where = where
	if r.Error != nil {
		return &r, nil
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
		filter, err = skipping.Compile(pred, skipping.Table{Leaves: in.lleaves, PartitionColumns: md.PartitionColumns, StatsColumns: in.statsSchema})
		if err != nil {
			r.Error = &ErrorInfo{"DATATYPE_MISMATCH", err.Error()}
		}
	}
	if filter == nil {
		if in.verdicts {
			r.Files = unjudged(in.base.Files) // a refused WHERE's Report has no verdicts
		}
		return &r, nil
	}
	if pred != nil {
		in.readLeaves(skipping.ReferencedLeaves(pred))
	}
	// Without a WHERE every file's verdict is the same, whatever was asked before: the Report
	// shares the Inspector's files (a million files are 190 MB) and sets the verdicts in place,
	// as a final or shared (ReportShared) WHERE's does.
	if !final && pred != nil {
		r.Files = slices.Clone(in.base.Files)
	} else {
		in.verdicts = true
	}
	v := verdicts{in: in, filter: filter, files: r.Files}
	for lo := 0; lo < len(r.Files); lo += progressEvery {
		if err := yield.Tick(verdictStep, lo, len(r.Files), "files"); err != nil {
			return nil, err
		}
		v.judge(lo, min(lo+progressEvery, len(r.Files)))
	}
	if err := yield.Tick(verdictStep, len(r.Files), len(r.Files), "files"); err != nil {
		return nil, err
	}
	r.FilesRead = v.filesRead
	if in.rowsKnow {
		r.RowsRead = &v.rowsRead
	}
	return &r, nil
}

// verdicts is reportProgress's pass over the files.
type verdicts struct {
	in        *Inspector
	filter    *skipping.Filter
	files     []File
	filesRead int
	rowsRead  int64
	last      skipping.Reason
	lastText  string
}

// judge sets the verdicts of files [lo, hi), a call per block: under js/wasm V8 runs a call in
// the code it began in (docs/performance.md, "Loops in functions of their own").
//
//go:noinline
func (v *verdicts) judge(lo, hi int) {
	for i := lo; i < hi; i++ {
		out := &v.files[i]
		reason := v.filter.Explain(v.in.fileStats(i), v.in.partitions(i))
		// Neighbouring files mostly have the same reason: its text is made once for them, not
		// a string per file (100,000 small objects the collector would then mark).
		if reason != v.last || v.lastText == "" {
			v.last, v.lastText = reason, reason.String()
		}
		out.Read, out.Reason = reason.Kept(), v.lastText
		if out.Read {
			v.filesRead++
			if out.NumRecords != nil {
				v.rowsRead += *out.NumRecords
			}
		}
	}
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
func nextOptimize(s *deltalog.Snapshot, numRecords func(i int) (int64, bool), files []*deltalog.AddFile, numColumns int, clustered bool,
	clusterRanges func(col string) ([]optimize.Range, int, bool), yield work.Yield) (*NextOptimize, error) {
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
	// Each file is read in the snapshot's order and written to its place in the planner's:
	// read in the planner's (by size), a million adds and their counts were three reads from
	// anywhere in memory a file, most of the plan's time natively (cache misses).
	at := planPlaces(planOrder(os, files))
	var extras optimize.Extras
	for i := range files {
		k := i
		if at != nil {
			k = int(at[i])
		}
		f, of := files[i], &os.Files[k]
		var deleted int64
		if dv := f.DeletionVector(); dv != nil {
			deleted = dv.Cardinality
		}
		*of = optimize.File{Path: f.Path, Size: f.Size, PartitionValues: f.PartitionValues,
			Extra: extras.Of(f.Tags(), f.ClusteringProvider(), deleted), Ref: int64(i)}
		if n, ok := numRecords(i); ok { // read from the stats by newInspector
			of.NumRecords = n
		}
		if (i+1)%planTurn == 0 { // a turn, a count without a unit: a million files were one 600 ms stretch of the page
			if err := yield.Tick(planFilesStep, i+1, len(files), ""); err != nil {
				return nil, err
			}
		}
	}
	if err := yield.Begin("the next OPTIMIZE's plan (open-source Delta Lake)"); err != nil {
		return nil, err
	}
	os.FilesGiven = !clustered // the last plan on os.Files: the planner may filter them in place
	oss, err := plan(os, files, optimize.PlatformOSS, "open-source Delta Lake", yield)
	if err != nil {
		return nil, err
	}
	out := &NextOptimize{OSS: oss}
	if clustered {
		if err := yield.Begin("the next OPTIMIZE's plan (Microsoft Fabric Runtime 2.0)"); err != nil {
			return nil, err
		}
		label := "Microsoft Fabric Runtime 2.0 incremental clustering (a platform behaviour, not open-source Delta)"
		if len(cols) > 0 {
			ranges, scored, ok := clusterRanges(cols[0])
			switch {
			case !ok:
				label += "; " + cols[0] + " has no statistics column, so autoRecluster scores no file"
			default:
				for i := range os.Files {
					if j := os.Files[i].Ref; !math.IsNaN(ranges[j].Min) {
						os.Files[i].ClusterRange = &ranges[j]
					}
				}
				label += fmt.Sprintf("; autoRecluster reads the files' min/max of %[3]s from the log's statistics (%[1]d of %[2]d files have both)",
					scored, len(os.Files), cols[0])
			}
		}
		os.FilesGiven = true
		if out.FabricRuntime20, err = plan(os, files, optimize.PlatformFabricRuntime20, label, yield); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// planOrder is the order nextOptimize lists the files in for the planner, nil for the
// snapshot's (by path): an unpartitioned table's compaction takes them by size
// (optimize.CompactionOrder), and listed so the planner copies none. A partitioned table's
// partitions are planned in the order they are first met, and clustering sorts by ZCube: those
// keep the snapshot's order.
func planOrder(s *optimize.Snapshot, files []*deltalog.AddFile) []int32 {
	if len(s.PartitionColumns) > 0 || optimize.GetMode(s, nil) != optimize.ModeCompaction {
		return nil
	}
	return optimize.CompactionOrder(len(files), func(i int) int64 { return files[i].Size })
}

// planPlaces is the inverse of order: the place in the planner's list of each file of the
// snapshot; nil for nil.
func planPlaces(order []int32) []int32 {
	if order == nil {
		return nil
	}
	at := make([]int32, len(order))
	for k, i := range order {
		at[i] = int32(k)
	}
	return at
}

// planFilesStep is the turns' step as nextOptimize lists the files for the planner, every
// planTurn files.
const (
	planFilesStep = "the next OPTIMIZE's files"
	planTurn      = 1 << 17
)

// plan is the platform's plan on s, or the error Delta gives for it; the error is only ever
// yield's.
func plan(s *optimize.Snapshot, adds []*deltalog.AddFile, platform optimize.Platform, label string, yield work.Yield) (*OptimizePlan, error) {
	out := &OptimizePlan{Platform: platform.String(), Label: label, Bins: []Bin{}, Events: []string{}}
	p, err := optimize.NewPlanner(optimize.Config{Platform: platform})
	if err == nil {
		sealed := sealedCubes(s, p.Config().MinCubeSize) // before Plan, which may take s.Files (FilesGiven)
		var pl *optimize.Plan
		var stop error // yield's, told apart from the planner's refusals
		req := optimize.Request{}
		if yield != nil {
			req.Yield = func(pr work.Progress) error { stop = yield(pr); return stop }
		}
		pl, err = p.Plan(s, req)
		if stop != nil {
			return nil, stop
		}
		if err == nil {
			out.Mode = pl.Mode.String()
			out.ConsideredFiles = pl.TotalConsideredFiles
			out.SelectedFiles = pl.NumFiles()
			out.SelectedBytes = pl.Bytes()
			out.ClusteringStats = pl.ClusteringStats
			out.Bins = make([]Bin, 0, len(pl.Bins))
			refs := make([]int32, 0, pl.NumFiles()) // the bins' lists, one array
			for _, b := range pl.Bins {
				lo := len(refs)
				for i := range b.Files {
					refs = append(refs, int32(b.Files[i].Ref))
				}
				out.Bins = append(out.Bins, Bin{PartitionValues: b.PartitionValues, Bytes: b.Bytes, NewZCubeID: b.NewZCubeID,
					Files: BinFiles{Adds: adds, Refs: refs[lo:len(refs):len(refs)]}})
			}
			out.Events = make([]string, len(pl.Events))
			for i, e := range pl.Events {
				out.Events[i] = e.String()
			}
			out.SealedCubes = sealed
		}
	}
	if err != nil {
		out.Error = &ErrorInfo{Class: className(err), Message: err.Error()}
	}
	return out, nil
}

// sealedCubes counts the ZCubes whose logical bytes reach minCubeSize (ZCube.filterOutLargeZCubes).
// Whether a file's tags make a ZCube is read once per distinct pair of tags (File.ZCube parses
// ZCUBE_ZORDER_BY: a million clustered files were a million json.Unmarshal a plan).
func sealedCubes(s *optimize.Snapshot, minCube int64) int {
	bytes := map[string]int64{}
	cubes := map[cubeTags]bool{}
	for i := range s.Files {
		f := &s.Files[i]
		tags := f.Tags()
		if len(tags) == 0 {
			continue
		}
		k := cubeTagsOf(tags)
		ok, seen := cubes[k]
		if !seen {
			_, _, ok = f.ZCube()
			cubes[k] = ok
		}
		if ok {
			bytes[k.id] += estLogicalFileSize(f.Size, &f.NumRecords, f.DeletedRecords())
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
