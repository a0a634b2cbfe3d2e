package inspect

import (
	"testing"
)

// BenchmarkPageOpen100k is the page's open (wasm/table): Open without a WHERE, the plans left
// for later, then the grid's colouring column, on the 100,000-file table.
func BenchmarkPageOpen100k(b *testing.B) { benchPageOpen(b, benchFiles) }

// BenchmarkPageOpen1M is BenchmarkPageOpen100k on the 1,000,000-file table.
func BenchmarkPageOpen1M(b *testing.B) { benchPageOpen(b, 1_000_000) }

func benchPageOpen(b *testing.B, n int) {
	m, err := benchTable(n)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		r, in, err := Open(m, "bench", Options{Version: -1, PlanLater: true})
		if err != nil || r.FilesTotal != n {
			b.Fatal(err, r.FilesTotal)
		}
		if _, err := in.Spans("id"); err != nil {
			b.Fatal(err)
		}
	}
}
