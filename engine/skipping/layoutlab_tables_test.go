package skipping

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"

	"layoutlab/engine/table"
)

// The tables under testdata/tables/layoutlab are written by this file: Parquet data files
// through parquet-go and a hand-written _delta_log whose statistics are the text Delta Spark
// writes (dates as yyyy-MM-dd, timestamps truncated to milliseconds as
// yyyy-MM-dd'T'HH:mm:ss.SSSXXX, timestamp_ntz without the zone). They hold dates and timestamps
// from 0001-01-01 to 9999-12-31, past both ends of time.Duration's ±292 years, for the row-level
// oracle (TestRealTablesNeverSkipAMatch). `go test -run TestLayoutlabTables -args -regen`
// rewrites them; without -regen the test checks that the committed files are what this code
// writes.
var regenTables = flag.Bool("regen", false, "rewrite testdata/tables/layoutlab from the generator")

// layoutlabRow is one row: a nil pointer is NULL.
type layoutlabRow struct {
	id  int32
	d   *string // yyyy-MM-dd
	ts  *string // yyyy-MM-dd HH:mm:ss.ffffff, UTC
	tsn *string // the same, without zone
}

func sp(s string) *string { return &s }

// dtRow is a row whose d, ts and tsn are the same instant (d its day).
func dtRow(id int32, s string) layoutlabRow {
	return layoutlabRow{id: id, d: sp(s[:10]), ts: sp(s), tsn: sp(s)}
}

type layoutlabFile struct {
	part *string // the date partition value of the partitioned table; nil for NULL
	rows []layoutlabRow
}

type layoutlabTable struct {
	dir   string
	part  bool // partitioned by pd (a date), ts written as INT96 as Spark does by default
	files []layoutlabFile
}

func layoutlabTables() []layoutlabTable {
	return []layoutlabTable{
		{dir: "testdata/tables/layoutlab/datetime-range", files: []layoutlabFile{
			{rows: []layoutlabRow{dtRow(1, "0001-01-01 00:00:00"), dtRow(2, "0500-06-15 12:34:56.789123"), dtRow(3, "1582-10-04 23:59:59.999999"), dtRow(4, "1677-09-21 00:12:43.145224")}},
			{rows: []layoutlabRow{dtRow(5, "1677-09-22 00:00:00"), dtRow(6, "1969-12-31 23:59:59.999999"), dtRow(7, "1970-01-01 00:00:00"), dtRow(8, "1970-01-01 00:00:00.000001")}},
			{rows: []layoutlabRow{dtRow(9, "2262-04-11 23:47:16.854775"), dtRow(10, "2262-04-11 23:47:16.854776"), dtRow(11, "2262-04-12 00:00:00"), dtRow(12, "4000-02-29 12:00:00")}},
			{rows: []layoutlabRow{dtRow(13, "9999-12-30 00:00:00"), dtRow(14, "9999-12-31 23:59:59.999"), dtRow(15, "9999-12-31 23:59:59.999999")}},
			{rows: []layoutlabRow{dtRow(16, "0001-01-01 00:00:00.000001"), {id: 17}, dtRow(18, "9999-12-31 00:00:00")}},
		}},
		{dir: "testdata/tables/layoutlab/datetime-range-partitioned", part: true, files: []layoutlabFile{
			{part: sp("0001-01-01"), rows: []layoutlabRow{dtRow(1, "0001-01-01 00:00:00"), dtRow(2, "0001-01-01 23:59:59.999999")}},
			{part: sp("1677-09-21"), rows: []layoutlabRow{dtRow(3, "1677-09-21 00:00:00"), dtRow(4, "1677-09-21 12:00:00")}},
			{part: sp("1970-01-01"), rows: []layoutlabRow{dtRow(5, "1969-12-31 23:59:59.999999"), dtRow(6, "1970-01-01 00:00:00")}},
			{part: sp("2262-04-12"), rows: []layoutlabRow{dtRow(7, "2262-04-11 23:47:16.854775"), dtRow(8, "2262-04-12 00:00:00.001")}},
			{part: sp("9999-12-31"), rows: []layoutlabRow{dtRow(9, "9999-12-31 00:00:00"), dtRow(10, "9999-12-31 23:59:59.999999")}},
			{part: nil, rows: []layoutlabRow{dtRow(11, "0500-06-15 12:00:00"), {id: 12}}},
		}},
	}
}

// TestLayoutlabTables writes the tables into a temporary directory and compares them with the
// committed copies, or, with -regen, writes them in place.
func TestLayoutlabTables(t *testing.T) {
	for _, tb := range layoutlabTables() {
		out := t.TempDir()
		if *regenTables {
			out = tb.dir
			if err := os.RemoveAll(out); err != nil {
				t.Fatal(err)
			}
		}
		files := writeLayoutlabTable(t, tb, out)
		if *regenTables {
			continue
		}
		for _, f := range files {
			want, err := os.ReadFile(filepath.Join(out, f))
			if err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(filepath.Join(tb.dir, f))
			if err != nil {
				t.Fatalf("%s: %v (run with -args -regen)", tb.dir, err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s/%s differs from what the generator writes (run with -args -regen)", tb.dir, f)
			}
		}
	}
}

// micros reads a yyyy-MM-dd HH:mm:ss[.ffffff] text as microseconds from the epoch through Unix
// seconds, exact over 0001-9999.
func micros(t *testing.T, s string) int64 {
	t.Helper()
	tm, err := time.Parse("2006-01-02 15:04:05.999999", s)
	if err != nil {
		t.Fatal(err)
	}
	return tm.Unix()*1e6 + int64(tm.Nanosecond()/1000)
}

func daysOf(t *testing.T, s string) int64 {
	us := micros(t, s+" 00:00:00")
	return us / 86_400_000_000 // midnight: exact, also before 1970
}

// writeLayoutlabTable writes one table under out and returns the paths it wrote.
func writeLayoutlabTable(t *testing.T, tb layoutlabTable, out string) []string {
	t.Helper()
	tsNode := parquet.Optional(parquet.Timestamp(parquet.Microsecond))
	if tb.part {
		tsNode = parquet.Optional(parquet.Leaf(parquet.Int96Type))
	}
	group := parquet.Group{
		"id":  parquet.Optional(parquet.Int(32)),
		"ts":  tsNode,
		"tsn": parquet.Optional(parquet.TimestampAdjusted(parquet.Microsecond, false)),
	}
	if !tb.part {
		group["d"] = parquet.Optional(parquet.Date())
	}
	schema := parquet.NewSchema("spark_schema", group)
	colIndex := map[string]int{}
	for i, path := range schema.Columns() {
		colIndex[path[0]] = i
	}
	const created = 1767225600000 // 2026-01-01T00:00:00Z, fixed so the files are reproducible
	var written []string
	var adds []string
	for fi, f := range tb.files {
		var buf bytes.Buffer
		w := parquet.NewWriter(&buf, schema, parquet.CreatedBy("layoutlab-test", "1", "generator"))
		var rows []parquet.Row
		for _, r := range f.rows {
			row := make(parquet.Row, len(colIndex))
			set := func(col string, v parquet.Value, null bool) {
				ci := colIndex[col]
				if null {
					row[ci] = parquet.NullValue().Level(0, 0, ci)
				} else {
					row[ci] = v.Level(0, 1, ci)
				}
			}
			set("id", parquet.Int32Value(r.id), false)
			if !tb.part {
				var d int64
				if r.d != nil {
					d = daysOf(t, *r.d)
				}
				set("d", parquet.Int32Value(int32(d)), r.d == nil)
			}
			var us int64
			if r.ts != nil {
				us = micros(t, *r.ts)
			}
			if tb.part {
				// INT96: nanoseconds of the day, then the Julian day (2440588 is 1970-01-01).
				day := us / 86_400_000_000
				if us%86_400_000_000 < 0 {
					day--
				}
				nanos := (us - day*86_400_000_000) * 1000
				set("ts", parquet.Int96Value(deprecated.Int96{uint32(nanos), uint32(nanos >> 32), uint32(day + 2440588)}), r.ts == nil)
			} else {
				set("ts", parquet.Int64Value(us), r.ts == nil)
			}
			set("tsn", parquet.Int64Value(us), r.tsn == nil)
			rows = append(rows, row)
		}
		if _, err := w.WriteRows(rows); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("part-%05d-6c61796f-7574-6c61-6200-%012d.c000.parquet", fi, fi)
		rel, pvJSON := name, `{}`
		if tb.part {
			dir := "pd=__HIVE_DEFAULT_PARTITION__"
			pvJSON = `{"pd":null}`
			if f.part != nil {
				dir = "pd=" + *f.part
				pvJSON = `{"pd":"` + *f.part + `"}`
			}
			rel = dir + "/" + name
		}
		if err := os.MkdirAll(filepath.Join(out, filepath.Dir(rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, rel), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		written = append(written, rel)
		st, err := json.Marshal(layoutlabStats(f.rows, !tb.part))
		if err != nil {
			t.Fatal(err)
		}
		add, err := json.Marshal(map[string]any{"add": map[string]any{
			"path": rel, "partitionValues": json.RawMessage(pvJSON), "size": buf.Len(),
			"modificationTime": created, "dataChange": true, "stats": string(st),
		}})
		if err != nil {
			t.Fatal(err)
		}
		adds = append(adds, string(add))
	}
	fields := []string{`{"name":"id","type":"integer","nullable":true,"metadata":{}}`}
	if tb.part {
		fields = append(fields, `{"name":"pd","type":"date","nullable":true,"metadata":{}}`)
	} else {
		fields = append(fields, `{"name":"d","type":"date","nullable":true,"metadata":{}}`)
	}
	fields = append(fields, `{"name":"ts","type":"timestamp","nullable":true,"metadata":{}}`,
		`{"name":"tsn","type":"timestamp_ntz","nullable":true,"metadata":{}}`)
	schemaString := `{"type":"struct","fields":[` + strings.Join(fields, ",") + `]}`
	partCols := `[]`
	if tb.part {
		partCols = `["pd"]`
	}
	meta, err := json.Marshal(map[string]any{"metaData": map[string]any{
		"id":     "6c61796f-7574-6c61-6200-00000000000" + map[bool]string{false: "1", true: "2"}[tb.part],
		"format": map[string]any{"provider": "parquet", "options": map[string]any{}}, "schemaString": schemaString,
		"partitionColumns": json.RawMessage(partCols), "configuration": map[string]any{}, "createdTime": created,
	}})
	if err != nil {
		t.Fatal(err)
	}
	lines := []string{
		`{"commitInfo":{"timestamp":` + fmt.Sprint(created) + `,"operation":"WRITE","operationParameters":{"mode":"Append","partitionBy":"` + strings.ReplaceAll(partCols, `"`, `\"`) + `"},"isBlindAppend":true,"engineInfo":"Layout Lab test generator (layoutlab_tables_test.go)"}}`,
		`{"protocol":{"minReaderVersion":3,"minWriterVersion":7,"readerFeatures":["timestampNtz"],"writerFeatures":["timestampNtz"]}}`,
		string(meta),
	}
	lines = append(lines, adds...)
	logRel := "_delta_log/00000000000000000000.json"
	if err := os.MkdirAll(filepath.Join(out, "_delta_log"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, logRel), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return append(written, logRel)
}

// layoutlabStats is a file's statistics as Delta Spark writes them: min and max of each data
// column, timestamps truncated to the millisecond (so a max may be below the column's true max;
// DataSkippingReader adds the millisecond back), NULLs counted, all-NULL columns left out.
func layoutlabStats(rows []layoutlabRow, withDate bool) map[string]any {
	minV, maxV := map[string]any{}, map[string]any{}
	nulls := map[string]any{}
	type col struct {
		name string
		get  func(layoutlabRow) *string
		fmt  func(string) string
	}
	ms := func(zone string) func(string) string {
		return func(s string) string {
			tm, _ := time.Parse("2006-01-02 15:04:05.999999", s)
			return tm.Truncate(time.Millisecond).Format("2006-01-02T15:04:05.000") + zone
		}
	}
	cols := []col{}
	if withDate {
		cols = append(cols, col{"d", func(r layoutlabRow) *string { return r.d }, func(s string) string { return s }})
	}
	cols = append(cols,
		col{"ts", func(r layoutlabRow) *string { return r.ts }, ms("Z")},
		col{"tsn", func(r layoutlabRow) *string { return r.tsn }, ms("")})
	var idMin, idMax int32
	for i, r := range rows {
		if i == 0 || r.id < idMin {
			idMin = r.id
		}
		if i == 0 || r.id > idMax {
			idMax = r.id
		}
	}
	minV["id"], maxV["id"], nulls["id"] = idMin, idMax, 0
	for _, c := range cols {
		n := 0
		var lo, hi string
		for _, r := range rows {
			v := c.get(r)
			if v == nil {
				n++
				continue
			}
			// The texts sort as the instants do: fixed-width, four-digit years.
			if lo == "" || *v < lo {
				lo = *v
			}
			if hi == "" || *v > hi {
				hi = *v
			}
		}
		nulls[c.name] = n
		if lo != "" {
			minV[c.name], maxV[c.name] = c.fmt(lo), c.fmt(hi)
		}
	}
	return map[string]any{"numRecords": len(rows), "minValues": minV, "maxValues": maxV, "nullCount": nulls}
}

// TestRealTablesDatetimeLiterals: every date and timestamp value the real tables' data files hold
// (read from Parquet by the test, not by the code under test), printed as a literal and parsed
// back, is the same value. The row-level oracle cannot see a literal read wrong, since the rows
// are matched against the same parsed literal the files are pruned with; this sees it.
func TestRealTablesDatetimeLiterals(t *testing.T) {
	checked := 0
	for _, dir := range realTableDirs {
		rt := loadRealTable(t, dir)
		seen := map[table.Value]bool{}
		for _, rows := range rt.rows {
			for _, row := range rows {
				for li, v := range row {
					if v.Null || !isDatetime(v.Kind) || seen[v] {
						continue
					}
					seen[v] = true
					src := formatPath(rt.t.Leaves[li].Path) + " = " + formatLiteral(v, true)
					e, err := Parse(src, rt.t.Leaves)
					if err != nil {
						t.Errorf("%s: Parse(%q): %v", rt.short(), src, err)
						continue
					}
					if got := e.(*Compare).R.(*Literal).Val; got != v {
						t.Errorf("%s: %s reads as %s (I=%d), the data file holds I=%d", rt.short(), src, got, got.I, v.I)
					}
					checked++
				}
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d date and timestamp values checked", checked)
	}
	t.Logf("%d distinct date and timestamp values round-tripped", checked)
}
