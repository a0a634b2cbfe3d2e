package inspect

import (
	"encoding/json"
	"testing"
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
	got := in.NextOptimize(Progress{Step: func(s string) { steps = append(steps, s) }, Yield: func() { yields++ }})
	if got == nil || got.OSS == nil || got.OSS.SelectedFiles == 0 {
		t.Fatalf("NextOptimize gave %+v", got)
	}
	if len(steps) != 1 {
		t.Errorf("steps %q, want the open-source plan's only (the table is not clustered)", steps)
	}
	if yields != 3 { // the planner's after the candidates and after the one partition, then the output's
		t.Errorf("Yield called %d times, want 3", yields)
	}
	if again := in.NextOptimize(Progress{Step: func(s string) { t.Errorf("planned twice: %s", s) }}); again != got {
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
