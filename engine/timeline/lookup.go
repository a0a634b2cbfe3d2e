package timeline

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"

	"layoutlab/engine/table"
)

// Point lookups. A lookup `col = v` opens a file unless Delta's data skipping drops it: for a
// data column, the file is kept when minValues.col <= v <= maxValues.col (DataFiltersBuilder's
// rewrite of EqualTo; every file here has statistics on every data column, so
// verifyStatsForFilter never keeps a file for missing stats); for the partition column
// event_date, when the file's partition value equals v (partition pruning). Both are the closed
// interval [lo, hi] of the file (lo = hi = the partition value for a partition column), so the
// number of files opened for v is
//
//	#{files: lo <= v} - #{files: hi < v}
//
// (every file with hi < v also has lo <= v), two binary searches over the live files' sorted
// lows and highs. The tests check this count against engine/skipping's verdict on `col = v`
// over the same files, on every day of several runs.

// lookups measures each day's lookup readout. It is the statistics worker's (worker.go): it
// reads the files' bounds, which the worker writes.
type lookups struct {
	g      *generated
	seed   uint64
	idx    intervalIndex
	files  []float64 // by day-1: the day's LookupFiles
	probes []int64   // by day-1: its first probe value, the one the file grid shows
}

// lookupJob is one day's lookup, on the table as it stands that night.
type lookupJob struct {
	day     int
	leaf    int
	live    []int32
	commits []logCommit  // the log through the day's last version
	chunks  []*fileChunk // the run's files (fileIn)
}

// intervalIndex holds the live files' lows and highs of one column, each sorted.
type intervalIndex struct {
	leaf     int
	valid    bool
	los, his []int64
	version  int64 // the log version it reflects
	scratch  []int64

	addLo, addHi, rmLo, rmHi []int64 // reused buffers of the changed files' bounds
	tmp                      []uint64
	sorter                   table.RadixSorter
}

// count is the number of files opened for v.
func (x *intervalIndex) count(v int64) int {
	a := lowerBound(x.los, v+1) // first lo > v
	b := lowerBound(x.his, v)   // first hi >= v
	return a - b
}

// sync brings the index to j's live set for j's leaf: rebuilt when the column changed,
// otherwise updated by the file actions of the commits since it was last synced (old ⊎ adds ∖
// removes, each a linear merge).
func (x *intervalIndex) sync(j *lookupJob) {
	leaf, version := j.leaf, int64(len(j.commits)-1)
	changes := 0
	if x.valid && x.leaf == leaf {
		for v := x.version + 1; v <= version; v++ {
			changes += len(j.commits[v].adds) + len(j.commits[v].removes)
		}
	}
	// Rebuilding sorts the live files' bounds; updating sorts the changed files' bounds, so it
	// only pays while fewer files changed than are live (Z-ordering the whole table changes
	// every file every night).
	if !x.valid || x.leaf != leaf || changes >= len(j.live) {
		x.los, x.his = x.los[:0], x.his[:0]
		for _, id := range j.live {
			f := fileIn(j.chunks, id)
			x.los = append(x.los, f.lo[leaf])
			x.his = append(x.his, f.hi[leaf])
		}
		sortInts(x.los, &x.tmp, &x.sorter)
		sortInts(x.his, &x.tmp, &x.sorter)
		x.leaf, x.valid, x.version = leaf, true, version
		return
	}
	addLo, addHi, rmLo, rmHi := x.addLo[:0], x.addHi[:0], x.rmLo[:0], x.rmHi[:0]
	for v := x.version + 1; v <= version; v++ {
		c := &j.commits[v]
		for _, id := range c.adds {
			f := fileIn(j.chunks, id)
			addLo, addHi = append(addLo, f.lo[leaf]), append(addHi, f.hi[leaf])
		}
		for _, id := range c.removes {
			f := fileIn(j.chunks, id)
			rmLo, rmHi = append(rmLo, f.lo[leaf]), append(rmHi, f.hi[leaf])
		}
	}
	x.addLo, x.addHi, x.rmLo, x.rmHi = addLo, addHi, rmLo, rmHi
	x.los, x.scratch = x.update(x.los, x.scratch, addLo, rmLo)
	x.his, x.scratch = x.update(x.his, x.scratch, addHi, rmHi)
	x.version = version
}

// update returns sorted (old ⊎ add) ∖ rm, using scratch as the output buffer; it returns the
// new slice and the buffer to reuse next time (old's array). A removed value old and add do not
// hold removes nothing (unreachable for a consistent log: every removed file is live or added).
func (x *intervalIndex) update(old, scratch, add, rm []int64) ([]int64, []int64) {
	sortInts(add, &x.tmp, &x.sorter)
	sortInts(rm, &x.tmp, &x.sorter)
	return removeSorted(mergeSorted(scratch[:0], old, add), rm), old
}

// measure is the day's lookup readout: NumProbes values drawn uniformly from the rows the table
// holds that day (seeded by the scenario seed and the day), the mean number of files opened.
func (lk *lookups) measure(j *lookupJob) {
	lk.idx.sync(j)
	rows := lk.g.dayOff[lk.g.dayIndex(j.day)+1]
	rng := rand.New(rand.NewPCG(mix(lk.seed, 0x70726f6265), uint64(j.day)))
	c := &lk.g.t.Cols[j.leaf]
	// Draw every probe's value before counting: the reads are random rows of the whole table,
	// mostly cache misses, and independent loads overlap where a count between them would not.
	var probes [NumProbes]int64
	for p := range probes {
		probes[p] = c.Int(int(rng.Uint64N(uint64(rows))))
	}
	total := 0
	for _, v := range probes {
		total += lk.idx.count(v)
	}
	lk.files[j.day-1], lk.probes[j.day-1] = float64(total)/NumProbes, probes[0]
}

// sortedColumn is one column's distinct values over all the run's rows, ascending, with the
// number of rows below each: the rank space in which the file grid and the Fabric overlap score
// place a file's min and max. A column whose rows' values are mostly distinct keeps its rows'
// values sorted instead (sorted, from lo, after its NULL rows): half the size of vals and below
// there, and no more arrays to build once they are sorted. The large batches' timeline built
// its day grid on a 42 MiB live heap with 46 MiB more (vals and below 22 of it), and the frame's
// wasm linear memory reached 151 MiB, over the widget's 150 (TestSwitchesKeepMemoryHeadroom).
type sortedColumn struct {
	vals   []int64
	below  []int64  // rows with a smaller value
	sorted []uint64 // or: every non-NULL row's value less lo, ascending
	lo     int64
	nulls  int64
	n      int64
	files  []filePos // by file id: the file's min and max placed (filePos), once computed
}

// filePos is a file's min and max of the column as positions in its rank space.
type filePos struct {
	lo, hi float64
	ok     bool
}

// rankSpaces are the run's sorted columns, built when a day's file grid or the Fabric overlap
// score first places a file in a column's rank space.
type rankSpaces struct {
	g     *generated
	files *fileStore
	cols  map[int]*sortedColumn // by leaf
}

// filePos places file id's min and max of leaf (sc's column), once per file: a day's grid
// places every live file, thousands on a long run, on every move of the day slider, and a
// file's bounds never change.
func (rs *rankSpaces) filePos(sc *sortedColumn, id int32, leaf int) (lo, hi float64) {
	if int(id) >= len(sc.files) {
		sc.files = append(sc.files, make([]filePos, rs.files.n-len(sc.files))...)
	}
	p := &sc.files[id]
	if !p.ok {
		f := rs.files.f(id)
		p.lo, p.hi, p.ok = sc.pos(f.lo[leaf]), sc.posAtOrBelow(f.hi[leaf]), true
	}
	return p.lo, p.hi
}

// column is leaf's sorted column over all the run's rows, sorted on first use.
func (rs *rankSpaces) column(leaf int) *sortedColumn {
	if sc := rs.cols[leaf]; sc != nil {
		return sc
	}
	t := rs.g.all()
	sc := sortColumn(&t.Cols[leaf], t.NumRows)
	rs.cols[leaf] = sc
	return sc
}

// sortColumn builds column c's sortedColumn over its first n rows (an integer or date column;
// NULL rows, if any, count as below every value). The positions need only how many rows lie
// below each distinct value, not each row's rank: the values are sorted alone (a radix sort of
// their offsets from the smallest), then counted in one pass, which is cheaper than ranking
// every row (layout.RankRows).
func sortColumn(c *table.Column, n int) *sortedColumn {
	keys, lo, hi := columnOffsets(c, n)
	var rs table.RadixSorter
	keys = rs.SortKeys(keys, 0, uint(bits.Len64(uint64(hi)-uint64(lo))))
	nulls := int64(n - len(keys))
	d := distinct(keys)
	if 2*d > len(keys) {
		return &sortedColumn{sorted: keys, lo: lo, nulls: nulls, n: int64(n)}
	}
	// Sized exactly: grown by append, whose steps are a quarter of a large slice, the two arrays
	// left several times their size in garbage, which the widget's linear memory keeps.
	sc := &sortedColumn{n: int64(n), vals: make([]int64, 0, d), below: make([]int64, 0, d+1)}
	for j, k := range keys {
		if j == 0 || k != keys[j-1] { // a value's first row: the rows before it are below it
			sc.vals = append(sc.vals, lo+int64(k))
			sc.below = append(sc.below, nulls+int64(j))
		}
	}
	sc.below = append(sc.below, int64(n))
	return sc
}

// columnOffsets returns the non-NULL values of c's first n rows as offsets from the smallest,
// lo, in row order, with lo and the largest. A column without NULLs (the timeline's) is read
// from its array in two tight loops, not through Column.IsNull and Column.Int a row: calls that
// made the fill as dear as a radix pass under js/wasm, on the first day grid's path.
func columnOffsets(c *table.Column, n int) (keys []uint64, lo, hi int64) {
	keys = make([]uint64, n)
	switch {
	case n == 0 || c.Nulls != nil:
	case c.Ints != nil:
		lo, hi = offsets(keys, c.Ints[:n])
		return keys, lo, hi
	case c.Codes32 != nil:
		l, h := offsets(keys, c.Codes32[:n])
		return keys, c.Base + int64(l), c.Base + int64(h)
	case c.Codes16 != nil:
		l, h := offsets(keys, c.Codes16[:n])
		return keys, c.Base + int64(l), c.Base + int64(h)
	}
	keys = keys[:0]
	for i := range n {
		if c.IsNull(i) {
			continue
		}
		v := c.Int(i)
		if len(keys) == 0 {
			lo, hi = v, v
		}
		lo, hi = min(lo, v), max(hi, v)
		keys = append(keys, uint64(v))
	}
	for i := range keys {
		keys[i] -= uint64(lo) // offsets from the smallest value, in order as the values are
	}
	return keys, lo, hi
}

// offsets writes each of vals as its offset from the smallest into keys and returns the
// smallest and the largest. (Offsets as unsigned: exact for any two int64.)
func offsets[T uint16 | uint32 | int64](keys []uint64, vals []T) (lo, hi T) {
	lo, hi = vals[0], vals[0]
	for _, v := range vals {
		lo, hi = min(lo, v), max(hi, v)
	}
	keys = keys[:len(vals)]
	for i, v := range vals {
		keys[i] = uint64(v) - uint64(lo)
	}
	return lo, hi
}

// distinct counts the distinct values of sorted keys.
func distinct(keys []uint64) int {
	d := 0
	for j, k := range keys {
		if j == 0 || k != keys[j-1] {
			d++
		}
	}
	return d
}

// pos is the fraction of rows whose value is below v.
// (lowerBound, not sort.Search: no closure call per step, which under wasm made the day
// slider's file grid a few milliseconds a move.)
func (sc *sortedColumn) pos(v int64) float64 {
	if sc.sorted != nil {
		below := sc.nulls
		if v > sc.lo {
			// Rows below v: the first at or above it. (v-lo as unsigned: exact for any two int64.)
			below += int64(lowerBoundU(sc.sorted, uint64(v)-uint64(sc.lo)))
		}
		return float64(below) / float64(sc.n)
	}
	k := lowerBound(sc.vals, v) // first value >= v
	return float64(sc.below[k]) / float64(sc.n)
}

// lowerBoundU is the first index of s at or above v.
func lowerBoundU(s []uint64, v uint64) int {
	i, _ := slices.BinarySearch(s, v)
	return i
}

// posAtOrBelow is the fraction of rows whose value is at most v.
func (sc *sortedColumn) posAtOrBelow(v int64) float64 {
	if sc.sorted != nil {
		atOrBelow := sc.nulls
		if v >= sc.lo {
			if off := uint64(v) - uint64(sc.lo); off == math.MaxUint64 {
				atOrBelow += int64(len(sc.sorted))
			} else {
				atOrBelow += int64(lowerBoundU(sc.sorted, off+1))
			}
		}
		return float64(atOrBelow) / float64(sc.n)
	}
	k := lowerBound(sc.vals, v)
	if k < len(sc.vals) && sc.vals[k] == v {
		k++ // vals are distinct: the first value > v is the next one
	}
	return float64(sc.below[k]) / float64(sc.n)
}
