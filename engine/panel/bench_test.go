package panel

import (
	"runtime"
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

// benchRecompute alternates two scenarios that differ in the layout, so every iteration lays
// the table out again, collects statistics and runs the query; the table and ranks stay cached.
func benchRecompute(b *testing.B, rows int) {
	p := defaultPanel()
	p.Rows = rows
	q := p
	q.Keys = []string{"event_date", "user_id", "region_id", "device_model_id"}
	benchMoves(b, func(i int) scenario.Panel { return [2]scenario.Panel{p, q}[i%2] })
}

// widgetEngine is the Engine as the widget runs it (wasm/firstrun.NewPanelEngine): statistics and
// columns on demand, and no link (the widget writes its URL itself).
func widgetEngine() Engine { return Engine{StatsOnDemand: true, OmitLink: true} }

// benchMoves is a knob dragged: one engine runs the panel at move(i) for every iteration, after
// a few warm-up moves (caches filled, heap grown, and under wasm the JIT's top tier), and CPU time
// is reported next to wall time.
func benchMoves(b *testing.B, move func(i int) scenario.Panel) {
	e := widgetEngine()
	for i := range 7 {
		if r := e.Run(move(i)); r.Error != nil {
			b.Fatal(r.Error)
		}
	}
	b.ResetTimer()
	c0 := cpuTime()
	for i := 0; i < b.N; i++ {
		e.Run(move(i))
	}
	reportCPU(b, c0)
}

// reportCPU adds cpu-ms/op (process CPU time, garbage collection included) next to wall time.
func reportCPU(b *testing.B, c0 time.Duration) {
	if c := cpuTime(); c > 0 {
		b.ReportMetric(float64(c-c0)/float64(b.N)/1e6, "cpu-ms/op")
	}
}

// BenchmarkPanelDefault is a full recompute of the default-sized panel (100,000 rows, 32 files,
// four keys, Hilbert, statistics, one query): cached = table and ranks kept across knob moves
// (what the browser does), uncached = the table generated and ranked every time.
func BenchmarkPanelDefault(b *testing.B) {
	b.Run("cached", func(b *testing.B) { benchRecompute(b, 100_000) })
	b.Run("uncached", func(b *testing.B) {
		e := Engine{NoCache: true}
		p := defaultPanel()
		c0 := cpuTime()
		for i := 0; i < b.N; i++ {
			e.Run(p)
		}
		reportCPU(b, c0)
	})
}

func BenchmarkPanel1M(b *testing.B) { benchRecompute(b, 1_000_000) }

func BenchmarkPanelRows(b *testing.B) {
	for _, n := range []struct {
		name string
		rows int
	}{{"100k", 100_000}, {"1M", 1_000_000}} { // 1M: scenario.MaxPanelRows
		b.Run(n.name, func(b *testing.B) { benchRecompute(b, n.rows) })
	}
}

// BenchmarkFirstRun is what opening widget.html costs the engine: an uncached Engine's first Run
// of the default scenario's panel (table generated, key columns ranked, layout, statistics,
// query). Each iteration starts from a fresh Engine, after a garbage collection outside the
// timer.
// widget is the Engine as the browser runs it (widgetEngine), eager as the CLI does (every
// file's statistics of every column in the Result, and the link).
func BenchmarkFirstRun(b *testing.B) {
	for _, mode := range []struct {
		name   string
		engine Engine
	}{{"widget", widgetEngine()}, {"eager", Engine{}}} {
		b.Run(mode.name, func(b *testing.B) {
			p := scenario.Default().Panel
			c0 := cpuTime()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				runtime.GC()
				b.StartTimer()
				e := mode.engine
				if r := e.Run(p); r.Error != nil {
					b.Fatal(r.Error)
				}
			}
			reportCPU(b, c0)
		})
	}
}

// BenchmarkKnobDefault is a knob move on the default scenario's panel with the table cached: the
// keys swap order, so every iteration lays the table out again, collects statistics and runs the
// query. It must stay well within a 16 ms frame under wasm.
func BenchmarkKnobDefault(b *testing.B) {
	p := scenario.Default().Panel
	q := p
	q.Keys = []string{p.Keys[1], p.Keys[0]}
	benchMoves(b, func(i int) scenario.Panel { return [2]scenario.Panel{q, p}[i%2] })
}

// BenchmarkFilesSlider is the panel's files slider dragged on each panel preset: only the
// number of files changes from move to move (the layout re-cut, statistics and the query
// recomputed).
func BenchmarkFilesSlider(b *testing.B) {
	for _, pr := range append([]scenario.Preset{{Name: "default", Scenario: scenario.Default()}}, scenario.Presets()...) {
		if pr.Scenario.View != "panel" {
			continue
		}
		if r := (&Engine{}).Run(pr.Scenario.Panel); r.Error != nil {
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

// BenchmarkLayoutFlip is the layout select flipped between two layouts the engine keeps
// (Hilbert and Z-order on the default scenario), as a reader compares them: one is shown from
// the kept layouts, the other re-cut from the Layouter's order, both with their kept rank ranges.
func BenchmarkLayoutFlip(b *testing.B) {
	p := scenario.Default().Panel
	q := p
	q.Layout = "zorder"
	benchMoves(b, func(i int) scenario.Panel { return [2]scenario.Panel{p, q}[i%2] })
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
				e := widgetEngine()
				e.Run(p)
				b.StartTimer()
				if r := e.Run(q); r.Error != nil {
					b.Fatal(r.Error)
				}
			}
		})
	}
}
