package panel

import (
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// collectAll computes stats.Collect(t, files[f], indexed, cfg) for every file f of the cut c at
// once, and gives exactly the same FileStats (TestCollectAllMatchesStats checks it against
// stats.Collect).
//
// stats.Collect reads each file's rows; after clustering those are scattered over the table, so
// 32 files × 36 columns revisit every column 32 times through the cache, and string columns
// cost a string comparison per row. Here every column is read once, sequentially, through its
// stored dense ranks: each row updates its own file's smallest and largest rank (int32
// comparisons), and only the two winning values per file are turned back into Values through
// Ranks.Rep and then cut as Delta cuts them (string prefixes, timestamp milliseconds). When the
// files are runs of a stored order, the block summaries replace the pass over every row.
// spanCols' rank ranges are made in the same pass as the statistics' own.
func collectAll(r *run, te *tableEntry, c *cut, b *statsBuf, indexed []bool, cfg stats.Config, spanCols []int) error {
	t, files := te.t, c.files
	nl := len(t.Leaves)
	out := b.out
	initFileStats(out, files, b.mins, b.maxs, b.nullc, nl)
	prefix := cfg.StringPrefixLength
	if prefix <= 0 {
		prefix = 32
	}
	if err := computeRanges(r, te, c, append(rankedStrings(te, indexed), spanCols...)); err != nil {
		return err
	}
	o := te.runsOf(r, c)
	var fileOf8 []uint8
	if o == nil {
		fileOf8 = c.rowFiles8(t.NumRows) // the passes over every row below read it
	}
	var numeric []int
	for i := range t.Leaves {
		byValue, err := leafStats(r, te, c, out, i, indexed, prefix)
		if err != nil {
			return err
		}
		if byValue {
			numeric = append(numeric, i)
		}
	}
	if err := prepareByValue(r, te, c, o, numeric); err != nil {
		return err
	}
	parallel(len(numeric), func(j int) {
		l := numeric[j]
		switch col := &t.Cols[l]; {
		case col.Encoded():
			codeStats(col, out, l, prefix, c, o, fileOf8)
		case col.Kind == table.String:
			stringStats(col, out, l, prefix, c.rowFiles(t.NumRows))
		default:
			numericStats(col, out, l, c, o, fileOf8)
		}
	})
	return nil
}

// rankedStrings are the indexed string leaves without a dictionary whose statistics come from
// their ranks (leafStats). Its loop, and prepareByValue's, are out of collectAll as
// initFileStats' are.
//
//go:noinline
func rankedStrings(te *tableEntry, indexed []bool) []int {
	t := te.t
	var need []int
	for i, leaf := range t.Leaves {
		if i < len(indexed) && indexed[i] && leaf.Type.SkippingEligible() && t.Cols[i].Kind == table.String && t.Cols[i].Dict == nil && rankable(te, i) {
			need = append(need, i)
		}
	}
	return need
}

// prepareByValue makes, before collectAll's passes over the values of the leaves numeric, what
// they read: the row → file map for plain strings, and the order's block summaries (o, when the
// files are its runs), here on the answer's goroutine, one step each.
//
//go:noinline
func prepareByValue(r *run, te *tableEntry, c *cut, o *orderEntry, numeric []int) error {
	t := te.t
	for _, i := range numeric {
		if col := &t.Cols[i]; !col.Encoded() && col.Kind == table.String {
			c.rowFiles(t.NumRows) // stringStats reads it: made here, not in the goroutines
			break
		}
	}
	if o == nil {
		return nil
	}
	for _, i := range numeric {
		if col := &t.Cols[i]; col.Encoded() || col.Kind != table.String {
			if _, err := o.summary(r, sumSlot{leaf: i}, valueKeys(col), "values of "+t.Leaves[i].Name()); err != nil {
				return err
			}
		}
	}
	return nil
}

// leafStats fills leaf i's statistics in every file, or reports that they come from collectAll's
// passes over the values (codes, numbers, strings without ranks). The body of collectAll's loop
// over the leaves, so that the loop stays small (see initFileStats).
//
//go:noinline
func leafStats(r *run, te *tableEntry, c *cut, out []stats.FileStats, i int, indexed []bool, prefix int) (byValue bool, err error) {
	t := te.t
	if i >= len(indexed) || !indexed[i] {
		setNullCounts(out, i, nil)
		return false, nil
	}
	col := &t.Cols[i]
	switch {
	case !t.Leaves[i].Type.SkippingEligible():
		nulls := make([]int64, len(out))
		if col.Nulls != nil {
			countFileNulls(nulls, col.Nulls[:t.NumRows], c.rowFiles(t.NumRows))
		}
		setNullCounts(out, i, nulls)
		return false, nil
	case col.Encoded():
		return true, nil // codes: compared as integers
	case col.Kind == table.String && !rankable(te, i):
		return true, nil // many distinct strings: compared directly
	case col.Kind == table.String:
		// Strings through their ranks: int comparisons instead of string comparisons.
		fr, err := fileRanges(r, te, c, i)
		if err != nil {
			return false, err
		}
		rk, err := rankOf(r, te, i)
		if err != nil {
			return false, err
		}
		rankedStringStats(out, i, col, fr, rk.Rep, prefix)
		return false, nil
	}
	return true, nil
}

// initFileStats gives each file its row count and its rows of the nl-wide statistics arrays.
// It and the small functions below hold collectAll's loops, so that they do not make V8
// optimise all of collectAll (V8 optimises a wasm function for its later calls, never the one under
// way: v8.dev/blog/wasm-dynamic-tiering).
//
//go:noinline
func initFileStats(out []stats.FileStats, files [][]int32, mins, maxs []table.Value, nullc []int64, nl int) {
	for f := range out {
		out[f] = stats.FileStats{
			NumRecords: int64(len(files[f])),
			MinValues:  mins[f*nl : (f+1)*nl : (f+1)*nl],
			MaxValues:  maxs[f*nl : (f+1)*nl : (f+1)*nl],
			NullCount:  nullc[f*nl : (f+1)*nl : (f+1)*nl],
		}
	}
}

// setNullCounts sets leaf i's null count in each file to nulls[f], or to -1 (no statistics)
// when nulls is nil.
//
//go:noinline
func setNullCounts(out []stats.FileStats, i int, nulls []int64) {
	for f := range out {
		if nulls == nil {
			out[f].NullCount[i] = -1
		} else {
			out[f].NullCount[i] = nulls[f]
		}
	}
}

// countFileNulls adds each NULL row to its file's count.
//
//go:noinline
func countFileNulls(nulls []int64, isNull []bool, fileOf []int32) {
	for r, n := range isNull {
		if n {
			nulls[fileOf[r]]++
		}
	}
}

// rankedStringStats fills leaf i's statistics, a string column ranked over the table, from each
// file's rank range fr: the values of its smallest and largest rank (rep), cut to prefix.
//
//go:noinline
func rankedStringStats(out []stats.FileStats, i int, col *table.Column, fr *rankRanges, rep []int32, prefix int) {
	for f := range out {
		out[f].NullCount[i] = int64(fr.nulls[f])
		if fr.hi[f] < 0 {
			continue // every row NULL: no min or max
		}
		out[f].MinValues[i], out[f].MaxValues[i] = statValues(col, int(rep[fr.lo[f]]), int(rep[fr.hi[f]]), prefix)
	}
}

// valueKeys are col's values as the statistics fold them (orderKeys): an encoded column's code,
// a double's ordered bits, an integer with its sign flipped.
func valueKeys(col *table.Column) orderKeys {
	nulls := col.Nulls
	switch {
	case col.Codes16 != nil:
		return codeKeys(col.Codes16, nulls)
	case col.Codes32 != nil:
		return codeKeys(col.Codes32, nulls)
	case col.Kind == table.Double || col.Kind == table.Float:
		return func(order []int32, keys []uint64) (null []bool) {
			for i, r := range order {
				keys[i] = orderedFloat(col.Floats[r])
				if nulls != nil && nulls[r] {
					keys[i], null = 0, markNull(null, i, len(order))
				}
			}
			return null
		}
	}
	return func(order []int32, keys []uint64) (null []bool) {
		for i, r := range order {
			keys[i] = uint64(col.Ints[r]) ^ 1<<63
			if nulls != nil && nulls[r] {
				keys[i], null = 0, markNull(null, i, len(order))
			}
		}
		return null
	}
}

// numericStats fills leaf i's statistics for a numeric, date or timestamp column in one
// sequential pass over its values, each row updating its file's smallest and largest value as
// an order-preserving uint64 (a double's bits with the sign folded, every NaN largest, which is
// Spark's order; an integer with its sign bit flipped), or from the block summaries of o.
func numericStats(col *table.Column, out []stats.FileStats, i int, c *cut, o *orderEntry, fo []uint8) {
	nf := len(out)
	lo := make([]uint64, nf)
	hi := make([]uint64, nf)
	cnt := make([]int64, nf) // non-NULL rows
	for f := range lo {
		lo[f] = math.MaxUint64
	}
	nulls := col.Nulls
	switch {
	case o != nil:
		o.stored(sumSlot{leaf: i}).ranges(c.files, lo, hi, cnt)
	case col.Kind == table.Double || col.Kind == table.Float:
		fileOf := c.rowFiles(len(col.Floats))
		for r, v := range col.Floats {
			if nulls != nil && nulls[r] {
				continue
			}
			f := fileOf[r]
			k := orderedFloat(v)
			lo[f], hi[f] = min(lo[f], k), max(hi[f], k)
			cnt[f]++
		}
	case fo != nil && nulls == nil:
		fo = fo[:len(col.Ints)]
		for r, v := range col.Ints {
			f := fo[r]
			k := uint64(v) ^ 1<<63
			lo[f], hi[f] = min(lo[f], k), max(hi[f], k)
		}
		for f := range out {
			cnt[f] = out[f].NumRecords
		}
	default:
		fileOf := c.rowFiles(len(col.Ints))
		for r, v := range col.Ints {
			if nulls != nil && nulls[r] {
				continue
			}
			f := fileOf[r]
			k := uint64(v) ^ 1<<63
			lo[f], hi[f] = min(lo[f], k), max(hi[f], k)
			cnt[f]++
		}
	}
	for f := range out {
		out[f].NullCount[i] = out[f].NumRecords - cnt[f]
		if cnt[f] == 0 {
			continue
		}
		if col.Kind == table.Double || col.Kind == table.Float {
			out[f].MinValues[i] = table.Value{Kind: col.Kind, F: unorderedFloat(lo[f])}
			out[f].MaxValues[i] = table.Value{Kind: col.Kind, F: unorderedFloat(hi[f])}
			continue
		}
		a, b := int64(lo[f]^1<<63), int64(hi[f]^1<<63)
		if col.Kind == table.Timestamp || col.Kind == table.TimestampNTZ {
			a, b = floorMillis(a), floorMillis(b)
		}
		out[f].MinValues[i] = table.Value{Kind: col.Kind, I: a, Scale: col.Scale}
		out[f].MaxValues[i] = table.Value{Kind: col.Kind, I: b, Scale: col.Scale}
	}
}

// codeStats fills leaf i's statistics for an encoded column (table.Column.Encoded) in one
// sequential pass over its codes, which order as its values do, or from the block summaries of
// o: each row updates its file's smallest and largest code, and only the winners are decoded.
func codeStats(col *table.Column, out []stats.FileStats, i, prefix int, c *cut, o *orderEntry, fileOf8 []uint8) {
	nf := len(out)
	lo := make([]uint32, nf)
	hi := make([]uint32, nf)
	cnt := make([]int64, nf) // non-NULL rows
	if o != nil {
		l, h := make([]uint64, nf), make([]uint64, nf)
		o.stored(sumSlot{leaf: i}).ranges(c.files, l, h, cnt)
		narrowCodes(lo, hi, l, h)
	} else if col.Codes16 != nil {
		codeRanges(col.Codes16, col.Nulls, fileOf8, c.rowFiles(len(col.Codes16)), lo, hi, cnt)
	} else {
		codeRanges(col.Codes32, col.Nulls, fileOf8, c.rowFiles(len(col.Codes32)), lo, hi, cnt)
	}
	codeFileStats(out, i, col, lo, hi, cnt, prefix)
}

// narrowCodes copies the codes l and h (summaries' keys) into lo and hi. It and codeFileStats
// hold codeStats' loops (see initFileStats).
//
//go:noinline
func narrowCodes(lo, hi []uint32, l, h []uint64) {
	for f := range lo {
		lo[f], hi[f] = uint32(l[f]), uint32(h[f])
	}
}

// codeFileStats fills leaf i's statistics, an encoded column, from each file's smallest and
// largest code (lo, hi) and its non-NULL rows (cnt).
//
//go:noinline
func codeFileStats(out []stats.FileStats, i int, col *table.Column, lo, hi []uint32, cnt []int64, prefix int) {
	for f := range out {
		if col.Nulls == nil {
			cnt[f] = out[f].NumRecords
		}
		out[f].NullCount[i] = out[f].NumRecords - cnt[f]
		if cnt[f] == 0 {
			continue
		}
		if col.Dict != nil {
			out[f].MinValues[i] = table.StringValue(stats.MinStringPrefix(col.Dict.At(int(lo[f])), prefix))
			if m, ok := stats.TruncateMaxString(col.Dict.At(int(hi[f])), prefix); ok {
				out[f].MaxValues[i] = table.StringValue(m)
			}
			continue
		}
		a, b := col.Base+int64(lo[f]), col.Base+int64(hi[f])
		if col.Kind == table.Timestamp || col.Kind == table.TimestampNTZ {
			a, b = floorMillis(a), floorMillis(b)
		}
		out[f].MinValues[i] = table.Value{Kind: col.Kind, I: a, Scale: col.Scale}
		out[f].MaxValues[i] = table.Value{Kind: col.Kind, I: b, Scale: col.Scale}
	}
}

// codeRanges folds every row's code into its file's smallest and largest (lo, hi) and, when
// there are NULLs, counts each file's non-NULL rows (cnt). fileOf8 is used when not nil.
func codeRanges[T uint16 | uint32](codes []T, nulls []bool, fileOf8 []uint8, fileOf []int32, lo, hi []uint32, cnt []int64) {
	l := make([]T, len(lo))
	h := make([]T, len(hi))
	for f := range l {
		l[f] = ^T(0)
	}
	switch fo := fileOf8; {
	case fo != nil && nulls == nil:
		fo = fo[:len(codes)]
		for r, v := range codes {
			f := fo[r]
			l[f], h[f] = min(l[f], v), max(h[f], v)
		}
	case fo != nil:
		fo = fo[:len(codes)]
		nulls = nulls[:len(codes)]
		for r, v := range codes {
			if nulls[r] {
				continue
			}
			f := fo[r]
			l[f], h[f] = min(l[f], v), max(h[f], v)
			cnt[f]++
		}
	default:
		fo := fileOf[:len(codes)]
		for r, v := range codes {
			if nulls != nil && nulls[r] {
				continue
			}
			f := fo[r]
			l[f], h[f] = min(l[f], v), max(h[f], v)
			cnt[f]++
		}
	}
	for f := range lo {
		lo[f], hi[f] = uint32(l[f]), uint32(h[f])
	}
}

// maxRankedStrings is the most distinct values a string column may have for its statistics to
// be read through ranks. Ranking costs a map lookup per row once per table, then every layout
// is cheap; a column with more distinct values (session ids) would cost far more to rank than to
// compare directly at every layout, and dominates the first load, so it is compared directly.
const maxRankedStrings = 4096

// rankable reports (once per table) whether a string column looks like it has few distinct
// values: at most maxRankedStrings/2 among its first 16,384 rows (or it is already ranked, as a
// key or span column). It only chooses between two ways of computing the same statistics.
func rankable(te *tableEntry, leaf int) bool {
	if te.ranked(leaf) {
		return true
	}
	ok, _ := memo(&te.mu, te.lowCard, leaf, func() (bool, error) { return fewValues(&te.t.Cols[leaf]), nil })
	return ok
}

// fewValues reports whether a string column has at most maxRankedStrings/2 distinct values among
// its first 16,384 rows.
func fewValues(col *table.Column) bool {
	seen := make(map[string]struct{}, 256)
	ok := true
	for r, v := range col.Strs[:min(len(col.Strs), 1<<14)] {
		if col.Nulls != nil && col.Nulls[r] {
			continue
		}
		seen[v] = struct{}{}
		if len(seen) > maxRankedStrings/2 {
			ok = false
			break
		}
	}
	return ok
}

// stringStats fills leaf i's statistics for a string column by comparing values directly in
// one sequential pass, as stats.Collect's stringRange does per file.
func stringStats(col *table.Column, out []stats.FileStats, i, prefix int, fileOf []int32) {
	nf := len(out)
	lo := make([]string, nf)
	hi := make([]string, nf)
	cnt := make([]int64, nf)
	for r, v := range col.Strs {
		if col.Nulls != nil && col.Nulls[r] {
			continue
		}
		f := fileOf[r]
		if cnt[f] == 0 {
			lo[f], hi[f] = v, v
		} else if v < lo[f] {
			lo[f] = v
		} else if v > hi[f] {
			hi[f] = v
		}
		cnt[f]++
	}
	for f := range out {
		out[f].NullCount[i] = out[f].NumRecords - cnt[f]
		if cnt[f] == 0 {
			continue
		}
		out[f].MinValues[i] = table.StringValue(stats.MinStringPrefix(lo[f], prefix))
		if m, ok := stats.TruncateMaxString(hi[f], prefix); ok {
			out[f].MaxValues[i] = table.StringValue(m)
		}
	}
}

// orderedFloat maps a double to a uint64 in Spark's double order: negative values below
// positive ones, every NaN above +Inf (as math.MaxUint64).
func orderedFloat(v float64) uint64 {
	if v != v {
		return math.MaxUint64
	}
	b := math.Float64bits(v)
	if b>>63 != 0 {
		return ^b
	}
	return b | 1<<63
}

func unorderedFloat(k uint64) float64 {
	if k == math.MaxUint64 {
		return math.NaN()
	}
	if k>>63 != 0 {
		return math.Float64frombits(k &^ (1 << 63))
	}
	return math.Float64frombits(^k)
}

// rankRanges is one column's smallest and largest rank in each file of the current layout, and
// its NULL count; hi < 0 when every row of the file is NULL.
type rankRanges struct {
	lo    []uint32
	hi    []int32
	nulls []uint32
}

// fileRanges returns leaf's rank ranges in the cut, computing them (computeRanges) when not
// stored.
func fileRanges(r *run, te *tableEntry, c *cut, leaf int) (*rankRanges, error) {
	if fr, ok := c.rangesOf(leaf); ok {
		return fr, nil
	}
	if err := computeRanges(r, te, c, []int{leaf}); err != nil {
		return nil, err
	}
	fr, _ := c.rangesOf(leaf)
	return fr, nil
}

// rangeBlock is the unit computeRanges slices a column's rows into.
const rangeBlock = 4096

// computeRanges computes the rank ranges of the given columns in every file of the current
// layout, in one sequential pass over their ranks. Each row updates its own file's entry
// without branches: with ranks stored as rank+1 (0 for NULL), a NULL becomes the largest
// unsigned value under -1 and so never wins a minimum, is 0 and so never a maximum unless the
// whole file is NULL, and adds (v-1)>>31 = 1 to the NULL count. Columns with fewer than 65,535
// distinct values are read as uint16, and file numbers as bytes when there are at most 256
// files, to halve and quarter the memory the pass streams through.
func computeRanges(r *run, te *tableEntry, c *cut, leaves []int) error {
	t := te.t
	nf := len(c.files)
	var todo []int
	for _, l := range leaves {
		if _, ok := c.rangesOf(l); !ok && !slices.Contains(todo, l) {
			todo = append(todo, l)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	if o := te.runsOf(r, c); o != nil {
		return segmentRanges(r, te, c, o, todo)
	}
	crs := make([]compactRank, len(todo))
	for i, l := range todo {
		var err error
		if crs[i], err = compactRanks(r, te, l); err != nil {
			return err
		}
	}
	if err := r.begin(""); err != nil {
		return err
	}
	rs := newRangeScan(t, todo, crs, nf)
	fileOf, fileOf8 := c.rowFiles(t.NumRows), c.rowFiles8(t.NumRows)
	parallel(len(todo), func(i int) { rs.scan(i, fileOf, fileOf8) })
	for i, l := range todo {
		fr := rs.frs[i]
		for f := range fr.lo {
			fr.lo[f] = rs.lo[i][f]
			fr.hi[f] = int32(rs.hi[i][f]) - 1
		}
		c.setRanges(l, fr)
	}
	return nil
}

// rangeScan is computeRanges' pass over the rows: for each column to do, its rows' compact
// ranks, and each file's least rank-1 (lo), greatest rank (hi) and NULL count so far.
type rangeScan struct {
	frs           []*rankRanges
	lo, hi, nulls [][]uint32
	r16           [][]uint16
	r32           [][]uint32
	hasNulls      []bool
}

func newRangeScan(t *table.Table, todo []int, crs []compactRank, nf int) *rangeScan {
	k := len(todo)
	rs := &rangeScan{frs: make([]*rankRanges, k), lo: make([][]uint32, k), hi: make([][]uint32, k),
		nulls: make([][]uint32, k), r16: make([][]uint16, k), r32: make([][]uint32, k), hasNulls: make([]bool, k)}
	for i, l := range todo {
		rs.frs[i] = &rankRanges{lo: make([]uint32, nf), hi: make([]int32, nf), nulls: make([]uint32, nf)}
		rs.lo[i], rs.hi[i], rs.nulls[i] = make([]uint32, nf), make([]uint32, nf), rs.frs[i].nulls
		for f := range rs.lo[i] {
			rs.lo[i][f] = math.MaxUint32
		}
		rs.r16[i], rs.r32[i] = crs[i].r16, crs[i].r32
		rs.hasNulls[i] = t.Cols[l].Nulls != nil
	}
	return rs
}

// scan folds column i's rows into its files' ranges, a block of rows at a time; fileOf8 is the
// row's file when every file number fits a byte (nil otherwise).
func (rs *rangeScan) scan(i int, fileOf []int32, fileOf8 []uint8) {
	small := fileOf8 != nil
	n := len(fileOf)
	for b := 0; b < n; b += rangeBlock {
		end := min(b+rangeBlock, n)
		lo, hi, nulls := rs.lo[i], rs.hi[i], rs.nulls[i]
		switch {
		case small && rs.r16[i] != nil && !rs.hasNulls[i]:
			// The common case: no NULLs, so no NULL count to keep.
			fo := fileOf8[b:end]
			for j, v := range rs.r16[i][b:end] {
				f := fo[j]
				lo[f] = min(lo[f], uint32(v)-1)
				hi[f] = max(hi[f], uint32(v))
			}
		case small && rs.r16[i] != nil:
			fo := fileOf8[b:end]
			for j, v := range rs.r16[i][b:end] {
				f := fo[j]
				x := uint32(v) - 1
				lo[f] = min(lo[f], x)
				hi[f] = max(hi[f], uint32(v))
				nulls[f] += x >> 31
			}
		case rs.r16[i] != nil:
			fo := fileOf[b:end]
			for j, v := range rs.r16[i][b:end] {
				f := fo[j]
				x := uint32(v) - 1
				lo[f] = min(lo[f], x)
				hi[f] = max(hi[f], uint32(v))
				nulls[f] += x >> 31
			}
		default:
			fo := fileOf[b:end]
			for j, v := range rs.r32[i][b:end] {
				f := fo[j]
				x := v - 1
				lo[f] = min(lo[f], x)
				hi[f] = max(hi[f], v)
				nulls[f] += x >> 31
			}
		}
	}
}

// segmentRanges is computeRanges for files that are runs of the stored order o: each file's
// smallest and largest rank from the rank block summaries and its two ends.
func segmentRanges(r *run, te *tableEntry, c *cut, o *orderEntry, todo []int) error {
	nf := len(c.files)
	l, h, nn := make([]uint64, nf), make([]uint64, nf), make([]int64, nf)
	for _, leaf := range todo {
		cr, err := compactRanks(r, te, leaf)
		if err != nil {
			return err
		}
		keys := rankKeys(cr.r32)
		if cr.r16 != nil {
			keys = rankKeys(cr.r16)
		}
		b, err := o.summary(r, sumSlot{leaf: leaf, ranks: true}, keys, "ranks of "+te.t.Leaves[leaf].Name())
		if err != nil {
			return err
		}
		b.ranges(c.files, l, h, nn)
		fr := &rankRanges{lo: make([]uint32, nf), hi: make([]int32, nf), nulls: make([]uint32, nf)}
		for f := range nf {
			fr.lo[f], fr.hi[f] = math.MaxUint32, -1 // every row NULL, as computeRanges leaves it
			if nn[f] > 0 {
				fr.lo[f], fr.hi[f] = uint32(l[f]), int32(h[f])
			}
			fr.nulls[f] = uint32(int64(len(c.files[f])) - nn[f])
		}
		c.setRanges(leaf, fr)
	}
	return nil
}

// statValues turns the rows holding a file's smallest and largest value into Delta's min and
// max statistics, as stats.Collect writes them.
func statValues(col *table.Column, loRow, hiRow, prefix int) (min, max table.Value) {
	switch col.Kind {
	case table.Double, table.Float:
		return table.Value{Kind: col.Kind, F: col.Floats[loRow]}, table.Value{Kind: col.Kind, F: col.Floats[hiRow]}
	case table.String:
		min = table.StringValue(stats.MinStringPrefix(col.Str(loRow), prefix))
		if m, ok := stats.TruncateMaxString(col.Str(hiRow), prefix); ok {
			max = table.StringValue(m)
		}
		return min, max
	case table.Timestamp, table.TimestampNTZ:
		return table.Value{Kind: col.Kind, I: floorMillis(col.Int(loRow))}, table.Value{Kind: col.Kind, I: floorMillis(col.Int(hiRow))}
	}
	return table.Value{Kind: col.Kind, I: col.Int(loRow), Scale: col.Scale}, table.Value{Kind: col.Kind, I: col.Int(hiRow), Scale: col.Scale}
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

// parallel runs fn(0..n-1) on up to GOMAXPROCS goroutines (natively; under wasm GOMAXPROCS is 1
// and it is a plain loop). Each fn(i) must touch only its own outputs.
func parallel(n int, fn func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			fn(i)
		}
		return
	}
	var next atomic.Int32
	var wg sync.WaitGroup
	var failed atomic.Pointer[any]
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					failed.CompareAndSwap(nil, &r) // re-raised below, where the answer recovers
				}
			}()
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				fn(i)
			}
		}()
	}
	wg.Wait()
	if r := failed.Load(); r != nil {
		panic(*r)
	}
}
