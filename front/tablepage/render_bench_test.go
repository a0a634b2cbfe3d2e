package tablepage

import (
	"image"
	"testing"

	"layoutlab/engine/inspect"
	"layoutlab/engine/inspect/inspecttest"
	"layoutlab/front/view"
)

// BenchmarkViews100k times what table.html draws after opening the 100,000-file table of
// engine/inspect's BenchmarkOpen100k: the column's spans, the grid built and painted, and the
// HTML of the summary, verdicts, file list, plans and history.
func BenchmarkViews100k(b *testing.B) {
	m, err := inspecttest.Table(100_000)
	if err != nil {
		b.Fatal(err)
	}
	r, in, err := inspect.Open(m, "bench", inspect.Options{Version: -1})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("spans", func(b *testing.B) {
		for b.Loop() {
			if _, err := in.SpansYield("id", nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	spans, _ := in.SpansYield("id", nil)
	b.Run("grid", func(b *testing.B) {
		img := image.NewRGBA(image.Rect(0, 0, 1200, 560))
		for b.Loop() {
			g := BuildGrid(nil, r, spans, DefaultGroupBy(r), 1200, 560, 1)
			g.Paint(img, -1, view.ThemeNamed("light"))
		}
	})
	b.Run("html", func(b *testing.B) {
		for b.Loop() {
			_ = SummaryHTML(r) + WhereHTML(r) + ReasonsHTML(r) + FilesHTML(r, min(len(r.Files), FileRows)) + OptimizeHTML(r.NextOptimize) + HistoryHTML(r.History)
		}
	})
	b.Run("report", func(b *testing.B) {
		for b.Loop() {
			in.Report("id = 5000")
		}
	})
}
