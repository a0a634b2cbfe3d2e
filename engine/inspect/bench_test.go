package inspect

import (
	"sync"
	"testing"
	"testing/fstest"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/deltalog/parquetjson"
	"layoutlab/engine/inspect/inspecttest"
)

// The synthetic table (inspecttest.Table): the benchmark opens benchFiles; the test checks the
// generator at a size the js/wasm test run also affords.
const (
	benchFiles = 100_000
	testFiles  = 5_000
)

var (
	benchTables   = map[int]fstest.MapFS{}
	benchTablesMu sync.Mutex
)

func benchTable(n int) (fstest.MapFS, error) {
	benchTablesMu.Lock()
	defer benchTablesMu.Unlock()
	if m, ok := benchTables[n]; ok {
		return m, nil
	}
	m, err := inspecttest.Table(n)
	if err == nil {
		benchTables[n] = m
	}
	return m, err
}

// TestBenchTableCheckpointMatchesJSON keeps the benchmark honest: the generator's checkpoint
// holds the same files as its JSON commits.
func TestBenchTableCheckpointMatchesJSON(t *testing.T) {
	m, err := benchTable(testFiles)
	if err != nil {
		t.Fatal(err)
	}
	a, err := deltalog.OpenSnapshot(m, deltalog.OpenOptions{Version: -1, Parquet: parquetjson.Rows})
	if err != nil {
		t.Fatal(err)
	}
	b, err := deltalog.OpenSnapshot(m, deltalog.OpenOptions{Version: -1, NoCheckpoint: true})
	if err != nil {
		t.Fatal(err)
	}
	if a.NumFiles() != testFiles || b.NumFiles() != testFiles || a.SizeInBytes() != b.SizeInBytes() {
		t.Errorf("checkpoint %d files / %d bytes, JSON %d / %d", a.NumFiles(), a.SizeInBytes(), b.NumFiles(), b.SizeInBytes())
	}
	fa, fb := a.Files(), b.Files()
	for i := range fa {
		if fa[i].Path != fb[i].Path || fa[i].Stats != fb[i].Stats {
			t.Fatalf("file %d differs: %s vs %s", i, fa[i].Path, fb[i].Path)
		}
	}
	r := NewInspector(a, "bench").Report("id = 5000")
	if r.Error != nil || r.FilesRead != 1 {
		t.Errorf("WHERE id = 5000 reads %d files (%v), want 1", r.FilesRead, r.Error)
	}
}

// BenchmarkOpen100k opens the 100,000-file table from its checkpoint and from its 100 JSON
// commits, and runs the whole inspection (skipping verdicts, DESCRIBE, next OPTIMIZE).
func BenchmarkOpen100k(b *testing.B) {
	m, err := benchTable(benchFiles)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("checkpoint", func(b *testing.B) {
		for b.Loop() {
			if _, err := deltalog.OpenSnapshot(m, deltalog.OpenOptions{Version: -1, Parquet: parquetjson.Rows}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("json", func(b *testing.B) {
		for b.Loop() {
			if _, err := deltalog.OpenSnapshot(m, deltalog.OpenOptions{Version: -1, NoCheckpoint: true}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("inspect", func(b *testing.B) {
		for b.Loop() {
			if _, err := Inspect(m, "bench", Options{Version: -1, Where: "id = 5000"}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkNextOptimize100k is the next OPTIMIZE's plans alone on the 100,000-file table: the
// step the browser shows after the table is drawn.
func BenchmarkNextOptimize100k(b *testing.B) {
	in := benchInspector(b, benchFiles)
	for b.Loop() {
		if p, _ := in.planNext(nil); p.OSS.Error != nil {
			b.Fatal(p.OSS.Error.Message)
		}
	}
}

// BenchmarkSpans100k is the grid's colouring on the 100,000-file table: every file's span of
// id and of name (ranked as int64s and as strings).
func BenchmarkSpans100k(b *testing.B) {
	in := benchInspector(b, benchFiles)
	for _, col := range []string{"id", "name"} {
		b.Run(col, func(b *testing.B) {
			for b.Loop() {
				if _, err := in.Spans(col); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// benchInspector is the n-file bench table's Inspector, its snapshot read from the checkpoint.
func benchInspector(tb testing.TB, n int) *Inspector {
	tb.Helper()
	m, err := benchTable(n)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := deltalog.OpenSnapshot(m, deltalog.OpenOptions{Version: -1, Parquet: parquetjson.Rows})
	if err != nil {
		tb.Fatal(err)
	}
	return NewInspector(s, "bench")
}

// BenchmarkReport100k is a WHERE on the 100,000-file table: every file's verdict and reason.
func BenchmarkReport100k(b *testing.B) {
	in := benchInspector(b, benchFiles)
	b.ReportAllocs()
	for b.Loop() {
		if r := in.Report("id = 5000"); r.FilesRead != 1 {
			b.Fatalf("%d files read", r.FilesRead)
		}
	}
}

// BenchmarkHealth100k is the clustering health of the 100,000-file table (its three columns'
// bounds gathered from the statistics, then sorted and swept), beside the grid's spans of the
// same columns, a ranking per column of the same bounds, as a reference in the same run.
func BenchmarkHealth100k(b *testing.B) {
	in := benchInspector(b, benchFiles)
	b.Run("health", func(b *testing.B) {
		in.readLeaves(in.healthLeaves) // every column kept, as if a WHERE had named it
		for b.Loop() {
			in.healthDone = false // from the kept statistics, a column at a time
			if hs := in.Health(); len(hs) != len(in.healthLeaves) {
				b.Fatalf("%d columns", len(hs))
			}
		}
	})
	b.Run("spans", func(b *testing.B) {
		for b.Loop() {
			for _, c := range in.SpanColumns() {
				if _, err := in.Spans(c); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
