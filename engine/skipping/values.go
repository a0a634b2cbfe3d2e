package skipping

import (
	"math"
	"strconv"
	"strings"

	"layoutlab/engine/table"
)

// numberLiteral types a numeric token as Spark's parser does (AstBuilder): an integer is int when
// it fits in 32 bits, bigint in 64, else decimal(p,0); a number with a point is decimal(p,s); one
// with an exponent is double. A decimal may have up to 38 digits (DecimalType.MAX_PRECISION).
// neg applies a leading minus before range checks, so -2147483648 is an int.
// A literal Spark refuses comes back with its class and message (DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION
// past 38 digits, from Decimal.set via the parser's Literal). A double past ±1.8e308 is ±Infinity,
// as Java's Double.parseDouble reads it in AstBuilder.visitDoubleLiteral.
func numberLiteral(text string, neg bool) (table.Value, uint8, string, string) {
	sign := ""
	if neg {
		sign = "-"
	}
	// A suffixed literal (AstBuilder's visitBigIntLiteral, visitDoubleLiteral and
	// visitFloatLiteral, visitBigDecimalLiteral): L is a bigint, F a float and D a double, each refused past its range with
	// INVALID_NUMERIC_LITERAL_RANGE; BD a decimal of the digits written, even without a point.
	switch u := strings.ToUpper(text); {
	case strings.HasSuffix(u, "BD"):
		text = text[:len(text)-2]
		if !strings.Contains(text, ".") {
			text += "."
		}
	case strings.HasSuffix(u, "L"):
		i, err := strconv.ParseInt(sign+text[:len(text)-1], 10, 64)
		if err != nil {
			return table.Value{}, 0, ClassNumericLiteralRange, "numeric literal " + sign + text + " is outside the valid range for bigint"
		}
		return table.BigintValue(i), 0, "", ""
	case strings.HasSuffix(u, "F"):
		f, err := strconv.ParseFloat(sign+text[:len(text)-1], 32)
		if err != nil {
			return table.Value{}, 0, ClassNumericLiteralRange, "numeric literal " + sign + text + " is outside the valid range for float"
		}
		return table.FloatValue(float32(f)), 0, "", ""
	case strings.HasSuffix(u, "D"):
		f, err := strconv.ParseFloat(sign+text[:len(text)-1], 64)
		if err != nil {
			return table.Value{}, 0, ClassNumericLiteralRange, "numeric literal " + sign + text + " is outside the valid range for double"
		}
		return table.DoubleValue(f), 0, "", ""
	}
	if strings.ContainsAny(text, "eE") {
		// ParseFloat returns ±Inf with a range error past the largest double, and rounds to 0
		// (no error) below the smallest, as Double.parseDouble does.
		f, err := strconv.ParseFloat(sign+text, 64)
		if err != nil && !math.IsInf(f, 0) {
			return table.Value{}, 0, ClassParseSyntax, "malformed double literal " + sign + text
		}
		return table.DoubleValue(f), 0, "", ""
	}
	frac := ""
	if dot := strings.IndexByte(text, '.'); dot >= 0 {
		frac = text[dot+1:]
	} else if i, err := strconv.ParseInt(sign+text, 10, 64); err == nil {
		if i >= math.MinInt32 && i <= math.MaxInt32 {
			return table.Value{Kind: table.Int, I: i}, 0, "", ""
		}
		return table.BigintValue(i), 0, "", ""
	}
	if len(frac) > table.MaxDecimalPrecision {
		return table.Value{}, 0, ClassDecimalPrecision, "decimal literal " + sign + text + " has more than 38 digits"
	}
	v, err := table.ParseDecimal(sign+text, table.Type{Kind: table.Decimal, Precision: table.MaxDecimalPrecision, Scale: uint8(len(frac))})
	if err != nil {
		if !strings.Contains(text, ".") {
			return table.Value{}, 0, ClassDecimalPrecision, "integer literal " + sign + text + " is out of range: more than 38 digits"
		}
		return table.Value{}, 0, ClassDecimalPrecision, "decimal literal " + sign + text + " has more than 38 digits"
	}
	// BigDecimal's precision, at least the scale: 0.001 is decimal(3,3).
	prec := v.DecimalPrecision()
	if prec < len(frac) {
		prec = len(frac)
	}
	return v, uint8(prec), "", ""
}

func atoiFixed(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// parseDateDays reads a date as Spark's stringToDate does (DateTimeUtils.scala in
// sql/catalyst/.../catalyst/util): [+|-]yyyy, [+|-]yyyy-[m]m, or [+|-]yyyy-[m]m-[d]d optionally
// followed by ' ' or 'T' and anything, which is ignored; the year has 4 to 7 digits, and the day
// count must fit Spark's DateType (an Int, localDateToDays). It returns days since the epoch,
// computed exactly (table.DaysFromCivil). It does not allocate.
func parseDateDays(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	full := false
	if i := strings.IndexAny(s, " T"); i >= 0 {
		s, full = s[:i], true
	}
	sign := int64(1)
	if s != "" && (s[0] == '-' || s[0] == '+') {
		if s[0] == '-' {
			sign = -1
		}
		s = s[1:]
	}
	y, rest, hasMonth := strings.Cut(s, "-")
	m, d, hasDay := strings.Cut(rest, "-")
	if len(y) < 4 || len(y) > 7 || hasMonth && (m == "" || len(m) > 2) || hasDay && (d == "" || len(d) > 2) || full && !hasDay {
		return 0, false // "2024 10:00": only a whole date may be followed by more
	}
	yy, ok := atoiFixed(y)
	mm, dd := 1, 1
	if ok && hasMonth {
		mm, ok = atoiFixed(m)
	}
	if ok && hasDay {
		dd, ok = atoiFixed(d)
	}
	if !ok || !table.ValidCivil(sign*int64(yy), mm, dd) {
		return 0, false // 2023-02-30
	}
	days := table.DaysFromCivil(sign*int64(yy), mm, dd)
	if days < math.MinInt32 || days > math.MaxInt32 {
		return 0, false
	}
	return days, true
}

// Timestamps are int64 microseconds, about ±292,000 years; Spark's stringToTimestamp gives NULL
// past them (Math.multiplyExact in instantToMicros). A day is kept clear at each end so that
// the time of day and a zone's offset cannot overflow.
const (
	maxTimestampDays = math.MaxInt64/table.MicrosPerDay - 1
	minTimestampDays = math.MinInt64/table.MicrosPerDay + 1
)

// parseTimestampMicros reads yyyy-[m]m-[d]d[( |T)[h]h:[m]m[:[s]s[.fraction]]][Z], in UTC (the
// session time zone Layout Lab assumes), truncating the fraction to microseconds as Spark does.
// It does not allocate.
func parseTimestampMicros(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(s, "Z")
	datePart, timePart := s, ""
	if i := strings.IndexAny(s, " T"); i >= 0 {
		datePart, timePart = s[:i], s[i+1:]
		if strings.Count(strings.TrimLeft(datePart, "+-"), "-") != 2 {
			return 0, false // a time only after a whole date
		}
	}
	days, ok := parseDateDays(datePart)
	if !ok || days < minTimestampDays || days > maxTimestampDays {
		return 0, false
	}
	micros := days * table.MicrosPerDay
	if timePart == "" {
		return micros, true
	}
	hms, frac, hasFrac := strings.Cut(timePart, ".")
	h, rest, ok := strings.Cut(hms, ":")
	if !ok {
		return 0, false
	}
	m, sec, hasSec := strings.Cut(rest, ":")
	hh, ok1 := atoiFixed(h)
	mi, ok2 := atoiFixed(m)
	ss, ok3 := 0, true
	if hasSec {
		ss, ok3 = atoiFixed(sec)
	} else if hasFrac {
		return 0, false
	}
	if !ok1 || !ok2 || !ok3 || len(h) > 2 || len(m) > 2 || len(sec) > 2 || hh > 23 || mi > 59 || ss > 59 {
		return 0, false
	}
	micros += int64(hh)*3600e6 + int64(mi)*60e6 + int64(ss)*1e6
	if hasFrac {
		if frac == "" || len(frac) > 9 {
			return 0, false
		}
		f := 0
		for i := 0; i < 6; i++ {
			f *= 10
			if i < len(frac) {
				c := frac[i]
				if c < '0' || c > '9' {
					return 0, false
				}
				f += int(c - '0')
			}
		}
		for i := 6; i < len(frac); i++ {
			if frac[i] < '0' || frac[i] > '9' {
				return 0, false
			}
		}
		micros += int64(f)
	}
	return micros, true
}

// castString casts text to a value of type t as CAST(text AS t) does for the forms this package
// reads: integers, decimals, doubles, dates, timestamps, booleans and strings. ok is false when
// Spark's non-ANSI cast would give NULL. It does not allocate.
func castString(s string, t table.Type) (table.Value, bool) {
	switch t.Kind {
	case table.String:
		return table.StringValue(s), true
	case table.Int, table.Bigint, table.Double, table.Float: // as coerceString reads them
		v := coerceString(s, t)
		return v, !v.Null
	case table.Decimal:
		v, err := table.ParseDecimal(strings.TrimSpace(s), t)
		return v, err == nil
	case table.Date:
		d, ok := parseDateDays(s)
		return table.Value{Kind: table.Date, I: d}, ok
	case table.Timestamp, table.TimestampNTZ:
		return castTimestamp(s, t.Kind)
	case table.Boolean:
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "true", "t", "yes", "y", "1":
			return table.BoolValue(true), true
		case "false", "f", "no", "n", "0":
			return table.BoolValue(false), true
		}
	case table.Binary:
		return table.Value{Kind: table.Binary, S: s}, true
	}
	return table.Value{}, false
}

// rescaleDecimal brings a decimal or an integer to t's scale exactly, failing when digits would be
// lost or the value needs more than t's precision.
func rescaleDecimal(v table.Value, t table.Type) (table.Value, bool) {
	nv, err := table.RescaleDecimal(v, t)
	return nv, err == nil
}

func isNumeric(k table.Kind) bool {
	return k == table.Int || k == table.Bigint || k == table.Double || k == table.Decimal || k == table.Float
}

func isIntegral(k table.Kind) bool { return k == table.Int || k == table.Bigint }

func isDatetime(k table.Kind) bool {
	return k == table.Date || k == table.Timestamp || k == table.TimestampNTZ
}

// comparableKinds reports whether two typed operands may be compared without a literal to cast:
// numbers with numbers, dates and timestamps with each other, otherwise the same kind.
func comparableKinds(a, b table.Kind) bool {
	switch {
	case a == table.Invalid || b == table.Invalid || a == table.Void || b == table.Void:
		return true
	case isNumeric(a) && isNumeric(b):
		return true
	case isDatetime(a) && isDatetime(b):
		return true
	}
	return a == b
}

// toMicros converts a date or timestamp to microseconds, for comparing across the kinds.
func toMicros(v table.Value) int64 {
	if v.Kind == table.Date {
		return v.I * 86400 * 1e6
	}
	return v.I
}

// castDatetimeLiteral is a string literal compared with a date, timestamp or timestamp_ntz
// column, as Spark 3.5 (which Delta 3.x builds on) runs it. Type coercion casts the string to the
// column's type (TypeCoercion.findCommonTypeForBinaryComparison in
// sql/catalyst/src/main/scala/org/apache/spark/sql/catalyst/analysis/TypeCoercion.scala, with
// spark.sql.legacy.typeCoercion.datetimeToString.enabled at its default, false), and the cast of
// a string that does not read as one is NULL with spark.sql.ansi.enabled at its Spark 3.5
// default, false (Cast.scala, castToDate/castToTimestamp). The comparison is then NULL and no row
// matches, so every file may be skipped. With ANSI on (Spark 4.0's default; AnsiTypeCoercion.scala
// casts the same way) the cast fails with CAST_INVALID_INPUT instead.
// A string Spark would read but Layout Lab does not (unreadDatetime) is refused instead.
func castDatetimeLiteral(s string, k table.Kind) (table.Value, string) {
	if v, why, ok := specialDatetime(s, k); ok {
		return v, why
	}
	v, ok := castString(s, table.Type{Kind: k})
	if !ok {
		if why := unreadDatetime(s); why != "" {
			return table.Value{}, why
		}
		return table.NullValue(k), ""
	}
	return v, ""
}

// unreadDatetime says why a date or timestamp text that did not cast may still be one Spark
// reads (DateTimeUtils.stringToTimestamp): one with a region time zone ("Europe/Paris", "CET"),
// for which Layout Lab carries no database. It returns "" for text Spark does not read either.
func unreadDatetime(s string) string {
	s = strings.TrimSpace(s)
	if sep := strings.IndexAny(s, " T"); sep > 0 {
		rest := s[sep+1:]
		if i := strings.IndexFunc(rest, func(r rune) bool { return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' }); i >= 0 {
			if _, ok := parseTimestampMicros(strings.TrimSpace(s[:sep+1+i])); ok {
				return "time zone " + quoteString(strings.TrimSpace(rest[i:])) + " is not read: Layout Lab reads fixed offsets only (Z, +hh:mm, UTC+hh:mm)"
			}
		}
	}
	return ""
}

// specialDatetime reads the special values Spark takes in a typed literal or the cast of a
// string literal (DateTimeUtils.convertSpecialDate/convertSpecialTimestamp; since Spark 3.2 only
// there, not in the cast of a column or a partition value): 'epoch' is 1970-01-01 00:00:00;
// 'now', 'today', 'yesterday' and 'tomorrow' depend on when the query runs, which Layout Lab
// cannot know, so they are refused saying so. ok is false for other text.
func specialDatetime(s string, k table.Kind) (v table.Value, why string, ok bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "epoch":
		return table.Value{Kind: k}, "", true
	case "now", "today", "yesterday", "tomorrow":
		return table.Value{}, "the special value " + quoteString(strings.TrimSpace(s)) + " depends on when the query runs", true
	}
	return table.Value{}, "", false
}

// castsColumn reports whether Spark 3.5 compares a column of kind c with a literal v by casting
// the column: a date column against a timestamp or timestamp_ntz literal (CAST(d AS TIMESTAMP),
// TypeCoercion's findCommonTypeForBinaryComparison and findTightestCommonType), a timestamp_ntz
// column against a timestamp literal. The rows compare exactly (eval widens a date to midnight
// UTC), but Delta skips only on a bare column (DataSkippingReader's SkippingEligibleColumn in
// spark/src/main/scala/org/apache/spark/sql/delta/stats/DataSkippingReader.scala), so such a
// comparison skips no file by statistics; partition filters are evaluated per file as usual.
// Spark 4.0 moves these casts to the literal (UnwrapCastInBinaryComparison, SPARK-46069 and
// SPARK-46502), which Delta 3.x on Spark 3.5 does not have.
func castsColumn(c table.Kind, v table.Value) bool {
	switch c {
	case table.Date:
		return v.Kind == table.Timestamp || v.Kind == table.TimestampNTZ
	case table.TimestampNTZ:
		return v.Kind == table.Timestamp
	}
	return false
}

// castPartitionValue is Cast(partitionValues['col'] AS t), the partition filter
// DeltaLog.rewritePartitionFilters builds (M/DeltaLog.scala), for a non-empty value. It differs
// from castString (which refuses a literal that would lose digits) for decimals, which round.
// PROTOCOL.md "Partition Value Serialization" allows a timestamp "adjusted to UTC and stored in
// ISO8601 format" ("1970-01-01T00:00:00.123456Z"), which writers other than Spark emit with
// other offsets too; castTimestamp reads them.
func castPartitionValue(s string, t table.Type) (table.Value, bool) {
	if t.Kind == table.Decimal {
		// Rounded HALF_UP to the column's scale, NULL past its precision, as the cast does.
		return table.CastDecimal(s, t)
	}
	return castString(s, t)
}

// castTimestamp is CAST(s AS TIMESTAMP | TIMESTAMP_NTZ) with Spark's non-ANSI cast, and the
// value of a TIMESTAMP'…' or TIMESTAMP_NTZ'…' literal (AstBuilder.visitTypeConstructor in
// sql/catalyst/.../parser/AstBuilder.scala). Spark (DateTimeUtils.stringToTimestamp) reads a
// zone after the time: "2024-06-15T14:30:00+05:00" is 09:30 UTC (delta-kernel-rs honours the
// offset likewise for partition values, PrimitiveType::parse_scalar in
// kernel/src/expressions/scalars.rs). A timestamp_ntz keeps its wall-clock time and drops the
// zone (stringToTimestampWithoutTimeZone with allowTimeZone). Without a zone the time is UTC,
// the session time zone Layout Lab assumes. Region zones ("Europe/Paris") are not read: Layout
// Lab carries no time zone database, so such a value casts to NULL.
func castTimestamp(s string, k table.Kind) (table.Value, bool) {
	local, offset, ok := cutZone(s)
	if !ok {
		return table.Value{}, false
	}
	us, ok := parseTimestampMicros(local)
	if !ok {
		return table.Value{}, false
	}
	if k == table.Timestamp {
		us -= offset * 1e6
	}
	return table.Value{Kind: k, I: us}, true
}

// cutZone splits a timestamp's trailing zone from its local part, returning the zone's offset
// east of UTC in seconds (0 without a zone). The zone forms are Spark's fixed-offset ones: Z;
// +|-h[h], +|-hh[:]mm, +|-hh:mm:ss, +|-hhmmss; and UTC, GMT or UT alone or followed by such an
// offset; optionally after a space.
func cutZone(s string) (local string, offset int64, ok bool) {
	s = strings.TrimSpace(s)
	sep := strings.IndexAny(s, " T")
	if sep < 0 {
		return s, 0, true // a date alone
	}
	rest := s[sep+1:]
	z := strings.IndexAny(rest, "Z+-UG ")
	if z < 0 {
		return s, 0, true
	}
	local = s[:sep+1+z]
	zone := strings.TrimSpace(rest[z:])
	if zone == "Z" {
		return local, 0, true
	}
	for _, p := range []string{"UTC", "GMT", "UT"} {
		if strings.HasPrefix(zone, p) {
			zone = zone[len(p):]
			break
		}
	}
	if zone == "" {
		return local, 0, true
	}
	sign := int64(1)
	switch zone[0] {
	case '-':
		sign = -1
	case '+':
	default:
		return "", 0, false
	}
	zone = zone[1:]
	var h, m, sec string
	switch {
	case len(zone) <= 2:
		h = zone
	case strings.Count(zone, ":") == 2 && len(zone) == 8:
		h, m, sec = zone[:2], zone[3:5], zone[6:]
	case strings.Count(zone, ":") == 1 && len(zone) == 5:
		h, m = zone[:2], zone[3:]
	case len(zone) == 4 && !strings.Contains(zone, ":"):
		h, m = zone[:2], zone[2:]
	case len(zone) == 6 && !strings.Contains(zone, ":"):
		h, m, sec = zone[:2], zone[2:4], zone[4:]
	default:
		return "", 0, false
	}
	hh, ok1 := atoiFixed(h)
	mm, ok2 := 0, true
	ss, ok3 := 0, true
	if m != "" {
		mm, ok2 = atoiFixed(m)
	}
	if sec != "" {
		ss, ok3 = atoiFixed(sec)
	}
	if !ok1 || !ok2 || !ok3 || hh > 18 || mm > 59 || ss > 59 {
		return "", 0, false
	}
	return local, sign * int64(hh*3600+mm*60+ss), true
}
