package parquetjson

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/work"
)

// statsBombRows rows share one statsBombBytes stats string, dictionary-encoded: they decode to
// far more than twice the column's pages, the share readAddsConcurrent gives the stats column.
const (
	statsBombRows  = 40
	statsBombBytes = 200 << 10
)

// genStatsBomb is a checkpoint of statsBombRows adds whose stats are one long string in a
// dictionary, and one add whose size is null (a row the JSON path decodes).
func genStatsBomb() []byte {
	type add struct {
		Path             string            `parquet:"path,optional"`
		PartitionValues  map[string]string `parquet:"partitionValues,optional"`
		Size             *int64            `parquet:"size,optional"`
		ModificationTime int64             `parquet:"modificationTime,optional"`
		DataChange       bool              `parquet:"dataChange,optional"`
		Stats            string            `parquet:"stats,optional,dict"`
	}
	type row struct {
		Add *add `parquet:"add,optional"`
	}
	var b bytes.Buffer
	w := parquet.NewGenericWriter[row](&b, append(genOptions, parquet.DataPageStatistics(false),
		parquet.SkipPageStatistics("add", "stats"), parquet.SkipPageBounds("add", "stats"))...)
	stats := `{"numRecords":1,"minValues":{"s":"` + strings.Repeat("x", statsBombBytes) + `"}}`
	rows := make([]row, statsBombRows+1)
	for i := range rows {
		size := int64(i + 1)
		rows[i].Add = &add{Path: fmt.Sprintf("part-%d.parquet", i), PartitionValues: map[string]string{}, Size: &size, Stats: stats}
	}
	rows[len(rows)/2].Add.Size = nil
	if _, err := w.Write(rows); err != nil {
		panic(err)
	}
	if err := w.Close(); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// checkpointsForConcurrency are every checkpoint and sidecar of the testdata (real writers',
// legacy layouts, hostile footers) and the generated ones, by name.
func checkpointsForConcurrency(t *testing.T) map[string][]byte {
	out := map[string][]byte{"genPlain": genPlain(), "genDict": genDict(), "statsBomb": genStatsBomb()}
	var globs []string
	for _, g := range []string{"testdata/*/*/_delta_log", "../testdata/tables/*/*/_delta_log", "../testdata/tables/*/*/*/_delta_log"} {
		logs, _ := filepath.Glob(g)
		for _, l := range logs {
			globs = append(globs, filepath.Join(l, "*.parquet"), filepath.Join(l, "_sidecars", "*.parquet"))
		}
	}
	for _, g := range globs {
		files, _ := filepath.Glob(g)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			out[f] = b
		}
	}
	if len(out) < 30 {
		t.Fatalf("only %d checkpoints found", len(out))
	}
	return out
}

// TestStatsColumnConcurrentAsSerial: without a Yield on two cores (the CLI), Rows decodes the
// stats column beside the others (readAddsConcurrent); with one it decodes column by column.
// Every checkpoint decodes to the same actions, or fails with the same error, both ways.
func TestStatsColumnConcurrentAsSerial(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	serial := work.Yield(func(work.Progress) error { return nil }) // a Yield: column by column
	for name, b := range checkpointsForConcurrency(t) {
		got, gerr := Rows(bytes.NewReader(b), int64(len(b)), nil)
		want, werr := Rows(bytes.NewReader(b), int64(len(b)), serial)
		if fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Errorf("%s: concurrent %v, serial %v", name, gerr, werr)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the concurrent decoding differs from the serial one", name)
		}
	}
}

// TestStatsColumnConcurrentTaken: readAddsConcurrent decodes a checkpoint with statistics, and
// gives up, leaving the rows and the decoded count as they were, on one whose stats column
// decodes to more than its share; Rows then decodes that one column by column.
func TestStatsColumnConcurrentTaken(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	for _, c := range []struct {
		name string
		b    []byte
		want bool
	}{{"genPlain", genPlain(), true}, {"statsBomb", genStatsBomb(), false}} {
		err := eachRowAt(bytes.NewReader(c.b), int64(len(c.b)), func(cp *checkpoint) error {
			cols, typed := lookupAdd(cp.schema)
			if !typed {
				return fmt.Errorf("no typed add columns")
			}
			n := cp.pf.NumRows()
			r := &addRows{adds: make([]deltalog.AddFile, n), present: make([]bool, n), bad: make([]bool, n)}
			before := cp.decoded
			// One core (js/wasm, GOMAXPROCS=1) never takes the concurrent decoding: it must then
			// leave the rows as a refused one does.
			want := c.want && runtime.GOMAXPROCS(0) >= 2
			if got := cp.readAddsConcurrent(cols, r); got != want {
				return fmt.Errorf("readAddsConcurrent %v, want %v (GOMAXPROCS %d)", got, want, runtime.GOMAXPROCS(0))
			}
			if want {
				for i := range r.adds {
					if r.present[i] && !r.bad[i] && r.adds[i].Stats == "" {
						return fmt.Errorf("row %d has no stats", i)
					}
				}
				return nil
			}
			if cp.decoded != before || !reflect.DeepEqual(r, &addRows{adds: make([]deltalog.AddFile, n), present: make([]bool, n), bad: make([]bool, n)}) {
				return fmt.Errorf("a failed concurrent decoding left its rows or count behind")
			}
			return nil
		})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	b := genStatsBomb()
	a, err := Rows(bytes.NewReader(b), int64(len(b)), nil)
	if err != nil || len(a.Adds) != statsBombRows || len(a.Adds[0].Stats) < statsBombBytes || len(a.Lines) != 1 {
		t.Fatalf("stats bomb: %v; want %d typed adds with their stats and the null-size row as a line", err, statsBombRows)
	}
}

// BenchmarkStatsColumn decodes a checkpoint of 200,000 adds with statistics on three columns
// (as inspecttest.Table writes them) column by column (with a Yield, as the page does) and with
// its stats column decoded beside the others (without one, as the CLI does), side by side.
func BenchmarkStatsColumn(b *testing.B) {
	type add struct {
		Path             string            `parquet:"path,optional"`
		PartitionValues  map[string]string `parquet:"partitionValues,optional"`
		Size             int64             `parquet:"size,optional"`
		ModificationTime int64             `parquet:"modificationTime,optional"`
		DataChange       bool              `parquet:"dataChange,optional"`
		Stats            string            `parquet:"stats,optional"`
	}
	type row struct {
		Add *add `parquet:"add,optional"`
	}
	const n = 200_000
	rows := make([]row, n)
	for i := range rows {
		rows[i].Add = &add{Path: fmt.Sprintf("part-%05d-%08d.snappy.parquet", i%1000, i), PartitionValues: map[string]string{},
			Size: int64(100<<20 + i%4096), ModificationTime: 1700000000000 + int64(i), DataChange: true,
			Stats: fmt.Sprintf(`{"numRecords":1000,"minValues":{"id":%d,"day":"2024-01-%02d","name":"n%06d"},"maxValues":{"id":%d,"day":"2024-01-%02d","name":"n%06d"},"nullCount":{"id":0,"day":0,"name":0}}`,
				i*1000, 1+i%28, i, i*1000+999, 1+i%28, i+1)}
	}
	var buf bytes.Buffer
	w := parquet.NewGenericWriter[row](&buf, genOptions...)
	if _, err := w.Write(rows); err != nil {
		b.Fatal(err)
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	cp := buf.Bytes()
	for _, c := range []struct {
		name  string
		yield work.Yield
	}{{"serial", func(work.Progress) error { return nil }}, {"concurrent", nil}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if a, err := Rows(bytes.NewReader(cp), int64(len(cp)), c.yield); err != nil || len(a.Adds) != n {
					b.Fatal(err)
				}
			}
		})
	}
}
