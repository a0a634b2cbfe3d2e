package panel

import (
	"math/bits"
	"strconv"
)

// segBlock is the number of consecutive rows, in the layout's order, one block summary covers.
const segBlock = 64

// segments lets the files slider skip the per-row statistics pass. After a clustered layout
// every file is a consecutive run of one row order (layout.Layouter.SortedOrder), and moving
// only the number of files re-cuts that order (Recut): so each column is summarised once
// per order (blocks), and a file's minimum and maximum come from two lookups over its whole
// blocks of segBlock rows plus a few sub-blocks and rows at its two ends. Same figures as the
// pass over every row (TestFilesSliderMatchesAFreshRun), a fraction of the reads.
//
// The layout's own run reads its statistics this way too, building the summaries: about as
// many reads as the pass over every row, and the slider's first move then finds them built
// and their code compiled (under wasm that move had taken 200-570 ms in the browser, cold).
type segments struct {
	order  []int32   // rows of the table in the layout's order (the Layouter's); nil: none
	runs   bool      // the current files are runs of order (from its Layout or a Recut of it)
	blocks []*blocks // per slot (valueSlot, rankSlot), built on first use for this order
	// rowPass makes every statistic come from the pass over every row: the summaries'
	// reference in tests.
	rowPass bool
}

// valueSlot and rankSlot name a leaf's two summaries: of its values (statistics) and of its
// ranks (computeRanges: the spans and the grid's colours).
func (s *segments) valueSlot(leaf int) int { return leaf }
func (s *segments) rankSlot(leaf int) int  { return len(s.blocks)/2 + leaf }

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
// maxima. One call per column, each a loop over a slice: under wasm a call through a func value
// per row had made building the summaries most of a first files move.
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

// reset records the order of a fresh layout (nil when the layout has none) and drops the
// summaries of the previous one. order is the Layouter's own buffer, not copied: it stays valid
// until the Layouter's next Layout, and every Layout the panel makes is followed by a reset.
func (s *segments) reset(order []int32, leaves int) {
	s.order, s.runs, s.blocks = order, false, nil
	if order != nil {
		s.blocks = make([]*blocks, 2*leaves)
	}
}

// usable reports whether the current files are runs of the recorded order.
func (s *segments) usable() bool { return s.runs && s.order != nil && !s.rowPass }

// ranges gives each file's smallest and largest key and its non-NULL rows, from the block
// summaries of slot, built on first use with key. It touches only blocks[slot], so columns may
// run in parallel.
func (s *segments) ranges(slot int, keys orderKeys, files [][]int32, lo, hi []uint64, cnt []int64) {
	b := s.blocks[slot]
	if b == nil {
		b = summarise(keys, s.order)
		s.blocks[slot] = b
	}
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

// summarise builds slot's block summaries if this order has none yet, reporting the step: the
// layout's run reads every row once per column this way.
func (e *Engine) summarise(slot int, keys orderKeys, what string) {
	if e.seg.blocks[slot] != nil {
		return
	}
	if e.Progress != nil {
		e.report("Summarising the " + what + " in blocks of " + strconv.Itoa(segBlock) + " rows")
	}
	e.seg.blocks[slot] = summarise(keys, e.seg.order)
}

// countNulls is nullsBefore for null: element i+1 counts the NULLs among the first i+1 rows.
// It, subBlocks, foldSubBlocks and nextLevel are functions of their own so that their loops do
// not make V8 optimise all of summarise (the note above allRead in engine.go).
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
