//go:build js

package timeline

import (
	"runtime"
	"testing"

	"layoutlab/engine/scenario"
)

// TestCollectorKeepsUp runs the zorder-full preset (the run that allocates most) six times
// under js/wasm and checks how much the heap's reserved memory, which the linear memory never
// gives back, grew meanwhile: about 100 MB when the collector's worker is let run
// (letCollectorRun), about 250 MB here without it (and over 400 MB in ten runs). The growth is
// what is checked, not the size, since the package's earlier tests may have grown the heap.
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
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 6 {
		if _, err := Run(s); err != nil {
			t.Fatal(err)
		}
	}
	runtime.ReadMemStats(&after)
	grew := int64(after.HeapSys) - int64(before.HeapSys)
	t.Logf("heap reserved %d MB after 6 runs (grew %d MB), %d collections", after.HeapSys>>20, grew>>20, after.NumGC-before.NumGC)
	if grew > 150<<20 {
		t.Errorf("the heap's reserved memory grew %d MB in 6 runs of zorder-full, want at most 150 MB: is the collector's worker let run?", grew>>20)
	}
}
