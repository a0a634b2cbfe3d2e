package scenario

import (
	"slices"
	"testing"
)

// TestEveryColumnKnobIsChecked: each column knob of the registry (KindColumn, KindColumns) that
// names a column the panel's table lacks is refused, by a KnobError naming that knob, and by the
// link that carries it. A column knob checkColumns passed over would open a link naming no column.
func TestEveryColumnKnobIsChecked(t *testing.T) {
	var checked []string
	for _, k := range Knobs() {
		if k.Kind != KindColumn && k.Kind != KindColumns {
			continue
		}
		s := Default()
		if err := k.Set(&s, "no_such_column"); err != nil {
			t.Fatalf("%s: %v", k.ID, err)
		}
		err := s.checkColumns()
		if got := KnobsOf(err); len(got) == 0 || got[0] != k.ID {
			t.Errorf("%s naming no column: checkColumns says %v (knobs %v), want an error naming %s", k.ID, err, got, k.ID)
		}
		if _, err := ParseLink(Link(s)); err == nil {
			t.Errorf("%s naming no column: the link opens", k.ID)
		}
		checked = append(checked, k.ID)
	}
	// The column knobs of today are among them: one declared as another kind would be checked
	// no more. A column knob added to the registry is checked above with no change here.
	for _, id := range []string{"keys", "stats-columns", "partition-by", "color-key"} {
		if !slices.Contains(checked, id) {
			t.Errorf("%s is not a column knob (column knobs: %v)", id, checked)
		}
	}
	// Known columns, a struct among them, pass.
	s := Default()
	s.Panel.StatsColumns = []string{"device", "device.screen.width"}
	s.Panel.ColorKey = "USER_ID"
	if err := s.checkColumns(); err != nil {
		t.Error(err)
	}
}
