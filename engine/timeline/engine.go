package timeline

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"layoutlab/engine/ddl"
	"layoutlab/engine/layout"
	deltalog "layoutlab/engine/log"
	"layoutlab/engine/optimize"
	"layoutlab/engine/scenario"
	"layoutlab/engine/stats"
	"layoutlab/engine/work"
)

// Strategies: the maintenance each night runs (the CLI's run --strategy).
const (
	StrategyNone              = "none"
	StrategyCompaction        = "compaction"
	StrategyZOrderFull        = "zorder-full"
	StrategyZOrderWindow      = "zorder-window"
	StrategyLiquid            = "liquid"
	StrategyLiquidIncremental = "liquid-incremental" // Microsoft Fabric Runtime 2.0: a platform behaviour
	StrategyLiquidFabric13    = "liquid-fabric-1.3"  // Microsoft Fabric Runtime 1.3: a platform behaviour
)

// NumProbes is the number of lookup values drawn each day.
const NumProbes = 256

// file is one data file the run ever wrote. Files are never changed once written; removing one
// only takes it out of the live set.
type file struct {
	path     string
	size     int64
	rows     []int32 // the sample rows it holds, row indices into the run's table
	day      int     // the day it was written (history days ≤ 0)
	partDay  int     // its event_date partition (partitioned tables), else 0
	part     map[string]string
	tags     map[string]string
	provider string
	cube     int32 // index into run.cubes, -1 when in no ZCube
	layout   int32 // the Z-order cache entry that wrote it, -1 otherwise
	slab     int32 // the run.slabs entry holding rows, -1 for an append file (a window of its day's rows)
	live     bool  // in the table as it stands
	modTime  int64
	st       *fileStats // shared by the files a reused Z-order layout rewrites
	lo, hi   [3]int64   // per leaf min/max; for a partition column, its partition value
	ranges   []optimize.Range
	rangeCol string // the column ranges was computed for
}

// fileStats is a file's statistics (engine/stats over its rows) and the stats string of its
// add action, made when the log is read.
type fileStats struct {
	st   stats.FileStats
	json string
}

type cube struct {
	id        string
	liveBytes int64
	liveFiles int32
}

// logCommit is one commit of the table's log in compact form: the file actions point at files.
// actions() expands it into the deltalog.Commit a Delta writer would have written.
type logCommit struct {
	version  int64
	day      int
	info     deltalog.CommitInfo
	protocol *deltalog.Protocol
	metadata *deltalog.Metadata
	domain   *deltalog.DomainMetadata
	adds     []int32
	removes  []int32
	change   bool // dataChange of the file actions
}

// run is the engine state of one timeline run.
type run struct {
	s     scenario.Timeline
	opt   options
	g     *generated
	sz    sizing
	coll  *stats.Collector
	index []bool // leaves with statistics
	cfg   stats.Config

	chunks  []*fileChunk // every file ever written, by id (fileIn)
	nfiles  int
	live    []int32
	commits []logCommit
	version int64

	partitioned    bool
	clustering     bool     // the table supports the clustering feature
	clusterCols    []string // in force; empty after CLUSTER BY NONE
	zorderCols     []string
	lastKey        string
	planner        *optimize.Planner
	cubes          []cube
	cubeIndex      map[string]int32
	liveCubes      int
	sealedCubes    int
	minCube        int64
	maxFile        int64
	ingestedBytes  int64
	optimizedBytes int64

	lay       layout.Layouter
	slabs     []slab  // row storage of the files OPTIMIZE wrote
	freeSlabs []int32 // slabs no live file uses
	rk        ranker
	snapFiles []optimize.File // the planner's view of the live files, reused each night
	bin       binTable
	ident     []int32
	namer     *layout.FileNamer
	zcache    map[int]*zentry
	nextEntry int32
	sorted    map[int]*sortedColumn

	w    *statsWorker // collects statistics and measures lookups; nil runs them inline
	look lookups      // the statistics worker's
	days []dayState
}

// dayState keeps what the lazy per-day views need.
type dayState struct {
	live       []int32
	versions   []int64
	statements []string
	lookup     string
	probe      int64
}

// zentry is a Z-ordered partition's last layout: Z-order is deterministic in its input rows, so
// a partition re-clustered unchanged (its files are exactly this entry's outputs) gets the same
// files' rows and statistics again, under new paths.
type zentry struct {
	id      int32
	zcol    string
	outputs []int32 // file ids of the entry's outputs (rows and stats are reused from them)
}

// Run runs the timeline of s: N days of appends, each night the strategy's real planner on the
// table as it stands, each bin executed on its rows. s is defaulted (scenario.EnsureDefaults)
// and validated first; a bad field is an error naming it.
func Run(s scenario.Timeline) (*Result, error) { return RunYield(s, nil) }

// RunYield is Run telling yield, after each simulated day, how many days are done out of how
// many (Progress{Step: "day", Done, Total}): Total counts the history days (HistoryDays) and
// the timeline days (Days), Done runs 1..Total. It is called on the goroutine running the
// timeline, between days, so a browser caller can yield to its event loop inside it; the run
// resumes when it returns nil, and stops with its error otherwise, keeping nothing.
func RunYield(s scenario.Timeline, yield work.Yield) (*Result, error) {
	return runWith(s, options{yield: yield})
}

// options are switches for tests: they are not knobs of the product.
type options struct {
	noReuse bool // recompute Z-ordered partitions even when unchanged

	yield work.Yield // not a switch: RunYield's
	rows  *generated // an earlier run's table, used when it holds this run's rows
}

func runWith(s scenario.Timeline, o options) (*Result, error) {
	sc := scenario.Scenario{View: "timeline", Timeline: s}
	sc.EnsureDefaults()
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	s = sc.Timeline
	if s.Lookup != "" {
		if _, ok := leafOf(s.Lookup); !ok {
			return nil, fmt.Errorf("lookup column %q is not one of %s", s.Lookup, strings.Join(Columns(), ", "))
		}
	}
	r, err := newRun(s, o.rows)
	if err != nil {
		return nil, err
	}
	r.opt = o
	r.startWorker()
	defer r.stopWorker() // on an error return; a finished run stops it below, before reading it
	res := &Result{Scenario: s, run: r, Days: make([]Day, 0, s.Days)}
	linkSc := sc
	res.Link = scenario.Link(linkSc)
	for day := 1 - s.HistoryDays; day <= s.Days; day++ {
		d, err := r.day(day)
		if err != nil {
			return nil, fmt.Errorf("day %d: %w", day, err)
		}
		if day >= 1 {
			res.Days = append(res.Days, d)
		}
		if err := o.yield.Tick("day", day+s.HistoryDays, s.Days+s.HistoryDays, ""); err != nil {
			return nil, err
		}
	}
	r.finish()
	r.stopWorker()
	for i := range res.Days {
		res.Days[i].LookupFiles, r.days[i].probe = r.look.files[i], r.look.probes[i]
	}
	return res, nil
}

// newRun prepares the run of s. prev, when not nil, is an earlier run's table: it is used when
// it holds exactly the rows s generates (same seed, days and rows per day), since a run only
// reads its table.
func newRun(s scenario.Timeline, prev *generated) (*run, error) {
	sz := sizing{rowsPerGB: int64(s.RowsPerGB)}
	perDay := sz.rowsFor(s.IngestGB)
	if perDay < 1 {
		return nil, fmt.Errorf("daily ingest %g GiB at %d rows per GiB is less than one row", s.IngestGB, s.RowsPerGB)
	}
	g := prev
	var err error
	if g == nil || !g.holds(s.Seed, s.HistoryDays, s.Days, perDay) {
		if g, err = newGenerated(s.Seed, s.HistoryDays, s.Days, perDay); err != nil { // days drawn as reached
			return nil, err
		}
	}
	r := &run{
		s: s, g: g, sz: sz,
		cubeIndex: map[string]int32{},
		zcache:    map[int]*zentry{},
		sorted:    map[int]*sortedColumn{},
		namer:     layout.NewFileNamer(mix(s.Seed, 0x6e616d6573)),
		version:   -1,
	}
	r.look = lookups{g: g, seed: s.Seed, files: make([]float64, s.Days), probes: make([]int64, s.Days)}
	r.maxFile = int64(s.FileGB * float64(GiB))
	if r.maxFile < 1 {
		r.maxFile = 1
	}
	r.minCube = int64(s.MinCubeGB * float64(GiB))
	cfg := optimize.Config{
		MinFileSize: r.maxFile,
		MaxFileSize: r.maxFile,
		MinCubeSize: r.minCube,
		ZCubeSeed:   mix(s.Seed, 0x7a63756265),
	}
	if s.TargetCubeGB > 0 {
		cfg.TargetCubeSize = int64(s.TargetCubeGB * float64(GiB))
	}
	switch s.Strategy {
	case StrategyLiquidIncremental:
		cfg.Platform = optimize.PlatformFabricRuntime20
		cfg.Fabric = optimize.FabricConfig{
			Incremental:         optimize.Bool(!s.FabricNoIncremental),
			AutoRecluster:       optimize.Bool(!s.FabricNoAutoRecluster),
			MinOffendingFiles:   s.FabricMinOffending(),
			MinOverlapThreshold: s.FabricMinOverlap(),
		}
	case StrategyLiquidFabric13:
		cfg.Platform = optimize.PlatformFabricRuntime13
	}
	if r.planner, err = optimize.NewPlanner(cfg); err != nil {
		return nil, err
	}
	r.partitioned = s.Strategy == StrategyZOrderFull || s.Strategy == StrategyZOrderWindow
	r.cfg = stats.DefaultConfig()
	if r.partitioned {
		r.cfg.PartitionColumns = []string{ColEventDate}
		r.zorderCols = []string{ColCustomerID}
	}
	if r.index, err = stats.StatsSchema(schema, r.cfg); err != nil {
		return nil, err
	}
	r.coll = stats.NewCollector(g.t)
	r.lastKey = ColCustomerID
	return r, nil
}

func (r *run) liquid() bool {
	return r.s.Strategy == StrategyLiquid || r.s.Strategy == StrategyLiquidIncremental || r.s.Strategy == StrategyLiquidFabric13
}

// Commit times: each day's statements at fixed hours, UTC.
const (
	hourDDL      = 8
	hourAppend   = 12
	hourOptimize = 23
)

func timestamp(day, hour int) int64 {
	return (int64(firstDate)+int64(day-1))*86_400_000 + int64(hour)*3_600_000
}

// day runs one day: the day's DDL, the append, the nightly OPTIMIZE; then reads the table.
func (r *run) day(day int) (Day, error) {
	s := &r.s
	ds := dayState{}
	first := r.version + 1
	if r.version < 0 {
		r.create(day, &ds)
	}
	if day == 1 && s.HistoryDays > 0 && r.liquid() {
		r.alterClusterBy(day, []string{ColCustomerID}, &ds)
	}
	if day >= 1 && day == s.ChangeKeysDay {
		switch {
		case r.liquid():
			r.alterClusterBy(day, []string{ColOrderID}, &ds)
		case r.partitioned:
			r.zorderCols = []string{ColOrderID}
			ds.statements = append(ds.statements, "-- from today the nightly OPTIMIZE Z-orders by order_id")
		default:
			ds.statements = append(ds.statements, "-- key change: not applicable, the table has no clustering keys")
		}
	}
	if day >= 1 && day == s.ClusterNoneDay {
		if r.clustering {
			r.alterClusterBy(day, nil, &ds)
		} else {
			// AlterTableClusterByDeltaCommand: CLUSTER BY NONE on a non-clustered table is a
			// silent no-op (no commit).
			ds.statements = append(ds.statements, "ALTER TABLE "+TableName+" CLUSTER BY NONE; -- no-op: the table is not clustered")
		}
	}
	ingested := r.appendDay(day, &ds)
	d := Day{Day: day, IngestedGB: gb(ingested), DecisionLog: []string{}}
	if day >= 1 && s.Strategy != StrategyNone {
		if err := r.optimize(day, &d, &ds); err != nil {
			return d, err
		}
	}
	if day < 1 {
		return d, nil
	}
	for v := first; v <= r.version; v++ {
		ds.versions = append(ds.versions, v)
	}
	var live int64
	for _, id := range r.live {
		live += r.f(id).size
	}
	d.TableGB = gb(live)
	if r.ingestedBytes > 0 {
		d.WriteAmplification = float64(r.optimizedBytes) / float64(r.ingestedBytes)
	}
	d.Files = len(r.live)
	d.ZCubes, d.SealedZCubes = r.liveCubes, r.sealedCubes
	ds.lookup = r.lookupColumn()
	ds.live = append([]int32(nil), r.live...)
	leaf, _ := leafOf(ds.lookup)
	// LookupFiles and the probe are filled in when the run ends (statsWorker).
	r.submit(statsJob{look: &lookupJob{day: day, leaf: leaf, live: ds.live,
		commits: r.commits[:len(r.commits):len(r.commits)], chunks: r.chunks[:len(r.chunks):len(r.chunks)]}})
	r.days = append(r.days, ds)
	return d, nil
}

func gb(b int64) float64 { return float64(b) / float64(GiB) }

// lookupColumn is the day's lookup column: the scenario's, else the first clustering (or
// Z-order) key in force, else the last one that was, else customer_id.
func (r *run) lookupColumn() string {
	if r.s.Lookup != "" {
		return r.s.Lookup
	}
	switch {
	case r.liquid() && len(r.clusterCols) > 0:
		r.lastKey = r.clusterCols[0]
	case r.partitioned:
		r.lastKey = r.zorderCols[0]
	}
	return r.lastKey
}

// create writes version 0: CREATE TABLE, partitioned by event_date for the Z-order strategies,
// CLUSTER BY (customer_id) for the liquid strategies when there is no unclustered history.
func (r *run) create(day int, ds *dayState) {
	ts := timestamp(day, 0)
	p := deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2}
	m := deltalog.Metadata{
		ID:               uuidFrom(mix(r.s.Seed, 0x7461626c65)),
		Format:           deltalog.Format{Provider: "parquet", Options: map[string]string{}},
		SchemaString:     schemaString,
		PartitionColumns: []string{},
		Configuration:    map[string]string{},
		CreatedTime:      &ts,
	}
	stmt := "CREATE TABLE " + TableName + " (customer_id BIGINT, order_id BIGINT, event_date DATE)"
	c := logCommit{day: day, metadata: &m}
	ci := deltalog.CommitInfo{Timestamp: ts, Operation: "CREATE TABLE", IsolationLevel: "Serializable",
		IsBlindAppend: ptr(true), EngineInfo: engineInfo}
	if r.partitioned {
		m.PartitionColumns = []string{ColEventDate}
		stmt += " PARTITIONED BY (event_date)"
	}
	ci.SetParameter("isManaged", "false")
	ci.SetParameter("description", nil)
	ci.SetParameter("partitionBy", m.PartitionColumns)
	ci.SetParameter("properties", "{}")
	if r.liquid() && r.s.HistoryDays == 0 {
		p = p.WithClustering()
		dm := deltalog.ClusteringDomainForColumns(ColCustomerID)
		c.domain = &dm
		r.clustering, r.clusterCols = true, []string{ColCustomerID}
		ci.SetParameter("clusterBy", []string{ColCustomerID})
		stmt += " CLUSTER BY (customer_id)"
	}
	c.protocol = &p
	c.info = ci
	r.commit(c)
	ds.statements = append(ds.statements, stmt+";")
}

const engineInfo = "Layout-Lab-timeline (simulated open-source Delta Lake)"

func ptr[T any](v T) *T { return &v }

// alterClusterBy is ALTER TABLE CLUSTER BY (cols), or CLUSTER BY NONE when cols is empty
// (AlterTableClusterByDeltaCommand): a metadata-only commit of the delta.clustering domain,
// with the protocol upgrade when the table did not support clustering yet; no file is touched.
func (r *run) alterClusterBy(day int, cols []string, ds *dayState) {
	ts := timestamp(day, hourDDL)
	old := strings.Join(r.clusterCols, ",")
	c := logCommit{day: day}
	if !r.clustering {
		p := r.protocol().WithClustering()
		c.protocol = &p
		r.clustering = true
	}
	dm := deltalog.ClusteringDomainForColumns(cols...)
	c.domain = &dm
	ci := deltalog.CommitInfo{Timestamp: ts, Operation: "CLUSTER BY", IsolationLevel: "Serializable",
		IsBlindAppend: ptr(true), EngineInfo: engineInfo, ReadVersion: ptr(r.version)}
	ci.SetParameter("oldClusteringColumns", old)
	ci.SetParameter("newClusteringColumns", strings.Join(cols, ","))
	c.info = ci
	r.clusterCols = cols
	r.commit(c)
	if len(cols) == 0 {
		ds.statements = append(ds.statements, "ALTER TABLE "+TableName+" CLUSTER BY NONE;")
	} else {
		ds.statements = append(ds.statements, "ALTER TABLE "+TableName+" CLUSTER BY ("+strings.Join(cols, ", ")+");")
	}
}

func (r *run) protocol() deltalog.Protocol {
	for i := len(r.commits) - 1; i >= 0; i-- {
		if r.commits[i].protocol != nil {
			return *r.commits[i].protocol
		}
	}
	return deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2}
}

// commit appends c to the log as the next version and applies its file actions to the live set.
func (r *run) commit(c logCommit) {
	r.version++
	c.version = r.version
	if len(c.removes) > 0 {
		gone := make(map[int32]bool, len(c.removes))
		for _, id := range c.removes {
			gone[id] = true
			f := r.f(id)
			f.live = false
			r.cubeChange(f.cube, -f.size, -1)
			r.release(f)
		}
		live := r.live[:0]
		for _, id := range r.live {
			if !gone[id] {
				live = append(live, id)
			}
		}
		r.live = live
	}
	for _, id := range c.adds {
		f := r.f(id)
		f.live = true
		r.live = append(r.live, id)
		r.cubeChange(f.cube, f.size, 1)
	}
	r.commits = append(r.commits, c)
}

func (r *run) cubeChange(ci int32, bytes int64, files int32) {
	if ci < 0 {
		return
	}
	c := &r.cubes[ci]
	wasLive, wasSealed := c.liveFiles > 0, c.liveBytes >= r.minCube
	c.liveBytes += bytes
	c.liveFiles += files
	isLive, isSealed := c.liveFiles > 0, c.liveBytes >= r.minCube
	r.liveCubes += b2i(isLive) - b2i(wasLive)
	r.sealedCubes += b2i(isLive && isSealed) - b2i(wasLive && wasSealed)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// appendDay writes the day's rows as append files of FileGB (the last one smaller when it does
// not divide): untagged, no clusteringProvider, as every Delta write is.
func (r *run) appendDay(day int, ds *dayState) int64 {
	dayRows := r.g.rowsOfDay(day)
	perFile := max(1, r.sz.rowsFor(r.s.FileGB))
	ts := timestamp(day, hourAppend)
	c := logCommit{day: day, change: true}
	var bytes int64
	var part map[string]string
	dir := ""
	if r.partitioned {
		dir = ColEventDate + "=" + dateString(day)
		part = map[string]string{ColEventDate: dateString(day)}
	} else {
		part = map[string]string{}
	}
	split := 0
	var job statsJob
	for start := 0; start < len(dayRows); start += perFile {
		end := min(len(dayRows), start+perFile)
		id := r.newFile(dayRows[start:end:end], day, part, dir, split, ts)
		split++
		f := r.f(id)
		bytes += f.size
		c.adds = append(c.adds, id)
		job.files, job.rows = append(job.files, f), append(job.rows, f.rows)
	}
	job.sts = make([]fileStats, len(job.files))
	r.submit(job)
	ci := deltalog.CommitInfo{Timestamp: ts, Operation: "WRITE", IsolationLevel: "Serializable",
		IsBlindAppend: ptr(true), EngineInfo: engineInfo, ReadVersion: ptr(r.version)}
	ci.SetParameter("mode", "Append")
	ci.SetParameter("partitionBy", r.partitionColumns())
	ci.OperationMetrics = map[string]string{
		"numFiles":       strconv.Itoa(len(c.adds)),
		"numOutputRows":  strconv.Itoa(len(dayRows)),
		"numOutputBytes": strconv.FormatInt(bytes, 10),
	}
	c.info = ci
	r.commit(c)
	r.ingestedBytes += bytes
	ds.statements = append(ds.statements, fmt.Sprintf("INSERT INTO %s -- %d rows, %s in %d files", TableName, len(dayRows),
		optimize.FormatBytes(bytes), len(c.adds)))
	return bytes
}

func (r *run) partitionColumns() []string {
	if r.partitioned {
		return []string{ColEventDate}
	}
	return []string{}
}

// newFile registers an append file of rows; appendDay has its statistics collected.
func (r *run) newFile(rows []int32, day int, part map[string]string, dir string, split int, ts int64) int32 {
	f := file{
		path: r.namer.Name(dir, split), size: r.sz.bytes(len(rows)), rows: rows, day: day,
		part: part, cube: -1, layout: -1, slab: -1, modTime: ts,
	}
	if r.partitioned {
		f.partDay = day
	}
	return r.add(&f)
}

// setStats records f's statistics (collected over its rows by engine/stats).
func (r *run) setStats(f *file, fs *fileStats) {
	f.st = fs
	st := &fs.st
	for l := range 3 {
		if v := st.MinValues[l]; !v.Absent() {
			f.lo[l] = v.I
		}
		if v := st.MaxValues[l]; !v.Absent() {
			f.hi[l] = v.I
		}
	}
	if r.partitioned {
		d := int64(firstDate) + int64(f.partDay-1)
		f.lo[leafDate], f.hi[leafDate] = d, d
	}
}

// statsJSON is the stats string of file id's add action (FileStats.JSON), made once.
func (r *run) statsJSON(id int32) string {
	fs := r.f(id).st
	if fs.json == "" {
		fs.json = fs.st.JSON(r.g.t.Leaves)
	}
	return fs.json
}

// request is the night's OPTIMIZE statement for the strategy.
func (r *run) request(day int, full bool) (optimize.Request, string) {
	req := optimize.Request{Full: full}
	stmt := "OPTIMIZE " + TableName
	if full {
		stmt += " FULL"
	}
	switch r.s.Strategy {
	case StrategyZOrderWindow:
		from := dateString(day - (r.s.WindowDays - 1))
		pred := ColEventDate + " >= '" + from + "'"
		req.Predicate = []string{pred}
		req.PredicateColumns = []string{ColEventDate}
		req.PartitionFilter = func(pv map[string]string) bool { return pv[ColEventDate] >= from }
		stmt += " WHERE " + pred
		fallthrough
	case StrategyZOrderFull:
		req.ZOrderBy = r.zorderCols
		stmt += " ZORDER BY (" + strings.Join(r.zorderCols, ", ") + ")"
	}
	return req, stmt + ";"
}

// snapshot is the planner's view of the table as it stands: the live files in log order.
func (r *run) snapshot() *optimize.Snapshot {
	// The files array is reused night after night: the plan made from it (whose bins point
	// into it) does not outlive the night.
	r.snapFiles = slices.Grow(r.snapFiles[:0], len(r.live))[:len(r.live)]
	s := &optimize.Snapshot{
		Version:           r.version,
		Files:             r.snapFiles,
		PartitionColumns:  r.partitionColumns(),
		ClusteringFeature: r.clustering,
		ClusteringColumns: r.clusterCols,
		Properties:        map[string]string{},
		NumColumns:        len(schema.Fields),
	}
	cfg := r.planner.Config()
	fabric := cfg.Platform == optimize.PlatformFabricRuntime20 && *cfg.Fabric.Incremental && *cfg.Fabric.AutoRecluster &&
		len(r.clusterCols) > 0
	if fabric {
		r.waitAll() // the overlap score reads the live files' bounds
	}
	for i, id := range r.live {
		f := r.f(id)
		of := optimize.File{Path: f.path, Size: f.size, PartitionValues: f.part, Tags: f.tags,
			ClusteringProvider: f.provider, NumRecords: int64(len(f.rows)), ModificationTime: f.modTime,
			Ref: int64(id)}
		if fabric {
			of.ClusterRanges = r.clusterRanges(id)
		}
		s.Files[i] = of
	}
	return s
}

// clusterRanges is the file's [min, max] of the first clustering column as rank positions, what
// the Fabric auto-recluster overlap score compares.
func (r *run) clusterRanges(id int32) []optimize.Range {
	f, col := r.f(id), r.clusterCols[0]
	if f.rangeCol != col {
		l, _ := leafOf(col)
		lo, hi := r.filePos(r.sortedCol(l), id, l)
		f.ranges = []optimize.Range{{Min: lo, Max: hi}}
		f.rangeCol = col
	}
	return f.ranges
}

// optimize runs the night's OPTIMIZE: plan on the snapshot, execute every bin on its rows,
// commit the result as Delta does.
func (r *run) optimize(day int, d *Day, ds *dayState) error {
	full := day == r.s.FullDay
	req, stmt := r.request(day, full)
	ds.statements = append(ds.statements, stmt)
	snap := r.snapshot()
	plan, err := r.planner.Plan(snap, req)
	if err != nil {
		var de *ddl.DeltaError
		if errors.As(err, &de) {
			d.DecisionLog = append(d.DecisionLog, "refused: "+de.Error())
			return nil
		}
		return err
	}
	for _, e := range plan.Events {
		d.DecisionLog = append(d.DecisionLog, e.String())
	}
	ts := timestamp(day, hourOptimize)
	outputs := make([][]optimize.OutputFile, len(plan.Bins))
	firstNew := int32(r.nfiles) // the files this night's bins write get ids from here on
	for i := range plan.Bins {
		ids, err := r.execute(plan, i, day, ts)
		if err != nil {
			return err
		}
		outputs[i] = make([]optimize.OutputFile, 0, len(ids))
		for _, id := range ids {
			f := r.f(id)
			outputs[i] = append(outputs[i], optimize.OutputFile{Path: f.path, Size: f.size,
				NumRecords: int64(len(f.rows)), ModificationTime: ts, ClusterRanges: f.ranges, Ref: int64(id)})
		}
	}
	res, err := plan.Commit(outputs, optimize.CommitEnv{StartTimeMs: ts, EndTimeMs: ts})
	if err != nil {
		return err
	}
	d.ClusteringStats = res.Metrics.ClusteringStats
	d.ZOrderStats = res.Metrics.ZOrderStats
	if !res.Committed {
		return nil
	}
	c := logCommit{day: day}
	c.removes = make([]int32, 0, len(res.Removes))
	for i := range res.Removes {
		rm := &res.Removes[i]
		id := int32(rm.Ref)
		if !r.isLive(id, rm.Path) {
			return fmt.Errorf("optimize removed %s, which is not live", rm.Path)
		}
		c.removes = append(c.removes, id)
	}
	c.adds = make([]int32, 0, len(res.Adds))
	var written int64
	for i := range res.Adds {
		a := &res.Adds[i]
		id := int32(a.Ref)
		if id < firstNew || id >= int32(r.nfiles) || r.f(id).path != a.Path {
			return fmt.Errorf("optimize added %s, which no bin wrote", a.Path)
		}
		f := r.f(id)
		f.tags, f.provider = a.Tags, a.ClusteringProvider
		if zid, ok := a.Tags[optimize.TagZCubeID]; ok {
			f.cube = r.cubeFor(zid)
		}
		written += f.size
		c.adds = append(c.adds, id)
	}
	ci := deltalog.CommitInfo{Timestamp: ts, Operation: "OPTIMIZE", IsolationLevel: "SnapshotIsolation",
		IsBlindAppend: ptr(false), EngineInfo: engineInfo, ReadVersion: ptr(r.version),
		OperationMetrics: res.OperationMetrics}
	for _, p := range res.OperationParameters {
		ci.SetParameter(p.Key, p.Value)
	}
	c.info = ci
	r.commit(c)
	r.optimizedBytes += written
	d.OptimizeWrittenGB = gb(written)
	d.OperationMetrics = res.OperationMetrics
	return nil
}

const (
	chunkBits = 10
	chunkMask = 1<<chunkBits - 1
)

// fileChunk holds files by id. Files live in fixed chunks, so adding one never moves the others
// and the statistics worker can read and fill files while the run adds more.
type fileChunk [1 << chunkBits]file

// fileIn returns file id of chunks.
func fileIn(chunks []*fileChunk, id int32) *file { return &chunks[id>>chunkBits][id&chunkMask] }

// f returns file id.
func (r *run) f(id int32) *file { return fileIn(r.chunks, id) }

// add stores f and returns its id.
func (r *run) add(f *file) int32 {
	id := int32(r.nfiles)
	if int(id>>chunkBits) == len(r.chunks) {
		r.chunks = append(r.chunks, new(fileChunk))
	}
	r.chunks[id>>chunkBits][id&chunkMask] = *f
	r.nfiles++
	return id
}

// isLive reports whether id is a live file with this path (the planner hands ids back as Refs).
func (r *run) isLive(id int32, path string) bool {
	return id >= 0 && id < int32(r.nfiles) && r.f(id).live && r.f(id).path == path
}

func (r *run) cubeFor(id string) int32 {
	if i, ok := r.cubeIndex[id]; ok {
		return i
	}
	i := int32(len(r.cubes))
	r.cubes = append(r.cubes, cube{id: id})
	r.cubeIndex[id] = i
	return i
}
