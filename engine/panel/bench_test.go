package panel

import (
	"runtime"
	"slices"
	"testing"
	"time"

	"layoutlab/engine/scenario"
)

func defaultPanel() scenario.Panel {
	p := scenario.Default().Panel
	p.Keys = []string{"user_id", "event_date", "region_id", "device_model_id"}
	p.StatsColumns = nil
	ic := -1
	p.IndexedCols = &ic
	p.Where = "user_id = 1234567"
	return p
}

// benchKeptFlip alternates two key orders of the four-key panel at rows rows. Both layouts are
// kept by the Store after the warm-up, so every timed iteration shows a kept layout again:
// statistics and the query recomputed, no row laid out.
func benchKeptFlip(b *testing.B, rows int) {
	p := defaultPanel()
	p.Rows = rows
	q := p
	q.Keys = []string{"event_date", "user_id", "region_id", "device_model_id"}
	benchMoves(b, func(i int) scenario.Panel { return [2]scenario.Panel{p, q}[i%2] })
}

// benchRelayout steps through the 24 orders of the four-key panel's keys at rows rows, more
// than any Store keeps, so every timed iteration lays the table out afresh from kept ranks
// (range ids, curve keys, the sort, the cut), then collects statistics and runs the query: what
// a reader ticking a key or dragging "Rows" pays.
func benchRelayout(b *testing.B, rows int) {
	p := defaultPanel()
	p.Rows = rows
	orders := permutations(p.Keys)
	benchMoves(b, func(i int) scenario.Panel {
		q := p
		q.Keys = orders[i%len(orders)]
		return q
	})
}

// permutations are every order of keys.
func permutations(keys []string) [][]string {
	if len(keys) <= 1 {
		return [][]string{slices.Clone(keys)}
	}
	var out [][]string
	for i, k := range keys {
		rest := append(slices.Clone(keys[:i]), keys[i+1:]...)
		for _, p := range permutations(rest) {
			out = append(out, append([]string{k}, p...))
		}
	}
	return out
}

var rowCounts = []struct {
	name string
	rows int
}{{"100k", 100_000}, {"1M", 1_000_000}} // 1M: scenario.MaxPanelRows

// benchMoves is a knob dragged: one Store answers the panel at move(i) for every iteration, after
// a few warm-up moves (caches filled, heap grown, and under wasm the JIT's top tier), and CPU time
// is reported next to wall time.
func benchMoves(b *testing.B, move func(i int) scenario.Panel) {
	s := NewStore()
	for i := range 7 {
		if r := answer(b, s, move(i)); r.Error != nil {
			b.Fatal(r.Error)
		}
	}
	b.ResetTimer()
	c0 := cpuTime()
	for i := 0; i < b.N; i++ {
		s.Answer(move(i), Shown, nil)
	}
	reportCPU(b, c0)
}

// reportCPU adds cpu-ms/op (process CPU time, garbage collection included) next to wall time.
func reportCPU(b *testing.B, c0 time.Duration) {
	if c := cpuTime(); c > 0 {
		b.ReportMetric(float64(c-c0)/float64(b.N)/1e6, "cpu-ms/op")
	}
}

// BenchmarkKeptLayoutFlip is a knob flipped back and forth between two layouts the Store keeps:
// the four-key panel's first two keys swapped at 100k and 1M rows, the default panel's two
// keys swapped (default), and its layout select between Hilbert and Z-order (hilbert-zorder).
func BenchmarkKeptLayoutFlip(b *testing.B) {
	for _, n := range rowCounts {
		b.Run(n.name, func(b *testing.B) { benchKeptFlip(b, n.rows) })
	}
	b.Run("default", func(b *testing.B) {
		p := scenario.Default().Panel
		q := p
		q.Keys = []string{p.Keys[1], p.Keys[0]}
		benchMoves(b, func(i int) scenario.Panel { return [2]scenario.Panel{q, p}[i%2] })
	})
	b.Run("hilbert-zorder", func(b *testing.B) {
		p := scenario.Default().Panel
		q := p
		q.Layout = "zorder"
		benchMoves(b, func(i int) scenario.Panel { return [2]scenario.Panel{p, q}[i%2] })
	})
}

// BenchmarkRelayout is a fresh layout of the four-key panel on every move, the table and its
// ranks kept (benchRelayout), at 100k and 1M rows.
func BenchmarkRelayout(b *testing.B) {
	for _, n := range rowCounts {
		b.Run(n.name, func(b *testing.B) { benchRelayout(b, n.rows) })
	}
}

// BenchmarkFirstRun is what opening widget.html costs the engine: an empty Store's first Answer
// of the default scenario's panel (table generated, key columns ranked, layout, statistics,
// query). Each iteration starts from a fresh Store, after a garbage collection outside the
// timer.
// widget is Run as the browser makes it, eager as the CLI does (every file's statistics of every
// column in the Result, FillFileStats, and the link); eager-four-keys is eager on the four-key
// panel.
func BenchmarkFirstRun(b *testing.B) {
	for _, mode := range []struct {
		name  string
		eager bool
		panel scenario.Panel
	}{{"widget", false, scenario.Default().Panel}, {"eager", true, scenario.Default().Panel}, {"eager-four-keys", true, defaultPanel()}} {
		b.Run(mode.name, func(b *testing.B) {
			p := mode.panel
			c0 := cpuTime()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				runtime.GC()
				b.StartTimer()
				s := NewStore()
				r := answer(b, s, p)
				if r.Error != nil {
					b.Fatal(r.Error)
				}
				if mode.eager {
					if _, err := s.FillFileStats(r); err != nil {
						b.Fatal(err)
					}
					r.Link = Link(p)
				}
			}
			reportCPU(b, c0)
		})
	}
}

// BenchmarkFilesSlider is the panel's files slider dragged on each panel preset: only the
// number of files changes from move to move (the layout re-cut, statistics and the query
// recomputed).
func BenchmarkFilesSlider(b *testing.B) {
	for _, pr := range append([]scenario.Preset{{Name: "default", Scenario: scenario.Default()}}, scenario.Presets()...) {
		if pr.Scenario.View != "panel" {
			continue
		}
		if r := answer(b, NewStore(), pr.Scenario.Panel); r.Error != nil {
			continue // Delta refuses the setting (no-stats): no layout to re-cut
		}
		b.Run(pr.Name, func(b *testing.B) {
			p := pr.Scenario.Panel
			benchMoves(b, func(i int) scenario.Panel {
				p.Files = 20 + i%30
				return p
			})
		})
	}
}

// BenchmarkLayoutFirst is the layout select's first flip to each other layout on the default
// scenario: the table and its ranks are kept from the Hilbert run before the timer, the new
// layout is computed from the ranks (range ids, curve keys, the sort, the cut, the statistics).
func BenchmarkLayoutFirst(b *testing.B) {
	for _, l := range []string{"zorder", "orderby", "append"} {
		b.Run(l, func(b *testing.B) {
			p := scenario.Default().Panel
			q := p
			q.Layout = l
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				s := NewStore()
				answer(b, s, p)
				b.StartTimer()
				if r := answer(b, s, q); r.Error != nil {
					b.Fatal(r.Error)
				}
			}
		})
	}
}
