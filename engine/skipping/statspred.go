package skipping

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// The statistics predicates DataFiltersBuilder (rewrite.go) builds: an IR over one file's
// minValues, maxValues, nullCount and numRecords (M/stats/DataSkippingPredicateBuilder.scala's
// output), evaluated in three-valued logic (tri.go) and printed as Delta's data filters.

// statType is one of DeltaStatistics' fields (M/stats/ReadsMetadataFields.scala).
type statType uint8

const (
	statMin statType = iota
	statMax
	statNullCount
	statNumRecords
)

var statNames = [...]string{"minValues", "maxValues", "nullCount", "numRecords"}

// statRef is a StatsColumn: a statistic of one leaf (numRecords has no leaf).
type statRef struct {
	typ  statType
	leaf int
	name string // the leaf's printed path
	kind table.Kind
}

func (r statRef) String() string {
	if r.typ == statNumRecords {
		return "numRecords"
	}
	return statNames[r.typ] + "." + r.name
}

// timestampMaxAdjustMicros is added to a timestamp MAX when it is read: stats are written to
// JSON truncated to milliseconds (DataSkippingReader.getStatsColumnOpt, "SC-22824").
const timestampMaxAdjustMicros = 1000

// statValue reads a min or max statistic; ok is false when it is absent (SQL NULL).
func statValue(fs *stats.FileStats, r statRef) (table.Value, bool) {
	var vals []table.Value
	if r.typ == statMin {
		vals = fs.MinValues
	} else {
		vals = fs.MaxValues
	}
	if r.leaf >= len(vals) || vals[r.leaf].Absent() {
		return table.Value{}, false
	}
	v := vals[r.leaf]
	if r.typ == statMax && (v.Kind == table.Timestamp || v.Kind == table.TimestampNTZ) {
		v.I = adjustMax(v.I)
	}
	return v, true
}

// adjustMax adds timestampMaxAdjustMicros, saturating as TimestampAdd does.
func adjustMax(us int64) int64 {
	if us > 1<<63-1-timestampMaxAdjustMicros {
		return 1<<63 - 1
	}
	return us + timestampMaxAdjustMicros
}

// statAbsent reports whether a min or max statistic is missing, without copying it.
func statAbsent(fs *stats.FileStats, r statRef) bool {
	vals := fs.MinValues
	if r.typ == statMax {
		vals = fs.MaxValues
	}
	return r.leaf >= len(vals) || vals[r.leaf].Absent()
}

func nullCount(fs *stats.FileStats, leaf int) int64 {
	if leaf >= len(fs.NullCount) {
		return -1
	}
	return fs.NullCount[leaf]
}

// present is verifyStatsForFilter's test for one referenced statistic.
func present(fs *stats.FileStats, r statRef) bool {
	if fs == nil {
		return false
	}
	switch r.typ {
	case statMin, statMax:
		// A min or max implies nullCount and numRecords.
		nc := nullCount(fs, r.leaf)
		if fs.NumRecords < 0 {
			return false
		}
		if nc < 0 {
			return false
		}
		if !statAbsent(fs, r) {
			return true
		}
		return nc == fs.NumRecords // a provably all-NULL column has no min/max
	case statNullCount:
		return nullCount(fs, r.leaf) >= 0
	}
	return fs.NumRecords >= 0
}

// sexpr is a predicate over one file's statistics.
type sexpr interface {
	eval(fs *stats.FileStats) tri
	write(b *strings.Builder, parent int)
}

type sConst struct{ v tri }

// sCmp compares a min or max statistic with a literal; sub > 0 compares only the first sub
// characters, as substring(stat, 0, sub) does for StartsWith.
type sCmp struct {
	stat statRef
	op   CmpOp
	lit  table.Value
	sub  int
}

// sNullCount is nullCount > 0 (positive) or nullCount < numRecords (!positive).
type sNullCount struct {
	stat     statRef
	positive bool
}

type sAnd struct{ l, r sexpr }
type sOr struct{ l, r sexpr }

func (s *sConst) eval(*stats.FileStats) tri { return s.v }

func (s *sCmp) eval(fs *stats.FileStats) tri {
	var vals []table.Value
	if s.stat.typ == statMin {
		vals = fs.MinValues
	} else {
		vals = fs.MaxValues
	}
	if s.stat.leaf >= len(vals) || s.lit.Null {
		return triNull
	}
	v := &vals[s.stat.leaf]
	if v.Absent() {
		return triNull
	}
	var c int
	switch {
	case v.Kind == s.lit.Kind && intKind(v.Kind):
		x := v.I
		if s.stat.typ == statMax && (v.Kind == table.Timestamp || v.Kind == table.TimestampNTZ) {
			x = adjustMax(x)
		}
		switch {
		case x < s.lit.I:
			c = -1
		case x > s.lit.I:
			c = 1
		}
	case v.Kind == table.String && s.lit.Kind == table.String:
		str := v.S
		if s.sub > 0 {
			str = prefixRunes(str, s.sub)
		}
		c = strings.Compare(str, s.lit.S)
	default:
		w, _ := statValue(fs, s.stat)
		c = table.Compare(w, s.lit)
	}
	var r bool
	switch s.op {
	case LT:
		r = c < 0
	case LE:
		r = c <= 0
	case GT:
		r = c > 0
	case GE:
		r = c >= 0
	default:
		r = c == 0
	}
	if r {
		return triTrue
	}
	return triFalse
}

// prefixRunes is Spark's substring(s, 0, n): the first n characters. It does not allocate.
func prefixRunes(s string, n int) string {
	i := 0
	for k := 0; k < n && i < len(s); k++ {
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	return s[:i]
}

func (s *sNullCount) eval(fs *stats.FileStats) tri {
	nc := nullCount(fs, s.stat.leaf)
	if nc < 0 {
		return triNull
	}
	if s.positive {
		if nc > 0 {
			return triTrue
		}
		return triFalse
	}
	if fs.NumRecords < 0 {
		return triNull
	}
	if nc < fs.NumRecords {
		return triTrue
	}
	return triFalse
}

func (s *sAnd) eval(fs *stats.FileStats) tri {
	l := s.l.eval(fs)
	if l == triFalse {
		return triFalse
	}
	return and3(l, s.r.eval(fs))
}

func (s *sOr) eval(fs *stats.FileStats) tri {
	l := s.l.eval(fs)
	if l == triTrue {
		return triTrue
	}
	return or3(l, s.r.eval(fs))
}

func (s *sConst) write(b *strings.Builder, _ int) { b.WriteString(s.v.String()) }

func (s *sCmp) write(b *strings.Builder, _ int) {
	name := s.stat.String()
	if s.stat.typ == statMax && (s.stat.kind == table.Timestamp || s.stat.kind == table.TimestampNTZ) {
		name = "(" + name + " + INTERVAL 1 MILLISECOND)"
	}
	if s.sub > 0 {
		name = "substring(" + name + ", 0, " + strconv.Itoa(s.sub) + ")"
	}
	b.WriteString(name + " " + s.op.String() + " " + formatLiteral(s.lit, true))
}

func (s *sNullCount) write(b *strings.Builder, _ int) {
	if s.positive {
		b.WriteString(s.stat.String() + " > 0")
		return
	}
	b.WriteString(s.stat.String() + " < numRecords")
}

// Parent contexts for printing statistics predicates: an AND under an OR and an OR under an AND
// are parenthesised (the first only for the reader).
const (
	underTop = iota
	underAnd
	underOr
)

func (s *sAnd) write(b *strings.Builder, parent int) {
	if parent == underOr {
		b.WriteByte('(')
	}
	s.l.write(b, underAnd)
	b.WriteString(" AND ")
	s.r.write(b, underAnd)
	if parent == underOr {
		b.WriteByte(')')
	}
}

func (s *sOr) write(b *strings.Builder, parent int) {
	if parent == underAnd {
		b.WriteByte('(')
	}
	s.l.write(b, underOr)
	b.WriteString(" OR ")
	s.r.write(b, underOr)
	if parent == underAnd {
		b.WriteByte(')')
	}
}

func sexprString(s sexpr) string {
	var b strings.Builder
	s.write(&b, underTop)
	return b.String()
}

// dsPred is a DataSkippingPredicate: the statistics predicate and the stats it references.
type dsPred struct {
	expr sexpr
	refs []statRef
}

func joinRefs(a, b []statRef) []statRef {
	out := append([]statRef(nil), a...)
	for _, r := range b {
		dup := false
		for _, o := range out {
			if o.typ == r.typ && o.leaf == r.leaf {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, r)
		}
	}
	return out
}
