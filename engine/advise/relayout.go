package advise

import (
	"math"
	"slices"

	"layoutlab/engine/layout"
	"layoutlab/engine/optimize"
)

// arrangement is a candidate's files: each file's rows, partition values and bytes.
type arrangement struct {
	partCols []string
	files    [][]int32
	parts    []map[string]string // per file, by logical name; nil or a missing key is NULL
	bytes    []int64
	first    int64 // the first rewrite's bytes
}

// arrange lays the rows out as the candidate would leave them.
func (a *advisor) arrange(s spec) (*arrangement, error) {
	switch s.layout {
	case AsIs:
		return a.asIs(), nil
	case Cluster, ZOrder:
		return a.optimized(s)
	case Partition:
		return a.partitioned(s)
	default:
		return a.ordered(s)
	}
}

// asIs is the real files: each row in the file it came from, the real sizes and partition
// values, so that its figures are today's.
func (a *advisor) asIs() *arrangement {
	ar := &arrangement{partCols: a.t.partCols, files: a.byFile, parts: a.t.pv, bytes: make([]int64, len(a.t.files))}
	for i, f := range a.t.files {
		ar.bytes[i] = f.Size
	}
	return ar
}

// optimized runs engine/optimize's open-source planner on the real files as Delta would plan
// the first OPTIMIZE: ZORDER BY the keys (one bin per partition), or, with the table clustered
// by the keys, OPTIMIZE FULL (bins of up to max(targetCubeSize, minCubeSize), each a new ZCube).
// Each bin's rows are then laid out by engine/layout into the bin's approxNumFiles files:
// Z-order, or the curve MultiDimClustering.cluster picks for clustering (Hilbert for two keys or
// more, Z-order for one; layout.Layout asks curve.Choose).
func (a *advisor) optimized(s spec) (*arrangement, error) {
	snap, req := a.planInput(s)
	p, err := optimize.NewPlanner(optimize.Config{MaxFileSize: a.maxFile()})
	if err != nil {
		return nil, err
	}
	plan, err := p.Plan(snap, req)
	if err != nil {
		return nil, err
	}
	ar := &arrangement{partCols: a.partColsFor(s), first: plan.Bytes()}
	kind := layout.ZOrder
	if s.layout == Cluster {
		kind = layout.Hilbert
	}
	planned := make([]bool, len(a.t.files))
	for bi, b := range plan.Bins {
		rows := a.all // a bin of every file holds every row, in order
		for _, f := range b.Files {
			planned[f.Ref] = true
		}
		if len(b.Files) < len(a.t.files) {
			refs := make([]int64, len(b.Files))
			for i, f := range b.Files {
				refs[i] = f.Ref
			}
			rows = a.rowsOf(refs)
		}
		files, err := a.layoutBin(rows, s.keys, kind, int(b.ApproxNumFiles), uint64(bi))
		if err != nil {
			return nil, err
		}
		pv := a.t.pv[b.Files[0].Ref]
		if s.layout == Cluster {
			pv = nil
		}
		a.addFiles(ar, files, pv)
	}
	a.keepUnplanned(ar, planned, s)
	return ar, nil
}

// keepUnplanned adds the files the plan leaves alone (a sealed ZCube of the same keys) as they
// are.
func (a *advisor) keepUnplanned(ar *arrangement, planned []bool, s spec) {
	for i, ok := range planned {
		if ok {
			continue
		}
		pv := a.t.pv[i]
		if s.layout == Cluster {
			pv = nil
		}
		ar.files = append(ar.files, a.byFile[i])
		ar.parts = append(ar.parts, pv)
		ar.bytes = append(ar.bytes, a.t.files[i].Size)
	}
}

// planInput is the planner's snapshot of the real files and the OPTIMIZE the candidate runs.
func (a *advisor) planInput(s spec) (*optimize.Snapshot, optimize.Request) {
	t := a.t
	snap := &optimize.Snapshot{Version: t.snap.Version(), PartitionColumns: t.partCols, ClusteringFeature: t.clustered,
		ClusteringColumns: t.clusterBy, Properties: t.snap.Metadata().Configuration, NumColumns: len(t.schema.Fields)}
	req := optimize.Request{ZOrderBy: s.keys}
	if s.layout == Cluster {
		// ALTER TABLE … CLUSTER BY (keys) (or, for a partitioned table, its replacement by a
		// clustered one), then OPTIMIZE … FULL.
		snap.PartitionColumns, snap.ClusteringFeature, snap.ClusteringColumns = nil, true, s.keys
		req = optimize.Request{Full: true}
	}
	snap.Files = make([]optimize.File, len(t.files))
	var extras optimize.Extras
	for i, f := range t.files {
		of := optimize.File{Path: f.Path, Size: f.Size, PartitionValues: f.PartitionValues, Ref: int64(i),
			NumRecords: max(0, t.numRecords[i])}
		if s.layout == Cluster && len(t.partCols) > 0 {
			// The replacement's files: no partition, tags or provider.
			of.PartitionValues, of.Extra = nil, extras.Of(nil, "", t.deleted[i])
		} else {
			of.Extra = extras.Of(f.Tags(), f.ClusteringProvider(), t.deleted[i])
		}
		snap.Files[i] = of
	}
	return snap, req
}

// partitioned is the table rewritten PARTITIONED BY (key): each partition's rows in table
// order, cut into max(1, bytes / maxFileSize) files (layout.ApproxNumFiles, the size OPTIMIZE
// would compact them to).
func (a *advisor) partitioned(s spec) (*arrangement, error) {
	l := a.t.leafOf(s.keys[0])
	// The rewrite reads every file: its bytes are the files' sizes, as the planner counts a bin.
	ar := &arrangement{partCols: s.keys, first: a.t.size}
	var bins []layout.Bin
	var err error
	if a.noReuse {
		bins = layout.Bins(a.ft, []int{l})
	} else if bins, err = a.partitionBins(l); err != nil {
		return nil, err
	}
	for _, b := range bins {
		bytes := a.bytesOf(b.Rows)
		files, err := a.layoutBin(b.Rows, nil, layout.Append, layout.ApproxNumFiles(bytes, a.maxFile()), 0)
		if err != nil {
			return nil, err
		}
		var pv map[string]string
		if v := b.Values[0]; !v.Absent() {
			pv = map[string]string{a.t.leaves[l].Name(): v.String()}
		}
		a.addFiles(ar, files, pv)
	}
	return ar, nil
}

// ordered is the table rewritten in ORDER BY key within each of its partitions (INSERT
// OVERWRITE … SELECT … ORDER BY), cut into max(1, bytes / maxFileSize) files of equal rows.
func (a *advisor) ordered(s spec) (*arrangement, error) {
	ar := &arrangement{partCols: a.t.partCols, first: a.t.size}
	for _, g := range a.currentPartitions() {
		bytes := a.bytesOf(g.rows)
		files, err := a.layoutBin(g.rows, s.keys, layout.OrderBy, layout.ApproxNumFiles(bytes, a.maxFile()), 0)
		if err != nil {
			return nil, err
		}
		a.addFiles(ar, files, g.pv)
	}
	return ar, nil
}

type partRows struct {
	pv   map[string]string
	rows []int32
}

// currentPartitions groups the rows by the real files' partition values, in file order.
func (a *advisor) currentPartitions() []partRows {
	if len(a.t.partCols) == 0 {
		return []partRows{{rows: a.all}}
	}
	index := map[string]int{}
	var out []partRows
	for i, f := range a.t.files {
		k := partitionKey(f.PartitionValues)
		j, ok := index[k]
		if !ok {
			j = len(out)
			index[k] = j
			out = append(out, partRows{pv: a.t.pv[i]})
		}
		out[j].rows = append(out[j].rows, a.byFile[i]...)
	}
	for i := range out {
		if !slices.IsSorted(out[i].rows) {
			slices.Sort(out[i].rows)
		}
	}
	return out
}

// rowsOf is the rows of the real files refs, ascending. Each file's rows are ascending, and a
// table read file by file (engine/datafiles) gives each file a run of row indices: in the order
// of their first rows the files' rows are then already ascending, and only rows of files that
// interleave are sorted.
func (a *advisor) rowsOf(refs []int64) []int32 {
	refs = slices.Clone(refs)
	first := func(f int64) int32 {
		if r := a.byFile[f]; len(r) > 0 {
			return r[0]
		}
		return -1
	}
	slices.SortFunc(refs, func(x, y int64) int { return int(first(x)) - int(first(y)) })
	n := 0
	for _, f := range refs {
		n += len(a.byFile[f])
	}
	rows := make([]int32, 0, n)
	for _, f := range refs {
		rows = append(rows, a.byFile[f]...)
	}
	if !slices.IsSorted(rows) {
		slices.Sort(rows)
	}
	return rows
}

func partitionKey(pv map[string]string) string {
	keys := make([]string, 0, len(pv))
	for k := range pv {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b := []byte{}
	for _, k := range keys {
		b = append(b, k...)
		b = append(b, 0)
		b = append(b, pv[k]...)
		b = append(b, 0)
	}
	return string(b)
}

// layoutBin lays one bin's rows (ascending row indices) out into files with engine/layout,
// ranking each key over the bin as range_partition_id samples each bin on its own.
func (a *advisor) layoutBin(rows []int32, keys []string, kind layout.Kind, numFiles int, bin uint64) ([][]int32, error) {
	if len(rows) == 0 {
		return nil, nil
	}
	ranks := make([]layout.Ranks, len(keys))
	for i, k := range keys {
		l := a.t.leafOf(k)
		var err error
		if len(rows) == len(a.all) {
			ranks[i], err = a.ranksOf(l) // the whole table: ranked once for every candidate
		} else {
			ranks[i], err = layout.RankRowsYield(&a.ft.Cols[l], rows, a.stageYield)
		}
		if err != nil {
			return nil, err
		}
	}
	opt := layout.Options{Seed: a.opt.Seed ^ (bin+1)*0x9e3779b97f4a7c15}
	files, err := a.lay.Layout(rows, ranks, kind, numFiles, opt)
	if err == nil {
		// The layout's last passes over the rows and the files' bytes (addFiles) are two
		// stretches, not one.
		err = a.stageYield.Begin("the files")
	}
	return files, err
}

// addFiles appends laid-out files with their partition values and bytes.
func (a *advisor) addFiles(ar *arrangement, files [][]int32, pv map[string]string) {
	for _, f := range files {
		ar.files = append(ar.files, f)
		ar.parts = append(ar.parts, pv)
		ar.bytes = append(ar.bytes, a.bytesOf(f))
	}
}

// bytesOf is the bytes rows take in a rewritten file: the sum of their rowBytes, rounded.
func (a *advisor) bytesOf(rows []int32) int64 {
	var b float64
	for _, r := range rows {
		b += a.rowBytes[r]
	}
	return int64(math.Round(b))
}

func (a *advisor) maxFile() int64 {
	if a.opt.MaxFileSize == 0 {
		return layout.DefaultMaxFileSize
	}
	return a.opt.MaxFileSize
}

// ranksOf is leaf l's dense ranks over every row, computed once (a.stageYield is told the
// sort's progress; its error stops the ranking, and nothing is kept).
func (a *advisor) ranksOf(l int) (layout.Ranks, error) {
	if r, ok := a.ranks[l]; ok {
		return r, nil
	}
	r, err := layout.RankRowsYield(&a.ft.Cols[l], a.all, a.stageYield)
	if err != nil {
		return layout.Ranks{}, err
	}
	a.ranks[l] = r
	return r, nil
}
