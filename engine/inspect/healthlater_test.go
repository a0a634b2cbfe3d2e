package inspect

import (
	"encoding/json"
	"testing"

	"layoutlab/engine/work"
)

// TestHealthLater: with HealthLater the Report comes without the clustering health, and no
// column's is worked out (no step told); Inspector.HealthYield then gives what Open gives at once,
// a step per column, and later Reports carry it.
func TestHealthLater(t *testing.T) {
	m, err := benchTable(testFiles)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Inspect(m, "t", Options{Version: -1})
	if err != nil {
		t.Fatal(err)
	}
	if len(want.ClusteringHealth) == 0 {
		t.Fatal("the table has no clustering health to leave for later")
	}
	var steps []string
	step := func(p work.Progress) error {
		if p.Total == 0 {
			steps = append(steps, p.Step)
		}
		return nil
	}
	r, in, err := Open(m, "t", Options{Version: -1, PlanLater: true, HealthLater: true, Yield: step})
	if err != nil {
		t.Fatal(err)
	}
	if r.ClusteringHealth != nil {
		t.Fatalf("HealthLater: the Report has the clustering health %+v", r.ClusteringHealth)
	}
	opened := len(steps)
	for _, s := range steps {
		if len(s) > 24 && s[:24] == "the clustering health of" {
			t.Errorf("HealthLater: Open worked out %q", s)
		}
	}
	got, err := in.HealthYield(step)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(steps) - opened; n != len(want.ClusteringHealth) {
		t.Errorf("HealthYield told %d steps (%q), want one per column (%d)", n, steps[opened:], len(want.ClusteringHealth))
	}
	a, _ := json.Marshal(got)
	b, _ := json.Marshal(want.ClusteringHealth)
	if string(a) != string(b) {
		t.Errorf("worked out later:\n%s\nat once:\n%s", a, b)
	}
	later, _ := json.Marshal(in.Report("id = 1").ClusteringHealth)
	if string(later) != string(b) {
		t.Errorf("a later Report's health:\n%s\nwant:\n%s", later, b)
	}
}
