package inspect

import (
	"runtime"
	"testing"

	"layoutlab/engine/inspect/inspecttest"
	"layoutlab/engine/work"
)

// TestCompactionFreesAsItGoes: once the compaction of the statistics text (CompactStats) has
// done six files in ten, the heap's objects, collected, are fewer than as it began: the text of
// the files done is garbage as it goes (the checkpoint decoder's blocks of it, slabBlock, are
// let go in turn), not all at its end. With the text of a checkpoint's column in one block, the
// 200,000-file table's heap was 14 MiB over its start there, and 32 MiB under it only at the end.
func TestCompactionFreesAsItGoes(t *testing.T) {
	m, err := inspecttest.Table(200_000)
	if err != nil {
		t.Fatal(err)
	}
	_, in, err := Open(m, "t", Options{Version: -1, PlanLater: true, HealthLater: true, CompactStatsFrom: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := in.HealthYield(nil); err != nil { // the health's string bounds hold the text
		t.Fatal(err)
	}
	start, at := inspecttest.HeapObjects(), 0.0
	err = in.CompactStats(func(p work.Progress) error {
		if p.Step == CompactStep && at == 0 && p.Done*10 >= p.Total*6 {
			at = inspecttest.HeapObjects()
		}
		return nil
	})
	if err != nil || at == 0 {
		t.Fatalf("compacted: %v; the heap read at 60%%: %v", err, at != 0)
	}
	if at >= start {
		t.Fatalf("six files in ten compacted, the heap held %.1f MiB, %.1f over its start", at/(1<<20), (at-start)/(1<<20))
	}
	runtime.KeepAlive(m)
}
