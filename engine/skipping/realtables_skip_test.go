package skipping

import (
	"fmt"
	"math/big"
	"math/rand"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

func loadByName(t *testing.T, suffix string) *realTable {
	t.Helper()
	for _, d := range realTableDirs {
		if strings.HasSuffix(d, suffix) {
			return loadRealTable(t, d)
		}
	}
	t.Fatalf("no real table %s", suffix)
	return nil
}

// kept compiles src over the table and returns the indices of the files read, with the files
// that hold a matching row.
func (rt *realTable) scan(t *testing.T, src string) (kept, match []int) {
	t.Helper()
	e, err := Parse(src, rt.t.Leaves)
	if err != nil {
		t.Fatalf("%s: Parse(%q): %v", rt.short(), src, err)
	}
	f := mustCompile(t, e, rt.t)
	m := rt.matching(e)
	for i := range rt.files {
		if f.Keep(rt.files[i].Stats, rt.files[i].PartitionValues) {
			kept = append(kept, i)
		}
		if m[i] {
			match = append(match, i)
		}
	}
	return kept, match
}

// TestRealTablesRead checks the test's own reading of the real tables: every file's row count
// agrees with its numRecords statistic, and every table has rows.
func TestRealTablesRead(t *testing.T) {
	for _, dir := range realTableDirs {
		rt := loadRealTable(t, dir)
		rows := 0
		for i, f := range rt.files {
			rows += len(rt.rows[i])
			if f.Stats != nil && f.Stats.NumRecords >= 0 && f.Stats.NumRecords != int64(len(rt.rows[i])) {
				t.Errorf("%s: %s: %d rows read, numRecords %d", rt.short(), f.Path, len(rt.rows[i]), f.Stats.NumRecords)
			}
		}
		if rows == 0 {
			t.Errorf("%s: no rows read", rt.short())
		}
		t.Logf("%s: %d files, %d rows, %d leaves; stats left out: %v; columns not read: %v",
			rt.short(), len(rt.files), rows, len(rt.t.Leaves), rt.notes, rt.skipped)
	}
}

// dat/basic_partitioned's log writes {"letter":null} for the file under
// letter=__HIVE_DEFAULT_PARTITION__, which holds the rows whose letter is NULL. The replay reads
// that null as "", which PROTOCOL.md makes NULL for any type; before that rule was applied here,
// both predicates kept no file at all.
func TestEmptyPartitionValueIsNull(t *testing.T) {
	rt := loadByName(t, "dat/basic_partitioned/delta")
	nullFile := -1
	for i, f := range rt.files {
		if v, ok := f.PartitionValues["letter"]; ok && v == "" {
			nullFile = i
		}
	}
	if nullFile < 0 {
		t.Fatal("no file with a null letter partition value")
	}
	for _, src := range []string{"letter IS NULL", "letter <=> NULL", "NOT letter IS NOT NULL", "letter IS NULL AND number > 0"} {
		kept, match := rt.scan(t, src)
		if !slices.Equal(match, []int{nullFile}) {
			t.Errorf("%s: files with matching rows %v, want only the null partition's %d", src, match, nullFile)
		}
		if !slices.Equal(kept, []int{nullFile}) {
			t.Errorf("%s: kept %v, want [%d]", src, kept, nullFile)
		}
	}
	// The null partition is never equal to anything, not even ''.
	if kept, _ := rt.scan(t, "letter = ''"); slices.Contains(kept, nullFile) {
		t.Errorf("letter = '': kept the null partition")
	}
	if kept, _ := rt.scan(t, "letter IS NOT NULL"); slices.Contains(kept, nullFile) || len(kept) != len(rt.files)-1 {
		t.Errorf("letter IS NOT NULL: kept %v", kept)
	}
}

// delta-kernel-rs's partition_pruning_honors_rfc3339_offset_partition_values
// (kernel/tests/integration/data_skipping.rs, issue #2733) writes two adds whose ts partition
// values are "2024-06-15T14:30:00+05:00" (09:30 UTC) and "2024-06-15T14:30:00Z", and expects
// ts = 09:30Z to keep only the first, ts = 14:30Z only the second. Before offsets were read, the
// first value cast to NULL and ts = 09:30Z kept nothing.
func TestPartitionTimestampWithOffset(t *testing.T) {
	leaves := table.Schema{Fields: []table.Field{
		{Name: "ts", Type: table.Type{Kind: table.Timestamp}, Nullable: true},
		{Name: "v", Type: table.Type{Kind: table.Bigint}, Nullable: true},
	}}.Leaves()
	tb := Table{Leaves: leaves, PartitionColumns: []string{"ts"}}
	files := []File{
		{Path: "file_A.parquet", PartitionValues: map[string]string{"ts": "2024-06-15T14:30:00+05:00"}},
		{Path: "file_B.parquet", PartitionValues: map[string]string{"ts": "2024-06-15T14:30:00Z"}},
	}
	for _, tc := range []struct {
		src  string
		want []int
	}{
		{"ts = TIMESTAMP'2024-06-15 09:30:00'", []int{0}},
		{"ts = TIMESTAMP'2024-06-15 14:30:00'", []int{1}},
		{"ts < TIMESTAMP'2024-06-15 14:30:00'", []int{0}},
		{"ts IS NULL", nil},
	} {
		e, err := Parse(tc.src, leaves)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Compile(e, tb)
		if err != nil {
			t.Fatal(err)
		}
		s := f.FilesForScan(files)
		if !slices.Equal(s.Read, tc.want) {
			t.Errorf("%s: read %v, want %v", tc.src, s.Read, tc.want)
		}
	}
	// The real table kernel-rs ships with a timestamp partition written as ISO 8601 in UTC.
	rt := loadByName(t, "timestamp-partitioned-table")
	kept, match := rt.scan(t, "time = TIMESTAMP'1971-07-22 03:06:40'")
	if len(match) != 1 || !slices.Equal(kept, match) {
		t.Errorf("timestamp-partitioned-table: kept %v, matching %v", kept, match)
	}
}

func TestCastPartitionTimestampZones(t *testing.T) {
	const base = 1_718_461_800_000_000 // 2024-06-15 14:30:00 UTC
	for _, tc := range []struct {
		s    string
		kind table.Kind
		want int64
		ok   bool
	}{
		{"2024-06-15 14:30:00", table.Timestamp, base, true},
		{"2024-06-15T14:30:00Z", table.Timestamp, base, true},
		{"2024-06-15T14:30:00.000000Z", table.Timestamp, base, true},
		{"2024-06-15T14:30:00+05:00", table.Timestamp, base - 5*3600e6, true},
		{"2024-06-15T14:30:00-0230", table.Timestamp, base + 2.5*3600e6, true},
		{"2024-06-15T14:30:00+05", table.Timestamp, base - 5*3600e6, true},
		{"2024-06-15 14:30:00 UTC", table.Timestamp, base, true},
		{"2024-06-15 14:30:00 GMT+01:00", table.Timestamp, base - 3600e6, true},
		{"2024-06-15T14:30:00.5+05:00", table.Timestamp, base - 5*3600e6 + 500000, true},
		{"2024-06-15T14:30:00+05:00", table.TimestampNTZ, base, true}, // the zone is dropped
		{"2024-06-15T14:30:00+19:00", table.Timestamp, 0, false},
		{"2024-06-15T14:30:00 Europe/Paris", table.Timestamp, 0, false},
		{"2024-06-15T14:30:00+5:0", table.Timestamp, 0, false},
	} {
		v, ok := castPartitionValue(tc.s, table.Type{Kind: tc.kind})
		if ok != tc.ok || ok && (v.I != tc.want || v.Kind != tc.kind) {
			t.Errorf("castPartitionValue(%q, %v) = %v %v, want %d %v", tc.s, tc.kind, v.I, ok, tc.want, tc.ok)
		}
	}
}

// delta-kernel-rs's type-widening table: version 0 writes a file whose date_timestamp_ntz
// statistics are dates ("2024-09-09"); version 1 widens the column to timestamp_ntz, so those
// values no longer read as the column's type. Only they are lost: the file still skips on every
// other column. Before, ParseJSON failed and the file lost all its statistics.
func TestUnparsableStatLosesOnlyItself(t *testing.T) {
	rt := loadByName(t, "delta-kernel-rs/type-widening")
	if len(rt.notes) != 2 || !strings.Contains(rt.notes[0], "minValues.date_timestamp_ntz") || !strings.Contains(rt.notes[1], "maxValues.date_timestamp_ntz") {
		t.Fatalf("statistics left out: %q, want the old file's min and max of date_timestamp_ntz", rt.notes)
	}
	old := -1
	for i, f := range rt.files {
		if f.Stats.MinValues[indexOfLeaf(t, rt, "date_timestamp_ntz")].Absent() {
			old = i
		}
	}
	for _, tc := range []struct {
		src      string
		keepsOld bool
	}{
		{"int_long = 9223372036854775807", false},                         // skips on int_long
		{"int_long = 2", true},                                            //
		{"short_decimal > 100", false},                                    // skips on a widened decimal
		{"date_timestamp_ntz > TIMESTAMP_NTZ'2030-01-01 00:00:00'", true}, // its stats are gone: read
	} {
		kept, match := rt.scan(t, tc.src)
		if slices.Contains(kept, old) != tc.keepsOld {
			t.Errorf("%s: kept %v; the old file %d kept: %v, want %v", tc.src, kept, old, !tc.keepsOld, tc.keepsOld)
		}
		for _, m := range match {
			if !slices.Contains(kept, m) {
				t.Errorf("%s: file %d holds a matching row but was skipped", tc.src, m)
			}
		}
	}
	// A stats string that is not JSON is still an error.
	var p stats.Parsed
	if err := stats.NewJSONParser(rt.t.Leaves, 1).Parse(`{"numRecords":`, &p); err == nil {
		t.Error("truncated stats: no error")
	}
}

func indexOfLeaf(t *testing.T, rt *realTable, name string) int {
	t.Helper()
	for i, l := range rt.t.Leaves {
		if l.Name() == name {
			return i
		}
	}
	t.Fatalf("%s: no leaf %s", rt.short(), name)
	return -1
}

// delta-kernel-rs's timestamp-truncation-stats table: its second file holds 3 s and 4.000500 s,
// and its stats, written by Delta Spark, give a max of 4.000 s (truncated to milliseconds).
// Delta Spark widens a timestamp max by one millisecond before comparing
// (DataSkippingReader.getAdjustedTimestamp in spark/.../stats/DataSkippingReader.scala; Kernel
// Java does the same, StatsSchemaHelper.getMaxColumn), so that file is read for any ts > v
// with v < 4.001 s. delta-kernel-rs widens by 999 µs instead
// (adjust_scalar_for_max_stat_truncation in kernel/src/scan/data_skipping.rs) and skips it for
// ts > 4.000999 s, which no row of it matches. Layout Lab models Delta Spark.
func TestTimestampMaxTruncationBoundary(t *testing.T) {
	rt := loadByName(t, "delta-kernel-rs/timestamp-truncation-stats")
	// The snapshot lists files by path; name them by the order the commits wrote them.
	order := map[string]int{"part-00000-a234b260": 1, "part-00000-8be8dbf9": 2, "part-00000-f05ea4e8": 3}
	byWrite := func(idx []int) []int {
		out := []int{}
		for _, i := range idx {
			out = append(out, order[rt.files[i].Path[:len("part-00000-a234b260")]])
		}
		slices.Sort(out)
		return out
	}
	for _, tc := range []struct {
		src         string
		kept, match []int
	}{
		// Kernel-rs's own expectation (timestamp_truncation_real_table_gt): files 2 and 3.
		{"ts_col > TIMESTAMP'1970-01-01 00:00:04.0004'", []int{2, 3}, []int{2, 3}},
		{"ts_col > TIMESTAMP'1970-01-01 00:00:04.000999'", []int{2, 3}, []int{3}}, // kernel-rs: [3]
		{"ts_col >= TIMESTAMP'1970-01-01 00:00:04.001'", []int{2, 3}, []int{3}},   // kernel-rs: [3]
		{"ts_col > TIMESTAMP'1970-01-01 00:00:04.001'", []int{3}, []int{3}},
		{"ts_col = TIMESTAMP'1970-01-01 00:00:04.0005'", []int{2}, []int{2}},
		{"ts_col <= TIMESTAMP'1970-01-01 00:00:02.999999'", []int{1}, []int{1}},
	} {
		kept, match := rt.scan(t, tc.src)
		kept, match = byWrite(kept), byWrite(match)
		if !slices.Equal(kept, tc.kept) || !slices.Equal(match, tc.match) {
			t.Errorf("%s: kept %v matching %v, want kept %v matching %v", tc.src, kept, match, tc.kept, tc.match)
		}
	}
}

// A partition predicate OR'ed with a data predicate is a data filter in Delta Spark
// (isPredicatePartitionColumnsOnly is false), and DataFiltersBuilder finds no statistics for the
// partition column, so the OR has no skipping predicate and every file is read
// (DataSkippingReader.scala, DataFiltersBuilder.scala). delta-kernel-rs reads a partition value as
// the file's min and max (DataSkippingColumns::min_stat in kernel/src/scan/data_skipping.rs) and
// would skip here. Layout Lab models Delta Spark.
func TestPartitionOrDataFilter(t *testing.T) {
	rt := loadByName(t, "dat/basic_partitioned/delta")
	kept, match := rt.scan(t, "letter > 'a' OR number > 3")
	if len(kept) != len(rt.files) {
		t.Errorf("kept %v of %d files, want all (Delta Spark cannot use the OR)", kept, len(rt.files))
	}
	if len(match) == len(rt.files) {
		t.Errorf("every file matches; the case shows nothing")
	}
}

// Decimals wider than 18 digits in Delta's golden tables, written by Spark 3.4/3.5: their
// statistics did not fit an int64 and their columns were left out of skipping (every predicate on
// them was refused as naming an unknown column). Read exactly, they prune as Delta Spark does,
// comparing the literal with the min and max as BigDecimals.
func TestWideDecimalsPrune(t *testing.T) {
	for _, tc := range []struct {
		table, src  string
		kept, match []string // files by their partition folder or file name prefix
	}{
		// basic-decimal-table: col3 decimal(20,10), one row per file, partitioned by part.
		{"delta/basic-decimal-table", "col3 > 3333333333.0", []string{"part=2342222.23454"}, []string{"part=2342222.23454"}},
		{"delta/basic-decimal-table", "col3 >= 3333333333.3333333334", nil, nil},
		{"delta/basic-decimal-table", "col3 <= -9999999999.9999999999", []string{"part=-2342342.23423"}, []string{"part=-2342342.23423"}},
		{"delta/basic-decimal-table", "col3 < -9999999999.9999999999", nil, nil},
		{"delta/basic-decimal-table", "col3 = 0", []string{"part=0.00004"}, []string{"part=0.00004"}},
		{"delta/basic-decimal-table", "col3 BETWEEN 2.9999999999 AND 3.0000000001 OR col3 = 0",
			[]string{"part=0.00004", "part=234.00000"}, []string{"part=0.00004", "part=234.00000"}},
		// decimal-various-scale-precision: one file; min/max written as -2.9546424000000000000E-17,
		// -32805.309000000000000000000000000000, 234942.000000000000000000.
		{"delta/decimal-various-scale-precision", "decimal_38_36 < -0.000000000000000029546424", nil, nil},
		{"delta/decimal-various-scale-precision", "decimal_38_36 <= -0.000000000000000029546424", []string{"part-00000"}, []string{"part-00000"}},
		{"delta/decimal-various-scale-precision", "decimal_35_30 < -32805.309", nil, nil},
		{"delta/decimal-various-scale-precision", "decimal_35_30 = -32805.309", []string{"part-00000"}, []string{"part-00000"}},
		{"delta/decimal-various-scale-precision", "decimal_25_18 > 234942", nil, nil},
		{"delta/decimal-various-scale-precision", "decimal_25_18 > 234941.999999999999999999", []string{"part-00000"}, []string{"part-00000"}},
	} {
		rt := loadByName(t, tc.table)
		names := func(idx []int) []string {
			var out []string
			for _, i := range idx {
				p := rt.files[i].Path
				if j := strings.IndexByte(p, '/'); j >= 0 {
					p = p[:j]
				} else {
					p = p[:len("part-00000")]
				}
				out = append(out, p)
			}
			sort.Strings(out)
			return out
		}
		kept, match := rt.scan(t, tc.src)
		if k, m := names(kept), names(match); !slices.Equal(k, tc.kept) || !slices.Equal(m, tc.match) {
			t.Errorf("%s: %s: kept %v matching %v, want kept %v matching %v", tc.table, tc.src, k, m, tc.kept, tc.match)
		}
	}
}

// TestDecimalPartitionArithmeticKeepsMatch: a partition filter with arithmetic on a decimal
// partition column keeps the file whose value matches, as Spark's exact decimal arithmetic
// decides (issue #38). In double, 0.00004 * 3 is 0.00012000000000000002 and the file was pruned.
func TestDecimalPartitionArithmeticKeepsMatch(t *testing.T) {
	rt := loadByName(t, "delta/basic-decimal-table") // part decimal(12,5), one file per value
	for _, tc := range []struct{ src, want string }{
		// decimal(12,5) * decimal(1,0) (the literal's own digits) is decimal(14,5): 0.00012.
		{"part * 3 = 0.00012", "part=0.00004"},
		// decimal(12,5) + decimal(5,5) is decimal(13,5); 0.00004 + 0.00001 is 0.00005 exactly.
		{"part + 0.00001 = 0.00005", "part=0.00004"},
		// decimal(12,5) / decimal(1,0): scale max(6, 5+1+1) = 7, precision 12-5+0+7 = 14.
		// 0.00004 / 3 = 0.0000133333…, HALF_UP at scale 7: 0.0000133.
		{"part / 3 = 0.0000133", "part=0.00004"},
		{"part / 3 = 78", "part=234.00000"},
		{"part - 2342222.23453 = 0.00001", "part=2342222.23454"},
	} {
		kept, match := rt.scan(t, tc.src)
		var k, m []string
		for _, i := range kept {
			k = append(k, strings.SplitN(rt.files[i].Path, "/", 2)[0])
		}
		for _, i := range match {
			m = append(m, strings.SplitN(rt.files[i].Path, "/", 2)[0])
		}
		if !slices.Equal(k, []string{tc.want}) || !slices.Equal(m, []string{tc.want}) {
			t.Errorf("%s: kept %v, matching %v; want %s kept and matching", tc.src, k, m, tc.want)
		}
	}
}

// TestRealTablesNeverSkipAMatch runs a corpus of predicates, hand-written and seeded random ones
// over each table's columns and values, on every real table with data files and checks that
// every file holding a row that satisfies the predicate is read.
func TestRealTablesNeverSkipAMatch(t *testing.T) {
	hand := []string{
		"letter IS NULL", "letter <=> NULL", "letter = 'a'", "letter > 'a' OR number > 3",
		"letter IS NOT NULL AND number < 3", "NOT (letter = 'a')", "letter LIKE 'a%'",
		"date IS NULL", "date = DATE'1970-01-01'", "data = 'hello'", "number BETWEEN 2 AND 4",
		"a_float > 1.5", "utf8 LIKE '1%'", "id IN (1, 3, 5)", "id > 5 OR id IS NULL",
		"ts_col > TIMESTAMP'1970-01-01 00:00:04.000999'", "ts_col <= TIMESTAMP'1970-01-01 00:00:03'",
		"time = TIMESTAMP'1971-07-22 03:06:40'", "part = 1", "part IS NULL", "int_long = 2",
		"date_timestamp_ntz >= TIMESTAMP_NTZ'2024-09-09 00:00:00'", "as_int = 0 AND as_string = '0'",
		// Dates and timestamps past time.Duration's ±292 years (layoutlab/datetime-range*).
		"ts <= TIMESTAMP '9999-12-30 00:00:00'", "d = DATE '9999-12-31'", "pd = DATE'9999-12-31'", "d = '0500-06-15'",
		"ts = TIMESTAMP '0001-01-01 05:30:00+05:30'", "tsn > TIMESTAMP_NTZ'9999-12-31 23:59:59.999'", "pd < '1677-09-22'",
		"d = TIMESTAMP '9999-12-31 00:00:00'", "pd >= TIMESTAMP '2262-04-11 12:00:00'", "tsn >= TIMESTAMP '9999-12-31 23:59:59.999'",
		"month = 1 OR month = 2",
		// decimal(20,10) and decimal(38,x) columns of Delta's golden decimal tables
		"col3 > 3333333333.3333333332", "col3 < -9999999999.9999999998 OR col3 = 0", "part > 0.00003 AND col3 < 4",
		"decimal_38_36 BETWEEN -0.000000000000000029546424 AND 0.000000000000000003241836",
		"decimal_35_24 > 14797355.999999999999999999999999", "decimal_38_0 IN (-17, 26, 99999999999999999999999999999999999999)",
		// Decimal arithmetic, exact as Spark's (#38), on the decimal partition column and data.
		"part * 3 = 0.00012", "part - 0.00001 = 233.99999", "part / 3 = 0.0000133", "part % 2 = -0.23423",
		"part * col3 IS NULL", "part + col1 > 0", "col3 * 3 > 9999999999", "decimal_38_0 * 10 IS NULL",
		// Spark's coercions (#48): float statistics, a widened float, void, fractions on ints,
		// literals past bigint, decimals finer and wider than the column, strings on numbers.
		"f > 46.566", "f < 0.7", "w > 3.4", "w < 0.7", "float_double > 3.4", "v IS NULL", "v = 1 OR id = 20",
		"id > 3.5", "id = 3.5", "big > 9223372036854775807.5", "d18 > 12.34565", "d30 > 99999999999999999999999.9999995",
		"id = '3.9'", "d18 = '12.3456'", "big IN ('1', 8)", "number > 2.5", "number = '4'",
		// LIKE on a number, date or timestamp compares the text Spark casts it to.
		// A string column against a number or a date: Spark casts the column (IN: the items to text).
		"as_string = 0", "utf8 > 1", "letter = 1", "utf8 BETWEEN 1 AND 3", "letter IN (1, 'a')", "as_string < 1.5",
		"letter = DATE'2020-01-01' OR utf8 >= TIMESTAMP'2020-01-01 00:00:00'",
		"id LIKE '1%'", "d LIKE '9999%'", "pd LIKE '0001%'", "ts LIKE '%.999999'", "number LIKE '%2'", "NOT (time LIKE '1971%')",
		// Binary values, bytes unsigned; a string column against another column; strings in
		// arithmetic; doubles past the largest (±Infinity); typed number literals.
		"data = X'68656C6C6F'", "data > X'80'", "data LIKE 'h%'", "letter = X'62'", "data IN (X'F09F9888', X'00')",
		"as_string = as_int", "as_string <=> as_date", "as_big_decimal = as_string", "number = letter", "letter < number",
		"letter + 0 IS NULL", "-as_string < as_int", "number * letter > 1",
		"as_double < 1e309", "as_double > -1E309", "a_float < 1e309", "id > -1e309",
		"as_long = 0L", "as_double = 0D", "as_big_decimal = 0BD", "number >= 2L AND a_float < 4.5D", "as_float = 0F", "a_float > 1.1F", "number < 2.5f",
	}
	rng := rand.New(rand.NewSource(38))
	probeRNG := rand.New(rand.NewSource(48)) // its own stream: the random corpus stays as it was
	refusals := map[string]int{}
	const randomPerTable = 400
	var lines []string
	total := 0
	for _, dir := range realTableDirs {
		rt := loadRealTable(t, dir)
		gen := newPredGen(rt, rng)
		var srcs []string
		for _, h := range hand {
			if _, err := Parse(h, rt.t.Leaves); err == nil {
				srcs = append(srcs, h)
			}
		}
		nHand := len(srcs)
		for i := 0; i < randomPerTable && len(gen.cols) > 0; i++ {
			srcs = append(srcs, gen.pred(3))
		}
		srcs = append(srcs, gen.datetimeInStrings(probeRNG, datetimeInPerTable)...)
		var kept, matched, files, bad, unparsed int
		for _, h := range hand {
			if _, err := Parse(h, rt.t.Leaves); err != nil {
				countRefusal(t, refusals, rt.short(), h, err)
			}
		}
		for _, src := range gen.refusalProbes(probeRNG, refusalProbesPerTable) {
			if _, err := Parse(src, rt.t.Leaves); err == nil {
				t.Errorf("%s: %s: refusal probe parsed", rt.short(), src)
			} else {
				countRefusal(t, refusals, rt.short(), src, err)
			}
		}
		for _, src := range srcs {
			e, err := Parse(src, rt.t.Leaves)
			if err != nil {
				countRefusal(t, refusals, rt.short(), src, err)
				unparsed++
				continue
			}
			f := mustCompile(t, e, rt.t)
			m := rt.matching(e)
			for i := range rt.files {
				k := f.Keep(rt.files[i].Stats, rt.files[i].PartitionValues)
				files++
				if k {
					kept++
				}
				if m[i] {
					matched++
					if !k {
						bad++
						if bad <= 5 {
							t.Errorf("%s: %s: skipped %s, which holds a matching row (%s)", rt.short(), src, rt.files[i].Path,
								f.Explain(rt.files[i].Stats, rt.files[i].PartitionValues))
						}
					}
				}
			}
		}
		total += len(srcs) - unparsed
		if len(srcs)-unparsed < randomPerTable/2 || matched == 0 {
			t.Errorf("%s: %d predicates typed, %d file verdicts with a matching row: too few to show anything", rt.short(), len(srcs)-unparsed, matched)
		}
		lines = append(lines, fmt.Sprintf("%-75s %3d hand + %3d random (%d not typed), file verdicts %5d: kept %5d, with a matching row %5d, matching skipped %d",
			rt.short(), nHand, len(srcs)-nHand, unparsed, files, kept, matched, bad))
	}
	sort.Strings(lines)
	t.Logf("%d predicates run:\n%s", total, strings.Join(lines, "\n"))
	var classes []string
	for c, n := range refusals {
		classes = append(classes, fmt.Sprintf("%-45s %5d", c, n))
	}
	sort.Strings(classes)
	t.Logf("refused predicates (hand-written ones naming another table's columns, refusal probes, random), by error class:\n%s",
		strings.Join(classes, "\n"))
}

// datetimeInPerTable is how many date or timestamp IN lists with strings are drawn per table
// that has such a column.
const datetimeInPerTable = 40

// datetimeInStrings draws n predicates c [NOT] IN (...) on the table's date and timestamp
// columns with a string among the items, which Spark compares as text (InConversion): the text
// a value casts to (a match), the same instant in another spelling ('T' between date and time,
// a trailing zero, a date without its time: no match as text), and a typed literal beside them.
// None when the table has no such column.
func (g *predGen) datetimeInStrings(rng *rand.Rand, n int) []string {
	var cols []int
	for _, li := range g.cols {
		if isDatetime(g.rt.t.Leaves[li].Type.Kind) {
			cols = append(cols, li)
		}
	}
	var out []string
	for i := 0; i < n && len(cols) > 0; i++ {
		li := cols[rng.Intn(len(cols))]
		vs := g.vals[li]
		v := vs[rng.Intn(len(vs))]
		text := v.String()
		variants := []string{text, strings.Replace(text, " ", "T", 1), text + "0", text[:strings.IndexByte(text+" ", ' ')], " " + text}
		items := []string{quoteString(variants[rng.Intn(len(variants))])}
		if rng.Intn(2) == 0 {
			items = append(items, formatLiteral(vs[rng.Intn(len(vs))], true))
		}
		if rng.Intn(3) == 0 {
			items = append(items, quoteString(variants[rng.Intn(len(variants))]))
		}
		not := []string{"", "NOT "}[rng.Intn(2)]
		out = append(out, formatPath(g.rt.t.Leaves[li].Path)+" "+not+"IN ("+strings.Join(items, ", ")+")")
	}
	return out
}

// refusalProbesPerTable is how many predicates Spark refuses are drawn per table.
const refusalProbesPerTable = 40

// sparkRefusalClasses are the Spark 3.5 error classes the parser gives.
var sparkRefusalClasses = map[string]bool{
	ClassParseSyntax: true, ClassUnclosedComment: true, ClassUnresolvedColumn: true, ClassInvalidTyped: true,
	ClassDecimalPrecision: true, ClassArithmeticOverflow: true, ClassCastInvalidInput: true, ClassNumericLiteralRange: true,
	ClassBinaryOpDiffTypes: true, ClassBinaryOpWrongType: true, ClassDataDiffTypes: true,
	ClassUnexpectedInput: true, ClassFilterNotBoolean: true, ClassInvalidEscape: true, ClassInvalidEscapeEnd: true,
}

// refusalClass is the class a refusal's message carries, [CLASS] or [CLASS.SUB] after the
// position, as Spark prints it; "" when it carries none.
var refusalClassRE = regexp.MustCompile(`^\d+:\d+: \[([A-Z_]+(?:\.[A-Z_]+)?)\] `)

// countRefusal checks that a refused predicate's message carries a Spark error class or one of
// LayoutLabLimits, and counts it by class.
func countRefusal(t *testing.T, counts map[string]int, table, src string, err error) {
	t.Helper()
	m := refusalClassRE.FindStringSubmatch(err.Error())
	switch {
	case m == nil:
		t.Errorf("%s: %s: refused without an error class: %v", table, src, err)
	case !sparkRefusalClasses[m[1]] && LayoutLabLimits[m[1]] == "":
		t.Errorf("%s: %s: refused with %s, neither Spark's class nor a documented Layout Lab limit: %v", table, src, m[1], err)
	default:
		counts[m[1]]++
	}
}

// refusalProbes draws n predicates Spark 3.5 refuses, each an atom on one of the table's columns
// (beside a valid one, so that the refusal is not at the start): a literal of a type with no
// common type with the column's, an invalid typed literal, more than 38 digits, an unknown
// column, a syntax error, a non-boolean WHERE; and a region time zone, Layout Lab's own limit.
func (g *predGen) refusalProbes(rng *rand.Rand, n int) []string {
	var out []string
	for len(out) < n && len(g.cols) > 0 {
		li := g.cols[rng.Intn(len(g.cols))]
		c := formatPath(g.rt.t.Leaves[li].Path)
		k := g.rt.t.Leaves[li].Type.Kind
		valid := c + " IS NOT NULL"
		var bad string
		switch rng.Intn(7) {
		case 0:
			switch {
			case isDatetime(k):
				bad = c + []string{" > 5", " IN (5, 6)", " = TRUE"}[rng.Intn(3)]
			case isNumeric(k):
				bad = c + []string{" < DATE'2020-01-01'", " IN (DATE'2020-01-01')", " >= TIMESTAMP'2020-01-01 00:00:00'"}[rng.Intn(3)]
			default:
				continue
			}
		case 1:
			bad = c + " = " + []string{"DATE'2020-13-01'", "TIMESTAMP'2020-01-01 25:00:00'", "DATE'x'"}[rng.Intn(3)]
		case 2:
			if !isNumeric(k) {
				continue
			}
			bad = c + " > 1" + strings.Repeat("0", 38+rng.Intn(3))
		case 3:
			bad = "no_such_column_" + strconv.Itoa(rng.Intn(100)) + " = 1"
		case 4:
			bad = c + []string{" = ", " BETWEEN 1", " IN ()", " = (1"}[rng.Intn(4)]
		case 5:
			if !isNumeric(k) {
				continue
			}
			out = append(out, c) // WHERE on a number
			continue
		case 6:
			if k != table.Timestamp {
				continue
			}
			bad = c + " > TIMESTAMP'2020-01-01 00:00:00 Europe/Paris'"
		}
		if rng.Intn(2) == 0 {
			out = append(out, valid+" AND "+bad)
		} else {
			out = append(out, bad+" OR "+valid)
		}
	}
	return out
}

// predGen draws predicates over a table's columns, with literals from the values the table
// holds and their neighbours, so that boundaries are hit.
type predGen struct {
	rng  *rand.Rand
	cols []int
	vals map[int][]table.Value
	rt   *realTable
}

func newPredGen(rt *realTable, rng *rand.Rand) *predGen {
	g := &predGen{rng: rng, vals: map[int][]table.Value{}, rt: rt}
	for li, l := range rt.t.Leaves {
		switch l.Type.Kind {
		case table.Int, table.Bigint, table.Double, table.Float, table.Decimal, table.String, table.Date,
			table.Timestamp, table.TimestampNTZ, table.Boolean:
		default:
			continue
		}
		seen := map[string]bool{}
		for _, rows := range rt.rows {
			for _, row := range rows {
				v := row[li]
				if v.Null || seen[v.String()] {
					continue
				}
				seen[v.String()] = true
				g.vals[li] = append(g.vals[li], v)
			}
		}
		if len(g.vals[li]) > 0 {
			g.cols = append(g.cols, li)
		}
	}
	return g
}

func (g *predGen) literal(li int) string {
	vs := g.vals[li]
	v := vs[g.rng.Intn(len(vs))]
	switch v.Kind {
	case table.Int, table.Bigint, table.Date:
		if v.I > -1<<40 && v.I < 1<<40 {
			v.I += int64(g.rng.Intn(3) - 1)
		}
	case table.Timestamp, table.TimestampNTZ:
		v.I += []int64{0, 0, 1, -1, 999, 1000, -1000, 500}[g.rng.Intn(8)]
	case table.Double:
		v.F += []float64{0, 0, 0.5, -0.5}[g.rng.Intn(4)]
	case table.Decimal:
		// One unit of the last digit either way, through math/big so that neighbours of
		// decimal(38) values past 64 bits are exact; one past the precision stays as it is.
		if d := g.rng.Intn(3) - 1; d != 0 {
			u := new(big.Int).Add(new(big.Int).Lsh(big.NewInt(v.Hi), 64), big.NewInt(v.I))
			u.Add(u, big.NewInt(int64(d)))
			if w, err := table.ParseDecimal(u.String()+"E-"+strconv.Itoa(int(v.Scale)), g.rt.t.Leaves[li].Type); err == nil {
				v = w
			}
		}
	case table.String:
		switch g.rng.Intn(4) {
		case 1:
			v.S += "a"
		case 2:
			if v.S != "" {
				v.S = v.S[:len(v.S)-1]
			}
		}
	}
	return formatLiteral(v, true)
}

func (g *predGen) atom() string {
	li := g.cols[g.rng.Intn(len(g.cols))]
	c := formatPath(g.rt.t.Leaves[li].Path)
	k := g.rt.t.Leaves[li].Type.Kind
	switch n := g.rng.Intn(12); {
	case n < 6:
		op := []string{"=", "<", "<=", ">", ">=", "<>", "<=>"}[g.rng.Intn(7)]
		if isNumeric(k) && g.rng.Intn(3) == 0 {
			return c + " " + op + " " + g.coercionLiteral(li)
		}
		return c + " " + op + " " + g.literal(li)
	case n == 6:
		return c + " IS NULL"
	case n == 7:
		return c + " IS NOT NULL"
	case n == 8 && isNumeric(k) && g.rng.Intn(2) == 0:
		return c + " IN (" + g.coercionLiteral(li) + ", " + g.literal(li) + ")"
	case n == 8:
		return c + " IN (" + g.literal(li) + ", " + g.literal(li) + ")"
	case n == 9:
		return c + " BETWEEN " + g.literal(li) + " AND " + g.literal(li)
	case n == 11 && (k == table.Decimal || isIntegral(k)):
		return g.arith(li, c)
	case n == 10 && k == table.String:
		lit := g.literal(li)
		s := strings.Trim(lit, "'")
		if len(s) > 1 {
			s = s[:1]
		}
		return c + " LIKE '" + strings.NewReplacer("%", "", "_", "", "\\", "", "'", "''").Replace(s) + "%'"
	}
	return c + " <=> NULL"
}

// arith draws c op k compared with the value that expression takes on one of the table's rows,
// so that = lands on a row (and on overflows, divisions by zero and rounding).
func (g *predGen) arith(li int, c string) string {
	ks := []string{"3", "-2", "0", "0.1", "0.00001", "2.5", "1000000000000", "99999999999999999999999999999999999999"}
	expr := c + " " + string("+-*/%"[g.rng.Intn(5)]) + " " + ks[g.rng.Intn(len(ks))]
	e, err := Parse(expr+" IS NULL", g.rt.t.Leaves)
	if err != nil {
		return c + " IS NULL"
	}
	rows := g.rt.rows[g.rng.Intn(len(g.rt.rows))]
	if len(rows) == 0 {
		return expr + " IS NULL"
	}
	v := evalValue(e.(*IsNull).X, &partRow{vals: rows[g.rng.Intn(len(rows))]})
	if v.Null {
		return expr + []string{" IS NULL", " IS NOT NULL"}[g.rng.Intn(2)]
	}
	return expr + " " + []string{"=", "<", ">=", "<>"}[g.rng.Intn(4)] + " " + formatLiteral(v, true)
}

func (g *predGen) pred(depth int) string {
	if depth == 0 || g.rng.Intn(3) == 0 {
		return g.atom()
	}
	switch g.rng.Intn(5) {
	case 0:
		return "NOT (" + g.pred(depth-1) + ")"
	case 1, 2:
		return "(" + g.pred(depth-1) + ") AND (" + g.pred(depth-1) + ")"
	}
	return "(" + g.pred(depth-1) + ") OR (" + g.pred(depth-1) + ")"
}

// coercionLiteral draws a literal of another type than numeric leaf li's, beside a value the
// table holds, so that Spark's type coercion decides the comparison (issue #48): a fraction
// beside an integer or a finer decimal, an integer past bigint, a decimal wider than any
// column, a float's own text, or the value as a string (read as Spark's cast reads it).
func (g *predGen) coercionLiteral(li int) string {
	vs := g.vals[li]
	v := vs[g.rng.Intn(len(vs))]
	text := v.String() // digits for integers and decimals, the shortest text for floats
	frac := text + ".5"
	switch {
	case strings.ContainsAny(text, "eE"): // already a double literal; its digits could pass 38
		frac = text
	case strings.Contains(text, "."):
		frac = text + "1"
	}
	switch g.rng.Intn(6) {
	case 0:
		return frac
	case 1:
		return []string{"9223372036854775808", "-9223372036854775809", "99999999999999999999", "-12345678901234567890123456789.5"}[g.rng.Intn(4)]
	case 2:
		return "1" + strings.Repeat("0", 24) + ".000001"
	case 3:
		if v.Kind == table.Double || v.Kind == table.Float {
			if f := float32(v.F); float64(f) == v.F {
				return strconv.FormatFloat(float64(f), 'g', -1, 32) // the text a float statistic has
			}
		}
		if strings.ContainsAny(text, "eE") {
			return text
		}
		return text + "E0" // a double
	}
	return quoteString([]string{text, " " + text + " ", frac, "abc", "1e3", "-" + text}[g.rng.Intn(6)])
}

// A date or timestamp column IN a list with a string: Spark 3.5's InConversion casts the column
// and every item to string (TypeCoercion.findWiderCommonType of a date and a string is a string),
// so rows compare as text and Delta cannot skip on the cast column; a partition column's values
// are still compared, as text, file by file. A binary comparison instead casts the string to the
// column's type (findCommonTypeForBinaryComparison). Before, IN cast the strings to dates too:
// '1970-01-01 00:00:00' matched the date 1970-01-01, and files were skipped on statistics.
func TestDatetimeInStringsCompareAsText(t *testing.T) {
	all := []int{0, 1, 2, 3, 4}
	for _, tc := range []struct {
		table, src  string
		kept, match []int
	}{
		{"layoutlab/datetime-range", "d IN ('1970-01-01 00:00:00')", all, nil},
		{"layoutlab/datetime-range", "d IN ('1970-01-01')", all, []int{1}},
		{"layoutlab/datetime-range", "d IN ('1970-1-1', DATE'9999-12-30')", all, []int{3}},
		{"layoutlab/datetime-range", "d NOT IN ('1970-01-01 00:00:00')", all, all},
		{"layoutlab/datetime-range", "d = '1970-01-01 00:00:00'", []int{1, 4}, []int{1}}, // file 4 spans 0001 to 9999
		{"layoutlab/datetime-range", "ts IN ('1970-01-01 00:00:00.000001')", all, []int{1}},
		{"layoutlab/datetime-range", "ts IN ('1970-01-01T00:00:00.000001Z')", all, nil},
		{"layoutlab/datetime-range", "tsn IN ('9999-12-31 23:59:59.999', NULL)", all, []int{3}},
		{"layoutlab/datetime-range-partitioned", "pd IN ('9999-12-31', '1970-1-1')", []int{4}, []int{4}},
		{"layoutlab/datetime-range-partitioned", "pd = '1970-1-1'", []int{2}, []int{2}},
		// LIKE casts a date, timestamp or number to string too (ImplicitTypeCasts): text, no
		// skipping on statistics, a partition value compared file by file.
		{"layoutlab/datetime-range", "d LIKE '9999-12-3%'", all, []int{3, 4}},
		{"layoutlab/datetime-range", "ts LIKE '%.999999'", all, []int{0, 1, 3}},
		{"layoutlab/datetime-range", "id LIKE '1_' AND d NOT LIKE '9999%'", all, []int{2, 4}},
		{"layoutlab/datetime-range-partitioned", "pd LIKE '1970%'", []int{2}, []int{2}},
	} {
		rt := loadByName(t, tc.table)
		kept, match := rt.scan(t, tc.src)
		if !slices.Equal(kept, tc.kept) || !slices.Equal(match, tc.match) {
			t.Errorf("%s: %s: kept %v matching %v, want kept %v matching %v", tc.table, tc.src, kept, match, tc.kept, tc.match)
		}
	}
}
