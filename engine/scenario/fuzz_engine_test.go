package scenario_test

import (
	"math"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
)

// fuzzColumns are the names FuzzScenario picks keys and partition columns from: the panel's
// columns of every kind, a struct, and a name the table does not have.
var fuzzColumns = []string{"user_id", "event_date", "region_id", "device_model_id", "event_ts", "session_id",
	"store_id", "country_code", "device", "is_mobile", "price", "nope"}

func pick(mask uint16) []string {
	var out []string
	for i, c := range fuzzColumns {
		if mask&(1<<i) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// fold maps x into [0, n) keeping small values as they are, so the fuzzer's mutations land
// inside the knobs' ranges and across their limits.
func fold(x, n int) int {
	if x < 0 {
		x = -(x + 1)
	}
	return x % n
}

func foldF(x, n float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	return math.Mod(math.Abs(x), n)
}

// peakMemory runs fn and returns the most memory the Go runtime held from the OS meanwhile
// (/memory/classes/total:bytes, sampled every 5 ms), the figure an RSS limit would meet.
func peakMemory(fn func()) uint64 {
	sample := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	var peak uint64
	var mu sync.Mutex
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			v := read()
			mu.Lock()
			peak = max(peak, v)
			mu.Unlock()
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	fn()
	close(done)
	wg.Wait()
	return max(peak, read())
}

const maxMemory = 1 << 30

// FuzzScenario: every scenario is either refused before any work, naming the knob to change, or
// within the cost limits and computed by the engine in under 1 GiB, without a panic. The seeds
// (run by go test) are the defaults, the presets' kinds, and the inputs that once took
// gigabytes; `go test -fuzz FuzzScenario ./engine/scenario` explores from them.
func FuzzScenario(f *testing.F) {
	type seed struct {
		timeline                                    bool
		rows, files, rpf, layout                    int
		keys, parts                                 uint16
		where                                       string
		indexed, strategy, days, history, rpg       int
		ingest, fileGB, minCube                     float64
		window, fullDay, changeKeys, noneDay, dayAt int
	}
	for _, s := range []seed{
		{rows: 100_000, files: 32, layout: 3, keys: 0b11, where: "user_id = 31415926", indexed: 32, days: 60, rpg: 256, ingest: 40, fileGB: 1, minCube: 100, window: 3},
		{rows: 100_000, files: 32, layout: 2, keys: 0b1, parts: 0b100, where: "region_id = 3", indexed: 32, days: 60, rpg: 256, ingest: 40, fileGB: 1, minCube: 100, window: 3},
		{rows: 100_000, files: 32, layout: 0, parts: 0b1, indexed: 32, days: 60, rpg: 256, ingest: 40, fileGB: 1, minCube: 100, window: 3},
		{rows: 100_000, files: 32, layout: 1, parts: 1 << 8, indexed: -1, days: 60, rpg: 256, ingest: 40, fileGB: 1, minCube: 100, window: 3},
		{timeline: true, rows: 100_000, files: 32, strategy: 0, days: 1, rpg: 1024, ingest: 7800, fileGB: 1.0 / 1024, minCube: 100, window: 3},
		{timeline: true, rows: 100_000, files: 32, strategy: 2, days: 365, rpg: 512, ingest: 40, fileGB: 1.0 / 1024, minCube: 100, window: 3},
		{timeline: true, rows: 100_000, files: 32, strategy: 5, days: 365, rpg: 256, ingest: 40, fileGB: 10, minCube: 100, window: 3},
		{timeline: true, rows: 100_000, files: 32, strategy: 4, days: 20, rpg: 256, ingest: 40, fileGB: 1, minCube: 10, window: 3, fullDay: 10, changeKeys: 5},
		{timeline: true, rows: 100_000, files: 32, strategy: 1, days: 10, rpg: 256, ingest: 1e-300, fileGB: 1, minCube: 100, window: 3},
		// Issue 49: a year of 1 MiB files in ZCubes that never seal, and in ZCubes of one file.
		{timeline: true, rows: 100_000, files: 32, strategy: 4, days: 365, rpg: 256, ingest: 1.6, fileGB: 1.0 / 1024, minCube: 0.001, window: 3},
		{timeline: true, rows: 100_000, files: 32, strategy: 4, days: 365, rpg: 256, ingest: 1.6, fileGB: 1.0 / 1024, minCube: 0.0009, window: 3},
	} {
		f.Add(s.timeline, s.rows, s.files, s.rpf, s.layout, s.keys, s.parts, s.where, s.indexed, s.strategy, s.days, s.history, s.rpg,
			s.ingest, s.fileGB, s.minCube, s.window, s.fullDay, s.changeKeys, s.noneDay, s.dayAt)
	}
	strategies := []string{"none", "compaction", "zorder-full", "zorder-window", "liquid", "liquid-incremental", "liquid-fabric-1.3"}
	f.Fuzz(func(t *testing.T, isTimeline bool, rows, files, rpf, lay int, keys, parts uint16, where string, indexed, strategy, days, history, rpg int,
		ingest, fileGB, minCube float64, window, fullDay, changeKeys, noneDay, dayAt int) {
		s := scenario.Default()
		if isTimeline {
			s.View = "timeline"
		}
		p := &s.Panel
		p.Rows, p.Files, p.RowsPerFile = fold(rows, scenario.MaxPanelRows+100), fold(files, scenario.MaxPanelFiles+100), fold(rpf, 1000)
		p.Layout = scenario.PanelLayouts[fold(lay, len(scenario.PanelLayouts))]
		p.Keys, p.PartitionBy, p.Where = pick(keys), pick(parts), where
		ic := fold(indexed, 40) - 1
		p.IndexedCols = &ic
		tl := &s.Timeline
		tl.Strategy = strategies[fold(strategy, len(strategies))]
		tl.Days, tl.HistoryDays, tl.RowsPerGB = fold(days, 400), fold(history, 400), fold(rpg, 2000)
		tl.IngestGB, tl.FileGB, tl.MinCubeGB = foldF(ingest, 12_000), foldF(fileGB, 1100), foldF(minCube, 1000)
		tl.WindowDays, tl.FullDay, tl.ChangeKeysDay, tl.ClusterNoneDay, tl.Day = fold(window, 400), fold(fullDay, 400), fold(changeKeys, 400), fold(noneDay, 400), fold(dayAt, 400)
		s.EnsureDefaults()
		if err := s.Validate(); err != nil {
			if len(scenario.KnobsOf(err)) == 0 {
				t.Fatalf("refused without naming a knob: %v", err)
			}
			return
		}
		c := s.Cost()
		if c.PanelRows > scenario.MaxPanelRows || c.PanelFiles > scenario.MaxPanelFiles || c.TimelineRows > scenario.MaxTimelineRows ||
			c.FileWrites > scenario.MaxTimelineFileWrites || c.RowWrites > scenario.MaxTimelineRowWrites || c.PlannerScans > scenario.MaxPlannerScans {
			t.Fatalf("accepted over the limits: %+v", c)
		}
		runtime.GC()
		peak := peakMemory(func() {
			if s.View == "panel" {
				res, err := panel.NewStore().Answer(s.Panel, panel.Shown, nil)
				if err != nil {
					t.Fatal(err)
				}
				if res.Error != nil && res.Error.Class == "LAYOUTLAB_INTERNAL" {
					t.Fatalf("%+v: %s", s.Panel, res.Error.Message)
				}
				if int64(len(res.Files)) > c.PanelFiles {
					t.Errorf("%d files, more than the cost's bound of %d", len(res.Files), c.PanelFiles)
				}
				return
			}
			if _, err := timeline.Run(s.Timeline); err != nil {
				t.Fatalf("%+v: %v", s.Timeline, err)
			}
		})
		if peak > maxMemory {
			t.Errorf("%+v: %d MiB of memory, more than 1 GiB", s, peak>>20)
		}
	})
}
