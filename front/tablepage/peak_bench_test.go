package tablepage

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
	"testing"

	"layoutlab/engine/inspect"
	"layoutlab/engine/inspect/inspecttest"
	"layoutlab/engine/work"
)

// BenchmarkPageOpenPeak1M follows the table page's open of the 1,000,000-file table in
// wasm/table's order (Open with the plans and the health left for later, the health, the
// statistics text compacted, the grid's spans and the grid, the next OPTIMIZE) and reports the most the heap's objects were,
// over the generated table's own, in each step: what the browser's module memory, which never
// shrinks, must hold at least. The collector runs at GOGC 5, so that the objects are what is
// live, and a sampler reads them between the steps' yields too.
func BenchmarkPageOpenPeak1M(b *testing.B) {
	m, err := inspecttest.Table(1_000_000)
	if err != nil {
		b.Fatal(err)
	}
	defer debug.SetGCPercent(debug.SetGCPercent(5))
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	objects := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	for b.Loop() {
		for range 3 { // sync.Pools are emptied over two collections
			runtime.GC()
		}
		base := objects()
		var peak atomic.Uint64
		stop := make(chan struct{})
		done := make(chan struct{})
		go func() {
			defer close(done)
			s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
			for {
				select {
				case <-stop:
					return
				default:
				}
				metrics.Read(s)
				if o := s[0].Value.Uint64(); o > peak.Load() {
					peak.Store(o)
				}
				runtime.Gosched()
			}
		}()
		step := func(name string) {
			if o := objects(); o > peak.Load() {
				peak.Store(o)
			}
			b.ReportMetric(float64(peak.Load()-min(base, peak.Load()))/(1<<20), name+"-peak-MiB")
			runtime.GC()
			peak.Store(0)
		}
		y := work.Yield(func(work.Progress) error {
			if o := objects(); o > peak.Load() {
				peak.Store(o)
			}
			return nil
		})
		r, in, err := inspect.Open(m, "bench", inspect.Options{Version: -1, PlanLater: true, HealthLater: true, Yield: y, CompactStatsFrom: CompactStatsFrom})
		if err != nil {
			b.Fatal(err)
		}
		step("open")
		if r.ClusteringHealth, err = in.HealthYield(y); err != nil {
			b.Fatal(err)
		}
		step("health")
		if err := in.CompactStats(y); err != nil {
			b.Fatal(err)
		}
		step("compact")
		spans, err := in.SpansYield(in.DefaultSpanColumn(), y)
		if err != nil {
			b.Fatal(err)
		}
		g := SizedGrid(nil, r, spans, DefaultGroupBy(r), 1600, 1120, 2)
		step("views")
		if _, err := in.NextOptimize(y); err != nil {
			b.Fatal(err)
		}
		step("plan")
		close(stop)
		<-done
		runtime.KeepAlive(g)
	}
}
