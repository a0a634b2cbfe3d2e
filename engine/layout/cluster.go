package layout

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
	"strconv"

	"layoutlab/engine/curve"
	"layoutlab/engine/table"
)

// cluster is SpaceFillingCurveClustering.cluster followed by the write: range ids per key, the
// curve key, the noise byte, Spark's RangePartitioner over (key, noise), one file per non-empty
// range partition.
func (l *Layouter) cluster(rows []int32, keys []Ranks, kind Kind, numFiles int, opt Options) ([][]int32, error) {
	numRanges, err := opt.numRanges()
	if err != nil {
		return nil, err
	}
	c, err := curve.Choose(kind == Hilbert, len(keys))
	if err != nil {
		return nil, err
	}
	n, d := len(rows), len(keys)
	if d == 1 && l.reuse {
		// One key, for a caller laying out bin after bin (LayoutScratch): the single-key walk,
		// with no composites sorted. Layout sorts them (packed below gives the same files), so
		// that a files-slider move is a cut of its Order.
		l.drawNoise(n, opt)
		l.part = slices.Grow(l.part[:0], n)[:n]
		sizes := l.single(keys[0], numRanges, min(numFiles, n))
		return l.place(rows, sizes), nil
	}

	maxID, err := l.keyIDs(keys, numRanges, n)
	if err != nil {
		return nil, err
	}

	var keyBits int
	var enc *curve.HilbertEncoder
	switch c {
	case curve.ZOrder:
		// interleave_bits gives 4·d bytes, but only the low bits of each id are ever set, so
		// only the last d·b bits of the result can differ (b = bits in the largest id). When they
		// fit in 56 bits the key is kept as that uint64 tail; it orders exactly as the unsigned
		// bytes do because every byte before it is zero in every row.
		keyBits = d * max(1, bits.Len32(maxID))
	case curve.Hilbert:
		enc, err = curve.NewHilbertEncoder(d, curve.NumBits(numRanges))
		if err != nil {
			return nil, err
		}
		keyBits = 64 // byte form unless the long form fits below
		if enc.LongForm() {
			keyBits = d * enc.NumBits()
		}
	}

	if l.Yield != nil {
		step := "Sorting " + strconv.Itoa(n) + " rows along the " + c.String() + " curve"
		if err := l.Yield.Begin(step); err != nil {
			return nil, err
		}
		l.s.Yield = l.Yield.Within(step)
	}
	l.drawNoise(n, opt)

	part := slices.Grow(l.part[:0], n)[:n]
	l.part = part
	parts := min(numFiles, n)
	if keyBits <= 56 {
		if err := l.packed(c, enc, d, n, parts); err != nil {
			return nil, err
		}
	} else {
		l.wide(c, enc, d, n, parts)
	}
	return l.gather(rows, numFiles), nil
}

// keyIDs is range_partition_id(key_j, N) over the bin for every key, as uint32 coordinates in
// l.ids, and the largest id.
func (l *Layouter) keyIDs(keys []Ranks, numRanges, n int) (maxID uint32, err error) {
	d := len(keys)
	if cap(l.ids) < d {
		l.ids = make([][]uint32, d)
	}
	l.ids = l.ids[:d]
	for j, k := range keys {
		l.rid.Yield = nil
		if l.Yield != nil {
			step := "Finding the range ids of key " + strconv.Itoa(j+1) + " of " + strconv.Itoa(d)
			if err := l.Yield.Begin(step); err != nil {
				return 0, err
			}
			l.rid.Yield = l.Yield.Within(step)
		}
		col, err := l.rangeIDs(k, numRanges, n, j)
		if err != nil {
			return 0, err
		}
		maxID = max(maxID, maxOf(col))
		l.ids[j] = col
	}
	return maxID, nil
}

// numRanges is spark.databricks.io.skipping.mdc.rangeId.max, checked as Delta checks it.
func (opt Options) numRanges() (int, error) {
	numRanges := opt.NumRanges
	if numRanges == 0 {
		numRanges = curve.DefaultNumRanges
	}
	if numRanges < 2 {
		// MDC_NUM_RANGE_IDS checks "> 1" (M/sources/DeltaSQLConf.scala).
		return 0, fmt.Errorf("layout: spark.databricks.io.skipping.mdc.rangeId.max must be greater than 1, not %d", numRanges)
	}
	return numRanges, nil
}

// drawNoise fills l.noise with the bin's noise bytes, drawn per row in bin order; the same seed
// and bin size give the same bytes, so the last ones are kept.
func (l *Layouter) drawNoise(n int, opt Options) {
	if opt.NoNoise {
		l.noise = slices.Grow(l.noise[:0], n)[:n]
		clear(l.noise)
		l.noiseSeed, l.noiseValid = 0, false
	} else if !l.noiseValid || l.noiseSeed != opt.Seed || len(l.noise) != n {
		l.noise = slices.Grow(l.noise[:0], n)[:n]
		drawNoiseBytes(l.noise, table.PCG{Hi: opt.Seed, Lo: 0x6e6f697365})
		l.noiseSeed, l.noiseValid = opt.Seed, true
	}
}

// noiseBits is how many bits of a draw make one row's uniform: three rows a PCG output.
const noiseBits = 21

// drawNoiseBytes fills noise with Noise of uniforms from src. Spark's rand() is a 53-bit double;
// Noise needs far fewer bits: a uniform taken at the middle of one of 2^21 cells, (k + ½) / 2^21,
// puts each noise byte within 0.02% of rand()'s probability (2^21/255 cells each, give or take
// one) and never gives -128, which rand() gives only for exactly 0. Three rows share a 64-bit
// draw, a third of the PCG work (a 128-bit multiply, emulated under js/wasm).
func drawNoiseBytes(noise []int8, src table.PCG) {
	i := 0
	var draws [256]uint64 // drawn a block at a time (PCG.Fill)
	for i+3 <= len(noise) {
		x := draws[:min(len(draws), (len(noise)-i)/3)]
		src.Fill(x)
		for _, x := range x {
			noise[i], noise[i+1], noise[i+2] = cellNoise(x), cellNoise(x>>noiseBits), cellNoise(x>>(2*noiseBits))
			i += 3
		}
	}
	if i < len(noise) {
		for x := src.Uint64(); i < len(noise); i++ {
			noise[i] = cellNoise(x)
			x >>= noiseBits
		}
	}
}

// cellNoise is Delta's skew-splitting byte, (rand()*255 - 128).cast(ByteType)
// (MultiDimClustering.scala), of the cell in x's low noiseBits bits, its uniform taken at the
// cell's middle: Noise((k + ½) / 2^21) for cell k, in integers (TestCellNoise holds it to the
// formula, Noise in the tests, over every cell). The product u·255 - 128 is (2k+1)·255 / 2^22 - 128 exactly, an odd
// numerator, so never a whole number: truncated toward zero it is q - 128 at or above zero
// and q - 127 below, q = (2k+1)·255 >> 22. Under js/wasm a float conversion each way was dear.
func cellNoise(x uint64) int8 {
	const mask = 1<<noiseBits - 1
	q := int32(((x&mask)<<1 | 1) * 255 >> (noiseBits + 1))
	return int8(q - 128 + int32(uint32(q-128)>>31))
}

// single lays out a bin on one key. interleave_bits of one id is its four big-endian bytes
// (and Hilbert needs two keys or more), so the curve key orders as the range id; range ids
// are monotone in the key's rank, so the rows in rank order come in runs of equal range id,
// and the (range id, noise) groups RangePartitioner bounds are, run by run, the noise bytes
// present in ascending order. Walking the rows in rank order thus gives every row's range id
// and then its file's partition, both bounded as the walk goes (curve.Bounder), with the very
// groups and counts packed would sort its composite keys for: no curve keys, no second sort.
// It sets l.part and returns the rows in each partition.
func (l *Layouter) single(k Ranks, numRanges, parts int) []int {
	n := len(k.R)
	order := k.Order
	if order == nil {
		order = l.rankOrder(k)
	}
	nulls := 0
	for nulls < n && k.R[order[nulls]] < 0 {
		nulls++
	}
	// range_partition_id: NULLs get id 0; the non-null rows are the candidates, their distinct
	// values the keys, min(numRanges, rows) partitions (RangeIDs.Append).
	ids := curve.NewBounder(int64(n-nulls), min(numRanges, n-nulls))
	files := curve.NewBounder(int64(n), parts)
	sizes := l.fileSizes(parts + 1)
	start, runID := 0, 0 // the current run of equal range id: order[start:i]
	for i := nulls; i < n; {
		r := k.R[order[i]]
		j := i + 1
		for j < n && k.R[order[j]] == r {
			j++
		}
		if id, _ := ids.Next(int64(j - i)); id != runID {
			l.noiseGroups(order[start:i], &files, sizes)
			start, runID = i, id
		}
		i = j
	}
	l.noiseGroups(order[start:], &files, sizes)
	return sizes
}

// noiseGroups partitions one run of rows of equal range id: its (id, noise) groups are its
// noise bytes in ascending signed order, each bounded with its row count. sizes[p] counts the
// rows given partition p.
func (l *Layouter) noiseGroups(run []int32, files *curve.Bounder, sizes []int) {
	if len(run) == 0 {
		return
	}
	// l.part in a local: a store through l.part would otherwise reload it at every row.
	lp := l.part
	if p, ok := files.Skip(int64(len(run))); ok {
		// No bound falls in this run: every group, so every row, is in the current file.
		setPart(lp, run, int32(p))
		sizes[p] += len(run)
		return
	}
	// count is zero between calls (each entry used is reset below) and part is only read
	// where written, so neither is cleared per run: runs are a few dozen rows.
	count, part := &l.noiseCount, &l.noisePart
	var present [4]uint64
	countNoise(count, &present, l.noise, run)
	for w, m := range present {
		for ; m != 0; m &= m - 1 {
			b := w<<6 | bits.TrailingZeros64(m)
			p, _ := files.Next(int64(count[b]))
			sizes[p] += int(count[b])
			part[b], count[b] = int32(p), 0
		}
	}
	partByNoise(lp, part, l.noise, run)
}

// rankOrder is the positions ordered by rank, NULLs first (a counting sort), for ranks that
// come without their Order.
func (l *Layouter) rankOrder(k Ranks) []int32 {
	start := slices.Grow(l.counts[:0], k.Distinct+2)[:k.Distinct+2]
	clear(start)
	for _, r := range k.R {
		start[r+2]++ // NULL (-1) in bucket 1 counts towards the start of rank 0
	}
	for i := 2; i < len(start); i++ {
		start[i] += start[i-1]
	}
	order := slices.Grow(l.pos[:0], len(k.R))[:len(k.R)]
	for i, r := range k.R {
		order[start[r+1]] = int32(i)
		start[r+1]++
	}
	l.counts, l.pos = start, order
	return order
}

// rangeIDs is range_partition_id(key, numRanges) over the bin as uint32 coordinates. The ids
// of the most recent keys are kept, keyed by the identity of their rank slice, so re-laying out
// the same bin with other options or key orders does not recompute them; callers must not
// modify a Ranks after passing it (RankRows always returns fresh slices). j is the key's index:
// l.ids[:j] hold this layout's ids so far.
func (l *Layouter) rangeIDs(k Ranks, numRanges, n, j int) ([]uint32, error) {
	if n == 0 {
		return nil, nil
	}
	if l.reuse {
		// LayoutScratch: one-shot layouts, whose callers may reuse rank slices, so nothing is
		// cached; key j's ids go into a scratch slice of their own.
		for len(l.scratchIDs) <= j {
			l.scratchIDs = append(l.scratchIDs, nil)
		}
		var err error
		if l.rid32, err = l.rid.Append(l.rid32[:0], k.R, k.Distinct, numRanges); err != nil {
			return nil, err
		}
		ids := slices.Grow(l.scratchIDs[j][:0], n)[:n]
		copyIDs(ids, l.rid32)
		l.scratchIDs[j] = ids
		return ids, nil
	}
	key := idKey{&k.R[0], n, numRanges}
	if ids, ok := l.idCache[key]; ok {
		return ids, nil
	}
	var err error
	if l.rid32, err = l.rid.Append(l.rid32[:0], k.R, k.Distinct, numRanges); err != nil {
		return nil, err // nothing cached: the next layout computes the ids again
	}
	if l.idCache == nil || len(l.idCache) >= maxCachedIDs {
		// Evicted slices serve the next ones, except those this layout is using (l.ids[:j]).
		for _, ids := range l.idCache {
			inUse := false
			for _, u := range l.ids[:j] {
				inUse = inUse || (len(u) > 0 && len(ids) > 0 && &u[0] == &ids[0])
			}
			if !inUse {
				l.spareIDs = append(l.spareIDs, ids)
			}
		}
		if l.idCache == nil {
			l.idCache = map[idKey][]uint32{}
		} else {
			clear(l.idCache)
		}
	}
	var ids []uint32
	for i, sp := range l.spareIDs {
		if cap(sp) >= n {
			ids = sp[:n]
			last := len(l.spareIDs) - 1
			l.spareIDs[i] = l.spareIDs[last]
			l.spareIDs = l.spareIDs[:last]
			break
		}
	}
	if ids == nil {
		ids = make([]uint32, n)
	}
	copyIDs(ids, l.rid32)
	l.idCache[key] = ids
	return ids, nil
}

// maxOf is the largest of ids (0 for none). Not inlined, like the other small functions below
// that loop over every row: their iterations would otherwise make V8 optimise all of the large
// function that calls them under js/wasm (V8 optimises a wasm function for its later calls,
// never the one under way: v8.dev/blog/wasm-dynamic-tiering).
//
//go:noinline
func maxOf(ids []uint32) uint32 {
	m := uint32(0)
	for _, v := range ids {
		m = max(m, v)
	}
	return m
}

// copyIDs copies range ids into their uint32 coordinates. Not inlined: a loop over every row
// (see maxOf).
//
//go:noinline
func copyIDs(dst []uint32, ids []int32) {
	for i, v := range ids {
		dst[i] = uint32(v)
	}
}

type idKey struct {
	first     *int32
	n         int
	numRanges int
}

// maxCachedIDs bounds the range-id cache: a few layouts of up to four keys.
const maxCachedIDs = 8

// packed handles keys of at most 56 bits: each row becomes key<<8 | (noise+128), whose unsigned
// order is (key, noise as a signed byte), radix sorted with the row position as payload.
func (l *Layouter) packed(c curve.Curve, enc *curve.HilbertEncoder, d, n, parts int) error {
	keys := slices.Grow(l.keys[:0], n)[:n]
	keysOf := curve.InterleaveTail64
	if c == curve.Hilbert {
		keysOf = enc.LongColumns
	}
	if err := l.keyBlocks(keys, n, d, keysOf); err != nil {
		return err
	}
	pos := slices.Grow(l.pos[:0], n)[:n]
	withNoise(keys, pos, l.noise)
	if err := l.s.SortPairs(keys, pos); err != nil {
		return err
	}
	l.keys, l.pos = keys, pos
	if n > table.TickRows {
		if err := l.s.Yield.Begin("cutting the curve into " + strconv.Itoa(parts) + " files"); err != nil {
			return err
		}
	}
	// Equal composites grouped, once: the groups do not depend on the number of files either.
	l.groups = appendGroups(l.groups[:0], keys)
	l.sortedN = n
	l.cut(parts)
	return nil
}

// withNoise appends each row's noise byte (as unsigned, so that it orders as the signed byte)
// below its curve key, and numbers the rows. Not inlined: a loop over every row (see maxOf).
//
//go:noinline
func withNoise(keys []uint64, pos []int32, noise []int8) {
	for i := range keys {
		keys[i] = keys[i]<<8 | uint64(uint8(noise[i])^0x80)
		pos[i] = int32(i)
	}
}

// appendGroups appends to groups the length of each run of equal keys in sorted keys. The runs
// are counted first, so groups grows once instead of being copied as append doubles it. Not
// inlined: a loop over every row (see maxOf).
//
//go:noinline
func appendGroups(groups []int64, keys []uint64) []int64 {
	groups = slices.Grow(groups, countDistinct(keys, 0, len(keys)))
	for i := range keys {
		if i == 0 || keys[i] != keys[i-1] {
			groups = append(groups, 0)
		}
		groups[len(groups)-1]++
	}
	return groups
}

// rowBlock is the rows of one call of a loop over a table's rows (curve keys, ranks). V8
// replaces a wasm function's baseline code (Liftoff) with optimised code (TurboFan) for its next
// calls, never for a call under way (v8.dev/blog/wasm-dynamic-tiering): one call for a whole
// table would run in baseline code throughout, where calls of 4,096 rows run optimised after
// the first few.
const rowBlock = 4096

// keyBlocks computes the curve keys of the first n rows from their ids (d columns) with keysOf,
// reporting every table.TickRows rows after the first, in calls of rowBlock rows.
func (l *Layouter) keyBlocks(keys []uint64, n, d int, keysOf func(keys []uint64, cols [][]uint32)) error {
	cols := slices.Grow(l.cols[:0], d)[:d]
	for lo := 0; lo < n; lo += rowBlock {
		if lo%table.TickRows == 0 && lo > 0 {
			if err := l.s.Yield.Tick("computing the curve keys", lo, n, ""); err != nil {
				return err
			}
		}
		hi := min(lo+rowBlock, n)
		for j := range cols {
			cols[j] = l.ids[j][lo:hi]
		}
		keysOf(keys[lo:hi], cols)
	}
	l.cols = cols
	return nil
}

// cut assigns each row of the sorted composites (l.keys, l.pos, grouped in l.groups) its
// range partition among parts: RangePartitioner.determineBounds over the groups.
func (l *Layouter) cut(parts int) {
	pos := l.pos[:l.sortedN]
	l.bounds = curve.AppendBounds(l.bounds[:0], l.groups, parts)
	i, p := 0, 0
	for g, c := range l.groups {
		for p < len(l.bounds) && g > l.bounds[p] {
			p++
		}
		for _, q := range pos[i : i+int(c)] {
			l.part[q] = int32(p)
		}
		i += int(c)
	}
}

// wide handles keys longer than 56 bits (Z-order on six or more keys, Hilbert on six or more):
// fixed-length big-endian byte keys compared as unsigned bytes, then the noise as a signed byte.
func (l *Layouter) wide(c curve.Curve, enc *curve.HilbertEncoder, d, n, parts int) {
	var klen int
	if c == curve.ZOrder {
		klen = 4 * d
	} else {
		klen = enc.KeyLen()
		if enc.LongForm() {
			klen = 8
		}
	}
	buf := slices.Grow(l.buf[:0], n*klen)[:0]
	pt := slices.Grow(l.point[:0], d)[:d]
	upt := make([]uint32, d)
	for i := range n {
		for j := range d {
			pt[j] = int32(l.ids[j][i])
			upt[j] = l.ids[j][i]
		}
		switch {
		case c == curve.ZOrder:
			buf = curve.AppendInterleaveBits(buf, pt)
		case enc.LongForm():
			buf = binary.BigEndian.AppendUint64(buf, enc.Long(upt))
		default:
			buf = enc.AppendBytes(buf, upt)
		}
	}
	l.buf, l.point = buf, pt
	key := func(i int32) []byte { return buf[int(i)*klen : int(i+1)*klen] }
	pos := slices.Grow(l.pos[:0], n)[:n]
	for i := range pos {
		pos[i] = int32(i)
	}
	cmp := func(a, b int32) int {
		if c := bytes.Compare(key(a), key(b)); c != 0 {
			return c
		}
		return int(l.noise[a]) - int(l.noise[b])
	}
	slices.SortStableFunc(pos, cmp)
	l.pos = pos
	counts := l.counts[:0]
	for i := range pos {
		if i == 0 || cmp(pos[i], pos[i-1]) != 0 {
			counts = append(counts, 0)
		}
		counts[len(counts)-1]++
	}
	l.counts = counts
	l.bounds = curve.AppendBounds(l.bounds[:0], counts, parts)
	g, p := -1, 0
	for i := range pos {
		if i == 0 || cmp(pos[i], pos[i-1]) != 0 {
			g++
			for p < len(l.bounds) && g > l.bounds[p] {
				p++
			}
		}
		l.part[pos[i]] = int32(p)
	}
}

// gather turns l.part (each bin row's range partition) into files: one per non-empty
// partition in partition order, rows in bin order (sortWithinFiles = false).
func (l *Layouter) gather(rows []int32, numFiles int) [][]int32 {
	sizes := l.fileSizes(min(numFiles, len(rows)) + 1)
	for _, p := range l.part {
		sizes[p]++
	}
	return l.place(rows, sizes)
}

// fileSizes returns np zeroed row counts, one per partition, in l's buffer: place's first half.
func (l *Layouter) fileSizes(np int) []int {
	l.sizes = slices.Grow(l.sizes[:0], 2*np)[:2*np]
	sizes := l.sizes[:np]
	clear(sizes)
	return sizes
}

// place is gather given the rows in each partition (from fileSizes, counted).
func (l *Layouter) place(rows []int32, sizes []int) [][]int32 {
	offs := l.sizes[len(sizes) : 2*len(sizes)]
	nonEmpty := 0
	o := 0
	for p, s := range sizes {
		offs[p] = o
		o += s
		if s > 0 {
			nonEmpty++
		}
	}
	var back []int32
	var out [][]int32
	if l.reuse {
		l.back = slices.Grow(l.back[:0], len(rows))[:len(rows)]
		l.out = slices.Grow(l.out[:0], nonEmpty)
		back, out = l.back, l.out
	} else {
		back = make([]int32, len(rows))
		out = make([][]int32, 0, nonEmpty)
	}
	scatterRows(back, offs, l.part, rows)
	o = 0
	for _, s := range sizes {
		if s > 0 {
			out = append(out, back[o:o+s:o+s])
			o += s
		}
	}
	return out
}

// scatterRows puts each row into its partition's next place in back: offs[p] is where partition
// p's next row goes. Not inlined: a loop over every row (see maxOf).
//
//go:noinline
func scatterRows(back []int32, offs []int, part, rows []int32) {
	rows = rows[:len(part)]
	i := 0
	for ; i+4 <= len(part); i += 4 { // four rows a step, as countBuckets
		p, r := part[i:i+4:i+4], rows[i:i+4:i+4]
		o := offs[p[0]]
		back[o], offs[p[0]] = r[0], o+1
		o = offs[p[1]]
		back[o], offs[p[1]] = r[1], o+1
		o = offs[p[2]]
		back[o], offs[p[2]] = r[2], o+1
		o = offs[p[3]]
		back[o], offs[p[3]] = r[3], o+1
	}
	for ; i < len(part); i++ {
		o := offs[part[i]]
		back[o], offs[part[i]] = rows[i], o+1
	}
}

// Order is a clustered bin's rows in (curve key, noise) order, with the running row count at the
// end of each group of equal composites: all a re-cut into another number of files needs, for
// a caller that changes only the number of files (the panel's files slider). The sorted
// composites do not depend on the number of files, only RangePartitioner's bounds over their
// groups do, and each file is a consecutive run of the order. An Order never changes once made,
// so it may be read by many goroutines.
type Order struct {
	Rows []int32 // the bin's rows in the sorted order
	ends []int64 // ends[g]: the rows up to and including group g
}

// TakeOrder returns the sorted order of the last Layout (rows must be the rows it was given),
// copied out of the Layouter's buffers, or nil when that Layout left no sorted composites
// (another layout, LayoutScratch, keys past 56 bits).
func (l *Layouter) TakeOrder(rows []int32) *Order {
	if l.sortedN == 0 || l.sortedN != len(rows) {
		return nil
	}
	o := &Order{Rows: make([]int32, len(rows)), ends: make([]int64, len(l.groups))}
	for i, q := range l.pos[:l.sortedN] {
		o.Rows[i] = rows[q]
	}
	var end int64
	for g, c := range l.groups {
		end += c
		o.ends[g] = end
	}
	return o
}

// Cut cuts the order into numFiles files as Layout would (by binary search over the groups'
// running totals): the files hold the rows Layout gives them, each file's rows in the sorted
// order rather than in bin order (no consumer of a file depends on its rows' order). The files
// are slices of o.Rows.
func (o *Order) Cut(numFiles int) [][]int32 {
	n := len(o.Rows)
	bounds := curve.AppendPrefixBounds(nil, o.ends, max(1, min(numFiles, n)))
	// Partition p holds the groups after bound p-1 up to and including bound p.
	out := make([][]int32, 0, len(bounds)+1)
	start := 0
	for _, g := range bounds {
		end := int(o.ends[g])
		out = append(out, o.Rows[start:end:end])
		start = end
	}
	if start < n {
		out = append(out, o.Rows[start:n:n])
	}
	return out
}
