package panel

import (
	"encoding/json"
	"testing"

	"layoutlab/engine/scenario"
)

// panelKnobValues is, for every knob of the panel's view that reaches the panel's answer, a
// value other than the default; outsideTheAnswer lists the ones that do not (the registry's
// knobs, engine/scenario/knobs.go). A knob added to the panel's view must be in one of them.
var (
	panelKnobValues = map[string]string{
		"rows": "50000", "files": "8", "rows-per-file": "5000", "layout": "zorder", "keys": "region_id, user_id",
		"where": "region_id < 3", "filter-col": "region_id", "filter-op": "<", "filter-value": "7",
		"indexed-cols": "2", "stats-columns": "user_id", "partition-by": "region_id", "seed": "7", "add-noise": "false",
	}
	outsideTheAnswer = map[string]string{
		"view":      "which view the widget shows",
		"color-key": "the widget's grid colouring, drawn from the answer's spans",
	}
)

// TestStoreKeysCoverEveryPanelKnob: for each knob of the panel, a store that answered the
// default panel answers the panel with the knob changed exactly as a new store does, and
// differently from the default: every stage's key holds every knob that reaches it, so two
// panels differing in one never share a stored stage.
func TestStoreKeysCoverEveryPanelKnob(t *testing.T) {
	answer := func(s *Store, p scenario.Panel) string {
		t.Helper()
		r, err := s.Answer(p, Shown, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.FillFileStats(r); err != nil { // the files' statistics, as the CLI prints them
			t.Fatal(err)
		}
		js, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		return string(js)
	}
	base := scenario.Default() // 100,000 rows: at 20,000 the noise byte moves no file boundary
	warm := NewStore()
	baseAnswer := answer(warm, base.Panel)
	for _, k := range scenario.Knobs() {
		if !k.InView("panel") || outsideTheAnswer[k.ID] != "" {
			continue
		}
		v, ok := panelKnobValues[k.ID]
		if !ok {
			t.Errorf("knob %s: give it a value in panelKnobValues, or say in outsideTheAnswer why it does not reach the answer", k.ID)
			continue
		}
		s := base.Clone()
		if err := k.Set(&s, v); err != nil {
			t.Fatalf("%s=%s: %v", k.ID, v, err)
		}
		fresh := answer(NewStore(), s.Panel)
		if fresh == baseAnswer {
			t.Errorf("%s=%s: the answer is the default's; the knob does not reach the engine", k.ID, v)
		}
		if got := answer(warm, s.Panel); got != fresh {
			t.Errorf("%s=%s: the store that answered the default answers differently from a new one: a stage's key lacks the knob", k.ID, v)
		}
		answer(warm, base.Panel) // the default's stages are the ones stored beside it
	}
}
