package panel

import (
	"encoding/json"
	"math"
	"slices"
	"sync"

	"layoutlab/engine/layout"
	"layoutlab/engine/skipping"
	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// Store is the panel's memo store: what each stage computed, under the key of the stage's input.
// The table stage is keyed by (rows, seed), and everything else by its input within that table:
// a column's generation, ranks, compact ranks and cardinality by leaf; the statistics columns by
// their settings; a WHERE's parse by its text and its filter by (text, partition columns,
// statistics columns); a clustered order by (kind, keys, partitioning, noise) (orderKey); a cut
// of the table into files by that and the number of files (layoutKey); each cut's rank ranges
// by leaf and its statistics by the columns collected.
//
// Entries are complete when stored and never change afterwards, so answers on many goroutines
// read them without copying; a stage under way stores nothing until it completes. Each stage is
// bounded: one table (a new (rows, seed) drops the last one and all derived from it), and a
// small number of entries per stage of it, evicted least recently used first among those of the
// lowest priority. Work for a lower priority never evicts an entry of a higher one: it is then
// computed and used, not stored.
//
// A Store is safe for concurrent use. NewStore makes one; the zero value is ready too.
type Store struct {
	mu   sync.Mutex
	tab  *tableEntry
	lays []*layout.Layouter // idle Layouters: their buffers and range-id caches serve the next layout

	rowPass bool // tests: statistics and rank ranges from the pass over every row, never from summaries
}

// NewStore returns an empty Store.
func NewStore() *Store { return &Store{} }

// Forget drops every stage stored and the idle Layouters: the widget swapped to another figure,
// whose table is likely another. Answers under way keep what they hold.
func (s *Store) Forget() {
	s.mu.Lock()
	s.tab, s.lays = nil, nil
	s.mu.Unlock()
}

// Priority says how likely an answer is to be shown, for the store's bounds: Shown is on screen
// now, or asked for; Rehearsal is a reader's likely next move, worked out while they are idle;
// Ahead is one of the moves a drag may reach next.
type Priority uint8

const (
	Shown Priority = iota
	Rehearsal
	Ahead
)

// The stages' bounds, per table.
const (
	// keptLayouts: the layout shown, the three other layouts rehearsed while the reader is
	// idle, and one more, so that flipping a knob back (Z-order to Hilbert and back, keys swapped
	// and swapped back) shows the earlier layout without laying the table out again. Each holds
	// a row index per row.
	keptLayouts = 5
	// keptOrders: the clustered orders the files slider re-cuts, each a row index and a group
	// end per row plus its block summaries: the one shown and one rehearsed.
	keptOrders = 2
	// keptSmall bounds the stages whose entries are small (statistics columns, parsed and
	// compiled WHEREs, a cut's statistics).
	keptSmall = 8
)

type tableKey struct {
	rows int
	seed uint64
}

// tableEntry is the table stage's entry and the stages derived from it. mu guards the column
// fills and every map and list below; a column, once filled, and every value stored are never
// written again.
type tableEntry struct {
	key  tableKey
	t    *table.Table
	all  []int32  // rows 0..n-1: clustering an unpartitioned table is one OPTIMIZE bin
	prio Priority // under Store.mu

	mu      sync.Mutex
	ranks   map[int]layout.Ranks // leaf → dense ranks over the whole table
	compact map[int]compactRank  // leaf → ranks as rank+1 in 16 or 32 bits
	lowCard map[int]bool         // string leaf → at most maxRankedStrings distinct values
	schemas lru[string, schemaEntry]
	// refusals are Delta's answers to keys (refusal): ddl's checks build the statistics schema
	// afresh, which was most of a files move's allocation.
	refusals lru[string, refusalEntry]
	wheres   lru[string, whereEntry]
	filters  lru[filterKey, filterEntry]
	orders   lru[orderKey, *orderEntry]
	layouts  lru[layoutKey, *cut]
	// spare are the statistics arrays of layouts no longer stored nor read by any answer, for the
	// next statistics: a files-slider drag makes a layout a move, and allocating its arrays
	// afresh each time made most of a move's cost the garbage collector's.
	spare []*statsBuf
	// An unpartitioned layout's file names so far, from namer: the i-th file's name is the same
	// whatever the count, so a files move names only the files past those named before.
	names []string
	namer *layout.FileNamer
}

// lru is one stage's entries, most recently used last, each with the highest priority it was
// asked for at.
type lru[K comparable, V any] struct {
	max   int
	items []lruItem[K, V]
}

type lruItem[K comparable, V any] struct {
	key  K
	prio Priority
	val  V
}

// get returns k's entry, making it the most recently used and raising its priority to prio.
func (c *lru[K, V]) get(k K, prio Priority) (v V, ok bool) {
	for i, it := range c.items {
		if it.key == k {
			it.prio = min(it.prio, prio)
			c.items = append(slices.Delete(c.items, i, i+1), it)
			return it.val, true
		}
	}
	return v, false
}

// put stores v under k at priority prio and returns what k holds: an entry stored meanwhile by
// another answer wins, so that an entry never changes. When the stage is full, the least
// recently used entry of the lowest priority not above prio makes room; when there is none, v
// is not stored.
func (c *lru[K, V]) put(k K, prio Priority, v V) V {
	held, _, _ := c.putDrop(k, prio, v)
	return held
}

// putDrop is put, reporting whether v was stored and the entry it pushed out, if any.
func (c *lru[K, V]) putDrop(k K, prio Priority, v V) (held V, stored bool, dropped []V) {
	if old, ok := c.get(k, prio); ok {
		return old, false, nil
	}
	if len(c.items) >= c.max {
		drop := -1
		for i, o := range c.items {
			if o.prio >= prio && (drop < 0 || o.prio > c.items[drop].prio) {
				drop = i
			}
		}
		if drop < 0 {
			return v, false, nil
		}
		dropped = append(dropped, c.items[drop].val)
		c.items = slices.Delete(c.items, drop, drop+1)
	}
	c.items = append(c.items, lruItem[K, V]{k, prio, v})
	return v, true, dropped
}

// table returns the entry for (rows, seed), making it (no column generated yet) when the store
// holds another table or none. A table made for a lower priority than the stored one's is not
// stored: the answer works on it alone.
func (s *Store) table(r *run, key tableKey) (*tableEntry, error) {
	s.mu.Lock()
	if te := s.tab; te != nil && te.key == key {
		te.prio = min(te.prio, r.prio)
		s.mu.Unlock()
		return te, nil
	}
	s.mu.Unlock()
	if err := r.begin(""); err != nil {
		return nil, err
	}
	t, err := table.GenerateLazily(table.DefaultPanelSpec(), key.rows, key.seed)
	if err != nil {
		return nil, err
	}
	te := &tableEntry{key: key, t: t, all: layout.AllRows(t.NumRows), prio: r.prio,
		ranks: map[int]layout.Ranks{}, compact: map[int]compactRank{}, lowCard: map[int]bool{},
		schemas: lru[string, schemaEntry]{max: keptSmall}, refusals: lru[string, refusalEntry]{max: keptSmall}, wheres: lru[string, whereEntry]{max: keptSmall},
		filters: lru[filterKey, filterEntry]{max: keptSmall}, orders: lru[orderKey, *orderEntry]{max: keptOrders},
		layouts: lru[layoutKey, *cut]{max: keptLayouts}}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch old := s.tab; {
	case old != nil && old.key == key:
		return old, nil // made meanwhile by another answer
	case old == nil || old.prio >= r.prio:
		s.tab = te
	}
	return te, nil
}

// layouter lends an idle Layouter (or a new one) for one layout; giveBack returns it.
func (s *Store) layouter() *layout.Layouter {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n := len(s.lays); n > 0 {
		l := s.lays[n-1]
		s.lays = s.lays[:n-1]
		return l
	}
	return &layout.Layouter{}
}

// giveBack returns a Layouter whose layout completed; one a stopped layout left half-way is
// dropped instead.
func (s *Store) giveBack(l *layout.Layouter) {
	l.Yield = nil
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.lays) < 2 {
		s.lays = append(s.lays, l)
	}
}

// filled reports whether leaf l's column is generated (true for no such leaf: nothing to do).
func (te *tableEntry) filled(l int) bool {
	if l < 0 || l >= len(te.t.Cols) {
		return true
	}
	te.mu.Lock()
	defer te.mu.Unlock()
	return te.t.Filled(l)
}

// ranked reports whether leaf l's ranks are stored.
func (te *tableEntry) ranked(l int) bool {
	te.mu.Lock()
	defer te.mu.Unlock()
	_, ok := te.ranks[l]
	return ok
}

// memo returns m[k], computing it outside mu when absent. Two callers that race on one key both
// compute; the first to store wins and both return its value, so a stored entry never changes.
// A compute that fails stores nothing.
func memo[K comparable, V any](mu *sync.Mutex, m map[K]V, k K, compute func() (V, error)) (V, error) {
	get := func() (V, bool) { v, ok := m[k]; return v, ok }
	put := func(v V) V {
		if old, ok := m[k]; ok {
			return old
		}
		m[k] = v
		return v
	}
	return memoIn(mu, get, put, compute)
}

// memoLRU is memo over a bounded stage c, at priority prio.
func memoLRU[K comparable, V any](mu *sync.Mutex, c *lru[K, V], k K, prio Priority, compute func() (V, error)) (V, error) {
	get := func() (V, bool) { return c.get(k, prio) }
	put := func(v V) V { return c.put(k, prio, v) }
	return memoIn(mu, get, put, compute)
}

// memoIn is memo's protocol over any container: get and put run under mu, compute outside it;
// put returns the value kept (the first stored, if another caller got there first).
func memoIn[V any](mu *sync.Mutex, get func() (V, bool), put func(V) V, compute func() (V, error)) (V, error) {
	mu.Lock()
	v, ok := get()
	mu.Unlock()
	if ok {
		return v, nil
	}
	v, err := compute()
	if err != nil {
		return v, err
	}
	mu.Lock()
	defer mu.Unlock()
	return put(v), nil
}

// fileNames are the first n file names of an unpartitioned layout of the table (FileNamer
// seeded with the table's seed). The slice is capped at n: names added later never touch it.
func (te *tableEntry) fileNames(n int) []string {
	te.mu.Lock()
	defer te.mu.Unlock()
	if te.namer == nil {
		te.namer = layout.NewFileNamer(te.key.seed)
	}
	for len(te.names) < n {
		te.names = append(te.names, te.namer.Name("", len(te.names)))
	}
	return te.names[:n:n]
}

// cut is the layout stage's entry: the table cut into files (one array of their own, or slices
// of order's rows), their paths and partition values, and what is derived from the files alone,
// made when first needed and kept with them: each leaf's rank ranges, the row → file maps, and
// the files' statistics on the columns collected.
type cut struct {
	key        layoutKey
	files      [][]int32
	paths      []string
	partValues []map[string]string // per file: its partition directory's values (nil when unpartitioned)
	// ordered: the files are consecutive runs of the clustered order stored under the key's
	// orderKey, whose block summaries then give statistics and rank ranges in two lookups per
	// file instead of a pass over every row (tableEntry.runsOf).
	ordered bool

	// users counts the answers reading the cut, and dropped marks it pushed out of the store (or
	// never stored): its statistics arrays go to spare when both say no one can read them.
	// Both under the table entry's mu.
	users   int
	dropped bool

	mu       sync.Mutex
	ranges   map[int]*rankRanges
	fileOf   []int32 // row → file, nil until made
	fileOf8  []uint8 // row → file as a byte, when there are at most 256 files
	fileOf8s bool    // fileOf8 made (nil when there are more files)
	stats    lru[statsKey, *statsBuf]
	objects  map[objectsKey][3]json.RawMessage // per file: minValues, maxValues, nullCount
}

func newCut(key layoutKey, files [][]int32, paths []string, partValues []map[string]string, ordered bool) *cut {
	return &cut{key: key, files: files, paths: paths, partValues: partValues, ordered: ordered,
		ranges: map[int]*rankRanges{}, stats: lru[statsKey, *statsBuf]{max: keptSmall},
		objects: map[objectsKey][3]json.RawMessage{}}
}

// statsBuf holds one cut's statistics: out, whose arrays are mins, maxs and nullc.
type statsBuf struct {
	out        []stats.FileStats
	mins, maxs []table.Value
	nullc      []int64
}

// maxSpare bounds the statistics arrays kept for reuse.
const maxSpare = 4

// statsBuffer returns statistics arrays for nf files of nl leaves, zeroed: spare ones when
// there are, else new ones.
func (te *tableEntry) statsBuffer(nf, nl int) *statsBuf {
	te.mu.Lock()
	var b *statsBuf
	if n := len(te.spare); n > 0 {
		b, te.spare = te.spare[n-1], te.spare[:n-1]
	}
	te.mu.Unlock()
	if b == nil {
		b = &statsBuf{}
	}
	b.out = reuse(b.out, nf)
	b.mins, b.maxs, b.nullc = reuse(b.mins, nf*nl), reuse(b.maxs, nf*nl), reuse(b.nullc, nf*nl)
	return b
}

// reuse returns s with length n and every element zero, reallocating only when it is too short,
// then with room to double: a files-slider drag asks for a few more files each move.
func reuse[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, max(n, 2*cap(s)))
	}
	s = s[:n]
	clear(s)
	return s
}

// use marks c read by one more answer (under te.mu).
func (c *cut) use() { c.users++ }

// release ends an answer's reading of c.
func (te *tableEntry) release(c *cut) {
	te.mu.Lock()
	defer te.mu.Unlock()
	c.users--
	te.recycle(c)
}

// drop marks c pushed out of the store, or never stored (under te.mu).
func (te *tableEntry) drop(c *cut) {
	c.dropped = true
	te.recycle(c)
}

// recycle moves a dropped cut's statistics arrays to spare once no answer reads it (under
// te.mu).
func (te *tableEntry) recycle(c *cut) {
	if c.dropped && c.users == 0 {
		te.recycleStats(c)
	}
}

// keptStats is how many of the most recently used layouts keep their statistics: a flip
// between two layouts finds them, while a files-slider drag, a layout a move, reuses the
// arrays of the layouts it left while they are still in the cache.
const keptStats = 2

// trimStats moves the statistics arrays of the layouts past the keptStats most recently used to
// spare, where no answer reads them (under te.mu): they are computed again if those layouts are
// shown again.
func (te *tableEntry) trimStats() {
	items := te.layouts.items
	for _, it := range items[:max(0, len(items)-keptStats)] {
		if it.val.users == 0 {
			te.recycleStats(it.val)
		}
	}
}

// recycleStats moves c's statistics arrays to spare (under te.mu, with no answer reading c).
func (te *tableEntry) recycleStats(c *cut) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, it := range c.stats.items {
		if len(te.spare) < maxSpare {
			te.spare = append(te.spare, it.val)
		}
	}
	c.stats.items = nil
}

// statsKey is what a cut's statistics depend on beyond its files: the columns collected (one
// byte per leaf) and the string prefix length.
type statsKey struct {
	collected string
	prefix    int
}

type objectsKey struct {
	stats statsKey
	file  int
}

// rowFiles returns the row → file map of the cut, making it on first use.
func (c *cut) rowFiles(rows int) []int32 {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fileOf == nil {
		c.fileOf = fileOfRows(c.files, rows)
	}
	return c.fileOf
}

// rowFiles8 is rowFiles as bytes when there are at most 256 files (nil otherwise), a quarter of
// the memory for the passes over every row to stream.
func (c *cut) rowFiles8(rows int) []uint8 {
	if len(c.files) > 256 {
		return nil
	}
	fileOf := c.rowFiles(rows)
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.fileOf8s {
		c.fileOf8, c.fileOf8s = narrowFiles(fileOf), true
	}
	return c.fileOf8
}

// fileOfRows is the row → file map of files over rows rows.
//
//go:noinline
func fileOfRows(files [][]int32, rows int) []int32 {
	fileOf := make([]int32, rows)
	for f, rs := range files {
		for _, r := range rs {
			fileOf[r] = int32(f)
		}
	}
	return fileOf
}

// narrowFiles is fileOf as bytes.
//
//go:noinline
func narrowFiles(fileOf []int32) []uint8 {
	out := make([]uint8, len(fileOf))
	for r, f := range fileOf {
		out[r] = uint8(f)
	}
	return out
}

// rangesOf returns the stored rank ranges of leaf l in the cut.
func (c *cut) rangesOf(l int) (*rankRanges, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	fr, ok := c.ranges[l]
	return fr, ok
}

// setRanges stores leaf l's rank ranges unless some are stored, and returns the stored ones.
func (c *cut) setRanges(l int, fr *rankRanges) *rankRanges {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.ranges[l]; ok {
		return old
	}
	c.ranges[l] = fr
	return fr
}

// schemaEntry is the statistics-columns stage's entry: stats.StatsSchema's answer.
type schemaEntry struct {
	indexed []bool
	err     error
}

// whereEntry is the WHERE's parse: the predicate and the leaves it reads, or the parse error.
type whereEntry struct {
	pred skipping.Expr
	refs []int
	err  error
}

type filterKey struct {
	where, parts, indexed string
}

type filterEntry struct {
	filter *skipping.Filter
	err    error
}

// compactRank is a column's ranks as rank+1 with 0 for NULL: uint16 when the column has fewer
// than 65,535 distinct values, else uint32, to halve the memory a pass over them streams.
type compactRank struct {
	r16 []uint16
	r32 []uint32
}

// makeCompact is rk as a compactRank.
func makeCompact(rk layout.Ranks) compactRank {
	var c compactRank
	if rk.Distinct < math.MaxUint16 {
		c.r16 = make([]uint16, len(rk.R))
		for i, v := range rk.R {
			c.r16[i] = uint16(v + 1)
		}
	} else {
		c.r32 = make([]uint32, len(rk.R))
		for i, v := range rk.R {
			c.r32[i] = uint32(v + 1)
		}
	}
	return c
}
