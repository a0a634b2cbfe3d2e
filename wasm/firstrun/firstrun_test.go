//go:build js && wasm

package firstrun

import (
	"reflect"
	"runtime"
	"runtime/debug"
	"testing"

	"layoutlab/engine/scenario"
)

// TestRunWithoutCollector: the first run makes its answer with the collector off, and leaves it
// as it found it.
func TestRunWithoutCollector(t *testing.T) {
	const setting = 77
	old := debug.SetGCPercent(setting)
	defer debug.SetGCPercent(old)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	run("") // the default scenario, as a page without a fragment
	runtime.ReadMemStats(&after)
	if res == nil || len(res.Files) == 0 {
		t.Fatalf("no first answer for the default scenario: %+v", res)
	}
	if n := after.NumGC - before.NumGC; n != 0 {
		t.Errorf("the collector ran %d cycles during the first run (%d MB allocated)", n, (after.TotalAlloc-before.TotalAlloc)>>20)
	}
	if got := debug.SetGCPercent(old); got != setting {
		t.Errorf("after the run the collector's setting is %d, want %d as before it", got, setting)
	}
	if _, p, r, d := Take(); r == nil || d <= 0 || !reflect.DeepEqual(p, scenario.Default().Panel) {
		t.Errorf("Take handed over %v after %v for %+v, want the default scenario's run and its time", r, d, p)
	}
	if _, _, r, _ := Take(); r != nil {
		t.Error("Take handed the first run over twice")
	}
}
