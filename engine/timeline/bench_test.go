package timeline

import (
	"testing"
	"time"

	"layoutlab/engine/scenario"
)

// benchWarmUps is how many runs a benchmark makes before it times any, as engine/panel's
// benchMoves does: under js/wasm a process's first runs pay V8's compilation of the module's
// hot functions and the linear memory's growth (zorder-full's first run under Node took 480 ms
// of the main thread and 1,280 ms of the process against 330 and 350 warm), which no later run
// or native run pays, so a cold first run is no measure of the engine's code.
const benchWarmUps = 2

// benchRun times Run(s), after benchWarmUps runs.
func benchRun(b *testing.B, s scenario.Timeline) {
	b.ReportAllocs()
	for range benchWarmUps {
		if _, err := Run(s); err != nil {
			b.Fatal(err)
		}
	}
	m := startCPU()
	for b.Loop() {
		if _, err := Run(s); err != nil {
			b.Fatal(err)
		}
	}
	m.report(b)
}

// cpuMeter is a benchmark's CPU time from start to report: the figure to compare on a shared
// machine, where wall time depends on the neighbours.
type cpuMeter struct{ cpu, host time.Duration }

func startCPU() cpuMeter { return cpuMeter{cpuTime(), hostCPUTime()} }

// report adds cpu-ms/op (cpuTime: the thread the engine runs on under js/wasm, the process
// natively) and, under js/wasm, host-cpu-ms/op (the whole Node process, V8's threads included).
func (m cpuMeter) report(b *testing.B) {
	if c := cpuTime() - m.cpu; c > 0 {
		b.ReportMetric(float64(c.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	}
	if c := hostCPUTime() - m.host; c > 0 {
		b.ReportMetric(float64(c.Microseconds())/1000/float64(b.N), "host-cpu-ms/op")
	}
}

// BenchmarkLiquid is the default scenario: 60 days of 40 GiB, liquid clustering (target < 50 ms).
func BenchmarkLiquid(b *testing.B) { benchRun(b, scenario.Timeline{Strategy: StrategyLiquid}) }

// BenchmarkZOrderFull is the partitioned table Z-ordered in full every night (target < 200 ms).
func BenchmarkZOrderFull(b *testing.B) { benchRun(b, scenario.Timeline{Strategy: StrategyZOrderFull}) }

// BenchmarkLargeBatches is 200 GiB a day against 25 GiB cubes (target < 500 ms).
func BenchmarkLargeBatches(b *testing.B) {
	benchRun(b, scenario.Timeline{Strategy: StrategyLiquid, IngestGB: 200, MinCubeGB: 25})
}

func BenchmarkGenerate(b *testing.B) {
	for b.Loop() {
		generate(1, 0, 60, 40*256)
	}
}

// BenchmarkEngineKnob is the widget's case: a knob that leaves the rows alone (the minimum cube
// size) moves, and the Engine reruns the liquid default on the table it kept.
func BenchmarkEngineKnob(b *testing.B) {
	b.ReportAllocs()
	var e Engine
	s := scenario.Timeline{Strategy: StrategyLiquid}
	if _, err := e.Run(s); err != nil {
		b.Fatal(err)
	}
	m := startCPU()
	for i := 0; b.Loop(); i++ {
		s.MinCubeGB = float64(100 - 20*(i%2))
		if _, err := e.Run(s); err != nil {
			b.Fatal(err)
		}
	}
	m.report(b)
}

// generate is newGenerated with every day drawn.
func generate(seed uint64, history, days, rowsPerDay int) (*generated, error) {
	g, err := newGenerated(seed, history, days, rowsPerDay)
	if err != nil {
		return nil, err
	}
	g.through(history + days - 1)
	return g, nil
}

// BenchmarkPrepareDayFiles is the widget's idle preparation of the day grids on the change-keys
// preset (two lookup columns, customer_id then order_id): each column's values sorted
// (sortColumn). -benchmem shows the memory it asks for, which the widget's linear memory keeps.
func BenchmarkPrepareDayFiles(b *testing.B) {
	b.ReportAllocs()
	res, err := Run(scenario.Timeline{Strategy: StrategyLiquid, ChangeKeysDay: 30})
	if err != nil {
		b.Fatal(err)
	}
	m := startCPU()
	for b.Loop() {
		res.run.ranks.cols = map[int]*sortedColumn{}
		res.PrepareDayFiles()
	}
	m.report(b)
}

// BenchmarkWorstAccepted runs the costliest scenarios the limits accept (engine/scenario's
// cost.go), found by a search over the knobs, one for each limit that binds, beside the default
// as the reference. docs/limits.md says why; each must stay within a few seconds natively.
func BenchmarkWorstAccepted(b *testing.B) {
	for _, c := range []struct {
		name string
		s    scenario.Timeline
	}{
		{"reference-default-liquid", scenario.Timeline{Strategy: StrategyLiquid}},
		// Planner scans: ~6M live files and ZCubes over the nights, a ZCube a file.
		{"planner-scans", scenario.Timeline{Strategy: StrategyLiquid, Days: 120, IngestGB: 1.6, FileGB: 1.0 / 256, MinCubeGB: 0.001}},
		// Fabric at its most eager settings, at the row writes' limit.
		{"fabric-eager", scenario.Timeline{Strategy: StrategyLiquidIncremental, Days: 120, FabricMinOffendingFiles: 2, FabricMinOverlapThreshold: 0.3}},
		// Row writes: 200 days of 20,480 rows in 128 MiB files.
		{"row-writes", scenario.Timeline{Strategy: StrategyLiquid, Days: 200, IngestGB: 10, FileGB: 0.125, RowsPerGB: 2048}},
		// File writes: 200 days of 256 files of 16 MiB.
		{"file-writes", scenario.Timeline{Strategy: StrategyLiquid, Days: 200, IngestGB: 4, FileGB: 1.0 / 64, MinCubeGB: 10}},
		// A year of Z-ordered windows over 80 files a day.
		{"zorder-window-year", scenario.Timeline{Strategy: StrategyZOrderWindow, Days: 365, IngestGB: 10, FileGB: 0.125, RowsPerGB: 2048}},
	} {
		b.Run(c.name, func(b *testing.B) {
			sc := scenario.Scenario{View: "timeline", Timeline: c.s}
			sc.EnsureDefaults()
			if err := sc.Validate(); err != nil {
				b.Fatalf("no longer accepted: %v", err)
			}
			benchRun(b, c.s)
		})
	}
}
