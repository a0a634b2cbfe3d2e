package layout

import (
	"fmt"
	"strconv"
	"strings"

	"layoutlab/engine/curve"
	"layoutlab/engine/table"
	"layoutlab/engine/work"
)

// Kind is how a bin's rows are arranged into files.
type Kind uint8

const (
	Append  Kind = iota // plain write in table order
	OrderBy             // ORDER BY the first key, then write
	ZOrder              // OPTIMIZE … ZORDER BY (keys)
	Hilbert             // liquid clustering: OPTIMIZE on a table CLUSTER BY (keys)
)

var kindNames = [...]string{Append: "append", OrderBy: "orderby", ZOrder: "zorder", Hilbert: "hilbert"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("layout(%d)", uint8(k))
}

// ParseKind reads a layout name as String writes it.
func ParseKind(s string) (Kind, error) {
	for k, n := range kindNames {
		if s == n {
			return Kind(k), nil
		}
	}
	return 0, fmt.Errorf("layout %q is not one of %s", s, strings.Join(kindNames[:], ", "))
}

// DefaultMaxFileSize is spark.databricks.delta.optimize.maxFileSize: 1 GiB.
const DefaultMaxFileSize = 1 << 30

// ApproxNumFiles is the number of output files OPTIMIZE asks repartitionByRange for, for a bin of
// binBytes bytes: max(1, binBytes / maxFileSize) with Long division
// (OptimizeExecutor.runOptimizeBinJob, M/commands/OptimizeTableCommand.scala). A 2.9 GiB bin
// gives 2 files; anything below 2 GiB gives 1. maxFileSize ≤ 0 is read as the default.
func ApproxNumFiles(binBytes, maxFileSize int64) int {
	if maxFileSize <= 0 {
		maxFileSize = DefaultMaxFileSize
	}
	n := binBytes / maxFileSize
	if n < 1 {
		return 1
	}
	if n > 1<<30 {
		return 1 << 30
	}
	return int(n)
}

// Options are the knobs Delta exposes for multi-dimensional clustering.
type Options struct {
	// NumRanges is spark.databricks.io.skipping.mdc.rangeId.max; 0 means the default 1000.
	NumRanges int
	// NoNoise sets spark.databricks.io.skipping.mdc.addNoise=false: no random byte is appended
	// to the curve key, so equal keys can never be split across files.
	NoNoise bool
	// Seed seeds the noise. Callers laying out several bins should give each its own seed.
	Seed uint64
}

// Layouter lays out bins, reusing its scratch buffers between calls; the zero value is ready.
// It is not safe for concurrent use.
type Layouter struct {
	// Yield, when set, is told the steps of a clustering or a sort and how far they have got;
	// its error stops the layout, which returns it (see work.Yield).
	Yield work.Yield

	s          table.RadixSorter
	rid        curve.RangeIDs
	rid32      []int32
	ids        [][]uint32
	cols       [][]uint32 // a block of ids' rows (packed)
	idCache    map[idKey][]uint32
	noise      []int8
	noiseSeed  uint64
	noiseValid bool
	keys       []uint64
	pos        []int32
	part       []int32
	counts     []int64
	bounds     []int
	point      []int32
	buf        []byte
	spareIDs   [][]uint32 // range-id slices evicted from idCache, for reuse
	scratchIDs [][]uint32 // per key, LayoutScratch's range ids
	reuse      bool       // gather into back/out instead of new slices (LayoutScratch)
	back       []int32
	out        [][]int32
	sizes      []int
	noiseCount [256]int32 // single: rows per noise byte in a run, zero between runs
	noisePart  [256]int32 // single: partition per noise byte in a run
	sortedN    int        // rows in l.keys/l.pos, the last bin's sorted composites (0: none; see TakeOrder)
	bucketEnd  []int32    // singleValues: end of each value bucket in l.pos
	bucketKeys []uint64   // singleValues: a bucket's rows as value-then-position keys
	groups     []int64    // packed: rows per distinct composite in l.keys, valid with sortedN
}

// Layout is FilesRanked with reused buffers. The returned files share one backing array that
// the Layouter does not retain.
func (l *Layouter) Layout(rows []int32, keys []Ranks, kind Kind, numFiles int, opt Options) ([][]int32, error) {
	l.sortedN = 0 // only a packed cluster below leaves sorted composites for TakeOrder
	if numFiles < 1 {
		return nil, fmt.Errorf("layout: %d files: need at least one", numFiles)
	}
	for i, k := range keys {
		if len(k.R) != len(rows) {
			return nil, fmt.Errorf("layout: key %d has %d ranks for %d rows", i, len(k.R), len(rows))
		}
	}
	if len(rows) == 0 {
		return nil, nil
	}
	l.s.Yield = nil // cluster and orderBy report their sort's passes
	switch kind {
	case Append:
		return chunks(rows, numFiles), nil
	case OrderBy:
		if len(keys) == 0 {
			return nil, fmt.Errorf("layout: orderby needs a key")
		}
		return l.orderBy(rows, keys[0], numFiles)
	case ZOrder, Hilbert:
		if len(keys) == 0 {
			return nil, fmt.Errorf("layout: %s needs at least one key", kind)
		}
		return l.cluster(rows, keys, kind, numFiles, opt)
	}
	return nil, fmt.Errorf("layout: unknown layout %d", kind)
}

// LayoutScratch is Layout for a caller that copies the files out before laying out again:
// the returned files live in the Layouter's buffers, valid until its next call, so a caller
// laying out bin after bin allocates nothing for them. It neither reads nor fills the range-id
// cache, so the caller may reuse the keys' rank slices for its next bin.
func (l *Layouter) LayoutScratch(rows []int32, keys []Ranks, kind Kind, numFiles int, opt Options) ([][]int32, error) {
	l.reuse = true
	defer func() { l.reuse = false }()
	return l.Layout(rows, keys, kind, numFiles, opt)
}

// chunks cuts rows into n consecutive files whose sizes differ by at most one, never empty.
func chunks(rows []int32, n int) [][]int32 {
	if n > len(rows) {
		n = len(rows)
	}
	out := make([][]int32, n)
	back := append([]int32(nil), rows...)
	start := 0
	for i := range out {
		size := len(rows) / n
		if i < len(rows)%n {
			size++
		}
		out[i] = back[start : start+size : start+size]
		start += size
	}
	return out
}

// orderBy sorts the bin by the key's rank, NULLS FIRST, ties in table order, and cuts it.
func (l *Layouter) orderBy(rows []int32, key Ranks, numFiles int) ([][]int32, error) {
	n := len(rows)
	l.keys = l.keys[:0]
	l.pos = l.pos[:0]
	for i, r := range key.R {
		l.keys = append(l.keys, uint64(r+1)) // NULL (-1) sorts first
		l.pos = append(l.pos, int32(i))
	}
	if l.Yield != nil {
		step := "Sorting " + strconv.Itoa(n) + " rows by the key"
		if err := l.Yield.Begin(step); err != nil {
			return nil, err
		}
		l.s.Yield = l.Yield.Within(step)
	}
	if err := l.s.SortPairs(l.keys, l.pos); err != nil {
		return nil, err
	}
	sorted := make([]int32, n)
	for j, p := range l.pos {
		sorted[j] = rows[p]
	}
	return chunks(sorted, numFiles), nil
}
