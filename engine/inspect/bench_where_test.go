package inspect

import (
	"testing"

	"layoutlab/engine/work"
)

// BenchmarkPageWhere1M is the page's WHERE after its open (wasm/table): Open without a WHERE, the
// plans and the grid's colouring done, then ReportShared("id = 5000") on the 1,000,000-file
// table, timed alone. Its B/op is what the WHERE allocates: 160 MB, a copy of the files, before
// ReportShared.
// "copied" is ReportYield's WHERE beside it, in its own copy of the files.
func BenchmarkPageWhere1M(b *testing.B) {
	b.Run("shared", func(b *testing.B) { benchPageWhere(b, 1_000_000, (*Inspector).ReportShared) })
	b.Run("copied", func(b *testing.B) { benchPageWhere(b, 1_000_000, (*Inspector).ReportYield) })
}

func benchPageWhere(b *testing.B, n int, report func(*Inspector, string, work.Yield) (*Report, error)) {
	m, err := benchTable(n)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		r, in, err := Open(m, "bench", Options{Version: -1, PlanLater: true})
		if err != nil || r.FilesTotal != n {
			b.Fatal(err, r.FilesTotal)
		}
		if _, err := in.Spans(in.DefaultSpanColumn()); err != nil {
			b.Fatal(err)
		}
		if _, err := in.NextOptimize(nil); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		w, err := report(in, "id = 5000", nil)
		if err != nil || w.FilesRead != 1 {
			b.Fatal(err, w.FilesRead)
		}
	}
}
