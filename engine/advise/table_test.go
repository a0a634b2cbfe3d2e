package advise

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"testing"
	"testing/fstest"
	"time"

	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
	"layoutlab/engine/layout"
	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// rowBytes is what a row of the test tables weighs in their data files.
const rowBytes = 100

// eventSpec is seed 003's table: append-ordered events over days, many users, a
// low-cardinality region, a boolean and an amount.
func eventSpec(days int) table.Spec {
	start := int64(table.DaysOf(2025, time.January, 1))
	return table.Spec{Columns: []table.ColumnSpec{
		{Name: "event_date", Type: "date", Dist: table.Sequential, Start: start, Days: days, NotNull: true},
		{Name: "user_id", Type: "bigint", Dist: table.HighCardinality, Min: 1, Max: 50_000_000},
		{Name: "region_id", Type: "int", Dist: table.LowCardinality, Min: 1, K: 6},
		{Name: "is_mobile", Type: "boolean", Dist: table.Uniform},
		{Name: "amount", Type: "double", Dist: table.Uniform, Min: 0, Max: 5000},
	}}
}

// genTable generates every column of spec.
func genTable(t testing.TB, spec table.Spec, rows int, seed uint64) *table.Table {
	t.Helper()
	tab, err := table.GenerateLazily(spec, rows, seed)
	if err != nil {
		t.Fatal(err)
	}
	for i := range tab.Leaves {
		if err := tab.Fill(i); err != nil {
			t.Fatal(err)
		}
	}
	return tab
}

// testTable is a generated table written as a Delta log: files of consecutive rows (append
// order), one WRITE commit a day, statistics from engine/stats, rowBytes a row.
type testTable struct {
	fs   fstest.MapFS
	tab  *table.Table
	file []int32 // per row, its file
	in   *inspect.Inspector
}

// writeTable writes tab in numFiles append files (partitioned by partCols when given: each
// partition's rows in table order, cut into files) with table properties conf.
func writeTable(t testing.TB, tab *table.Table, numFiles int, conf map[string]string, partCols []string) *testTable {
	t.Helper()
	cfg, err := statsConfig(conf, partCols)
	if err != nil {
		t.Fatal(err)
	}
	indexed, err := stats.StatsSchema(tab.Schema, cfg)
	if err != nil {
		t.Fatal(err)
	}
	tt := &testTable{fs: fstest.MapFS{}, tab: tab, file: make([]int32, tab.NumRows)}
	md := deltalog.Metadata{ID: "advise-test", Format: deltalog.Format{Provider: "parquet"},
		SchemaString: schemaJSON(tab.Schema), PartitionColumns: partCols, Configuration: conf}
	if md.PartitionColumns == nil {
		md.PartitionColumns = []string{}
	}
	commits := []deltalog.Commit{{Version: 0, Actions: []deltalog.Action{
		deltalog.CommitInfo{Timestamp: dayTS(0), Operation: "CREATE TABLE"},
		deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2}, md}}}
	var partIdx []int
	for _, p := range partCols {
		partIdx = append(partIdx, tab.LeafIndex(p))
	}
	perBin := max(1, numFiles/len(layout.Bins(tab, partIdx)))
	n := 0
	for _, b := range layout.Bins(tab, partIdx) {
		for _, rows := range chunk(b.Rows, perBin) {
			pv := map[string]string{}
			for k, p := range partCols {
				if v := b.Values[k]; !v.Absent() {
					pv[p] = v.String()
				}
			}
			for _, r := range rows {
				tt.file[r] = int32(n)
			}
			add := deltalog.AddFile{Path: fmt.Sprintf("%spart-%05d.snappy.parquet", dirOf(b.Dir), n), PartitionValues: pv,
				Size: int64(len(rows)) * rowBytes, ModificationTime: dayTS(n + 1), DataChange: true,
				Stats: stats.Collect(tab, rows, indexed, cfg).JSON(tab.Leaves)}
			ci := deltalog.CommitInfo{Timestamp: dayTS(n + 1), Operation: "WRITE",
				OperationMetrics: map[string]string{"numOutputBytes": fmt.Sprint(add.Size)}}
			commits = append(commits, deltalog.Commit{Version: int64(n + 1), Actions: []deltalog.Action{ci, add}})
			n++
		}
	}
	files, err := deltalog.ExportFiles(commits)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		tt.fs[name] = &fstest.MapFile{Data: data}
	}
	_, in, err := inspect.Open(tt.fs, "mem", inspect.Options{Version: -1})
	if err != nil || in == nil {
		t.Fatalf("open: %v", err)
	}
	tt.in = in
	// Paths sort as written, so file n is index n among the snapshot's files (path order).
	return tt
}

func dirOf(dir string) string {
	if dir == "" {
		return ""
	}
	return dir + "/"
}

// dayTS is midnight of day d after 2025-01-01, in ms.
func dayTS(d int) int64 {
	return (int64(table.DaysOf(2025, time.January, 1)) + int64(d)) * 86_400_000
}

// chunk cuts rows into n consecutive runs of sizes differing by at most one.
func chunk(rows []int32, n int) [][]int32 {
	n = min(n, len(rows))
	var out [][]int32
	start := 0
	for i := 0; i < n; i++ {
		size := len(rows) / n
		if i < len(rows)%n {
			size++
		}
		out = append(out, rows[start:start+size])
		start += size
	}
	return out
}

// schemaJSON is the Delta schemaString of a flat schema.
func schemaJSON(s table.Schema) string {
	type field struct {
		Name     string         `json:"name"`
		Type     string         `json:"type"`
		Nullable bool           `json:"nullable"`
		Metadata map[string]any `json:"metadata"`
	}
	var fs []field
	for _, f := range s.Fields {
		fs = append(fs, field{f.Name, f.Type.TypeName(), true, map[string]any{}})
	}
	var b bytes.Buffer
	json.NewEncoder(&b).Encode(map[string]any{"type": "struct", "fields": fs})
	return b.String()
}

// input is the Input of a test table with its rows.
func (tt *testTable) input(workload string) Input {
	n := int64(tt.tab.NumRows)
	return Input{Inspector: tt.in, Workload: workload,
		Rows: &Rows{Table: tt.tab, File: tt.file, Sample: Sample{RowsRead: n, RowsTotal: n, Fraction: 1}}}
}

var _ = path.Join
