package stats

import (
	"math"

	"layoutlab/engine/table"
)

// Collect computes one file's statistics over the given rows of t, as Delta's statsCollector
// does when the file is written (M/stats/StatisticsCollection.scala):
//
//   - numRecords = the number of rows;
//   - for every indexed leaf, nullCount = its NULL rows (booleans and binaries included);
//   - for indexed leaves of a SkippingEligibleDataType, min and max over the non-NULL rows, absent
//     when every row is NULL; strings cut by MinStringPrefix and TruncateMaxString; timestamps
//     floored to milliseconds, the precision the JSON keeps (PROTOCOL.md, Per-file Statistics);
//     doubles ordered as Spark orders them (NaN above everything);
//   - tightBounds is not set (it is written only when deletion vectors are supported).
//
// indexed comes from StatsSchema. The loops read the typed column slices directly and allocate
// only the result and the final string prefixes.
//
// For many files of one table, NewCollector(t).Collect is faster (it encodes strings once).
func Collect(t *table.Table, rows []int32, indexed []bool, cfg Config) FileStats {
	return collect(t, rows, indexed, cfg, nil, nil)
}

func collect(t *table.Table, rows []int32, indexed []bool, cfg Config, enc *Collector, b *Batch) FileStats {
	fs := FileStats{NumRecords: int64(len(rows))}
	fs.MinValues, fs.MaxValues, fs.NullCount = b.take(len(t.Leaves))
	prefix := cfg.prefix()
	for i := range t.Leaves {
		if i >= len(indexed) || !indexed[i] {
			fs.NullCount[i] = -1
			continue
		}
		col := &t.Cols[i]
		if !t.Leaves[i].Type.SkippingEligible() {
			fs.NullCount[i] = countNulls(col.Nulls, rows)
			continue
		}
		switch {
		case col.Kind == table.Double || col.Kind == table.Float || col.Kind == table.String || col.Wide != nil:
			fs.NullCount[i] = otherBounds(col, i, rows, prefix, enc, &fs.MinValues[i], &fs.MaxValues[i])
		default:
			fs.NullCount[i] = intBounds(col, rows, &fs.MinValues[i], &fs.MaxValues[i])
		}
	}
	return fs
}

// intBounds sets lo and hi to the min and max over rows of an integer-valued column (integers,
// dates, timestamps; encoded or not) and returns its NULL count. It and otherBounds are
// functions of their own, the rarer kinds' out of line, so that collect, run once a file,
// stays small: under js/wasm V8 recompiles a hot function whole (docs/performance.md, "Loops in
// functions of their own").
func intBounds(col *table.Column, rows []int32, lo, hi *table.Value) (nulls int64) {
	var l, h int64
	var ok bool
	if col.Encoded() {
		var cl, ch uint32
		if cl, ch, nulls, ok = codeRange(col, rows); ok {
			l, h = col.Base+int64(cl), col.Base+int64(ch)
		}
	} else {
		l, h, nulls, ok = intRange(col.Ints, col.Nulls, rows)
	}
	if ok {
		if col.Kind == table.Timestamp || col.Kind == table.TimestampNTZ {
			l, h = floorMillis(l), floorMillis(h)
		}
		setInt(lo, col.Kind, l, col.Scale)
		setInt(hi, col.Kind, h, col.Scale)
	}
	return nulls
}

// setInt sets *v to Value{Kind: k, I: i, Scale: scale} field by field: a Value literal stored
// whole is a typed copy, with a bulk write barrier for its string while the collector marks (a
// runtime call under js/wasm, once per bound of every file); v.S, "" in the batch's fresh
// values, is only written when it is not.
func setInt(v *table.Value, k table.Kind, i int64, scale uint8) {
	v.Kind, v.Null, v.Scale, v.I, v.Hi, v.F = k, false, scale, i, 0, 0
	if v.S != "" {
		v.S = ""
	}
}

// otherBounds is intBounds for doubles, floats, strings and wide decimals; leaf i is col's.
//
//go:noinline
func otherBounds(col *table.Column, i int, rows []int32, prefix int, enc *Collector, lo, hi *table.Value) (nulls int64) {
	switch {
	case col.Kind == table.Double || col.Kind == table.Float:
		l, h, n, ok := floatRange(col.Floats, col.Nulls, rows)
		if ok {
			*lo = table.Value{Kind: col.Kind, F: l}
			*hi = table.Value{Kind: col.Kind, F: h}
		}
		return n
	case col.Kind == table.String:
		var l, h string
		var ok bool
		switch {
		case col.Dict != nil:
			var cl, ch uint32
			if cl, ch, nulls, ok = codeRange(col, rows); ok {
				l, h = col.Dict.At(int(cl)), col.Dict.At(int(ch))
			}
		case enc != nil:
			l, h, nulls, ok = enc.stringRange(i, col.Nulls, rows)
		default:
			l, h, nulls, ok = stringRange(col.Strs, col.Nulls, rows)
		}
		if ok {
			*lo = table.StringValue(MinStringPrefix(l, prefix))
			if m, ok := TruncateMaxString(h, prefix); ok {
				*hi = table.StringValue(m)
			}
		}
		return nulls
	default:
		// Delta's min/max of a DecimalType column are its exact smallest and largest values
		// (StatisticsCollection.statsCollector).
		return col.Wide.Bounds(col, rows, lo, hi)
	}
}

// floorMillis truncates microseconds down to a whole millisecond (towards -inf, as formatting an
// Instant with .SSS does for times before 1970 too).
func floorMillis(us int64) int64 {
	ms := us / 1000
	if us%1000 < 0 {
		ms--
	}
	return ms * 1000
}

func countNulls(nulls []bool, rows []int32) int64 {
	if nulls == nil {
		return 0
	}
	var n int64
	for _, r := range rows {
		if nulls[r] {
			n++
		}
	}
	return n
}

func intRange(vals []int64, nulls []bool, rows []int32) (lo, hi, nullCount int64, ok bool) {
	lo, hi = math.MaxInt64, math.MinInt64
	if nulls == nil {
		lo, hi = intRangeNoNulls(vals, rows)
		return lo, hi, 0, len(rows) > 0
	}
	for _, r := range rows {
		if nulls[r] {
			nullCount++
			continue
		}
		v := vals[r]
		lo = min(lo, v)
		hi = max(hi, v)
	}
	return lo, hi, nullCount, nullCount < int64(len(rows))
}

func floatRange(vals []float64, nulls []bool, rows []int32) (lo, hi float64, nullCount int64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	seen, nonNaN := 0, 0
	nan := false
	for _, r := range rows {
		if nulls != nil && nulls[r] {
			nullCount++
			continue
		}
		seen++
		v := vals[r]
		if v != v { // NaN sorts above every double in Spark: it can only be the max
			nan = true
			continue
		}
		nonNaN++
		if v < lo {
			lo = v
		}
		if v > hi {
			hi = v
		}
	}
	if seen == 0 {
		return 0, 0, nullCount, false
	}
	if nan {
		hi = math.NaN()
		if nonNaN == 0 {
			lo = math.NaN()
		}
	}
	return lo, hi, nullCount, true
}

// codeRange is the smallest and largest code of an encoded column over the non-NULL rows, which
// are its smallest and largest values.
func codeRange(col *table.Column, rows []int32) (lo, hi uint32, nullCount int64, ok bool) {
	if col.Codes16 != nil {
		return codeRangeOf(col.Codes16, col.Nulls, rows)
	}
	return codeRangeOf(col.Codes32, col.Nulls, rows)
}

func codeRangeOf[T uint16 | uint32](codes []T, nulls []bool, rows []int32) (lo, hi uint32, nullCount int64, ok bool) {
	l, h := T(0), T(0)
	l = ^l
	if nulls == nil { // the loop without a null test a row (intRange's split)
		l, h = codeRangeNoNulls(codes, rows)
		if len(rows) == 0 {
			return 0, 0, 0, false
		}
		return uint32(l), uint32(h), 0, true
	}
	for _, r := range rows {
		if nulls[r] {
			nullCount++
			continue
		}
		v := codes[r]
		l, h = min(l, v), max(h, v)
	}
	if int64(len(rows)) == nullCount {
		return 0, 0, nullCount, false
	}
	return uint32(l), uint32(h), nullCount, true
}

func stringRange(vals []string, nulls []bool, rows []int32) (lo, hi string, nullCount int64, ok bool) {
	// Go compares strings bytewise, which for UTF-8 is Spark's UTF8String.binaryCompare.
	first := true
	for _, r := range rows {
		if nulls != nil && nulls[r] {
			nullCount++
			continue
		}
		v := vals[r]
		if first {
			lo, hi, first = v, v, false
			continue
		}
		if v < lo {
			lo = v
		} else if v > hi {
			hi = v
		}
	}
	return lo, hi, nullCount, !first
}
