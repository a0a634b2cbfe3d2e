package inspect

import (
	"runtime"
	"testing"

	"layoutlab/engine/inspect/inspecttest"
)

// TestHealthScratchPerFile: the clustering health of inspecttest's table (an id and a day
// column, ints, and a name column, strings) allocates at most 40 bytes a file: 16 for the
// bounds of id, which the Inspector keeps (healthBounds), and the sorts' scratch, one radix
// sorter's buffers and one permutation for every side of every column (boundsSorter), a string
// column sorted in place. Each side with scratch of its own, and the strings and their keys
// copied to be sorted, it was 114 bytes a file: the 1,000,000-file page's Go heap last grew in
// the health of name.
func TestHealthScratchPerFile(t *testing.T) {
	const files = 50_000
	m, err := inspecttest.Table(files)
	if err != nil {
		t.Fatal(err)
	}
	_, in, err := Open(m, "t", Options{Version: -1, PlanLater: true, HealthLater: true})
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	h, err := in.HealthYield(nil)
	runtime.ReadMemStats(&after)
	if err != nil || len(h) != 3 {
		t.Fatalf("health %+v, %v; want the 3 columns'", h, err)
	}
	if per := float64(after.TotalAlloc-before.TotalAlloc) / files; per > 40 {
		t.Fatalf("the health allocated %.1f bytes a file; want at most 40", per)
	}
}
