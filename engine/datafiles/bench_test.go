package datafiles

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/parquet-go/parquet-go"

	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/deltalog/parquetjson"
	"layoutlab/engine/table"
)

// eventTable writes an event table of n rows in files files (id, user_id, region of 8 values,
// ts, amount) with Write, and returns its folder.
func eventTable(tb testing.TB, n, files int) string {
	src := tb.TempDir()
	schema := `{"type":"struct","fields":[` +
		`{"name":"id","type":"long","nullable":true,"metadata":{}},` +
		`{"name":"user_id","type":"long","nullable":true,"metadata":{}},` +
		`{"name":"region","type":"string","nullable":true,"metadata":{}},` +
		`{"name":"ts","type":"timestamp","nullable":true,"metadata":{}},` +
		`{"name":"amount","type":"double","nullable":true,"metadata":{}}]}`
	acts := []deltalog.Action{
		deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2},
		deltalog.Metadata{ID: "events", Format: deltalog.Format{Provider: "parquet", Options: map[string]string{}}, SchemaString: schema, PartitionColumns: []string{}, Configuration: map[string]string{}},
	}
	if err := deltalog.ExportDir(src, []deltalog.Commit{{Version: 0, Actions: acts}}); err != nil {
		tb.Fatal(err)
	}
	snap, err := deltalog.OpenSnapshot(os.DirFS(src), deltalog.OpenOptions{Version: -1, Parquet: parquetjson.Rows})
	if err != nil {
		tb.Fatal(err)
	}
	st, _ := deltalog.ParseSchema(schema)
	logical, _ := st.SkippingSchema()
	t := &table.Table{Schema: logical, Leaves: logical.Leaves(), NumRows: n}
	rng := table.PCG{Hi: 1, Lo: 2}
	ids, users, ts := make([]int64, n), make([]int64, n), make([]int64, n)
	regions, amounts := make([]string, n), make([]float64, n)
	names := []string{"eu-west", "eu-north", "us-east", "us-west", "ap-south", "ap-east", "sa-east", "af-south"}
	for i := range n {
		ids[i] = int64(i)
		users[i] = int64(rng.Uint64() % 100_000)
		regions[i] = names[rng.Uint64()%8]
		ts[i] = 1_700_000_000_000_000 + int64(i)*1_000_000
		amounts[i] = float64(rng.Uint64()%100_000) / 100
	}
	t.Cols = []table.Column{{Kind: table.Bigint, Ints: ids}, {Kind: table.Bigint, Ints: users},
		{Kind: table.String, Strs: regions}, {Kind: table.Timestamp, Ints: ts}, {Kind: table.Double, Floats: amounts}}
	var split [][]int32
	for f := range files {
		var rs []int32
		for r := f * n / files; r < (f+1)*n/files; r++ {
			rs = append(rs, int32(r))
		}
		split = append(split, rs)
	}
	dir := tb.TempDir()
	if err := Write(dir, snap, &Rows{Table: t}, split, CommitInfo{}); err != nil {
		tb.Fatal(err)
	}
	return dir
}

// BenchmarkRead reads a 1M-row, 5-column event table of 100 files: the time, and the heap its
// rows hold against the bytes Read counts towards MaxBytes (per row).
func BenchmarkRead(b *testing.B) {
	for _, n := range []int{1_000_000} {
		dir := eventTable(b, n, 100)
		snap := openTable(b, dir)
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			var rows *Rows
			var before, after runtime.MemStats
			for i := 0; i < b.N; i++ {
				rows = nil
				runtime.GC()
				runtime.ReadMemStats(&before)
				var err error
				if rows, err = Read(os.DirFS(dir), snap, Options{}); err != nil {
					b.Fatal(err)
				}
				runtime.GC()
				runtime.ReadMemStats(&after)
			}
			b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(n), "heap-B/row")
			b.ReportMetric(float64(rows.Sample.BytesRead)/float64(n), "counted-B/row")
			runtime.KeepAlive(rows)
		})
		// The reference: the same files read row by row with the library's generic reader (as
		// engine/skipping's test oracle reads them), keeping nothing.
		b.Run(fmt.Sprintf("reference=parquet-go-rows/rows=%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				read := 0
				for _, add := range snap.AllFiles() {
					read += readRowsReference(b, filepath.Join(dir, add.Path))
				}
				if read != n {
					b.Fatalf("%d rows", read)
				}
			}
		})
	}
}

func readRowsReference(b *testing.B, path string) int {
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	buf := make([]parquet.Row, 256)
	for _, rg := range pf.RowGroups() {
		rows := rg.Rows()
		for {
			k, err := rows.ReadRows(buf)
			n += k
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
		rows.Close()
	}
	return n
}

// BenchmarkWrite writes the 1M-row event table read back from its files as 100 new files.
func BenchmarkWrite(b *testing.B) {
	const n = 1_000_000
	dir := eventTable(b, n, 100)
	snap := openTable(b, dir)
	rows, err := Read(os.DirFS(dir), snap, Options{})
	if err != nil {
		b.Fatal(err)
	}
	var split [][]int32
	for f := range 100 {
		var rs []int32
		for r := f * n / 100; r < (f+1)*n/100; r++ {
			rs = append(rs, int32(r))
		}
		split = append(split, rs)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := Write(b.TempDir(), snap, rows, split, CommitInfo{}); err != nil {
			b.Fatal(err)
		}
	}
}
