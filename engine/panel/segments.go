package panel

import (
	"math/bits"
	"strconv"
	"sync"

	"layoutlab/engine/layout"
)

// segBlock is the number of consecutive rows, in the layout's order, one block summary covers.
const segBlock = 64

// orderEntry is the order stage's entry: a clustered layout's rows in its sorted order, of
// which every file of the layout, and of every other cut of it (the files slider), is one
// consecutive run; and its block summaries, made per column when first needed. A file's
// minimum and maximum then come from two lookups over its whole blocks of segBlock rows plus a
// few sub-blocks and rows at its two ends: the same figures as the pass over every row
// (TestFilesSliderMatchesAFreshRun), a fraction of the reads. The layout's own answer reads its
// statistics this way too, building the summaries, so that the slider's first move finds them.
type orderEntry struct {
	order *layout.Order

	mu     sync.Mutex
	blocks map[sumSlot]*blocks
}

// sumSlot names a leaf's two summaries: of its values (statistics) and of its ranks (rank
// ranges: the spans and the grid's colours).
type sumSlot struct {
	leaf  int
	ranks bool
}

type blocks struct {
	// Every row's key in the order, for the rows at a file's two ends: read from here, a move
	// gathers no keys.
	keys []uint64
	null []bool // null[i]: the row at order[i] is NULL; nil when none is
	// nullsBefore[i] is the number of NULL rows among the first i of the order (nil when none
	// is): a file's non-NULL rows in two reads.
	nullsBefore []int32
	// The smallest and largest key of each sub-block of subBlock rows, then, level k of the
	// sparse table, of every run of 2^k blocks of segBlock rows starting at each block: a file's
	// whole blocks are two lookups, its ends at most 2(subBlock-1) rows and as many sub-blocks,
	// whatever its size. A block or sub-block of NULLs holds the neutral ^0 and 0.
	subLo, subHi []uint64
	lo, hi       [][]uint64
}

// subBlock is the number of rows a sub-block summary covers: segBlock/subBlock sub-blocks make
// a block.
const subBlock = 8

// orderKeys writes the key of each row of order, in order, into keys (0 for NULL) and returns
// which are NULL (nil when none is): a column's value or rank at the row as an order-preserving
// uint64, the keys codeStats, numericStats and segmentRanges fold into per-file minima and
// maxima. One call per column, each a loop over a slice: a call through a func value per row
// would cost more than reading the key.
type orderKeys func(order []int32, keys []uint64) (null []bool)

// rankKeys are the keys of compact ranks (rank+1, 0 for NULL: compactRanks).
func rankKeys[T uint16 | uint32](ranks []T) orderKeys {
	return func(order []int32, keys []uint64) (null []bool) {
		for i, r := range order {
			v := ranks[r]
			keys[i] = uint64(v) - 1
			if v == 0 {
				keys[i], null = 0, markNull(null, i, len(order))
			}
		}
		return null
	}
}

// codeKeys are the keys of an encoded column: its codes, which order as its values do.
func codeKeys[T uint16 | uint32](codes []T, nulls []bool) orderKeys {
	return func(order []int32, keys []uint64) (null []bool) {
		for i, r := range order {
			keys[i] = uint64(codes[r])
			if nulls != nil && nulls[r] {
				keys[i], null = 0, markNull(null, i, len(order))
			}
		}
		return null
	}
}

// markNull records row i of n as NULL, making null on the first.
func markNull(null []bool, i, n int) []bool {
	if null == nil {
		null = make([]bool, n)
	}
	null[i] = true
	return null
}

// summary returns slot's block summaries, building them from keys when not stored (the step
// "Summarising the <what> in blocks of 64 rows").
func (o *orderEntry) summary(r *run, slot sumSlot, keys orderKeys, what string) (*blocks, error) {
	return memo(&o.mu, o.blocks, slot, func() (*blocks, error) {
		if err := r.begin("Summarising the " + what + " in blocks of " + strconv.Itoa(segBlock) + " rows"); err != nil {
			return nil, err
		}
		return summarise(keys, o.order.Rows), nil
	})
}

// stored returns slot's block summaries, which the caller made sure of (summary).
func (o *orderEntry) stored(slot sumSlot) *blocks {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.blocks[slot]
}

// ranges gives each file's smallest and largest key and its non-NULL rows from the block
// summaries b of the order whose consecutive runs files are.
func (b *blocks) ranges(files [][]int32, lo, hi []uint64, cnt []int64) {
	start := 0
	for f, rows := range files {
		end := start + len(rows)
		lo[f], hi[f] = b.span(start, end)
		cnt[f] = int64(len(rows))
		if b.nullsBefore != nil {
			cnt[f] -= int64(b.nullsBefore[end] - b.nullsBefore[start])
		}
		start = end
	}
}

// span is the smallest and largest key of the order's rows [from, to), NULLs left out (^0 and 0
// when every one is NULL).
func (b *blocks) span(from, to int) (l, h uint64) {
	// The rows before the first whole sub-block and after the last.
	head := min(to, (from+subBlock-1)/subBlock*subBlock)
	tail := max(head, to/subBlock*subBlock)
	l, h = b.rows(from, head)
	tl, th := b.rows(tail, to)
	l, h = min(l, tl), max(h, th)
	from, to = head, tail
	const subs = segBlock / subBlock
	s0, s1 := from/subBlock, to/subBlock
	for ; s0 < s1 && s0%subs != 0; s0++ {
		l, h = min(l, b.subLo[s0]), max(h, b.subHi[s0])
	}
	for s1 > s0 && s1%subs != 0 {
		s1--
		l, h = min(l, b.subLo[s1]), max(h, b.subHi[s1])
	}
	if b0, b1 := s0/subs, s1/subs; b0 < b1 {
		k := bits.Len(uint(b1-b0)) - 1 // two runs of 2^k blocks cover [b0, b1)
		l = min(l, b.lo[k][b0], b.lo[k][b1-1<<k])
		h = max(h, b.hi[k][b0], b.hi[k][b1-1<<k])
	}
	return l, h
}

// rows is the smallest and largest key of the order's rows [from, to) read one by one, NULLs
// left out (^0 and 0 when every one is NULL).
func (b *blocks) rows(from, to int) (l, h uint64) {
	l, h = ^uint64(0), 0
	for i := from; i < to; i++ {
		if b.null == nil || !b.null[i] {
			l, h = min(l, b.keys[i]), max(h, b.keys[i])
		}
	}
	return l, h
}

// countNulls is nullsBefore for null: element i+1 counts the NULLs among the first i+1 rows.
// It, subBlocks, foldSubBlocks and nextLevel are functions of their own so that their loops do
// not make V8 optimise all of summarise (V8 optimises a wasm function for its later calls, never
// the one under way: v8.dev/blog/wasm-dynamic-tiering).
//
//go:noinline
func countNulls(null []bool) []int32 {
	before := make([]int32, len(null)+1)
	for i, isNull := range null {
		before[i+1] = before[i]
		if isNull {
			before[i+1]++
		}
	}
	return before
}

// subBlocks fills the sub-block summaries of the first n keys.
//
//go:noinline
func (b *blocks) subBlocks(n int) {
	for k := range b.subLo {
		b.subLo[k], b.subHi[k] = b.rows(k*subBlock, min((k+1)*subBlock, n))
	}
}

// foldSubBlocks sets each block's smallest and largest key from its sub-blocks'.
//
//go:noinline
func foldSubBlocks(lo, hi, subLo, subHi []uint64) {
	const subs = segBlock / subBlock
	for k := range lo {
		l, h := ^uint64(0), uint64(0)
		for j := k * subs; j < min((k+1)*subs, len(subLo)); j++ {
			l, h = min(l, subLo[j]), max(h, subHi[j])
		}
		lo[k], hi[k] = l, h
	}
}

// nextLevel sets the sparse table's next level (runs of 2w blocks) from the one before (runs
// of w).
//
//go:noinline
func nextLevel(lo, hi, plo, phi []uint64, w int) {
	for i := range lo {
		lo[i], hi[i] = min(plo[i], plo[i+w]), max(phi[i], phi[i+w])
	}
}

// summarise reads one column's keys in order and computes its summaries: sub-blocks, blocks and
// the sparse table's levels above them.
func summarise(keys orderKeys, order []int32) *blocks {
	n := len(order)
	b := &blocks{keys: make([]uint64, n)}
	b.null = keys(order, b.keys)
	if b.null != nil {
		b.nullsBefore = countNulls(b.null)
	}
	ns := (n + subBlock - 1) / subBlock
	b.subLo, b.subHi = make([]uint64, ns), make([]uint64, ns)
	b.subBlocks(n)
	nb := (n + segBlock - 1) / segBlock
	lo, hi := make([]uint64, nb), make([]uint64, nb)
	foldSubBlocks(lo, hi, b.subLo, b.subHi)
	b.lo, b.hi = [][]uint64{lo}, [][]uint64{hi}
	for w := 1; 2*w <= nb; w *= 2 {
		plo, phi := b.lo[len(b.lo)-1], b.hi[len(b.hi)-1]
		lo, hi := make([]uint64, nb-2*w+1), make([]uint64, nb-2*w+1)
		nextLevel(lo, hi, plo, phi, w)
		b.lo, b.hi = append(b.lo, lo), append(b.hi, hi)
	}
	return b
}
