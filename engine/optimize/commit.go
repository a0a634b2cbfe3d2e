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
}

// CommitResult is what one OPTIMIZE commits and reports.
type CommitResult struct {
	// Committed is false when no file was added: Delta then makes no commit
	// (runOptimizeBatch commits only if addedFiles.size > 0), but still returns Metrics.
	Committed bool
	// Adds are the new AddFiles, tagged as tagAddFile does (dataChange=false; clustering adds
	// clusteringProvider "liquid" and ZCUBE_ID / ZCUBE_ZORDER_BY). The removes (the rewritten
	// files, written as RemoveFiles with dataChange=false, extendedFileMetadata=true) are the
	// plan's bins' files, read through RemovedFiles or Removes: not copied, since a nightly
	// OPTIMIZE of a whole table removes every live file.
	Adds                []File
	removed             []Bin
	NumRemoves          int
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
	res := &CommitResult{OperationParameters: p.OperationParameters(), removed: p.Bins, NumRemoves: p.NumFiles()}
	var dvs, dvRows int64
	parts := map[partitionID]bool{}
	nAdds := 0
	for i := range outputs {
		nAdds += len(outputs[i])
	}
	res.Adds = make([]File, 0, nAdds)
	var zOrderBy string
	if p.Mode == ModeClustering {
		zOrderBy = encodeNames(p.ClusterBy)
	}
	for i, b := range p.Bins {
		parts[partitionIDOf(b.PartitionValues)] = true
		// A bin's adds carry the same tags; they share one map, which no one writes after.
		var tags map[string]string
		if p.Mode == ModeClustering && len(outputs[i]) > 0 {
			tags = map[string]string{TagZCubeID: b.NewZCubeID, TagZCubeZOrder: zOrderBy}
		}
		for j := range b.Files {
			if f := &b.Files[j]; f.hasDV() {
				dvs++
				dvRows += f.DeletedRecords
			}
		}
		for _, o := range outputs[i] {
			if o.Size < 0 {
				return nil, fmt.Errorf("optimize: output %s has negative size %d", o.Path, o.Size)
			}
			add := File{Path: o.Path, Size: o.Size, PartitionValues: b.PartitionValues, NumRecords: o.NumRecords,
				ModificationTime: o.ModificationTime, ClusterRanges: o.ClusterRanges, Ref: o.Ref}
			if p.Mode == ModeClustering {
				add.ClusteringProvider = ProviderLiquid
				add.Tags = tags
			}
			res.Adds = append(res.Adds, add)
		}
	}
	m := &res.Metrics
	m.NumFilesAdded, m.FilesAdded = int64(len(res.Adds)), fileSizeMetrics(res.Adds)
	m.NumFilesRemoved, m.FilesRemoved = int64(res.NumRemoves), removedSizeMetrics(p.Bins)
	m.PartitionsOptimized = int64(len(parts))
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
	if len(res.Adds) > 0 {
		res.Committed = true
		res.OperationMetrics = operationMetrics(res.Adds, m.FilesRemoved, dvs)
	}
	return res, nil
}

// RemovedFiles yields the removed files in bin order, as pointers into the plan's bins: valid
// while the plan's files are (a Snapshot's Files the caller reuses are overwritten).
func (r *CommitResult) RemovedFiles() iter.Seq[*File] {
	return func(yield func(*File) bool) {
		for i := range r.removed {
			for j := range r.removed[i].Files {
				if !yield(&r.removed[i].Files[j]) {
					return
				}
			}
		}
	}
}

// removedSizeMetrics is fileSizeMetrics over every bin's files, read where they are.
func removedSizeMetrics(bins []Bin) FileSizeMetrics {
	var lo, hi, total, n int64
	for i := range bins {
		for j := range bins[i].Files {
			sz := bins[i].Files[j].Size
			if n == 0 {
				lo, hi = sz, sz
			}
			lo, hi, total, n = min(lo, sz), max(hi, sz), total+sz, n+1
		}
	}
	if n == 0 {
		return FileSizeMetrics{}
	}
	return FileSizeMetrics{Min: &lo, Max: &hi, Avg: float64(total) / float64(n), TotalFiles: n, TotalSize: total}
}

// operationMetrics is OptimizeExecutor.createMetrics filtered to DeltaOperationMetrics.OPTIMIZE:
// counts and bytes of added and removed files, the added sizes' min, p25 = sizes(n/4),
// p50 = sizes(n/2), p75 = sizes(n*3/4) and max on the sorted added sizes
// (FileSizeStatsWithHistogram.create), and numDeletionVectorsRemoved; all as strings.
// It needs at least one added file, as Delta does.
// The removes are given by their FileSizeMetrics (count and bytes).
func operationMetrics(adds []File, removed FileSizeMetrics, numDeletionVectorsRemoved int64) map[string]string {
	sizes := make([]int64, len(adds))
	for i := range adds {
		sizes[i] = adds[i].Size
	}
	slices.Sort(sizes)
	n := len(sizes)
	s := func(v int64) string { return strconv.FormatInt(v, 10) }
	out := map[string]string{
		"numAddedFiles":             s(int64(n)),
		"numRemovedFiles":           s(removed.TotalFiles),
		"numAddedBytes":             s(sumBytes(adds)),
		"numRemovedBytes":           s(removed.TotalSize),
		"numDeletionVectorsRemoved": s(numDeletionVectorsRemoved),
	}
	if n > 0 {
		out["minFileSize"] = s(sizes[0])
		out["p25FileSize"] = s(sizes[n/4])
		out["p50FileSize"] = s(sizes[n/2])
		out["p75FileSize"] = s(sizes[n*3/4])
		out["maxFileSize"] = s(sizes[n-1])
	}
	return out
}

// fileSizeMetrics is FileSizeStats.merge + toFileSizeMetrics.
func fileSizeMetrics(files []File) FileSizeMetrics {
	if len(files) == 0 {
		return FileSizeMetrics{}
	}
	lo, hi := files[0].Size, files[0].Size
	for _, f := range files[1:] {
		lo, hi = min(lo, f.Size), max(hi, f.Size)
	}
	total := sumBytes(files)
	return FileSizeMetrics{Min: &lo, Max: &hi, Avg: float64(total) / float64(len(files)),
		TotalFiles: int64(len(files)), TotalSize: total}
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
	next.Files = make([]File, 0, len(s.Files)-res.NumRemoves+len(res.Adds))
	for _, f := range s.Files {
		if !removed[f.Path] {
			next.Files = append(next.Files, f)
		}
	}
	next.Files = append(next.Files, res.Adds...)
	return &next
}
