package optimize

import (
	"math"
	"slices"
	"strconv"

	"layoutlab/engine/ddl"
)

// Bin is one group of files rewritten together (OptimizeExecutor's Bin): one output file for
// compaction, a range-partitioned set of about ApproxNumFiles files for ZORDER and clustering.
type Bin struct {
	PartitionValues map[string]string
	// Files may share the array of the Snapshot's Files (the planner copies only what it must
	// reorder or filter): treat both as read-only while the plan is in use.
	Files []File
	Bytes int64
	// ApproxNumFiles is max(1, Bytes/maxFileSize) for ZORDER and clustering (the range
	// partitions runOptimizeBinJob asks for) and 1 for compaction (coalesce(1)).
	ApproxNumFiles int64
	// NewZCubeID is the ZCube the bin becomes (clustering only; "" otherwise).
	NewZCubeID string
}

// Plan is the decision: which bins OPTIMIZE rewrites and why. A Plan with no bins means
// nothing to do; its Events still say why.
type Plan struct {
	Mode     Mode
	Platform Platform
	Full     bool
	// ClusterBy are the clustering columns of a CLUSTERING plan (the new ZCubes' ZCUBE_ZORDER_BY);
	// ZOrderBy the ZORDER BY columns; Predicate the WHERE text.
	ClusterBy []string
	ZOrderBy  []string
	Predicate []string
	Bins      []Bin
	// TotalConsideredFiles is OptimizeMetrics.totalConsideredFiles: the files left after the
	// partition predicate, before any other filter.
	TotalConsideredFiles int64
	// ClusteringStats (CLUSTERING) or ZOrderStats (ZORDER), as Delta computes them; nil otherwise.
	ClusteringStats *ClusteringStats
	ZOrderStats     *ZOrderStats
	Events          []Event
	// MaxFileSize is the target output file size of the run.
	MaxFileSize     int64
	SnapshotVersion int64
	// clusteredTable is ClusteredTableUtils.isSupported (for the clusterBy parameter).
	clusteredTable  bool
	numTableColumns int64
	numIndexedCols  int64
}

// Empty reports whether the plan rewrites nothing; a nil Plan is empty.
func (p *Plan) Empty() bool { return p == nil || len(p.Bins) == 0 }

// NumFiles is the number of files the plan removes.
func (p *Plan) NumFiles() int {
	if p == nil {
		return 0
	}
	n := 0
	for _, b := range p.Bins {
		n += len(b.Files)
	}
	return n
}

// Bytes is the number of bytes the plan reads and rewrites.
func (p *Plan) Bytes() int64 {
	if p == nil {
		return 0
	}
	var n int64
	for _, b := range p.Bins {
		n += b.Bytes
	}
	return n
}

// Planner is the planning half of OptimizeExecutor for one session configuration.
type Planner struct{ cfg Config }

// NewPlanner defaults and validates cfg.
func NewPlanner(cfg Config) (*Planner, error) {
	cfg = cfg.EnsureDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &Planner{cfg: cfg}, nil
}

// Config returns the defaulted configuration.
func (p *Planner) Config() Config { return p.cfg }

// Validate applies OptimizeTableCommand.run's refusals in Delta's order (via ddl.CheckOptimize):
// clustered + WHERE → DELTA_CLUSTERING_WITH_PARTITION_PREDICATE; clustered + ZORDER →
// DELTA_CLUSTERING_WITH_ZORDER_BY (also after CLUSTER BY NONE: the feature stays); FULL without
// clustering columns → DELTA_OPTIMIZE_FULL_NOT_SUPPORTED; a WHERE on a non-partition column →
// DELTA_NON_PARTITION_COLUMN_REFERENCE. The errors are *ddl.DeltaError. ZORDER BY column checks
// need the schema and are ddl.ValidateZOrderBy's, which the caller runs next, as Delta does.
func Validate(s *Snapshot, req Request) error {
	return ddl.CheckOptimize(ddl.Optimize{
		Clustered:         s.ClusteringFeature,
		ClusteringColumns: s.ClusteringColumns,
		PartitionColumns:  s.PartitionColumns,
		Where:             req.Predicate,
		WhereColumns:      req.PredicateColumns,
		ZOrderBy:          req.ZOrderBy,
		Full:              req.Full,
	})
}

// GetMode is OptimizeTableStrategy.getMode: CLUSTERING when the table supports clustering and
// has clustering columns, else ZORDER when zOrderBy is given, else COMPACTION.
func GetMode(s *Snapshot, zOrderBy []string) Mode {
	switch {
	case s.ClusteringFeature && len(s.ClusteringColumns) > 0:
		return ModeClustering
	case len(zOrderBy) > 0:
		return ModeZOrder
	}
	return ModeCompaction
}

// planState carries one planning run.
type planState struct {
	cfg  *Config
	snap *Snapshot
	req  Request
	plan *Plan
	// clustering statistics, shared by all partitions as in ClusteringStrategy.
	stats *clusteringStatsCollector
	// binBreaks are the indexes of the prepared files at which a new bin must start, in
	// order: Fabric's incremental files and its re-clustered files never share a bin.
	binBreaks []int
}

// yield tells the request's Yield that done of total partitions are binned (nothing when there
// are none: nothing long follows).
func (st *planState) yield(done, total int) error {
	if total == 0 {
		return nil
	}
	return st.req.Yield.Tick("binning the partitions", done, total, "")
}

func (st *planState) emit(e Event) {
	st.plan.Events = append(st.plan.Events, e)
	if st.cfg.Listener != nil {
		st.cfg.Listener.dispatch(e)
	}
}

// Plan runs OptimizeExecutor.optimize's planning steps on s: filesForScan with the partition
// predicate, filterCandidateFileList, grouping by partition, and groupFilesIntoBins with the
// mode's strategy. It returns a *ddl.DeltaError when Delta would refuse the command.
func (p *Planner) Plan(s *Snapshot, req Request) (*Plan, error) {
	if err := Validate(s, req); err != nil {
		return nil, err
	}
	cfg := p.cfg
	plan := newPlan(s, req, &cfg)
	st := &planState{cfg: &cfg, snap: s, req: req, plan: plan}
	mode := plan.Mode

	// 1. snapshot.filesForScan(partitionPredicate).
	candidates := st.filesForScan()
	plan.TotalConsideredFiles = int64(len(candidates))
	groups := groupByPartition(candidates, s.PartitionColumns)
	st.emit(CandidatesListed{Mode: mode, Platform: cfg.Platform, Files: len(candidates),
		Bytes: sumBytes(candidates), Partitions: len(groups), Full: req.Full})

	// 2. filterCandidateFileList: multi-dimensional modes keep everything.
	if mode == ModeCompaction {
		candidates = st.filterCandidateFileList(candidates)
		groups = groupByPartition(candidates, s.PartitionColumns)
	}
	if err := st.yield(0, len(groups)); err != nil {
		return nil, err
	}

	// 3–4. Group by partition, then groupFilesIntoBins with the strategy's preparation.
	if mode == ModeClustering {
		st.stats = newClusteringStatsCollector(s.ClusteringColumns, req.Full)
	}
	if err := st.groupFilesIntoBins(groups); err != nil {
		return nil, err
	}

	// 5. Bins become output: approxNumFiles, and one new ZCube per clustering bin.
	st.formBins()

	// 6. updateOptimizeStats.
	switch mode {
	case ModeClustering:
		st.stats.numOutputZCubes = int64(len(plan.Bins))
		plan.ClusteringStats = st.stats.stats()
	case ModeZOrder:
		plan.ZOrderStats = zOrderStats(plan.Bins)
	}
	if plan.Empty() {
		st.emit(NothingToDo{Reason: st.nothingReason()})
	}
	return plan, nil
}

// newPlan is the plan's header: its mode and what the commit will need of the snapshot.
func newPlan(s *Snapshot, req Request, cfg *Config) *Plan {
	mode := GetMode(s, req.ZOrderBy)
	plan := &Plan{
		Mode:            mode,
		Platform:        cfg.Platform,
		Full:            req.Full,
		Predicate:       req.Predicate,
		MaxFileSize:     cfg.MaxFileSize,
		SnapshotVersion: s.Version,
		clusteredTable:  s.ClusteringFeature,
		numTableColumns: int64(s.NumColumns),
		numIndexedCols:  numIndexedCols(s),
	}
	switch mode {
	case ModeClustering:
		plan.ClusterBy = s.ClusteringColumns
	case ModeZOrder:
		plan.ZOrderBy = req.ZOrderBy
	}
	return plan
}

// filesForScan is snapshot.filesForScan(partitionPredicate): the files the partition filter
// keeps, all of them without one.
func (st *planState) filesForScan() []File {
	s, req := st.snap, st.req
	if req.PartitionFilter == nil {
		return s.Files
	}
	candidates := make([]File, 0, len(s.Files))
	var d dropInfo
	// The files of a partition usually share one map and come in runs (a bin's outputs): the
	// filter, a WHERE clause on the partition values, is asked once a run of one map. Under
	// js/wasm a call looking the partition column up cost ~40 ns, for every live file, every
	// night of a windowed Z-order timeline.
	var last map[string]string
	keep, asked := false, false
	for _, f := range s.Files {
		if !asked || !SameMap(f.PartitionValues, last) {
			keep, last, asked = req.PartitionFilter(f.PartitionValues), f.PartitionValues, true
		}
		if keep {
			candidates = append(candidates, f)
		} else {
			d.files++
			d.bytes += f.Size
		}
	}
	st.emit(FilterApplied{Stage: "filesForScan", Name: "partition predicate",
		Detail:       "outside the partition predicate " + encodeNames(req.Predicate),
		DroppedFiles: d.files, DroppedBytes: d.bytes, KeptFiles: len(candidates), KeptBytes: sumBytes(candidates)})
	return candidates
}

// groupFilesIntoBins bins each partition's files with the mode's strategy
// (prepareFilesPerPartition, then groupFilesIntoBins within each break it makes) and keeps the
// bins Delta keeps: a compaction bin of one file is dropped.
func (st *planState) groupFilesIntoBins(groups []partitionGroup) error {
	cfg, plan, mode := st.cfg, st.plan, st.plan.Mode
	var maxBinSize int64
	switch mode {
	case ModeCompaction:
		maxBinSize = cfg.MaxFileSize
	case ModeZOrder:
		maxBinSize = math.MaxInt64
	case ModeClustering:
		maxBinSize = cfg.clusteringMaxBinSize()
	}
	var singles dropInfo
	for gi, g := range groups {
		st.binBreaks = st.binBreaks[:0]
		files := st.prepareFilesPerPartition(g.files)
		var bins [][]File
		start := 0
		for _, end := range append(st.binBreaks, len(files)) {
			bins = append(bins, groupIntoBins(files[start:end], maxBinSize)...)
			start = end
		}
		kept := 0
		for _, b := range bins {
			if len(b) > 1 || mode != ModeCompaction {
				kept++
			}
		}
		plan.Bins = slices.Grow(plan.Bins, kept) // exactly, when one partition holds every file
		for _, b := range bins {
			// keep bin if bin.size > 1 || isMultiDimClustering (REORG is not modelled).
			if len(b) == 1 && mode == ModeCompaction {
				singles.files++
				singles.bytes += b[0].Size
				continue
			}
			plan.Bins = append(plan.Bins, Bin{PartitionValues: g.values, Files: b, Bytes: sumBytes(b)})
		}
		if err := st.yield(gi+1, len(groups)); err != nil {
			return err
		}
	}
	if mode == ModeCompaction {
		st.emit(FilterApplied{Stage: "groupFilesIntoBins", Name: "single-file bin",
			Detail:       "alone in its bin (nothing to merge within maxFileSize " + FormatBytes(cfg.MaxFileSize) + ")",
			DroppedFiles: singles.files, DroppedBytes: singles.bytes, KeptFiles: plan.NumFiles(), KeptBytes: plan.Bytes()})
	}
	return nil
}

// formBins sets each bin's approxNumFiles and, for clustering, its new ZCube's id.
func (st *planState) formBins() {
	cfg, plan, s := st.cfg, st.plan, st.snap
	perBin := 1 // BinFormed, and ZCubeWritten for clustering
	if plan.Mode == ModeClustering {
		perBin = 2
	}
	plan.Events = slices.Grow(plan.Events, perBin*len(plan.Bins)+1) // and the last, NothingToDo or none
	for i := range plan.Bins {
		b := &plan.Bins[i]
		if plan.Mode == ModeCompaction {
			b.ApproxNumFiles = 1
		} else {
			b.ApproxNumFiles = max(1, b.Bytes/cfg.MaxFileSize)
		}
		st.emit(BinFormed{Index: i, PartitionValues: b.PartitionValues, Files: len(b.Files), Bytes: b.Bytes, ApproxNumFiles: b.ApproxNumFiles})
		if plan.Mode == ModeClustering {
			paths := make([]string, len(b.Files))
			for j := range b.Files {
				paths[j] = b.Files[j].Path
			}
			b.NewZCubeID = NewZCubeID(cfg.ZCubeSeed, s.Version, i, paths)
			st.emit(ZCubeWritten{Bin: i, ZCubeID: b.NewZCubeID, ZOrderBy: s.ClusteringColumns, Files: len(b.Files), Bytes: b.Bytes})
		}
	}
}

func (st *planState) nothingReason() string {
	switch {
	case st.plan.TotalConsideredFiles == 0:
		return "no files to consider"
	case st.plan.Mode == ModeCompaction:
		return "no partition has two files to merge below minFileSize " + FormatBytes(st.cfg.MinFileSize)
	case st.plan.Mode == ModeClustering:
		return "every file is in a sealed ZCube, clustered by other columns, or in the table's only ZCube"
	}
	return "no files"
}

// filterCandidateFileList keeps files with size < minFileSize, a DV without numRecords, or a
// deleted-rows ratio above maxDeletedRowsRatio.
func (st *planState) filterCandidateFileList(files []File) []File {
	keep := func(f *File) bool {
		if f.Size < st.cfg.MinFileSize {
			return true
		}
		if f.hasDV() {
			r, ok := f.deletedRatio()
			return !ok || r > st.cfg.MaxDeletedRowsRatio
		}
		return false
	}
	n := 0
	for i := range files {
		if keep(&files[i]) {
			n++
		}
	}
	if n == len(files) { // every file kept: the planner only reads its input, so no copy
		st.emit(FilterApplied{Stage: "filterCandidateFileList", Name: "size at or above minFileSize",
			Detail: minFileSizeDetail(st.cfg), KeptFiles: n, KeptBytes: sumBytes(files)})
		return files
	}
	// Counted first: a large table's candidates are copied once, not through a growing slice;
	// kept in place when the caller gave its files up (Snapshot.FilesGiven), in their order.
	var out []File
	if st.snap.FilesGiven {
		out = files[:0]
	} else {
		out = make([]File, 0, n)
	}
	var d dropInfo
	for i := range files {
		f := &files[i]
		if keep(f) {
			out = append(out, *f)
		} else {
			d.files++
			d.bytes += f.Size
		}
	}
	st.emit(FilterApplied{Stage: "filterCandidateFileList", Name: "size at or above minFileSize",
		Detail:       minFileSizeDetail(st.cfg),
		DroppedFiles: d.files, DroppedBytes: d.bytes, KeptFiles: len(out), KeptBytes: sumBytes(out)})
	return out
}

func minFileSizeDetail(cfg *Config) string {
	return "at or above minFileSize " + FormatBytes(cfg.MinFileSize) + " with deleted-rows ratio ≤ " +
		strconv.FormatFloat(cfg.MaxDeletedRowsRatio, 'g', -1, 64)
}

// prepareFilesPerPartition dispatches to the strategy's preparation.
func (st *planState) prepareFilesPerPartition(files []File) []File {
	switch st.plan.Mode {
	case ModeClustering:
		if st.cfg.Platform == PlatformFabricRuntime20 && *st.cfg.Fabric.Incremental {
			return st.fabricIncremental(files)
		}
		sc := zscratchPool.Get().(*zscratch)
		defer sc.release()
		sc.in = zfilesInto(sc.in, files)
		return st.applyMinZCube(sortZByID(sc.in, sc), sc)
	default:
		// OptimizeTableStrategy.prepareFilesPerPartition: a stable sortBy(size).
		return stableSortBySize(files)
	}
}

// applyMinZCube is ClusteringStrategy.applyMinZCube on files sorted by ZCube id. The files' tags
// are read once; the steps pass the read files along and the result is copied out at the end.
func (st *planState) applyMinZCube(zs []zfile, sc *zscratch) []File {
	cols := st.snap.ClusteringColumns
	for i := range zs {
		st.stats.input.updateZ(&zs[i])
	}
	candidates, skipped := splitClusteredZ(zs, cols)
	st.emit(FilterApplied{Stage: "applyMinZCube", Name: "different clustering columns or provider",
		Detail:       "in ZCubes clustered by other columns or another provider (current " + encodeNames(cols) + ")",
		DroppedFiles: len(skipped), DroppedBytes: sumZBytes(skipped), DroppedZCubes: countZ(skipped),
		KeptFiles: len(candidates), KeptBytes: sumZBytes(candidates)})

	small, d := filterOutLargeZCubes(candidates, st.cfg.MinCubeSize, sc)
	st.emit(FilterApplied{Stage: "filterOutLargeZCubes", Name: "sealed ZCube at or over minCubeSize",
		Detail:       "at or over minCubeSize " + FormatBytes(st.cfg.MinCubeSize),
		DroppedFiles: d.files, DroppedBytes: d.bytes, DroppedZCubes: d.zcubes, KeptFiles: len(small), KeptBytes: sumZBytes(small)})

	var result []zfile
	if st.req.Full && len(skipped) > 0 {
		result = append(append(result, small...), skipped...)
		st.emit(StaleAdded{Stage: "applyMinZCube", Files: len(skipped), Bytes: sumZBytes(skipped), ZCubes: countZ(skipped)})
	} else if st.cfg.Platform == PlatformFabricRuntime13 {
		// Fabric Runtime 1.3 (Delta 3.2): every file of every ZCube under minCubeSize is
		// rewritten on each run; the single-ZCube sparing is not applied.
		result = small
		st.emit(FilterApplied{Stage: "filterOutSingleZCubes", Name: "all remaining files in one ZCube",
			Detail: "(not applied on fabric-runtime-1.3)", KeptFiles: len(small), KeptBytes: sumZBytes(small)})
	} else {
		var d dropInfo
		result, d = filterOutSingleZ(small)
		st.emit(FilterApplied{Stage: "filterOutSingleZCubes", Name: "all remaining files in one ZCube",
			Detail:       "as all remaining files are in one ZCube with no unclustered file",
			DroppedFiles: d.files, DroppedBytes: d.bytes, DroppedZCubes: d.zcubes, KeptFiles: len(result), KeptBytes: sumZBytes(result)})
	}
	for i := range result {
		st.stats.output.updateZ(&result[i])
	}
	return filesOf(result)
}

// splitClustered is applyMinZCube's partition: a file is a candidate when its
// clusteringProvider is absent or "liquid" and it has no ZCube or its ZCUBE_ZORDER_BY equals
// the current clustering columns (order-sensitive); otherwise it is a skipped clustered file.
// The tags are read into the pooled clustering scratch (a million files' tags were 48 MB).
func splitClustered(files []File, cols []string) (candidates, skipped []File) {
	sc := zscratchPool.Get().(*zscratch)
	defer sc.release()
	sc.in = zfilesInto(sc.in, files)
	c, s := splitClusteredZ(sc.in, cols)
	if len(s) == 0 {
		// Nothing set aside (the usual case): the candidates are files, not a copy of them,
		// each File copied a write barrier while the collector marks.
		return files, nil
	}
	return filesOf(c), filesOf(s)
}

// splitClusteredZ is splitClustered on read tags. When no file is skipped, candidates is files.
func splitClusteredZ(files []zfile, cols []string) (candidates, skipped []zfile) {
	same := map[string]bool{} // ZCUBE_ZORDER_BY value → equals cols
	lastRaw, lastEq, lastValid := "", false, false
	skip := func(z *zfile) bool {
		f := z.f
		provider := f.ClusteringProvider()
		sameOrMissingProvider := provider == "" || provider == ProviderLiquid
		unmatched := false
		if z.cube {
			raw := z.zraw
			if !lastValid || !sameString(raw, lastRaw) {
				eq, seen := same[raw]
				if !seen {
					eq = zOrderByIs(f, raw, cols)
					same[raw] = eq
				}
				lastRaw, lastEq, lastValid = raw, eq, true
			}
			unmatched = !lastEq
		}
		return !(sameOrMissingProvider && !unmatched)
	}
	first := -1
	for i := range files {
		if skip(&files[i]) {
			first = i
			break
		}
	}
	if first < 0 {
		return files, nil
	}
	candidates = append(make([]zfile, 0, len(files)), files[:first]...)
	for i := first; i < len(files); i++ {
		if i == first || skip(&files[i]) {
			skipped = append(skipped, files[i])
		} else {
			candidates = append(candidates, files[i])
		}
	}
	return candidates, skipped
}

// groupIntoBins is groupFilesIntoBins' loop: a file that would push the bin over maxBinSize
// closes it and starts the next. The bins are consecutive runs of files, sharing its array.
func groupIntoBins(files []File, maxBinSize int64) [][]File {
	// Counted first, then listed: a million small files were 100,000 bins, and a growing list
	// of them left about as much again behind.
	bins := make([][]File, 0, binsOf(files, maxBinSize, nil))
	binsOf(files, maxBinSize, func(b []File) { bins = append(bins, b) })
	return bins
}

// binsOf walks the bins of groupIntoBins, giving each to add when it is not nil, and returns
// how many there are.
func binsOf(files []File, maxBinSize int64, add func([]File)) int {
	n, start := 0, 0
	var size int64
	bin := func(end int) {
		n++
		if add != nil {
			add(files[start:end:end])
		}
	}
	for i := range files {
		f := &files[i]
		if f.Size > maxBinSize-size { // f.size + currentBinSize > maxBinSize, without overflow
			// Delta also closes an empty bin when the first file alone exceeds maxBinSize;
			// an empty bin rewrites nothing, so it is not kept.
			if i > start {
				bin(i)
			}
			start, size = i, f.Size
		} else {
			size += f.Size
		}
	}
	if len(files) > start {
		bin(len(files))
	}
	return n
}

// zOrderStats is ZOrderStrategy.updateOptimizeStats: strategy "all", no input cubes, every
// removed file is both input and merged, one output cube per optimized partition.
func zOrderStats(bins []Bin) *ZOrderStats {
	var in ZOrderFileStats
	for _, b := range bins {
		in.Num += int64(len(b.Files))
		in.Size += b.Bytes
	}
	return &ZOrderStats{StrategyName: "all", InputOtherFiles: in, MergedFiles: in, NumOutputCubes: int64(countPartitions(bins))}
}

// countPartitions is the number of distinct partitions the bins are in. A plan's bins come
// partition by partition, sharing their partition's map: a bin with its predecessor's map is
// not looked up.
func countPartitions(bins []Bin) int {
	seen := map[partitionID]bool{}
	for i := range bins {
		pv := bins[i].PartitionValues
		if i > 0 && SameMap(pv, bins[i-1].PartitionValues) {
			continue
		}
		seen[partitionIDOf(pv)] = true
	}
	return len(seen)
}

type partitionGroup struct {
	values map[string]string
	files  []File
}

// groupByPartition groups files by partition values, in order of each partition's first file
// in log order (Delta's groupBy gives hash order; any fixed order plans the same bins). The
// groups' files share one array; when each partition's files are one run (one partition, say), that
// array is files.
func groupByPartition(files []File, cols []string) []partitionGroup {
	if len(files) == 0 {
		return nil
	}
	if oneRun(files, cols) { // an unpartitioned table: one group, and nothing allocated for a million files
		return []partitionGroup{{values: files[0].PartitionValues, files: files[:len(files):len(files)]}}
	}
	// Which group each file is in. Files of one partition are mostly adjacent in log order, so
	// a file whose partition values equal the previous file's needs no key.
	group := make([]int32, len(files))
	var groups []partitionGroup
	var counts []int32
	index := map[partitionID]int32{}
	runs := 0 // runs of adjacent files in one partition
	for i := range files {
		pv := files[i].PartitionValues
		if i > 0 && samePartition(pv, files[i-1].PartitionValues, cols) {
			group[i] = group[i-1]
			counts[group[i]]++
			continue
		}
		runs++
		k := partitionIDOf(pv)
		g, ok := index[k]
		if !ok {
			g = int32(len(groups))
			index[k] = g
			groups = append(groups, partitionGroup{values: pv})
			counts = append(counts, 0)
		}
		group[i] = g
		counts[g]++
	}
	if runs == len(groups) {
		// Each partition's files are one run (a table OPTIMIZE rewrote partition by partition,
		// plus the day's appends): the groups are runs of files, with no copy.
		o := int32(0)
		for g, c := range counts {
			groups[g].files = files[o : o+c : o+c]
			o += c
		}
		return groups
	}
	back := make([]File, len(files))
	next := make([]int32, len(groups))
	o := int32(0)
	for g, c := range counts {
		next[g] = o
		groups[g].files = back[o : o : o+c]
		o += c
	}
	for i, g := range group {
		back[next[g]] = files[i]
		next[g]++
	}
	for g := range groups {
		groups[g].files = groups[g].files[:counts[g]]
	}
	return groups
}

// oneRun reports whether every file is in the first file's partition.
func oneRun(files []File, cols []string) bool {
	for i := 1; i < len(files); i++ {
		if !samePartition(files[i].PartitionValues, files[i-1].PartitionValues, cols) {
			return false
		}
	}
	return true
}

// partitionID identifies a partition without building a string for the common case of one
// partition column.
type partitionID struct{ k, v, full string }

func partitionIDOf(pv map[string]string) partitionID {
	switch len(pv) {
	case 0:
		return partitionID{}
	case 1:
		for k, v := range pv {
			return partitionID{k: k, v: v}
		}
	}
	return partitionID{full: partitionString(pv)}
}

// samePartition reports whether two partition-value maps are equal. Maps holding the
// partition columns alone are compared by looking the columns up: a range over a map costs
// far more, in wasm above all (its random start draws from the runtime's generator).
func samePartition(a, b map[string]string, cols []string) bool {
	if len(a) != len(b) {
		return false
	}
	if SameMap(a, b) {
		return true // the files of a partition usually share their map
	}
	if len(a) == len(cols) {
		same := true
		for _, c := range cols {
			v, ok := a[c]
			w, ok2 := b[c]
			if !ok || !ok2 {
				same = false // a key outside the partition columns: compare in full
				break
			}
			if v != w {
				return false
			}
		}
		if same {
			return true
		}
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// stableSortBySize is OptimizeTableStrategy's stable sortBy(size): sizes sorted with their
// positions by engine/table's radix sort, which is stable, in a few passes over the sizes
// instead of a comparison sort of (size, position) pairs. Files already in order are returned
// as they are.
func stableSortBySize(files []File) []File {
	// Checked before the keys are made: a caller that lists the files in CompactionOrder (the
	// inspector does, for a million files) gets them back with nothing allocated.
	sorted := true
	for i := 1; i < len(files) && sorted; i++ {
		sorted = files[i-1].Size <= files[i].Size
	}
	if sorted {
		return files
	}
	pos := CompactionOrder(len(files), func(i int) int64 { return files[i].Size })
	out := make([]File, len(files))
	for i, j := range pos {
		out[i] = files[j]
	}
	return out
}

func sumBytes(files []File) int64 {
	var n int64
	for i := range files {
		n += files[i].Size
	}
	return n
}

// numIndexedCols reads delta.dataSkippingNumIndexedCols (default 32).
func numIndexedCols(s *Snapshot) int64 {
	if v, ok := s.Properties["delta.dataSkippingNumIndexedCols"]; ok {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			return n
		}
	}
	return 32
}
