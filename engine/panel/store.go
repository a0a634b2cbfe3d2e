package panel

import (
	"math"
	"slices"
	"sync"

	"layoutlab/engine/layout"
	"layoutlab/engine/table"
)

// Store is the panel's memo store: what the stages computed for one table, each entry under the
// key of its inputs. The table stage is keyed by (rows, seed); a column's generation, its ranks
// and its compact ranks by leaf; a layout by (kind, keys, partitioning, files, noise); a
// layout's rank ranges by leaf. Entries are complete when stored and never change afterwards,
// so Engines that share a Store (the widget's answers and its rehearsals) read them without
// copying. A Store is safe for concurrent use; the zero value is ready.
//
// Each stage is bounded: one table (a new (rows, seed) drops the last one and all derived from
// it) and keptLayouts layouts per table. Work done for an answer not shown (Priority) is stored
// only where it pushes out no work of a higher priority.
type Store struct {
	mu  sync.Mutex
	tab *tableEntry
}

// Priority says how likely an answer is to be shown, for the store's bounds: Shown is on screen
// now; Rehearsal is a reader's likely next move, worked out while they are idle; Ahead is one of
// the moves a drag may reach next.
type Priority uint8

const (
	Shown Priority = iota
	Rehearsal
	Ahead
)

// keptLayouts is the layout stage's bound: the layout shown, the three other layouts rehearsed
// while the reader is idle, and one more, so that flipping a knob back (Z-order to Hilbert and
// back, keys swapped and swapped back) shows the earlier layout without laying the table out
// again. Each holds a row index per row.
const keptLayouts = 5

type tableKey struct {
	rows int
	seed uint64
}

// tableEntry is the table stage's entry and the stages derived from it. mu guards the column
// fills and the maps; a column, once filled, and every value stored are never written again.
type tableEntry struct {
	key tableKey
	t   *table.Table
	all []int32 // rows 0..n-1: clustering an unpartitioned table is one OPTIMIZE bin

	mu      sync.Mutex
	ranks   map[int]layout.Ranks // leaf → dense ranks over the whole table
	compact map[int]compactRank  // leaf → ranks as rank+1 in 16 or 32 bits
	lowCard map[int]bool         // string leaf → at most maxRankedStrings distinct values
	layouts []*keptLayout        // most recently used last
}

// keptLayout is a layout computed for the table: its files (one array of their own), their paths
// and partition values, and its rank ranges as far as computed (ranges, under the entry's mu).
type keptLayout struct {
	key        layoutKey // gen zero
	prio       Priority
	files      [][]int32
	paths      []string
	partValues []map[string]string
	ranges     map[int]*rankRanges
}

// table returns the entry for (rows, seed), making it (no column generated yet) when the store
// holds another table or none.
func (s *Store) table(key tableKey) (*tableEntry, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tab != nil && s.tab.key == key {
		return s.tab, nil
	}
	t, err := table.GenerateLazily(table.DefaultPanelSpec(), key.rows, key.seed)
	if err != nil {
		return nil, err
	}
	s.tab = &tableEntry{key: key, t: t, all: layout.AllRows(t.NumRows), ranks: map[int]layout.Ranks{},
		compact: map[int]compactRank{}, lowCard: map[int]bool{}}
	return s.tab, nil
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

// fill generates leaf l's column unless it is there, outside the lock (progress may stop the run
// or wait for the browser), and publishes it; of two fills of one column the first stored wins.
func (te *tableEntry) fill(l int, progress func(done int)) error {
	if te.filled(l) {
		return nil
	}
	col, ok, err := te.t.GenerateColumn(l, progress)
	if !ok {
		return err
	}
	te.mu.Lock()
	te.t.SetColumn(l, col)
	te.mu.Unlock()
	return nil
}

// rank returns leaf l's ranks, computing them with compute (outside the lock) when not stored.
func (te *tableEntry) rank(l int, compute func() layout.Ranks) layout.Ranks {
	return memo(&te.mu, te.ranks, l, compute)
}

// ranked reports whether leaf l's ranks are stored.
func (te *tableEntry) ranked(l int) bool {
	te.mu.Lock()
	defer te.mu.Unlock()
	_, ok := te.ranks[l]
	return ok
}

// compactRanks returns leaf l's compact ranks (compactRank), making them from rk when not stored.
func (te *tableEntry) compactRanks(l int, rk layout.Ranks) compactRank {
	return memo(&te.mu, te.compact, l, func() compactRank { return makeCompact(rk) })
}

// lowCardinality returns whether string leaf l is rankable, deciding it with decide when not
// stored.
func (te *tableEntry) lowCardinality(l int, decide func() bool) bool {
	return memo(&te.mu, te.lowCard, l, decide)
}

// memo returns m[k], computing it outside mu when absent. Two callers that race on one key both
// compute; the first to store wins and both return its value, so a stored entry never changes.
func memo[K comparable, V any](mu *sync.Mutex, m map[K]V, k K, compute func() V) V {
	mu.Lock()
	v, ok := m[k]
	mu.Unlock()
	if ok {
		return v
	}
	v = compute()
	mu.Lock()
	defer mu.Unlock()
	if old, ok := m[k]; ok {
		return old
	}
	m[k] = v
	return v
}

// layout returns the kept layout for key (gen ignored), or nil, making it the most recently used
// and raising its priority to prio.
func (te *tableEntry) layout(key layoutKey, prio Priority) *keptLayout {
	key.gen = 0
	te.mu.Lock()
	defer te.mu.Unlock()
	for i, k := range te.layouts {
		if k.key == key {
			te.layouts = append(slices.Delete(te.layouts, i, i+1), k)
			k.prio = min(k.prio, prio)
			return k
		}
	}
	return nil
}

// keep stores k unless the layouts kept are keptLayouts of a higher priority than k's: then k
// is not kept, and keep reports false. Otherwise the least recently used of the lowest priority
// makes room.
func (te *tableEntry) keep(k *keptLayout) bool {
	te.mu.Lock()
	defer te.mu.Unlock()
	if len(te.layouts) == keptLayouts {
		drop := -1
		for i, o := range te.layouts {
			if o.prio >= k.prio && (drop < 0 || o.prio > te.layouts[drop].prio) {
				drop = i
			}
		}
		if drop < 0 {
			return false
		}
		te.layouts = slices.Delete(te.layouts, drop, drop+1)
	}
	te.layouts = append(te.layouts, k)
	return true
}

// rangesOf is a copy of k's rank ranges, for an Engine showing k to add to.
func (te *tableEntry) rangesOf(k *keptLayout) map[int]*rankRanges {
	te.mu.Lock()
	defer te.mu.Unlock()
	out := make(map[int]*rankRanges, len(k.ranges))
	for l, fr := range k.ranges {
		out[l] = fr
	}
	return out
}

// addRanges stores leaf l's rank ranges in k.
func (te *tableEntry) addRanges(k *keptLayout, l int, fr *rankRanges) {
	te.mu.Lock()
	defer te.mu.Unlock()
	if _, ok := k.ranges[l]; !ok {
		k.ranges[l] = fr
	}
}

// makeCompact is a column's ranks as rank+1 with 0 for NULL: uint16 when the column has fewer
// than 65,535 distinct values, else uint32.
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
