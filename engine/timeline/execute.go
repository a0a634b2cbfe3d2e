package timeline

import (
	"fmt"
	"slices"

	"layoutlab/engine/layout"
	"layoutlab/engine/optimize"
)

// execute runs bin i of plan on its rows, as OptimizeExecutor.runOptimizeBinJob does, and
// registers the files it writes (not yet live: the commit makes them so). It returns their ids
// in split order.
//
//   - COMPACTION: the bin's rows in bin order, coalesce(1): one file.
//   - ZORDER: range_partition_id per Z-order column over the bin's rows, interleave_bits, the
//     noise byte, repartitionByRange(approxNumFiles) (layout.ZOrder).
//   - CLUSTERING: the same with Hilbert on the clustering columns (layout.Hilbert; one column
//     falls back to Z-order exactly as MultiDimClustering.cluster does).
//
// A file's size is its rows' bytes (sizing), its statistics are collected over its rows.
func (r *run) execute(plan *optimize.Plan, i, day int, ts int64) ([]int32, error) {
	b := &plan.Bins[i]
	in := make([]int32, len(b.Files))
	n := 0
	for j := range b.Files {
		id, ok := r.byPath[b.Files[j].Path]
		if !ok {
			return nil, fmt.Errorf("bin %d holds %s, which is not live", i, b.Files[j].Path)
		}
		in[j] = id
		n += len(r.files[id].rows)
	}
	dir, partDay := "", 0
	if d, ok := b.PartitionValues[ColEventDate]; ok && r.partitioned {
		dir = ColEventDate + "=" + d
		partDay = r.files[in[0]].partDay
	}
	part := r.files[in[0]].part

	if plan.Mode == optimize.ModeZOrder {
		if e := r.zcache[partDay]; e != nil && e.zcol == plan.ZOrderBy[0] && sameFiles(r, in, e) {
			return r.reuse(e, dir, day, ts), nil
		}
	}

	rows := make([]int32, 0, n)
	for _, id := range in {
		rows = append(rows, r.files[id].rows...)
	}
	var kind layout.Kind
	var cols []string
	opt := layout.Options{}
	switch plan.Mode {
	case optimize.ModeCompaction:
		kind = layout.Append
	case optimize.ModeZOrder:
		kind, cols = layout.ZOrder, plan.ZOrderBy
		// Z-order depends only on the bin's set of rows: read them in row order and seed the
		// noise from the partition, so an unchanged partition lays out the same way every night.
		slices.Sort(rows)
		opt.Seed = mix(r.s.Seed, 0x7a6f72646572, uint64(partDay), uint64(len(rows)))
	case optimize.ModeClustering:
		kind, cols = layout.Hilbert, plan.ClusterBy
		opt.Seed = mix(r.s.Seed, 0x6c6971756964, uint64(plan.SnapshotVersion), uint64(i))
	}
	numFiles := int(b.ApproxNumFiles)
	keys := make([]layout.Ranks, len(cols))
	for k, c := range cols {
		l, ok := leafOf(c)
		if !ok {
			return nil, fmt.Errorf("unknown clustering column %q", c)
		}
		keys[k] = layout.RankRows(&r.g.t.Cols[l], rows)
	}
	parts, err := r.lay.Layout(rows, keys, kind, numFiles, opt)
	if err != nil {
		return nil, err
	}
	out := make([]int32, len(parts))
	for split, p := range parts {
		f := file{path: r.namer.name(dir, split), size: r.sz.bytes(len(p)), rows: p, day: day, partDay: partDay,
			part: part, cube: -1, layout: -1, modTime: ts}
		r.setStats(&f, nil)
		out[split] = int32(len(r.files))
		r.files = append(r.files, f)
	}
	if plan.Mode == optimize.ModeZOrder {
		e := &zentry{id: r.nextEntry, zcol: plan.ZOrderBy[0], outputs: out}
		r.nextEntry++
		for _, id := range out {
			r.files[id].layout = e.id
		}
		r.zcache[partDay] = e
	}
	return out, nil
}

// sameFiles reports whether the bin's files are exactly the entry's outputs.
func sameFiles(r *run, in []int32, e *zentry) bool {
	if len(in) != len(e.outputs) {
		return false
	}
	for _, id := range in {
		if r.files[id].layout != e.id {
			return false
		}
	}
	return true
}

// reuse writes the entry's files again: the same rows and statistics, new paths.
func (r *run) reuse(e *zentry, dir string, day int, ts int64) []int32 {
	out := make([]int32, len(e.outputs))
	for split, src := range e.outputs {
		s := &r.files[src]
		f := file{path: r.namer.name(dir, split), size: s.size, rows: s.rows, day: day, partDay: s.partDay,
			part: s.part, cube: -1, layout: e.id, modTime: ts}
		r.setStats(&f, s)
		out[split] = int32(len(r.files))
		r.files = append(r.files, f)
	}
	e.outputs = out
	return out
}
