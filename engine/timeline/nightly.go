package timeline

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"layoutlab/engine/ddl"
	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/optimize"
	"layoutlab/engine/scenario"
)

// nightlyOptimize is the night's OPTIMIZE: the statement the strategy runs (ZORDER BY columns,
// the window's predicate, FULL), the snapshot the planner plans on, the bins the executor runs,
// and the commit Delta makes of the result (OptimizeExecutor.commitAndRetry).
type nightlyOptimize struct {
	s          *scenario.Timeline
	planner    *optimize.Planner
	zorderCols []string                // the Z-order strategies' ZORDER BY columns
	snapFiles  []optimize.File         // the planner's view of the live files, reused each night
	extras     optimize.Extras         // their tags and provider, one a ZCube
	snapIDs    []int32                 // the file id (plus one) each entry of snapFiles holds
	outFiles   []optimize.OutputFile   // the bins' output files, reused each night
	outputs    [][]optimize.OutputFile // each bin's, in outFiles
	written    int64                   // every OPTIMIZE commit's added bytes so far
	zOrderBy   optimize.ZOrderByMemo   // the clustering commits' ZCUBE_ZORDER_BY, one string

	tbl   *deltaTable
	exec  *optimizeExecutor
	stats *statsCollection
	ranks *rankSpaces
}

// newPlanner is the strategy's planner: open-source Delta's, or the labelled Fabric runtime's.
func newPlanner(s *scenario.Timeline) (*optimize.Planner, error) {
	maxFile := max(1, int64(s.FileGB*float64(GiB)))
	cfg := optimize.Config{
		MinFileSize: maxFile,
		MaxFileSize: maxFile,
		MinCubeSize: int64(s.MinCubeGB * float64(GiB)),
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
	return optimize.NewPlanner(cfg)
}

// request is the night's OPTIMIZE statement for the strategy.
func (n *nightlyOptimize) request(day int, full bool) (optimize.Request, string) {
	req := optimize.Request{Full: full}
	stmt := "OPTIMIZE " + TableName
	if full {
		stmt += " FULL"
	}
	switch n.s.Strategy {
	case StrategyZOrderWindow:
		from := dateString(day - (n.s.WindowDays - 1))
		pred := ColEventDate + " >= '" + from + "'"
		req.Predicate = []string{pred}
		req.PredicateColumns = []string{ColEventDate}
		req.PartitionFilter = func(pv map[string]string) bool { return pv[ColEventDate] >= from }
		stmt += " WHERE " + pred
		fallthrough
	case StrategyZOrderFull:
		req.ZOrderBy = n.zorderCols
		stmt += " ZORDER BY (" + strings.Join(n.zorderCols, ", ") + ")"
	}
	return req, stmt + ";"
}

// snapshot is the planner's view of the table as it stands: the live files in log order.
func (n *nightlyOptimize) snapshot() *optimize.Snapshot {
	t := n.tbl
	s := &optimize.Snapshot{
		Version:           t.version,
		PartitionColumns:  t.partitionColumns(),
		ClusteringFeature: t.clustering,
		ClusteringColumns: t.clusterCols,
		Properties:        map[string]string{},
		NumColumns:        len(schema.Fields),
	}
	cfg := n.planner.Config()
	fabric := cfg.Platform == optimize.PlatformFabricRuntime20 && *cfg.Fabric.Incremental && *cfg.Fabric.AutoRecluster &&
		len(t.clusterCols) > 0
	if fabric {
		n.stats.waitAll() // the overlap score reads the live files' bounds
	}
	// The files array is reused night after night: the plan made from it (whose bins point
	// into it) does not outlive the night.
	s.Files = n.snapshotFiles(fabric)
	return s
}

// clusterRanges is the file's [min, max] of the first clustering column as rank positions, what
// the Fabric auto-recluster overlap score compares.
func (n *nightlyOptimize) clusterRanges(id int32) []optimize.Range {
	fr, col := n.tbl.files.rangesOf(id), n.tbl.clusterCols[0]
	if fr.col != col {
		l, _ := leafOf(col)
		lo, hi := n.ranks.filePos(n.ranks.column(l), id, l)
		fr.r = []optimize.Range{{Min: lo, Max: hi}}
		fr.col = col
	}
	return fr.r
}

// run runs the night's OPTIMIZE: plan on the snapshot, execute every bin on its rows, commit
// the result as Delta does.
func (n *nightlyOptimize) run(day int, d *Day, ds *dayState) error {
	req, stmt := n.request(day, day == n.s.FullDay)
	ds.statements = append(ds.statements, stmt)
	plan, err := n.planner.Plan(n.snapshot(), req)
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
	firstNew := int32(n.tbl.files.n) // the files this night's bins write get ids from here on
	outputs, err := n.executeBins(plan, day, ts)
	if err != nil {
		return err
	}
	res, err := plan.Commit(outputs, optimize.CommitEnv{StartTimeMs: ts, EndTimeMs: ts, ZOrderBy: &n.zOrderBy})
	if err != nil {
		return err
	}
	d.ClusteringStats = res.Metrics.ClusteringStats
	d.ZOrderStats = res.Metrics.ZOrderStats
	if !res.Committed {
		return nil
	}
	written, err := n.commit(res, day, ts, firstNew)
	if err != nil {
		return err
	}
	d.OptimizeWrittenGB = gb(written)
	d.OperationMetrics = res.OperationMetrics
	return nil
}

// executeBins runs every bin of plan and returns each bin's output files, as the commit takes them.
func (n *nightlyOptimize) executeBins(plan *optimize.Plan, day int, ts int64) ([][]optimize.OutputFile, error) {
	// The outputs are read by the commit alone, within the night: one array serves every night.
	out, ends := n.outFiles[:0], make([]int, len(plan.Bins))
	for i := range plan.Bins {
		ids, err := n.exec.execute(plan, i, day, ts)
		if err != nil {
			return nil, err
		}
		for _, id := range ids {
			f := n.tbl.files.f(id)
			out = append(out, optimize.OutputFile{Path: f.path, Size: f.size,
				NumRecords: int64(len(f.rows)), ModificationTime: ts, ClusterRanges: n.tbl.files.clusterRanges(id), Ref: int64(id)})
		}
		ends[i] = len(out)
	}
	n.outFiles = out
	n.outputs = slices.Grow(n.outputs[:0], len(ends))
	start := 0
	for _, end := range ends {
		n.outputs = append(n.outputs, out[start:end:end])
		start = end
	}
	return n.outputs, nil
}

// commit writes the OPTIMIZE commit of res (its removes and tagged adds, which must be the live
// files the plan read and the files this night's bins wrote, ids from firstNew) and returns the
// bytes it added.
func (n *nightlyOptimize) commit(res *optimize.CommitResult, day int, ts int64, firstNew int32) (int64, error) {
	t := n.tbl
	c := logCommit{day: day}
	c.removes = make([]int32, 0, res.NumRemoves)
	for rm := range res.RemovedFiles() {
		id := int32(rm.Ref)
		if !t.files.isLive(id, rm.Path) {
			return 0, fmt.Errorf("optimize removed %s, which is not live", rm.Path)
		}
		c.removes = append(c.removes, id)
	}
	c.adds = make([]int32, 0, res.NumAdds)
	var written int64
	var cubeOf tagsCube
	for a := range res.AddedFiles() {
		id := int32(a.Ref)
		if id < firstNew || id >= int32(t.files.n) || t.files.f(id).path != a.Path {
			return 0, fmt.Errorf("optimize added %s, which no bin wrote", a.Path)
		}
		f := t.files.f(id)
		f.tags, f.provider = a.Tags(), a.ClusteringProvider()
		if ci := cubeOf.of(f.tags, &t.zcubes); ci >= 0 {
			f.cube = ci
		}
		written += f.size
		c.adds = append(c.adds, id)
	}
	ci := deltalog.CommitInfo{Timestamp: ts, Operation: "OPTIMIZE", IsolationLevel: "SnapshotIsolation",
		IsBlindAppend: ptr(false), EngineInfo: engineInfo, ReadVersion: ptr(t.version),
		OperationMetrics: res.OperationMetrics}
	for _, p := range res.OperationParameters {
		t.params.set(&ci, p.Key, p.Value)
	}
	c.info = ci
	t.commit(c)
	for _, id := range c.removes {
		n.exec.release(t.files.f(id)) // nothing reads a removed file's rows again
	}
	n.written += written
	return written, nil
}
