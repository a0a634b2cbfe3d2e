package panel

import "strconv"

// segBlock is the number of consecutive rows, in the layout's order, one block summary covers.
const segBlock = 64

// segments lets the files slider skip the per-row statistics pass. After a clustered layout
// every file is a consecutive run of one row order (layout.Layouter.SortedOrder), and moving
// only the number of files re-cuts that order (Recut): so each column is summarised once
// per order in blocks of segBlock rows (smallest and largest value, non-NULL rows), and a file's
// minimum and maximum are its whole blocks' plus the rows at its two ends. Same figures as the
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
	lo, hi []uint64
	nn     []uint16 // non-NULL rows
	// Every row's key in the order, for the rows at a file's two ends: read from here, a move
	// gathers no keys.
	keys []uint64
	null []bool // null[i]: the row at order[i] is NULL; nil when none is
}

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
		l, h, nn := ^uint64(0), uint64(0), 0
		scan := func(from, to int) {
			if b.null == nil {
				for _, v := range b.keys[from:to] {
					l, h = min(l, v), max(h, v)
				}
				nn += to - from
				return
			}
			for i, v := range b.keys[from:to] {
				if !b.null[from+i] {
					l, h, nn = min(l, v), max(h, v), nn+1
				}
			}
		}
		b0, b1 := (start+segBlock-1)/segBlock, end/segBlock
		if b0 >= b1 {
			scan(start, end)
		} else {
			scan(start, b0*segBlock)
			for k := b0; k < b1; k++ {
				if b.nn[k] > 0 {
					l, h, nn = min(l, b.lo[k]), max(h, b.hi[k]), nn+int(b.nn[k])
				}
			}
			scan(b1*segBlock, end)
		}
		lo[f], hi[f], cnt[f] = l, h, int64(nn)
		start = end
	}
}

// summarise builds slot's block summaries if this order has none yet, reporting the step: the
// layout's run reads every row once per column this way.
func (e *Engine) summarise(slot int, keys orderKeys, what string) {
	if e.seg.blocks[slot] != nil {
		return
	}
	if e.Progress != nil {
		e.Progress("Summarising the " + what + " in blocks of " + strconv.Itoa(segBlock) + " rows")
	}
	e.seg.blocks[slot] = summarise(keys, e.seg.order)
}

// summarise reads one column's keys in order and computes its block summaries.
func summarise(keys orderKeys, order []int32) *blocks {
	nb := (len(order) + segBlock - 1) / segBlock
	b := &blocks{lo: make([]uint64, nb), hi: make([]uint64, nb), nn: make([]uint16, nb), keys: make([]uint64, len(order))}
	b.null = keys(order, b.keys)
	for k := range nb {
		l, h, nn := ^uint64(0), uint64(0), uint16(0)
		from, to := k*segBlock, min((k+1)*segBlock, len(order))
		for i, v := range b.keys[from:to] {
			if b.null == nil || !b.null[from+i] {
				l, h, nn = min(l, v), max(h, v), nn+1
			}
		}
		b.lo[k], b.hi[k], b.nn[k] = l, h, nn
	}
	return b
}
