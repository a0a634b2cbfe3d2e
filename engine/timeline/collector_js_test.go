//go:build js

package timeline

import (
	"runtime"
	"testing"

	"layoutlab/engine/scenario"
)

// TestCollectorKeepsUp runs the zorder-full preset (the run that allocates most) six times
// under js/wasm and checks that the heap's reserved memory, which the linear memory never
// gives back, stays near what one run keeps: a run that never lets the collector's worker run
// (letCollectorRun) grew it to about 200 MB here, and over 400 MB in ten runs.
func TestCollectorKeepsUp(t *testing.T) {
	var s scenario.Timeline
	for _, p := range scenario.Presets() {
		if p.Name == "zorder-full" {
			s = p.Scenario.Timeline
		}
	}
	if s.Strategy == "" {
		t.Fatal("no zorder-full preset")
	}
	for range 6 {
		if _, err := Run(s); err != nil {
			t.Fatal(err)
		}
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	t.Logf("heap reserved %d MB after 6 runs, %d collections", m.HeapSys>>20, m.NumGC)
	if m.HeapSys > 150<<20 {
		t.Errorf("heap reserved %d MB after 6 runs of zorder-full, want at most 150 MB: is the collector's worker let run?", m.HeapSys>>20)
	}
}
