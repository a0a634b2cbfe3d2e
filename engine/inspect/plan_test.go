package inspect

import (
	"encoding/json"
	"runtime"
	"slices"
	"testing"

	"layoutlab/engine/optimize"
	"layoutlab/engine/work"
)

// TestPlanLater: with PlanLater the Report comes without the next OPTIMIZE, and
// Inspector.NextOptimize then gives the plans Open gives at once (yielding between the planner's
// stages), which later Reports carry.
func TestPlanLater(t *testing.T) {
	m, err := benchTable(testFiles)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Inspect(m, "t", Options{Version: -1})
	if err != nil {
		t.Fatal(err)
	}
	r, in, err := Open(m, "t", Options{Version: -1, PlanLater: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.NextOptimize != nil {
		t.Fatal("PlanLater: the Report has a next OPTIMIZE")
	}
	var steps []string
	yields := 0
	got, err := in.NextOptimize(func(p work.Progress) error {
		if p.Total == 0 {
			steps = append(steps, p.Step)
		} else {
			yields++
		}
		return nil
	})
	if err != nil || got == nil || got.OSS == nil || got.OSS.SelectedFiles == 0 {
		t.Fatalf("NextOptimize gave %+v, %v", got, err)
	}
	if len(steps) != 1 {
		t.Errorf("steps %q, want the open-source plan's only (the table is not clustered)", steps)
	}
	if yields != 2 { // the planner's after the candidates and after the one partition
		t.Errorf("the planner's progress told %d times, want 2", yields)
	}
	if again, _ := in.NextOptimize(func(p work.Progress) error { t.Errorf("planned twice: %s", p); return nil }); again != got {
		t.Error("NextOptimize planned again")
	}
	a, _ := json.Marshal(got)
	b, _ := json.Marshal(want.NextOptimize)
	if string(a) != string(b) {
		t.Errorf("planned later:\n%s\nat once:\n%s", a, b)
	}
	if in.Report("id = 1").NextOptimize != got {
		t.Error("a later Report does not carry the plans")
	}
}

// TestPlanHeldBytesPerFile: the next OPTIMIZE's plans on inspecttest.Table, every file of which
// the open-source plan rewrites (a bin of ten), hold what they must (its bins, its events' text,
// a file's index in its bin) and not a copy of each path: 18.6 bytes a file live after the
// plan, 28.2 with a path's header a file and a list of them a bin.
func TestPlanHeldBytesPerFile(t *testing.T) {
	const n = 50_000
	m, err := benchTable(n)
	if err != nil {
		t.Fatal(err)
	}
	_, in, err := Open(m, "t", Options{Version: -1, PlanLater: true})
	if err != nil {
		t.Fatal(err)
	}
	live := func() uint64 {
		runtime.GC()
		runtime.GC() // a sync.Pool's victims too
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	before := live()
	next, err := in.NextOptimize(nil)
	if err != nil || next.OSS.SelectedFiles != n {
		t.Fatalf("the plan selects %d files (%v), want every one of %d", next.OSS.SelectedFiles, err, n)
	}
	after := live()
	runtime.KeepAlive(in)
	if per := float64(after-min(after, before)) / n; per > 22 {
		t.Errorf("the plans hold %.1f bytes a file, want at most 22", per)
	}
}

// TestPlanReadsFilesInSnapshotOrder: the next OPTIMIZE lists the files for the planner by size
// (planOrder), but reads each file's add and count in the snapshot's order: read in the
// planner's, a million files' reads were cache misses, most of the plan's time natively
// (BenchmarkPagePlan1M). The plan is the same either way (TestPlanLater, the CLI's outputs).
func TestPlanReadsFilesInSnapshotOrder(t *testing.T) {
	m, err := benchTable(testFiles)
	if err != nil {
		t.Fatal(err)
	}
	_, in, err := Open(m, "t", Options{Version: -1, PlanLater: true})
	if err != nil {
		t.Fatal(err)
	}
	files := in.s.AllFiles()
	os := &optimize.Snapshot{}
	if order := planOrder(os, files); order == nil || slices.IsSorted(order) {
		t.Fatal("the table's files are in the planner's order already: nothing to tell apart")
	}
	var read []int
	next, err := nextOptimize(in.s, func(i int) (int64, bool) {
		read = append(read, i)
		return in.numRecords(i)
	}, files, in.columns, false, in.clusterRanges, nil)
	if err != nil || next.OSS.SelectedFiles != testFiles {
		t.Fatalf("the plan selects %d files (%v), want %d", next.OSS.SelectedFiles, err, testFiles)
	}
	if len(read) != len(files) || !slices.IsSorted(read) {
		t.Errorf("the files' counts were read in another order than the snapshot's (%d reads; first %v)", len(read), read[:min(8, len(read))])
	}
}
