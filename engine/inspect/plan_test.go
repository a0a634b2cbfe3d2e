package inspect

import (
	"encoding/json"
	"testing"

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
