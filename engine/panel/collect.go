package panel

import (
	"math"
	"slices"

	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// collectAll computes stats.Collect(t, files[f], indexed, cfg) for every file f at once, and
// gives exactly the same FileStats (TestCollectAllMatchesStats checks it against stats.Collect).
//
// stats.Collect reads each file's rows; after clustering those are scattered over the table, so
// 32 files × 36 columns revisit every column 32 times through the cache, and string columns
// cost a string comparison per row. Here every column is read once, sequentially, through its
// cached dense ranks: each row updates its own file's smallest and largest rank (int32
// comparisons), and only the two winning values per file are turned back into Values through
// Ranks.Rep and then cut as Delta cuts them (string prefixes, timestamp milliseconds).
func (e *Engine) collectAll(t *table.Table, files [][]int32, indexed []bool, cfg stats.Config) []stats.FileStats {
	nf := len(files)
	nl := len(t.Leaves)
	out := make([]stats.FileStats, nf)
	mins := make([]table.Value, nf*nl)
	maxs := make([]table.Value, nf*nl)
	nullc := make([]int64, nf*nl)
	for f := range out {
		out[f] = stats.FileStats{
			NumRecords: int64(len(files[f])),
			MinValues:  mins[f*nl : (f+1)*nl : (f+1)*nl],
			MaxValues:  maxs[f*nl : (f+1)*nl : (f+1)*nl],
			NullCount:  nullc[f*nl : (f+1)*nl : (f+1)*nl],
		}
	}
	prefix := cfg.StringPrefixLength
	if prefix <= 0 {
		prefix = 32
	}
	var need []int
	for i, leaf := range t.Leaves {
		if i < len(indexed) && indexed[i] && leaf.Type.SkippingEligible() {
			need = append(need, i)
		}
	}
	e.computeRanges(append(need, e.spanCols...))
	for i, leaf := range t.Leaves {
		if i >= len(indexed) || !indexed[i] {
			for f := range out {
				out[f].NullCount[i] = -1
			}
			continue
		}
		col := &t.Cols[i]
		if !leaf.Type.SkippingEligible() {
			nulls := make([]int64, nf)
			if col.Nulls != nil {
				for r, isNull := range col.Nulls[:t.NumRows] {
					if isNull {
						nulls[e.fileOf[r]]++
					}
				}
			}
			for f := range out {
				out[f].NullCount[i] = nulls[f]
			}
			continue
		}
		fr := e.fileRanges(i)
		rep := e.rankOf(i).Rep
		for f := range out {
			out[f].NullCount[i] = int64(fr.nulls[f])
			if fr.hi[f] < 0 {
				continue // every row NULL: no min or max
			}
			out[f].MinValues[i], out[f].MaxValues[i] = statValues(col, int(rep[fr.lo[f]]), int(rep[fr.hi[f]]), prefix)
		}
	}
	return out
}

// rankRanges is one column's smallest and largest rank in each file of the current layout, and
// its NULL count; hi < 0 when every row of the file is NULL.
type rankRanges struct {
	lo    []uint32
	hi    []int32
	nulls []uint32
}

// fileRanges returns a column's rank ranges in the current layout, computing them (with
// computeRanges) when needed.
func (e *Engine) fileRanges(leaf int) *rankRanges {
	if fr, ok := e.ranges[leaf]; ok {
		return fr
	}
	e.computeRanges([]int{leaf})
	return e.ranges[leaf]
}

// rangeBlock is how many rows computeRanges handles per column before moving to the next, so
// the block's file numbers stay in L1 while every column's ranks stream past them once.
const rangeBlock = 2048

// computeRanges computes the rank ranges of the given columns in every file of the current
// layout, in one sequential pass over their ranks. Each row updates its own file's entry
// without branches: with ranks stored as rank+1 (0 for NULL), a NULL becomes the largest
// unsigned value under -1 and so never wins a minimum, is 0 and so never a maximum unless the
// whole file is NULL, and adds (v-1)>>31 = 1 to the NULL count. Columns with fewer than 65,535
// distinct values are read as uint16, and file numbers as bytes when there are at most 256
// files, to halve and quarter the memory the pass streams through.
func (e *Engine) computeRanges(leaves []int) {
	nf := len(e.files)
	n := len(e.fileOf)
	var todo []int
	for _, l := range leaves {
		if _, ok := e.ranges[l]; !ok && !slices.Contains(todo, l) {
			todo = append(todo, l)
		}
	}
	if len(todo) == 0 {
		return
	}
	frs := make([]*rankRanges, len(todo))
	lo := make([][]uint32, len(todo))
	hi := make([][]uint32, len(todo))
	nulls := make([][]uint32, len(todo))
	r16 := make([][]uint16, len(todo))
	r32 := make([][]uint32, len(todo))
	for i, l := range todo {
		frs[i] = &rankRanges{lo: make([]uint32, nf), hi: make([]int32, nf), nulls: make([]uint32, nf)}
		lo[i], hi[i], nulls[i] = make([]uint32, nf), make([]uint32, nf), frs[i].nulls
		for f := range lo[i] {
			lo[i][f] = math.MaxUint32
		}
		r16[i], r32[i] = e.compactRanks(l)
	}
	small := nf <= 256
	if small {
		if cap(e.fileOf8) < n {
			e.fileOf8 = make([]uint8, n)
		}
		e.fileOf8 = e.fileOf8[:n]
		for r, f := range e.fileOf {
			e.fileOf8[r] = uint8(f)
		}
	}
	for b := 0; b < n; b += rangeBlock {
		end := min(b+rangeBlock, n)
		for i := range todo {
			lo, hi, nulls := lo[i], hi[i], nulls[i]
			switch {
			case small && r16[i] != nil:
				fo := e.fileOf8[b:end]
				for j, v := range r16[i][b:end] {
					f := fo[j]
					x := uint32(v) - 1
					lo[f] = min(lo[f], x)
					hi[f] = max(hi[f], uint32(v))
					nulls[f] += x >> 31
				}
			case r16[i] != nil:
				fo := e.fileOf[b:end]
				for j, v := range r16[i][b:end] {
					f := fo[j]
					x := uint32(v) - 1
					lo[f] = min(lo[f], x)
					hi[f] = max(hi[f], uint32(v))
					nulls[f] += x >> 31
				}
			default:
				fo := e.fileOf[b:end]
				for j, v := range r32[i][b:end] {
					f := fo[j]
					x := v - 1
					lo[f] = min(lo[f], x)
					hi[f] = max(hi[f], v)
					nulls[f] += x >> 31
				}
			}
		}
	}
	for i, l := range todo {
		fr := frs[i]
		for f := range fr.lo {
			fr.lo[f] = lo[i][f]
			fr.hi[f] = int32(hi[i][f]) - 1
		}
		e.ranges[l] = fr
	}
}

// compactRanks is a column's ranks as rank+1 with 0 for NULL: uint16 when the column has fewer
// than 65,535 distinct values, else uint32. Computed once per table.
func (e *Engine) compactRanks(leaf int) ([]uint16, []uint32) {
	if c, ok := e.compact[leaf]; ok {
		return c.r16, c.r32
	}
	rk := e.rankOf(leaf)
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
	e.compact[leaf] = c
	return c.r16, c.r32
}

type compactRank struct {
	r16 []uint16
	r32 []uint32
}

// statValues turns the rows holding a file's smallest and largest value into Delta's min and
// max statistics, as stats.Collect writes them.
func statValues(col *table.Column, loRow, hiRow, prefix int) (min, max table.Value) {
	switch col.Kind {
	case table.Double:
		return table.DoubleValue(col.Floats[loRow]), table.DoubleValue(col.Floats[hiRow])
	case table.String:
		min = table.StringValue(stats.MinStringPrefix(col.Strs[loRow], prefix))
		if m, ok := stats.TruncateMaxString(col.Strs[hiRow], prefix); ok {
			max = table.StringValue(m)
		}
		return min, max
	case table.Timestamp, table.TimestampNTZ:
		return table.Value{Kind: col.Kind, I: floorMillis(col.Ints[loRow])}, table.Value{Kind: col.Kind, I: floorMillis(col.Ints[hiRow])}
	}
	return table.Value{Kind: col.Kind, I: col.Ints[loRow], Scale: col.Scale}, table.Value{Kind: col.Kind, I: col.Ints[hiRow], Scale: col.Scale}
}

// floorMillis truncates microseconds to whole milliseconds toward -inf, as the stats JSON keeps
// them (stats.Collect does the same).
func floorMillis(us int64) int64 {
	ms := us / 1000
	if us%1000 < 0 {
		ms--
	}
	return ms * 1000
}
