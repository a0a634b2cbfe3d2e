package timeline

import (
	"fmt"
	"slices"

	"layoutlab/engine/layout"
	"layoutlab/engine/optimize"
	"layoutlab/engine/table"
)

// optimizeExecutor runs the plan's bins on their rows (OptimizeExecutor.runOptimizeBinJob) and
// registers the files they write. It keeps what one bin hands the next: the rank and layout
// buffers, the slabs its files' rows live in, and each Z-ordered partition's last layout.
type optimizeExecutor struct {
	tbl     *deltaTable
	g       *generated
	stats   *statsCollection
	sz      sizing
	seed    uint64
	noNoise bool
	noReuse bool // recompute Z-ordered partitions even when unchanged (tests)

	lay       layout.Layouter
	rk        ranker
	bin       binTable
	ident     []int32
	binIDs    []int32 // the bin's input files (inputs)
	slabs     []slab  // row storage of the files OPTIMIZE wrote
	freeSlabs []int32 // slabs no live file uses
	zcache    map[int]*zentry
	nextEntry int32
	nameBuf   []byte   // names (the bin's paths, then made one string)
	nameEnds  []int    // where each path ends in nameBuf
	paths     []string // the bin's paths, substrings of that string
}

// zentry is a Z-ordered partition's last layout: Z-order is deterministic in its input rows, so
// a partition re-clustered unchanged (its files are exactly this entry's outputs) gets the same
// files' rows and statistics again, under new paths.
type zentry struct {
	id      int32
	zcol    string
	outputs []int32 // file ids of the entry's outputs (rows and stats are reused from them)
}

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
func (x *optimizeExecutor) execute(plan *optimize.Plan, i, day int, ts int64) ([]int32, error) {
	in, err := x.inputs(plan, i)
	if err != nil {
		return nil, err
	}
	if plan.Mode == optimize.ModeZOrder {
		if e := x.zcache[in.partDay]; e != nil && !x.noReuse && e.zcol == plan.ZOrderBy[0] && sameFiles(&x.tbl.files, in.ids, e) {
			return x.reuse(e, in.dir(), day, ts), nil
		}
		// Z-order depends only on the bin's set of rows: read them in row order (append files
		// are contiguous row ranges, so ordering the files by first row usually suffices).
		slices.SortFunc(in.ids, func(a, b int32) int { return int(x.tbl.files.f(a).rows[0]) - int(x.tbl.files.f(b).rows[0]) })
	}
	bt := x.gatherRows(in.ids, in.rows)
	if plan.Mode == optimize.ModeZOrder && !slices.IsSorted(bt.rows) {
		slices.Sort(bt.rows)
	}
	parts, err := x.layoutBin(plan, i, bt, in)
	if err != nil {
		return nil, err
	}
	out := x.writeFiles(parts, in, day, ts)
	if plan.Mode == optimize.ModeZOrder {
		e := &zentry{id: x.nextEntry, zcol: plan.ZOrderBy[0], outputs: out}
		x.nextEntry++
		for _, id := range out {
			x.tbl.files.f(id).layout = e.id
		}
		x.zcache[in.partDay] = e
	}
	return out, nil
}

// binInput is a bin's input files and where its output goes.
type binInput struct {
	ids     []int32 // the bin's files
	rows    int     // their rows
	value   string  // the partition's event_date, when partitioned
	inPart  bool    // the bin is one partition's
	partDay int     // the partition's day, 0 when unpartitioned
	part    map[string]string
}

// dir is the partition directory of the bin's output, "" when unpartitioned. (Made where it is
// used: a binInput passed on holds the partition's map, which the files keep, so a string made
// into it would be allocated on the heap.)
func (in *binInput) dir() string {
	if !in.inPart {
		return ""
	}
	return ColEventDate + "=" + in.value
}

// inputs checks that bin i's files are live and returns them.
func (x *optimizeExecutor) inputs(plan *optimize.Plan, i int) (binInput, error) {
	b := &plan.Bins[i]
	// The ids are only read during the bin's execution: one buffer serves every bin.
	x.binIDs = slices.Grow(x.binIDs[:0], len(b.Files))[:len(b.Files)]
	in := binInput{ids: x.binIDs}
	for j := range b.Files {
		id := int32(b.Files[j].Ref)
		if !x.tbl.files.isLive(id, b.Files[j].Path) {
			return in, fmt.Errorf("bin %d holds %s, which is not live", i, b.Files[j].Path)
		}
		in.ids[j] = id
		in.rows += len(x.tbl.files.f(id).rows)
	}
	if d, ok := b.PartitionValues[ColEventDate]; ok && x.tbl.partitioned {
		in.value, in.inPart = d, true
		in.partDay = x.tbl.files.f(in.ids[0]).partDay
	}
	in.part = x.tbl.files.f(in.ids[0]).part
	return in, nil
}

// layoutBin lays out bin i's rows (bt) as the plan's mode does and returns each output file's
// rows, in the Layouter's buffers (valid until its next layout).
func (x *optimizeExecutor) layoutBin(plan *optimize.Plan, i int, bt *binTable, in binInput) ([][]int32, error) {
	var kind layout.Kind
	var cols []string
	n := in.rows
	opt := layout.Options{NoNoise: x.noNoise}
	switch plan.Mode {
	case optimize.ModeCompaction:
		kind = layout.Append
	case optimize.ModeZOrder:
		kind, cols = layout.ZOrder, plan.ZOrderBy
		opt.Seed = mix(x.seed, 0x7a6f72646572, uint64(in.partDay), uint64(n))
	case optimize.ModeClustering:
		kind, cols = layout.Hilbert, plan.ClusterBy
		opt.Seed = mix(x.seed, 0x6c6971756964, uint64(plan.SnapshotVersion), uint64(i))
	}
	vals := make([]*table.Column, len(cols))
	for k, c := range cols {
		l, ok := leafOf(c)
		if !ok {
			return nil, fmt.Errorf("unknown clustering column %q", c)
		}
		vals[k] = bt.values(x.g.t, l)
	}
	files := int(plan.Bins[i].ApproxNumFiles)
	if len(vals) == 1 && vals[0].Nulls == nil {
		// One key (every column here is a non-null integer): laid out from its values.
		return x.lay.LayoutValuesScratch(bt.rows, vals[0].Ints, kind, files, opt)
	}
	keys := make([]layout.Ranks, len(cols))
	pos := identity(&x.ident, n)
	for k, c := range vals {
		keys[k] = x.rk.rank(c, pos, k)
	}
	return x.lay.LayoutScratch(bt.rows, keys, kind, files, opt)
}

// writeFiles registers one file per part. Each output file's rows are copied into one slab for
// the whole bin; its statistics are collected over its rows, as an append file's are.
func (x *optimizeExecutor) writeFiles(parts [][]int32, in binInput, day int, ts int64) []int32 {
	n := in.rows
	si := x.slabFor(n)
	sl := &x.slabs[si]
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
	paths := x.names(in.dir(), len(rows))
	for split, p := range rows {
		id, f := x.tbl.files.alloc()
		f.path, f.size, f.rows, f.day, f.partDay = paths[split], x.sz.bytes(len(p)), p, day, in.partDay
		f.part, f.cube, f.layout, f.slab, f.modTime = in.part, -1, -1, si, ts
		out[split], job.files[split] = id, f
	}
	sl.refs = int32(len(parts))
	sl.stats = x.stats.submit(job)
	return out
}

// names returns the paths of a bin's n files in dir, in split order (FileNamer.Name's), as
// substrings of one string: a night rewrites thousands of files, and one allocation for the bin
// beats one for each (allocation is dear in wasm). Valid until the next call.
func (x *optimizeExecutor) names(dir string, n int) []string {
	x.nameBuf, x.nameEnds = x.nameBuf[:0], x.nameEnds[:0]
	for split := range n {
		x.nameBuf = x.tbl.namer.AppendName(x.nameBuf, dir, split)
		x.nameEnds = append(x.nameEnds, len(x.nameBuf))
	}
	all := string(x.nameBuf)
	x.paths = x.paths[:0]
	start := 0
	for _, end := range x.nameEnds {
		x.paths = append(x.paths, all[start:end])
		start = end
	}
	return x.paths
}

// binTable is one bin's rows, in bin order, and the values of its clustering columns (what
// the executor ranks), read from the run's table.
type binTable struct {
	rows []int32
	cols [3]table.Column // by leaf; only the clustering columns' are filled
}

// gatherRows collects the files' rows, in bin order, into the run's reused bin table.
func (x *optimizeExecutor) gatherRows(in []int32, n int) *binTable {
	bt := &x.bin
	bt.rows = slices.Grow(bt.rows[:0], n)
	for _, id := range in {
		bt.rows = append(bt.rows, x.tbl.files.f(id).rows...)
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

// decode writes the values of an encoded column's rows (Base + code) to dst, eight rows a
// step, then four (engine/stats/gather.go says why: a loop's pass costs js/wasm a dispatch or two).
func decode[T uint16 | uint32](dst []int64, codes []T, base int64, rows []int32) {
	dst = dst[:len(rows)]
	for len(rows) >= 8 && len(dst) >= 8 {
		q, d := rows[:8:8], dst[:8:8]
		d[0], d[1] = base+int64(codes[q[0]]), base+int64(codes[q[1]])
		d[2], d[3] = base+int64(codes[q[2]]), base+int64(codes[q[3]])
		d[4], d[5] = base+int64(codes[q[4]]), base+int64(codes[q[5]])
		d[6], d[7] = base+int64(codes[q[6]]), base+int64(codes[q[7]])
		rows, dst = rows[8:], dst[8:]
	}
	if len(rows) >= 4 && len(dst) >= 4 {
		dst[0], dst[1] = base+int64(codes[rows[0]]), base+int64(codes[rows[1]])
		dst[2], dst[3] = base+int64(codes[rows[2]]), base+int64(codes[rows[3]])
		rows, dst = rows[4:], dst[4:]
	}
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
func sameFiles(fs *fileStore, in []int32, e *zentry) bool {
	if len(in) != len(e.outputs) {
		return false
	}
	for _, id := range in {
		if fs.f(id).layout != e.id {
			return false
		}
	}
	return true
}

// reuse writes the entry's files again: the same rows and statistics, new paths.
func (x *optimizeExecutor) reuse(e *zentry, dir string, day int, ts int64) []int32 {
	out := make([]int32, len(e.outputs))
	job := statsJob{files: make([]*file, len(out)), from: make([]*file, len(out))}
	paths := x.names(dir, len(out))
	for split, src := range e.outputs {
		s := x.tbl.files.f(src)
		if s.slab >= 0 {
			x.slabs[s.slab].refs++
		}
		id, f := x.tbl.files.alloc()
		f.path, f.size, f.rows, f.day, f.partDay = paths[split], s.size, s.rows, day, s.partDay
		f.part, f.cube, f.layout, f.slab, f.modTime = s.part, -1, e.id, s.slab, ts
		out[split], job.files[split], job.from[split] = id, f, s
	}
	x.stats.submit(job)
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
func (x *optimizeExecutor) slabFor(n int) int32 {
	best := -1
	for i, si := range x.freeSlabs {
		if c := cap(x.slabs[si].rows); c >= n && (best < 0 || c < cap(x.slabs[x.freeSlabs[best]].rows)) {
			best = i
		}
	}
	if best >= 0 {
		si := x.freeSlabs[best]
		x.freeSlabs = slices.Delete(x.freeSlabs, best, best+1)
		x.stats.waitFor(x.slabs[si].stats)
		return si
	}
	x.slabs = append(x.slabs, slab{rows: make([]int32, 0, n)})
	return int32(len(x.slabs) - 1)
}

// release drops a removed file's hold on its slab, freeing the slab when it was the last.
func (x *optimizeExecutor) release(f *file) {
	if f.slab < 0 {
		return
	}
	s := &x.slabs[f.slab]
	s.refs--
	if s.refs == 0 {
		if len(x.freeSlabs) == maxFreeSlabs {
			// Forget the oldest free slab: its memory goes back to the collector.
			old := x.freeSlabs[0]
			x.slabs[old] = slab{}
			x.freeSlabs = slices.Delete(x.freeSlabs, 0, 1)
		}
		x.freeSlabs = append(x.freeSlabs, f.slab)
	}
	f.rows, f.slab = nil, -1
}

// finish drops what only the run needed: the free slabs.
func (x *optimizeExecutor) finish() {
	for _, si := range x.freeSlabs {
		x.slabs[si] = slab{}
	}
	x.freeSlabs = nil
}
