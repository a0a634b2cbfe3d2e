package widget

import (
	"strings"
	"testing"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
)

// TestRefusalNamesTheFix: ticking device_model_id (column 33, past the 32 indexed columns) on a
// clustered table is one sentence that names the fix and the table's state, with the fix as a
// knob value that the engine then accepts; five keys are Delta's first sentence (no fix to
// offer) and the state; an accepted setting is no refusal.
func TestRefusalNamesTheFix(t *testing.T) {
	st := panel.NewStore()
	p := scenario.Default().Panel
	p.Keys = []string{"user_id", "event_date", "device_model_id"}
	r, err := st.Answer(p, panel.Shown, nil)
	if err != nil || r.Error == nil {
		t.Fatalf("device_model_id as a key: %v, %v", err, r.Error)
	}
	f, ok := RefusalOf(p, r)
	want := "device_model_id has no statistics: raise indexed columns to 33. The table stays unclustered."
	if !ok || f.Text != want || f.Knob != "indexed-cols" || f.Value != "33" || f.Fix != "Raise to 33" {
		t.Fatalf("refusal %+v, want %q with the fix indexed-cols=33", f, want)
	}
	if strings.Contains(f.Text, "DELTA_") || strings.Contains(f.Text, "struct<") {
		t.Errorf("the sentence carries Delta's class or schema: %q", f.Text)
	}
	n := 33
	p.IndexedCols = &n
	if r, err = st.Answer(p, panel.Shown, nil); err != nil || r.Error != nil {
		t.Fatalf("with the fix: %v, %v", err, r.Error)
	}
	if _, ok := RefusalOf(p, r); ok {
		t.Error("an accepted layout is a refusal")
	}
	p.Keys = []string{"user_id", "event_date", "region_id", "device_model_id", "country_code"}
	r, _ = st.Answer(p, panel.Shown, nil)
	if f, ok := RefusalOf(p, r); !ok || !strings.HasSuffix(f.Text, ". The table stays unclustered.") || strings.Count(f.Text, ". ") != 1 || f.Knob != "" {
		t.Errorf("five keys: %+v (%v)", f, r.Error)
	}
	ns, _ := scenario.PresetByName("no-stats")
	r, _ = st.Answer(ns.Scenario.Panel, panel.Shown, nil)
	if f, ok := RefusalOf(ns.Scenario.Panel, r); !ok || !strings.Contains(f.Text, "with the check disabled") || f.Value != "33" {
		t.Errorf("no-stats: %+v", f)
	}
}
