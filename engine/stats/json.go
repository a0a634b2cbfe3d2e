package stats

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"layoutlab/engine/table"
)

// Delta writes the stats field with Spark's to_json over the statsCollector struct
// (M/stats/StatisticsCollection.scala), so the text follows Spark's JacksonGenerator:
//
//   - fields in schema order: numRecords, minValues, maxValues, nullCount, tightBounds;
//   - NULL fields dropped (ignoreNullFields), so an all-NULL column has no min/max entry while a
//     struct whose entries are all NULL still prints as {}; minValues/maxValues/nullCount are
//     absent altogether when no leaf qualifies (lit(null) in collectStats);
//   - integers plainly; doubles as Java's Double.toString ("0.0", "1.5E7"), NaN and infinities
//     as quoted strings; decimals as BigDecimal.toString (a JSON number);
//   - dates "yyyy-MM-dd"; timestamps "yyyy-MM-dd'T'HH:mm:ss.SSSXXX" in the session time zone,
//     which Layout Lab fixes to UTC, hence "2024-01-01T10:00:00.000Z"; timestamp_ntz without the
//     zone, "2024-01-01T10:00:00.000";
//   - strings escaped as Jackson does: quote, backslash and control characters only, everything
//     else (U+007F and U+10FFFF included) raw UTF-8.

// inStats reports whether leaf i is in the stats schema of fs: indexed leaves carry a nullCount.
func (fs FileStats) inStats(i int) bool {
	return i < len(fs.NullCount) && fs.NullCount[i] >= 0 ||
		i < len(fs.MinValues) && fs.MinValues[i].Kind != table.Invalid ||
		i < len(fs.MaxValues) && fs.MaxValues[i].Kind != table.Invalid
}

// JSON renders fs as the stats string Delta writes into an add action, for a table whose leaves
// are leaves (the same order as fs; Schema.Leaves()).
func (fs FileStats) JSON(leaves []table.Leaf) string {
	var b bytes.Buffer
	b.WriteString(`{"numRecords":`)
	b.WriteString(strconv.FormatInt(max(fs.NumRecords, 0), 10))
	minMax := func(i int) bool { return fs.inStats(i) && leaves[i].Type.SkippingEligible() }
	for _, part := range []struct {
		key  string
		vals []table.Value
	}{{"minValues", fs.MinValues}, {"maxValues", fs.MaxValues}} {
		vals := part.vals
		writeObject(&b, part.key, leaves, 0, 0, len(leaves), minMax, func(b *bytes.Buffer, i int) bool {
			if i >= len(vals) || vals[i].Absent() {
				return false
			}
			writeValue(b, vals[i], leaves[i].Type)
			return true
		})
	}
	writeObject(&b, "nullCount", leaves, 0, 0, len(leaves), fs.inStats, func(b *bytes.Buffer, i int) bool {
		if i >= len(fs.NullCount) || fs.NullCount[i] < 0 {
			return false
		}
		b.WriteString(strconv.FormatInt(fs.NullCount[i], 10))
		return true
	})
	if fs.TightBounds != nil {
		b.WriteString(`,"tightBounds":` + strconv.FormatBool(*fs.TightBounds))
	}
	b.WriteByte('}')
	return b.String()
}

// writeObject writes `,"key":{...}` for leaves[lo:hi], which share their first depth path parts,
// when any of them is in the schema of this statistic; leaf values come from leaf(), which reports
// false for NULL (dropped). Consecutive leaves sharing Path[depth] form one nested object.
func writeObject(b *bytes.Buffer, key string, leaves []table.Leaf, depth, lo, hi int,
	in func(int) bool, leaf func(*bytes.Buffer, int) bool) {
	any := false
	for i := lo; i < hi; i++ {
		if in(i) {
			any = true
			break
		}
	}
	if !any {
		return
	}
	if b.Bytes()[b.Len()-1] != '{' {
		b.WriteByte(',')
	}
	writeString(b, key)
	b.WriteString(":{")
	for i := lo; i < hi; {
		name := leaves[i].Path[depth]
		if len(leaves[i].Path) == depth+1 {
			if in(i) {
				mark := b.Len()
				if b.Bytes()[b.Len()-1] != '{' {
					b.WriteByte(',')
				}
				writeString(b, name)
				b.WriteByte(':')
				if !leaf(b, i) {
					b.Truncate(mark)
				}
			}
			i++
			continue
		}
		j := i + 1
		for j < hi && len(leaves[j].Path) > depth+1 && leaves[j].Path[depth] == name {
			j++
		}
		writeObject(b, name, leaves, depth+1, i, j, in, leaf)
		i = j
	}
	b.WriteByte('}')
}

func writeValue(b *bytes.Buffer, v table.Value, t table.Type) {
	switch v.Kind {
	case table.Double:
		b.WriteString(JavaDouble(v.F))
	case table.Float:
		b.WriteString(JavaFloat(float32(v.F)))
	case table.Decimal:
		b.WriteString(javaBigDecimal(v))
	case table.String, table.Binary:
		writeString(b, v.S)
	case table.Date:
		b.WriteString(`"` + time.Unix(v.I*86400, 0).UTC().Format("2006-01-02") + `"`)
	case table.Timestamp:
		b.WriteString(`"` + time.UnixMicro(floorMillis(v.I)).UTC().Format("2006-01-02T15:04:05.000Z07:00") + `"`)
	case table.TimestampNTZ:
		b.WriteString(`"` + time.UnixMicro(floorMillis(v.I)).UTC().Format("2006-01-02T15:04:05.000") + `"`)
	case table.Boolean:
		b.WriteString(strconv.FormatBool(v.I != 0))
	default:
		b.WriteString(strconv.FormatInt(v.I, 10))
	}
}

// writeString escapes as Jackson's JsonGenerator: '"', '\\', the two-character escapes for
// \b \t \n \f \r, \u00XX for the other control characters below 0x20; nothing else.
func writeString(b *bytes.Buffer, s string) {
	const hex = "0123456789ABCDEF"
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			b.WriteString(`\"`)
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\b':
			b.WriteString(`\b`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\f':
			b.WriteString(`\f`)
		case c == '\r':
			b.WriteString(`\r`)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
}

// JavaDouble formats f as java.lang.Double.toString (JDK 19+, shortest repr): plain notation
// with at least one fractional digit for 1e-3 <= |f| < 1e7, else "d.dddE±n"; NaN and the
// infinities are quoted, as Jackson writes them by default (QUOTE_NON_NUMERIC_NUMBERS).
func JavaDouble(f float64) string {
	switch {
	case math.IsNaN(f):
		return `"NaN"`
	case math.IsInf(f, 1):
		return `"Infinity"`
	case math.IsInf(f, -1):
		return `"-Infinity"`
	case f == 0:
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	if a := math.Abs(f); a >= 1e-3 && a < 1e7 {
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	s := strconv.FormatFloat(f, 'e', -1, 64) // "1.2345e+07", "5e-05"
	mant, exp, _ := strings.Cut(s, "e")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	e, _ := strconv.Atoi(exp)
	return mant + "E" + strconv.Itoa(e)
}

// JavaFloat formats f as java.lang.Float.toString (JDK 19+, shortest repr), as JavaDouble does
// for a double: the text Jackson writes for a float statistic.
func JavaFloat(f float32) string {
	d := float64(f)
	if math.IsNaN(d) || math.IsInf(d, 0) || d == 0 {
		return JavaDouble(d)
	}
	if a := math.Abs(d); a >= 1e-3 && a < 1e7 {
		s := strconv.FormatFloat(d, 'f', -1, 32)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	s := strconv.FormatFloat(d, 'e', -1, 32)
	mant, exp, _ := strings.Cut(s, "e")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	e, _ := strconv.Atoi(exp)
	return mant + "E" + strconv.Itoa(e)
}

// javaBigDecimal formats a decimal as java.math.BigDecimal.toString: plain when the scale is 0,
// or positive with an adjusted exponent >= -6; else scientific ("1E-10", "-2.9546424E-17").
func javaBigDecimal(v table.Value) string {
	neg, digits := v.UnscaledText()
	adjusted := -int(v.Scale) + len(digits) - 1
	if v.Scale == 0 || adjusted >= -6 {
		return v.DecimalText()
	}
	s := digits[:1]
	if len(digits) > 1 {
		s += "." + digits[1:]
	}
	s += "E" + strconv.Itoa(adjusted)
	if neg {
		s = "-" + s
	}
	return s
}

// parseJSONGeneric is JSONParser.Parse through a generic JSON decode (maps): JSONParser's fallback
// for text it does not read plainly, and the reference its tests compare it with.
func parseJSONGeneric(s string, leaves []table.Leaf) (FileStats, []string, error) {
	var notes []string
	fs := FileStats{
		NumRecords: -1,
		MinValues:  make([]table.Value, len(leaves)),
		MaxValues:  make([]table.Value, len(leaves)),
		NullCount:  make([]int64, len(leaves)),
	}
	for i := range fs.NullCount {
		fs.NullCount[i] = -1
	}
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var root map[string]any
	if err := dec.Decode(&root); err != nil {
		return fs, nil, fmt.Errorf("stats: %v", err)
	}
	if raw, ok := root["numRecords"]; ok && raw != nil {
		n, _ := raw.(json.Number)
		v, err := n.Int64()
		if err != nil {
			return fs, nil, fmt.Errorf("stats: numRecords %v: not an integer", raw)
		}
		fs.NumRecords = v
	}
	if tb, ok := root["tightBounds"].(bool); ok {
		fs.TightBounds = &tb
	}
	minV, _ := root["minValues"].(map[string]any)
	maxV, _ := root["maxValues"].(map[string]any)
	nulls, _ := root["nullCount"].(map[string]any)
	for i, l := range leaves {
		if raw, ok := lookup(nulls, l.Path); ok {
			if n, ok := raw.(json.Number); ok {
				if v, err := n.Int64(); err != nil {
					notes = append(notes, fmt.Sprintf("nullCount.%s %q: %v", l.Name(), n, err))
				} else {
					fs.NullCount[i] = v
				}
			}
		}
		if !l.Type.SkippingEligible() {
			continue
		}
		for _, side := range []struct {
			m   map[string]any
			out []table.Value
			key string
		}{{minV, fs.MinValues, "minValues"}, {maxV, fs.MaxValues, "maxValues"}} {
			raw, ok := lookup(side.m, l.Path)
			if !ok || raw == nil {
				continue
			}
			v, err := parseValue(raw, l.Type)
			if n, ok := raw.(json.Number); ok && err == nil && l.Type.FromFloat {
				v = widenedFloatBound(v, string(n), side.key == "maxValues")
			}
			if err != nil {
				// Only this statistic is lost: an absent min or max fails verifyStatsForFilter for
				// predicates on this column alone, so the file is read for those and the others
				// still skip on their own statistics.
				notes = append(notes, fmt.Sprintf("%s.%s: %v", side.key, l.Name(), err))
				continue
			}
			side.out[i] = v
		}
	}
	return fs, notes, nil
}

func lookup(m map[string]any, path []string) (any, bool) {
	var cur any = m
	for _, p := range path {
		obj, ok := cur.(map[string]any)
		if !ok || obj == nil {
			return nil, false
		}
		v, ok := obj[p] // exactly, as JacksonParser matches a key (Parse)
		if !ok {
			return nil, false
		}
		cur = v
	}
	return cur, true
}

// widenedFloatBound reads a min (max false) or max statistic of a double column widened from
// float. Delta Spark reads it with the column's current type (from_json over statsSchema in
// DataSkippingReader.scala, whose types StatisticsCollection.statsSchema takes from the table
// schema), so the text "3.4" a file wrote before the change reads as the double 3.4 while the
// file holds 3.4000000953674316: `x > 3.4` would skip a file with a matching row. Nothing in the
// log says which files predate the change, so the bound is the wider of the two readings.
func widenedFloatBound(v table.Value, text string, max bool) table.Value {
	f, err := strconv.ParseFloat(text, 32)
	if v.Kind != table.Double || err != nil || math.IsNaN(v.F) {
		return v
	}
	if max && f > v.F || !max && f < v.F {
		v.F = f
	}
	return v
}

func parseValue(raw any, t table.Type) (table.Value, error) {
	switch x := raw.(type) {
	case json.Number:
		return parseScalar(scalar{'n', string(x)}, t)
	case string:
		return parseScalar(scalar{'s', x}, t)
	case bool:
		return parseScalar(scalar{'b', strconv.FormatBool(x)}, t)
	}
	v := scalar{kind: 'o', text: fmt.Sprint(raw)}
	return parseScalar(v, t)
}

// parseScalar reads one statistic as type t; errors print v as the generic decode's %v would.
func parseScalar(v scalar, t table.Type) (table.Value, error) {
	switch t.Kind {
	case table.Int, table.Bigint:
		if v.kind != 'n' {
			return table.Value{}, fmt.Errorf("want an integer, got %v", v.text)
		}
		i, err := parseInt(v.text)
		if err != nil {
			return table.Value{}, err
		}
		return table.Value{Kind: t.Kind, I: i}, nil
	case table.Double, table.Float:
		// A float's statistic is Float.toString's text (Jackson's writeNumber(float)): read as a
		// float32, it is the column's value exactly; read as a double, it is not.
		bits := 64
		if t.Kind == table.Float {
			bits = 32
		}
		switch v.kind {
		case 'n':
			f, err := strconv.ParseFloat(v.text, bits)
			return table.Value{Kind: t.Kind, F: f}, err
		case 's':
			switch v.text {
			case "NaN":
				return table.Value{Kind: t.Kind, F: math.NaN()}, nil
			case "Infinity":
				return table.Value{Kind: t.Kind, F: math.Inf(1)}, nil
			case "-Infinity":
				return table.Value{Kind: t.Kind, F: math.Inf(-1)}, nil
			}
		}
		return table.Value{}, fmt.Errorf("want a %s, got %v", t.Kind, v.text)
	case table.Decimal:
		if v.kind != 'n' {
			return table.Value{}, fmt.Errorf("want a decimal, got %v", v.text)
		}
		// Exactly, up to decimal(38): Kernel and Spark read the statistic as a BigDecimal of the
		// column's type; one that needs rounding or more digits is left out, so the file is read.
		d, err := table.ParseDecimal(v.text, t)
		switch {
		case errors.Is(err, table.ErrDecimalSyntax):
			return table.Value{}, fmt.Errorf("bad decimal %q", v.text)
		case err != nil:
			return table.Value{}, fmt.Errorf("decimal %q does not fit %s: %v", v.text, t, err)
		}
		return d, nil
	case table.String:
		if v.kind != 's' {
			return table.Value{}, fmt.Errorf("want a string, got %v", v.text)
		}
		return table.StringValue(v.text), nil
	case table.Date:
		if v.kind != 's' {
			return table.Value{}, fmt.Errorf("want a date, got %v", v.text)
		}
		if days, ok := plainDate(v.text); ok {
			return table.Value{Kind: table.Date, I: days}, nil
		}
		text, shift, ok := cutWideYear(v.text)
		d, err := time.Parse("2006-01-02", text)
		if err != nil || !ok {
			return table.Value{}, fmt.Errorf("bad date %q", v.text)
		}
		// Unix seconds are exact here (time.Time's Duration-based Sub and UnixNano are not).
		return table.Value{Kind: table.Date, I: d.Unix()/86400 + shift}, nil
	case table.Timestamp, table.TimestampNTZ:
		if v.kind != 's' {
			return table.Value{}, fmt.Errorf("want a timestamp, got %v", v.text)
		}
		text, shift, ok := cutWideYear(v.text)
		for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02 15:04:05.999999999"} {
			if ts, err := time.Parse(layout, text); err == nil && ok {
				us := ts.UnixMicro()
				if shift > 0 && us > math.MaxInt64-shift*table.MicrosPerDay || shift < 0 && us < math.MinInt64-shift*table.MicrosPerDay {
					break // past int64 microseconds: Spark cannot have written it
				}
				return table.Value{Kind: t.Kind, I: us + shift*table.MicrosPerDay}, nil
			}
		}
		return table.Value{}, fmt.Errorf("bad timestamp %q", v.text)
	}
	return table.Value{}, fmt.Errorf("no min/max for %s", t)
}

// plainDate reads the yyyy-MM-dd text Spark writes for nearly every date statistic, as
// parseScalar's time.Parse does (the same day, the same month and day ranges) at a tenth of its
// cost: it was most of the statistics' parsing on a table with a date column. ok is false for any
// other text, which time.Parse then reads or refuses.
func plainDate(s string) (days int64, ok bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return 0, false
	}
	num := func(t string) int {
		n := 0
		for i := 0; i < len(t); i++ {
			c := t[i]
			if c < '0' || c > '9' {
				return -1
			}
			n = n*10 + int(c-'0')
		}
		return n
	}
	y, m, d := num(s[:4]), num(s[5:7]), num(s[8:])
	if y < 0 || m < 1 || m > 12 || d < 1 || d > 31 {
		return 0, false
	}
	leap := y%4 == 0 && (y%100 != 0 || y%400 == 0)
	if d > 28 && d > [13]int{0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m] && !(leap && m == 2 && d == 29) {
		return 0, false // past the month's end: time.Parse refuses it
	}
	// Days from 1970-01-01 of the proleptic Gregorian calendar, counted from a March-first year
	// (H. Hinnant's days_from_civil); y ≥ 0 here, so the divisions do not round towards zero.
	if m <= 2 {
		y--
	}
	era := (y + 400) / 400 // y ≥ -1: shifted by one era so that it is never negative
	yoe := y + 400 - era*400
	mp := (m + 9) % 12 // March is 0
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return int64(era-1)*146097 + int64(doe) - 719468, true
}

// cutWideYear rewrites a year that java.time prints with a sign or more than four digits (Spark
// writes a timestamp of 9999-12-31 23:00 UTC in a +05:30 session as "+10000-01-01T04:30:00.000+05:30")
// as the year of 2000 to 2399 in the same place of the Gregorian calendar's 400-year cycle, which
// time.Parse reads, and returns the days to add back (146097 a cycle). Other text is returned as
// it is; ok is false for a year of more than seven digits, past Spark's range.
func cutWideYear(s string) (text string, shiftDays int64, ok bool) {
	sign := int64(1)
	digits := s
	if s != "" && (s[0] == '+' || s[0] == '-') {
		if s[0] == '-' {
			sign = -1
		}
		digits = s[1:]
	}
	n := 0
	for n < len(digits) && digits[n] >= '0' && digits[n] <= '9' {
		n++
	}
	if digits == s && n <= 4 {
		return s, 0, true
	}
	if n < 4 || n > 7 {
		return s, 0, false
	}
	y, _ := strconv.ParseInt(digits[:n], 10, 64)
	y *= sign
	cycles := y / 400
	if y%400 < 0 {
		cycles--
	}
	y2 := y - cycles*400 + 2000
	return strconv.FormatInt(y2, 10) + digits[n:], (cycles - 5) * 146097, true
}
