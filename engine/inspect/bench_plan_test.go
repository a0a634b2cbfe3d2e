package inspect

import (
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"
)

// BenchmarkPagePlan1M is the page's next step after BenchmarkPageOpen1M: the next OPTIMIZE's
// plans (Inspector.NextOptimize) on the opened 1,000,000-file table. peak-MB is the heap's
// objects at their highest while planning (sampled every millisecond, so a floor), base-MB what
// the opened table held before it, live-MB what it holds after the plans (after a collection).
func BenchmarkPagePlan1M(b *testing.B) { benchPagePlan(b, 1_000_000) }

// BenchmarkPagePlan100k is BenchmarkPagePlan1M on the 100,000-file table.
func BenchmarkPagePlan100k(b *testing.B) { benchPagePlan(b, benchFiles) }

func benchPagePlan(b *testing.B, n int) {
	m, err := benchTable(n)
	if err != nil {
		b.Fatal(err)
	}
	var base, peak, live float64
	var next *NextOptimize
	for b.Loop() {
		b.StopTimer()
		next = nil
		r, in, err := Open(m, "bench", Options{Version: -1, PlanLater: true})
		if err != nil || r.FilesTotal != n {
			b.Fatal(err, r.FilesTotal)
		}
		runtime.GC()
		runtime.GC() // a sync.Pool's victims too
		base = heapObjects()
		stop := samplePeak()
		b.StartTimer()
		if next, err = in.NextOptimize(nil); err != nil || next.OSS.Error != nil {
			b.Fatal(err, next.OSS.Error)
		}
		b.StopTimer()
		peak = stop()
		runtime.GC()
		runtime.GC()
		live = heapObjects()
		runtime.KeepAlive(r)
		runtime.KeepAlive(in)
		b.StartTimer()
	}
	b.ReportMetric(base/1e6, "base-MB")
	b.ReportMetric(peak/1e6, "peak-MB")
	b.ReportMetric(live/1e6, "live-MB")
	runtime.KeepAlive(next)
}

func heapObjects() float64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return float64(s[0].Value.Uint64())
}

// samplePeak reads the heap's objects every millisecond until the returned func is called,
// which returns the highest read.
func samplePeak() func() float64 {
	var mu sync.Mutex
	peak := heapObjects()
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				v := heapObjects()
				mu.Lock()
				peak = max(peak, v)
				mu.Unlock()
			}
		}
	}()
	return func() float64 {
		close(done)
		<-stopped
		mu.Lock()
		defer mu.Unlock()
		return max(peak, heapObjects())
	}
}
