package inspect

import (
	"runtime"
	"testing"
)

// BenchmarkPageOpen100k is the page's open (wasm/table): Open without a WHERE, the plans left
// for later, then the grid's colouring (Spans of its default column), on the 100,000-file table.
// live-MB is the heap the opened table holds (after a collection, the snapshot, Inspector and
// Report alive): what the page keeps while it shows the table.
func BenchmarkPageOpen100k(b *testing.B) { benchPageOpen(b, benchFiles) }

// BenchmarkPageOpen1M is BenchmarkPageOpen100k on the 1,000,000-file table.
func BenchmarkPageOpen1M(b *testing.B) { benchPageOpen(b, 1_000_000) }

func benchPageOpen(b *testing.B, n int) {
	m, err := benchTable(n)
	if err != nil {
		b.Fatal(err)
	}
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before := ms.HeapAlloc // the generated table's files
	b.ReportAllocs()
	var r *Report
	var in *Inspector
	var spans []float64
	for b.Loop() {
		r, in = nil, nil
		r, in, err = Open(m, "bench", Options{Version: -1, PlanLater: true})
		if err != nil || r.FilesTotal != n {
			b.Fatal(err, r.FilesTotal)
		}
		if spans, err = in.Spans(in.DefaultSpanColumn()); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapAlloc-before)/1e6, "live-MB")
	runtime.KeepAlive(r)
	runtime.KeepAlive(in)
	runtime.KeepAlive(spans)
}
