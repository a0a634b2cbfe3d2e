package timeline

import (
	"fmt"
	"slices"

	"layoutlab/engine/layout"
	"layoutlab/engine/optimize"
	"layoutlab/engine/table"
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
		id := int32(b.Files[j].Ref)
		if !r.isLive(id, b.Files[j].Path) {
			return nil, fmt.Errorf("bin %d holds %s, which is not live", i, b.Files[j].Path)
		}
		in[j] = id
		n += len(r.f(id).rows)
	}
	dir, partDay := "", 0
	if d, ok := b.PartitionValues[ColEventDate]; ok && r.partitioned {
		dir = ColEventDate + "=" + d
		partDay = r.f(in[0]).partDay
	}
	part := r.f(in[0]).part

	if plan.Mode == optimize.ModeZOrder {
		if e := r.zcache[partDay]; e != nil && !r.opt.noReuse && e.zcol == plan.ZOrderBy[0] && sameFiles(r, in, e) {
			return r.reuse(e, dir, day, ts), nil
		}
	}

	if plan.Mode == optimize.ModeZOrder {
		// Z-order depends only on the bin's set of rows: read them in row order (append files
		// are contiguous row ranges, so ordering the files by first row usually suffices).
		slices.SortFunc(in, func(a, b int32) int { return int(r.f(a).rows[0]) - int(r.f(b).rows[0]) })
	}
	bt := r.gatherRows(in, n)
	if plan.Mode == optimize.ModeZOrder && !slices.IsSorted(bt.rows) {
		slices.Sort(bt.rows)
	}
	var kind layout.Kind
	var cols []string
	opt := layout.Options{NoNoise: r.s.NoNoise}
	switch plan.Mode {
	case optimize.ModeCompaction:
		kind = layout.Append
	case optimize.ModeZOrder:
		kind, cols = layout.ZOrder, plan.ZOrderBy
		opt.Seed = mix(r.s.Seed, 0x7a6f72646572, uint64(partDay), uint64(n))
	case optimize.ModeClustering:
		kind, cols = layout.Hilbert, plan.ClusterBy
		opt.Seed = mix(r.s.Seed, 0x6c6971756964, uint64(plan.SnapshotVersion), uint64(i))
	}
	vals := make([]*table.Column, len(cols))
	for k, c := range cols {
		l, ok := leafOf(c)
		if !ok {
			return nil, fmt.Errorf("unknown clustering column %q", c)
		}
		vals[k] = bt.values(r.g.t, l)
	}
	var parts [][]int32 // in the Layouter's buffers: copied out below
	var err error
	if len(vals) == 1 && vals[0].Nulls == nil {
		// One key (every column here is a non-null integer): laid out from its values.
		parts, err = r.lay.LayoutValuesScratch(bt.rows, vals[0].Ints, kind, int(b.ApproxNumFiles), opt)
	} else {
		keys := make([]layout.Ranks, len(cols))
		pos := identity(&r.ident, n)
		for k, c := range vals {
			keys[k] = r.rk.rank(c, pos, k)
		}
		parts, err = r.lay.LayoutScratch(bt.rows, keys, kind, int(b.ApproxNumFiles), opt)
	}
	if err != nil {
		return nil, err
	}
	// Each output file's rows are copied into one slab for the whole bin; its statistics are
	// collected over its rows, as an append file's are.
	si := r.slabFor(n)
	sl := &r.slabs[si]
	back := sl.rows[:n]
	out := make([]int32, len(parts))
	rows := make([][]int32, len(parts))
	o := 0
	for split, p := range parts {
		e := o + len(p)
		rows[split] = back[o:e:e]
		copy(rows[split], p)
		o = e
	}
	job := statsJob{files: make([]*file, len(rows)), rows: rows, sts: make([]fileStats, len(rows))}
	for split, p := range rows {
		f := file{path: r.namer.Name(dir, split), size: r.sz.bytes(len(p)), rows: p, day: day, partDay: partDay,
			part: part, cube: -1, layout: -1, slab: si, modTime: ts}
		out[split] = r.add(&f)
		job.files[split] = r.f(out[split])
	}
	sl.refs = int32(len(parts))
	sl.stats = r.submit(job)
	if plan.Mode == optimize.ModeZOrder {
		e := &zentry{id: r.nextEntry, zcol: plan.ZOrderBy[0], outputs: out}
		r.nextEntry++
		for _, id := range out {
			r.f(id).layout = e.id
		}
		r.zcache[partDay] = e
	}
	return out, nil
}

// binTable is one bin's rows, in bin order, and the values of its clustering columns (what
// the executor ranks), read from the run's table.
type binTable struct {
	rows []int32
	cols [3]table.Column // by leaf; only the clustering columns' are filled
}

// gatherRows collects the files' rows, in bin order, into the run's reused bin table.
func (r *run) gatherRows(in []int32, n int) *binTable {
	bt := &r.bin
	bt.rows = slices.Grow(bt.rows[:0], n)
	for _, id := range in {
		bt.rows = append(bt.rows, r.f(id).rows...)
	}
	return bt
}

// values reads leaf l of the bin's rows from t into the bin table and returns it as a column.
func (bt *binTable) values(t *table.Table, l int) *table.Column {
	src := &t.Cols[l]
	c := &bt.cols[l]
	dst := slices.Grow(c.Ints[:0], len(bt.rows))[:len(bt.rows)]
	switch {
	case src.Codes32 != nil:
		decode(dst, src.Codes32, src.Base, bt.rows)
	case src.Codes16 != nil:
		decode(dst, src.Codes16, src.Base, bt.rows)
	default:
		for i, row := range bt.rows {
			dst[i] = src.Ints[row]
		}
	}
	c.Kind, c.Ints = src.Kind, dst
	return c
}

// decode writes the values of an encoded column's rows (Base + code) to dst.
func decode[T uint16 | uint32](dst []int64, codes []T, base int64, rows []int32) {
	dst = dst[:len(rows)]
	for i, row := range rows {
		dst[i] = base + int64(codes[row])
	}
}

// identity returns 0..n-1, growing the cached slice.
func identity(buf *[]int32, n int) []int32 {
	for len(*buf) < n {
		*buf = append(*buf, int32(len(*buf)))
	}
	return (*buf)[:n]
}

// sameFiles reports whether the bin's files are exactly the entry's outputs.
func sameFiles(r *run, in []int32, e *zentry) bool {
	if len(in) != len(e.outputs) {
		return false
	}
	for _, id := range in {
		if r.f(id).layout != e.id {
			return false
		}
	}
	return true
}

// reuse writes the entry's files again: the same rows and statistics, new paths.
func (r *run) reuse(e *zentry, dir string, day int, ts int64) []int32 {
	out := make([]int32, len(e.outputs))
	job := statsJob{files: make([]*file, len(out)), from: make([]*file, len(out))}
	for split, src := range e.outputs {
		s := r.f(src)
		f := file{path: r.namer.Name(dir, split), size: s.size, rows: s.rows, day: day, partDay: s.partDay,
			part: s.part, cube: -1, layout: e.id, slab: s.slab, modTime: ts}
		if s.slab >= 0 {
			r.slabs[s.slab].refs++
		}
		out[split] = r.add(&f)
		job.files[split], job.from[split] = r.f(out[split]), s
	}
	r.submit(job)
	e.outputs = out
	return out
}

// slab holds the rows of the files one bin wrote. Files are immutable, but once every file
// using a slab has been removed from the table nothing reads it again (the views read
// statistics, not rows), so the next bin writes its files into it rather than into new memory:
// a liquid table re-clusters its open cube every night.
type slab struct {
	rows  []int32
	refs  int32  // files using it (live, or written and not yet committed)
	stats uint64 // the statsJob reading its files' rows (statsWorker), to wait for before reuse
}

// maxFreeSlabs bounds the memory kept for reuse.
const maxFreeSlabs = 8

// slabFor returns a slab with room for n rows: the smallest free one that fits, else a new one.
func (r *run) slabFor(n int) int32 {
	best := -1
	for i, si := range r.freeSlabs {
		if c := cap(r.slabs[si].rows); c >= n && (best < 0 || c < cap(r.slabs[r.freeSlabs[best]].rows)) {
			best = i
		}
	}
	if best >= 0 {
		si := r.freeSlabs[best]
		r.freeSlabs = slices.Delete(r.freeSlabs, best, best+1)
		r.waitFor(r.slabs[si].stats)
		return si
	}
	r.slabs = append(r.slabs, slab{rows: make([]int32, 0, n)})
	return int32(len(r.slabs) - 1)
}

// release drops a removed file's hold on its slab, freeing the slab when it was the last.
func (r *run) release(f *file) {
	if f.slab < 0 {
		return
	}
	s := &r.slabs[f.slab]
	s.refs--
	if s.refs == 0 {
		if len(r.freeSlabs) == maxFreeSlabs {
			// Forget the oldest free slab: its memory goes back to the collector.
			old := r.freeSlabs[0]
			r.slabs[old] = slab{}
			r.freeSlabs = slices.Delete(r.freeSlabs, 0, 1)
		}
		r.freeSlabs = append(r.freeSlabs, f.slab)
	}
	f.rows, f.slab = nil, -1
}

// finish drops what only the run needed: the free slabs.
func (r *run) finish() {
	for _, si := range r.freeSlabs {
		r.slabs[si] = slab{}
	}
	r.freeSlabs = nil
}
