package skipping

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// datetimeBoundaries are the days around the ends of time.Duration's range (±292 years from
// 1970, 1677-09-21 to 2262-04-11), of the epoch, and of Delta's 0001-01-01 to 9999-12-31.
var datetimeBoundaries = []string{
	"0001-01-01 00:00:00", "0500-03-01 12:00:00", "1582-10-04 00:00:00", "1677-09-21 00:00:00",
	"1677-09-22 00:00:00", "1969-12-31 23:59:59.999999", "1970-01-01 00:00:00", "2262-04-11 23:47:16.854775",
	"2262-04-12 00:00:00", "9999-12-31 00:00:00", "9999-12-31 23:59:59.999999",
}

// refMicros is the reference reading of a boundary, through time.Time's Unix seconds (exact
// over this range, unlike its Duration-based Sub and UnixNano).
func refMicros(t *testing.T, s string) (days, micros int64) {
	t.Helper()
	tm, err := time.Parse("2006-01-02 15:04:05.999999", s)
	if err != nil {
		t.Fatal(err)
	}
	sec := tm.Unix()
	days = sec / 86400
	if sec%86400 < 0 {
		days--
	}
	return days, sec*1e6 + int64(tm.Nanosecond()/1000)
}

var datetimeLeaves = []table.Leaf{
	{Path: []string{"d"}, Type: table.Type{Kind: table.Date}},
	{Path: []string{"t"}, Type: table.Type{Kind: table.Timestamp}, Top: 1},
	{Path: []string{"tn"}, Type: table.Type{Kind: table.TimestampNTZ}, Top: 2},
}

// TestDatetimeLiteralRoundTrip: DATE, TIMESTAMP and TIMESTAMP_NTZ literals over the whole
// 0001-9999 range read as the exact day or microsecond and print back as they were written.
func TestDatetimeLiteralRoundTrip(t *testing.T) {
	for _, s := range datetimeBoundaries {
		days, us := refMicros(t, s)
		date := s[:10]
		for _, tc := range []struct {
			src, echo string
			want      table.Value
		}{
			{"d = DATE'" + date + "'", "d = DATE'" + date + "'", table.Value{Kind: table.Date, I: days}},
			{"d = DATE'" + s + "'", "d = DATE'" + date + "'", table.Value{Kind: table.Date, I: days}},
			{"t = TIMESTAMP'" + s + "'", "t = TIMESTAMP'" + s + "'", table.Value{Kind: table.Timestamp, I: us}},
			{"tn = TIMESTAMP_NTZ'" + s + "'", "tn = TIMESTAMP_NTZ'" + s + "'", table.Value{Kind: table.TimestampNTZ, I: us}},
			// A string against the column is cast to its type (TypeCoercion), then printed as a literal.
			{"d = '" + date + "'", "d = DATE'" + date + "'", table.Value{Kind: table.Date, I: days}},
			{"t = '" + strings.Replace(s, " ", "T", 1) + "Z'", "t = TIMESTAMP'" + s + "'", table.Value{Kind: table.Timestamp, I: us}},
		} {
			e, err := Parse(tc.src, datetimeLeaves)
			if err != nil {
				t.Errorf("Parse(%q): %v", tc.src, err)
				continue
			}
			if got := e.(*Compare).R.(*Literal).Val; got != tc.want {
				t.Errorf("Parse(%q): literal %v (I=%d), want I=%d", tc.src, got, got.I, tc.want.I)
			}
			if got := e.String(); got != tc.echo {
				t.Errorf("Parse(%q) prints %q, want %q", tc.src, got, tc.echo)
			}
		}
	}
}

// TestDatetimePartitionValueRoundTrip: partitionValues as Delta writes them (PROTOCOL.md
// "Partition Value Serialization": a date as yyyy-MM-dd, a timestamp as yyyy-MM-dd HH:mm:ss[.S]
// or ISO 8601 with Z) cast to the exact day or microsecond, and an equality on the literal of the
// same instant keeps the file while a strict inequality prunes it.
func TestDatetimePartitionValueRoundTrip(t *testing.T) {
	for _, s := range datetimeBoundaries {
		days, us := refMicros(t, s)
		date := s[:10]
		for _, tc := range []struct {
			leaf      int
			pv, lit   string
			want      table.Value
			wantIsSet bool
		}{
			{0, date, "DATE'" + date + "'", table.Value{Kind: table.Date, I: days}, true},
			{1, s, "TIMESTAMP'" + s + "'", table.Value{Kind: table.Timestamp, I: us}, true},
			{1, strings.Replace(s, " ", "T", 1) + "Z", "TIMESTAMP'" + s + "'", table.Value{Kind: table.Timestamp, I: us}, true},
			{2, s, "TIMESTAMP_NTZ'" + s + "'", table.Value{Kind: table.TimestampNTZ, I: us}, true},
		} {
			l := datetimeLeaves[tc.leaf]
			got, ok := castPartitionValue(tc.pv, l.Type)
			if !ok || got != tc.want {
				t.Errorf("castPartitionValue(%q, %s) = %v (I=%d), %v; want I=%d", tc.pv, l.Type, got, got.I, ok, tc.want.I)
			}
			tb := Table{Leaves: datetimeLeaves, PartitionColumns: []string{l.Name()}}
			pv := map[string]string{l.Name(): tc.pv}
			for op, keep := range map[string]bool{"=": true, "<=": true, ">=": true, "<": false, ">": false, "<>": false} {
				src := l.Name() + " " + op + " " + tc.lit
				e, err := Parse(src, datetimeLeaves)
				if err != nil {
					t.Fatalf("Parse(%q): %v", src, err)
				}
				f, err := Compile(e, tb)
				if err != nil {
					t.Fatal(err)
				}
				if f.Keep(nil, pv) != keep {
					t.Errorf("%s over partition value %q: keep %v, want %v", src, tc.pv, !keep, keep)
				}
			}
		}
	}
}

// sparkStatsJSON writes one file's statistics as Delta Spark does: dates as yyyy-MM-dd,
// timestamps truncated to milliseconds as yyyy-MM-dd'T'HH:mm:ss.SSSXXX (timestamp_ntz without
// the zone). Written here with fmt so the test does not read the code it checks.
func sparkStatsJSON(minD, maxD string, minT, maxT time.Time) string {
	ts := func(tm time.Time, zone string) string {
		return tm.Truncate(time.Millisecond).Format("2006-01-02T15:04:05.000") + zone
	}
	return fmt.Sprintf(`{"numRecords":2,"minValues":{"d":%q,"t":%q,"tn":%q},"maxValues":{"d":%q,"t":%q,"tn":%q},"nullCount":{"d":0,"t":0,"tn":0}}`,
		minD, ts(minT, "Z"), ts(minT, ""), maxD, ts(maxT, "Z"), ts(maxT, ""))
}

// TestDatetimeStatsPrune: a file whose statistics hold days past 2262 or before 1677 is read for
// a literal it may hold, and pruned for one outside its range, with the stats read from Spark's
// JSON text (millisecond-truncated maxima included) and the literals parsed from SQL.
func TestDatetimeStatsPrune(t *testing.T) {
	tb := Table{Leaves: datetimeLeaves}
	for _, tc := range []struct {
		lo, hi string // the file's rows span lo..hi, for d, t and tn alike
		pred   string
		keep   bool
	}{
		{"9999-12-30 00:00:00", "9999-12-30 00:00:00", "t <= TIMESTAMP '9999-12-30 00:00:00'", true},
		{"9999-12-30 00:00:00", "9999-12-30 00:00:00", "tn <= TIMESTAMP_NTZ '9999-12-30 00:00:00'", true},
		{"9999-12-30 00:00:00", "9999-12-30 00:00:00", "t < TIMESTAMP '9999-12-30 00:00:00'", false},
		{"9999-12-31 00:00:00", "9999-12-31 23:59:59.999999", "d = DATE '9999-12-31'", true},
		{"9999-12-31 00:00:00", "9999-12-31 23:59:59.999999", "t = TIMESTAMP '9999-12-31 23:59:59.999999'", true},
		{"9999-12-31 00:00:00", "9999-12-31 23:59:59.999999", "tn > TIMESTAMP_NTZ '9999-12-31 23:59:59.999'", true},
		{"9999-12-31 00:00:00", "9999-12-31 23:59:59.999999", "d < DATE '9999-12-31'", false},
		{"2262-04-12 00:00:00", "2262-04-12 00:00:00", "d = DATE '2262-04-12' AND t = TIMESTAMP '2262-04-12 00:00:00'", true},
		{"2262-04-12 00:00:00", "2262-04-12 00:00:00", "d = DATE '2262-04-11'", false},
		{"0500-06-15 00:00:00", "0500-06-15 08:00:00", "d = DATE '0500-06-15'", true},
		{"0500-06-15 00:00:00", "0500-06-15 08:00:00", "t BETWEEN TIMESTAMP '0500-06-15 07:00:00' AND TIMESTAMP '0500-06-15 09:00:00'", true},
		{"0500-06-15 00:00:00", "0500-06-15 08:00:00", "d = DATE '1677-09-21'", false},
		{"0001-01-01 00:00:00", "0001-01-01 00:00:00", "d <= DATE '0001-01-01' AND t <= TIMESTAMP '0001-01-01 00:00:00'", true},
		{"0001-01-01 00:00:00", "1677-09-21 00:00:00", "tn = TIMESTAMP_NTZ '1677-09-21 00:00:00'", true},
		{"1677-09-22 00:00:00", "1969-12-31 00:00:00", "t < TIMESTAMP '1677-09-22 00:00:00'", false},
		// Spark 3.5 casts the column here (CAST(d AS TIMESTAMP)), which Delta cannot skip on: the
		// file is read though no row matches (castsColumn). TIMESTAMP_NTZ against a timestamp
		// column casts the literal instead, and prunes.
		{"9999-12-31 00:00:00", "9999-12-31 00:00:00", "d = TIMESTAMP '2020-01-01 00:00:00'", true},
		{"9999-12-31 00:00:00", "9999-12-31 00:00:00", "d IN (TIMESTAMP_NTZ '2020-01-01 00:00:00')", true},
		{"9999-12-31 00:00:00", "9999-12-31 00:00:00", "tn < TIMESTAMP '0001-01-01 00:00:00'", true},
		{"9999-12-31 00:00:00", "9999-12-31 00:00:00", "t = TIMESTAMP_NTZ '2020-01-01 00:00:00'", false},
		{"9999-12-31 00:00:00", "9999-12-31 00:00:00", "d = DATE '2020-01-01' OR d = TIMESTAMP '2020-01-01 00:00:00'", true},
		{"9999-12-31 00:00:00", "9999-12-31 00:00:00", "d = DATE '2020-01-01' AND d = TIMESTAMP '2020-01-01 00:00:00'", false},
		// An offset is honoured: 05:30 at +05:30 is midnight UTC.
		{"2020-01-01 00:00:00", "2020-01-01 00:00:00", "t = TIMESTAMP '2020-01-01 05:30:00+05:30'", true},
		{"2020-01-01 00:00:00", "2020-01-01 00:00:00", "t = TIMESTAMP '2020-01-01 05:30:00'", false},
	} {
		lo, err := time.Parse("2006-01-02 15:04:05.999999", tc.lo)
		if err != nil {
			t.Fatal(err)
		}
		hi, err := time.Parse("2006-01-02 15:04:05.999999", tc.hi)
		if err != nil {
			t.Fatal(err)
		}
		js := sparkStatsJSON(tc.lo[:10], tc.hi[:10], lo, hi)
		var p stats.Parsed
		if err := stats.NewJSONParser(datetimeLeaves, 1).Parse(js, &p); err != nil || len(p.Notes) > 0 {
			t.Fatalf("%s: %v %v", js, err, p.Notes)
		}
		e, err := Parse(tc.pred, datetimeLeaves)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.pred, err)
		}
		f, err := Compile(e, tb)
		if err != nil {
			t.Fatal(err)
		}
		if got := f.Keep(&p.FileStats, nil); got != tc.keep {
			t.Errorf("%s over stats %s: keep %v, want %v (%s)", tc.pred, js, got, tc.keep, f.Explain(&p.FileStats, nil))
		}
	}
}

// TestDateAgainstTimestampRows: on the 0001..9999 table, a date column compared with a timestamp
// matches the rows CAST(d AS TIMESTAMP) does (midnight UTC), and, since Delta cannot skip on
// that cast, every file is read.
func TestDateAgainstTimestampRows(t *testing.T) {
	rt := loadByName(t, "layoutlab/datetime-range")
	for _, tc := range []struct {
		src   string
		match []int
	}{
		{"d = TIMESTAMP '9999-12-31 00:00:00'", []int{3, 4}},
		{"d = TIMESTAMP '9999-12-31 00:00:00.000001'", nil},
		{"d < TIMESTAMP_NTZ '0001-01-01 00:00:00.000001'", []int{0, 4}},
		{"d >= TIMESTAMP '9999-12-30 23:59:59.999999'", []int{3, 4}},
	} {
		kept, match := rt.scan(t, tc.src)
		if fmt.Sprint(match) != fmt.Sprint(tc.match) {
			t.Errorf("%s: files with a matching row %v, want %v", tc.src, match, tc.match)
		}
		if len(kept) != len(rt.files) {
			t.Errorf("%s: read %v, want every file (Delta cannot skip on CAST(d AS TIMESTAMP))", tc.src, kept)
		}
	}
}
