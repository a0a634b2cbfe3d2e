package optimize

import (
	"fmt"
	"iter"
	"slices"
	"strconv"
)

// OutputFile is one file the executor wrote for a bin.
type OutputFile struct {
	Path             string
	Size             int64
	NumRecords       int64
	ModificationTime int64
	ClusterRanges    []Range
	Ref              int64 // the caller's handle, carried into the add (File.Ref)
}

// Parameter is one commitInfo operationParameters entry; Value is a []string (JSON-encoded by
// the log writer), a string or a bool, exactly what deltalog.CommitInfo.SetParameter takes.
type Parameter struct {
	Key   string
	Value any
}

// FileSizeMetrics is M/commands/optimize/OptimizeStats.scala FileSizeMetrics (min/max are
// None when no file).
type FileSizeMetrics struct {
	Min        *int64  `json:"min"`
	Max        *int64  `json:"max"`
	Avg        float64 `json:"avg"`
	TotalFiles int64   `json:"totalFiles"`
	TotalSize  int64   `json:"totalSize"`
}

// DeletionVectorStats is OptimizeStats.scala DeletionVectorStats.
type DeletionVectorStats struct {
	NumDeletionVectorsRemoved    int64 `json:"numDeletionVectorsRemoved"`
	NumDeletionVectorRowsRemoved int64 `json:"numDeletionVectorRowsRemoved"`
}

// ParallelismMetrics is OptimizeStats.scala ParallelismMetrics (auto compaction only).
type ParallelismMetrics struct {
	MaxClusterActiveParallelism *int64 `json:"maxClusterActiveParallelism"`
	MinClusterActiveParallelism *int64 `json:"minClusterActiveParallelism"`
	MaxSessionActiveParallelism *int64 `json:"maxSessionActiveParallelism"`
	MinSessionActiveParallelism *int64 `json:"minSessionActiveParallelism"`
}

// OptimizeMetrics is M/commands/optimize/OptimizeStats.scala OptimizeMetrics, the second column
// of OPTIMIZE's result, with Delta's field names (schema pinned by OptimizeMetricsSuite).
type OptimizeMetrics struct {
	NumFilesAdded                             int64                `json:"numFilesAdded"`
	NumFilesRemoved                           int64                `json:"numFilesRemoved"`
	FilesAdded                                FileSizeMetrics      `json:"filesAdded"`
	FilesRemoved                              FileSizeMetrics      `json:"filesRemoved"`
	PartitionsOptimized                       int64                `json:"partitionsOptimized"`
	ZOrderStats                               *ZOrderStats         `json:"zOrderStats"`
	ClusteringStats                           *ClusteringStats     `json:"clusteringStats"`
	NumBins                                   int64                `json:"numBins"`
	NumBatches                                int64                `json:"numBatches"`
	TotalConsideredFiles                      int64                `json:"totalConsideredFiles"`
	TotalFilesSkipped                         int64                `json:"totalFilesSkipped"`
	PreserveInsertionOrder                    bool                 `json:"preserveInsertionOrder"`
	NumFilesSkippedToReduceWriteAmplification int64                `json:"numFilesSkippedToReduceWriteAmplification"`
	NumBytesSkippedToReduceWriteAmplification int64                `json:"numBytesSkippedToReduceWriteAmplification"`
	StartTimeMs                               int64                `json:"startTimeMs"`
	EndTimeMs                                 int64                `json:"endTimeMs"`
	TotalClusterParallelism                   int64                `json:"totalClusterParallelism"`
	TotalScheduledTasks                       int64                `json:"totalScheduledTasks"`
	AutoCompactParallelismStats               *ParallelismMetrics  `json:"autoCompactParallelismStats"`
	DeletionVectorStats                       *DeletionVectorStats `json:"deletionVectorStats"`
	NumTableColumns                           int64                `json:"numTableColumns"`
	NumTableColumnsWithStats                  int64                `json:"numTableColumnsWithStats"`
}

// CommitEnv is what the executor knows and the plan does not.
type CommitEnv struct {
	StartTimeMs, EndTimeMs  int64
	TotalClusterParallelism int64 // sparkContext.defaultParallelism
	TotalScheduledTasks     int64
	// ZOrderBy, when set, shares the ZCUBE_ZORDER_BY string between this commit's tags and the
	// table's earlier ones (ZOrderByMemo).
	ZOrderBy *ZOrderByMemo
}

// CommitResult is what one OPTIMIZE commits and reports.
type CommitResult struct {
	// Committed is false when no file was added: Delta then makes no commit
	// (runOptimizeBatch commits only if addedFiles.size > 0), but still returns Metrics.
	Committed bool
	// The adds (AddedFiles: the new AddFiles, tagged as tagAddFile does: dataChange=false;
	// clustering adds clusteringProvider "liquid" and ZCUBE_ID / ZCUBE_ZORDER_BY) and the
	// removes (RemovedFiles: the rewritten files, written as RemoveFiles with dataChange=false,
	// extendedFileMetadata=true) are read from the executor's outputs and the plan's bins where
	// they are, not copied: a nightly OPTIMIZE of a whole table removes every live file and adds
	// as many. They are valid while those are.
	NumAdds, NumRemoves int
	bins                []Bin
	outputs             [][]OutputFile
	tags                []map[string]string // each bin's adds' tags
	provider            string
	OperationParameters []Parameter
	// OperationMetrics are the commitInfo operationMetrics (DeltaOperationMetrics.OPTIMIZE):
	// all values are strings; nil when nothing is committed.
	OperationMetrics map[string]string
	Metrics          OptimizeMetrics
}

// OperationParameters is DeltaOperations.Optimize.parameters, in Delta's order: predicate (JSON
// array of predicate SQL), zOrderBy (forced to [] when clusterBy is set), clusterBy ([] on a
// non-clustered table), auto=false, and isFull only when clusterBy is non-empty.
func (p *Plan) OperationParameters() []Parameter {
	pred := p.Predicate
	if pred == nil {
		pred = []string{}
	}
	var clusterBy []string
	if p.clusteredTable && len(p.ClusterBy) > 0 {
		clusterBy = p.ClusterBy
	}
	zOrderBy := p.ZOrderBy
	if len(clusterBy) > 0 || zOrderBy == nil {
		zOrderBy = []string{}
	}
	params := []Parameter{
		{"predicate", slices.Clone(pred)},
		{"zOrderBy", slices.Clone(zOrderBy)},
		{"clusterBy", append([]string{}, clusterBy...)},
		{"auto", false},
	}
	if len(clusterBy) > 0 {
		params = append(params, Parameter{"isFull", p.Full})
	}
	return params
}

// Commit builds the commit of an executed plan: outputs[i] are the files the executor wrote
// for p.Bins[i].
func (p *Plan) Commit(outputs [][]OutputFile, env CommitEnv) (*CommitResult, error) {
	if len(outputs) != len(p.Bins) {
		return nil, fmt.Errorf("optimize: %d bins planned but outputs for %d", len(p.Bins), len(outputs))
	}
	res := &CommitResult{OperationParameters: p.OperationParameters(), bins: p.Bins, outputs: outputs}
	var dvs, dvRows int64
	var zOrderBy string
	if p.Mode == ModeClustering {
		zOrderBy = env.ZOrderBy.intern(encodeNames(p.ClusterBy))
		res.tags, res.provider = make([]map[string]string, len(p.Bins)), ProviderLiquid
	}
	var added, removed sizeStats
	nAdds := 0
	for i := range outputs {
		nAdds += len(outputs[i])
	}
	addSizes := make([]int64, 0, nAdds)
	for i := range p.Bins {
		b := &p.Bins[i]
		if res.tags != nil && len(outputs[i]) > 0 {
			// A bin's adds carry the same tags; they share one map, which no one writes after.
			res.tags[i] = map[string]string{TagZCubeID: b.NewZCubeID, TagZCubeZOrder: zOrderBy}
		}
		for j := range b.Files {
			f := &b.Files[j]
			removed.add(f.Size)
			if f.hasDV() {
				dvs++
				dvRows += f.DeletedRecords()
			}
		}
		for j := range outputs[i] {
			o := &outputs[i][j]
			if o.Size < 0 {
				return nil, fmt.Errorf("optimize: output %s has negative size %d", o.Path, o.Size)
			}
			added.add(o.Size)
			addSizes = append(addSizes, o.Size)
		}
	}
	res.NumAdds, res.NumRemoves = int(added.n), int(removed.n)
	m := &res.Metrics
	m.NumFilesAdded, m.FilesAdded = added.n, added.metrics()
	m.NumFilesRemoved, m.FilesRemoved = removed.n, removed.metrics()
	m.PartitionsOptimized = int64(countPartitions(p.Bins))
	m.NumBins = int64(len(p.Bins))
	m.NumBatches = 1 // no spark.databricks.delta.optimize.batchSize: one batch, even when empty
	m.TotalConsideredFiles = p.TotalConsideredFiles
	m.TotalFilesSkipped = p.TotalConsideredFiles - int64(res.NumRemoves)
	m.StartTimeMs, m.EndTimeMs = env.StartTimeMs, env.EndTimeMs
	m.TotalClusterParallelism, m.TotalScheduledTasks = env.TotalClusterParallelism, env.TotalScheduledTasks
	m.NumTableColumns = p.numTableColumns
	m.NumTableColumnsWithStats = min(p.numIndexedCols, p.numTableColumns) // -1 stays -1, as coded
	if dvs > 0 {
		m.DeletionVectorStats = &DeletionVectorStats{dvs, dvRows}
	}
	switch p.Mode {
	case ModeZOrder:
		m.ZOrderStats = zOrderStats(p.Bins)
	case ModeClustering:
		cs := *p.ClusteringStats
		m.ClusteringStats = &cs
	}
	if res.NumAdds > 0 {
		res.Committed = true
		res.OperationMetrics = operationMetrics(addSizes, m.FilesRemoved, dvs)
	}
	return res, nil
}

// AddedFiles yields the added files in bin order (made from the executor's outputs as they are
// read: a File is not kept for each).
func (r *CommitResult) AddedFiles() iter.Seq[File] {
	return func(yield func(File) bool) {
		for i := range r.outputs {
			var extra *FileExtra // clustering's tags and provider, which the bin's adds share
			if r.tags != nil && len(r.outputs[i]) > 0 {
				extra = &FileExtra{Tags: r.tags[i], ClusteringProvider: r.provider}
			}
			for j := range r.outputs[i] {
				o := &r.outputs[i][j]
				add := File{Path: o.Path, Size: o.Size, PartitionValues: r.bins[i].PartitionValues, NumRecords: o.NumRecords,
					ClusterRange: firstRange(o.ClusterRanges), Extra: extra, Ref: o.Ref}
				if !yield(add) {
					return
				}
			}
		}
	}
}

// RemovedFiles yields the removed files in bin order, as pointers into the plan's bins: valid
// while the plan's files are (a Snapshot's Files the caller reuses are overwritten).
func (r *CommitResult) RemovedFiles() iter.Seq[*File] {
	return func(yield func(*File) bool) {
		for i := range r.bins {
			for j := range r.bins[i].Files {
				if !yield(&r.bins[i].Files[j]) {
					return
				}
			}
		}
	}
}

// sizeStats is FileSizeStats: the count, total and bounds of file sizes, for FileSizeMetrics.
type sizeStats struct{ lo, hi, total, n int64 }

func (z *sizeStats) add(size int64) {
	if z.n == 0 {
		z.lo, z.hi = size, size
	}
	z.lo, z.hi, z.total, z.n = min(z.lo, size), max(z.hi, size), z.total+size, z.n+1
}

// metrics is FileSizeStats.toFileSizeMetrics (min and max None when no file).
func (z sizeStats) metrics() FileSizeMetrics {
	if z.n == 0 {
		return FileSizeMetrics{}
	}
	return FileSizeMetrics{Min: &z.lo, Max: &z.hi, Avg: float64(z.total) / float64(z.n), TotalFiles: z.n, TotalSize: z.total}
}

// operationMetrics is OptimizeExecutor.createMetrics filtered to DeltaOperationMetrics.OPTIMIZE:
// counts and bytes of added and removed files, the added sizes' min, p25 = sizes(n/4),
// p50 = sizes(n/2), p75 = sizes(n*3/4) and max on the sorted added sizes
// (FileSizeStatsWithHistogram.create), and numDeletionVectorsRemoved; all as strings.
// It needs at least one added file, as Delta does. The adds are given by their sizes (sorted
// here), the removes by their FileSizeMetrics.
func operationMetrics(sizes []int64, removed FileSizeMetrics, numDeletionVectorsRemoved int64) map[string]string {
	slices.Sort(sizes)
	var added int64
	for _, sz := range sizes {
		added += sz
	}
	n := len(sizes)
	s := func(v int64) string { return strconv.FormatInt(v, 10) }
	// Sized for all ten up front: a literal of five grew (rehashed) at the sixth, every commit.
	out := make(map[string]string, 10)
	out["numAddedFiles"] = s(int64(n))
	out["numRemovedFiles"] = s(removed.TotalFiles)
	out["numAddedBytes"] = s(added)
	out["numRemovedBytes"] = s(removed.TotalSize)
	out["numDeletionVectorsRemoved"] = s(numDeletionVectorsRemoved)
	if n > 0 {
		out["minFileSize"] = s(sizes[0])
		out["p25FileSize"] = s(sizes[n/4])
		out["p50FileSize"] = s(sizes[n/2])
		out["p75FileSize"] = s(sizes[n*3/4])
		out["maxFileSize"] = s(sizes[n-1])
	}
	return out
}

// Apply returns the snapshot after committing res: removes dropped, adds appended in log
// order, version + 1. The input snapshot is not modified. A result that did not commit returns s.
func (s *Snapshot) Apply(res *CommitResult) *Snapshot {
	if res == nil || !res.Committed {
		return s
	}
	removed := make(map[string]bool, res.NumRemoves)
	for f := range res.RemovedFiles() {
		removed[f.Path] = true
	}
	next := *s
	next.Version = s.Version + 1
	next.Files = make([]File, 0, len(s.Files)-res.NumRemoves+res.NumAdds)
	for _, f := range s.Files {
		if !removed[f.Path] {
			next.Files = append(next.Files, f)
		}
	}
	for f := range res.AddedFiles() {
		next.Files = append(next.Files, f)
	}
	return &next
}

// firstRange is the first of an output's ranges (its first clustering column's), nil for none.
func firstRange(r []Range) *Range {
	if len(r) == 0 {
		return nil
	}
	return &r[0]
}
