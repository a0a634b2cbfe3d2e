package scenario

import "testing"

// TestValidateAllocs: validating a scenario allocates a fixed few objects, not one a knob. The
// panel validates its input on every answer, a kept layout's included, where a copy of the
// scenario a knob was most of the answer's time and memory (issue #50's speed check against
// b2da5df: BenchmarkKeptLayoutFlip 1.4x the CPU).
func TestValidateAllocs(t *testing.T) {
	for _, view := range []string{"panel", "timeline"} {
		s := Default()
		s.View = view
		s.EnsureDefaults()
		if err := s.ValidateFields(); err != nil {
			t.Fatal(err)
		}
		n := testing.AllocsPerRun(50, func() {
			if err := s.ValidateFields(); err != nil {
				t.Fatal(err)
			}
		})
		t.Logf("%s: %v allocations a validation, %d knobs", view, n, len(knobs))
		if n > 2 {
			t.Errorf("%s: ValidateFields makes %v allocations, want at most 2 (not one a knob: %d knobs)", view, n, len(knobs))
		}
	}
}

// BenchmarkPanelInput is what the panel does to its input on every answer (panel.input): the
// defaults filled into a scenario of the panel alone, then its validation.
func BenchmarkPanelInput(b *testing.B) {
	p := Default().Panel
	b.ReportAllocs()
	for b.Loop() {
		s := Scenario{View: "panel", Panel: p}
		s.EnsureDefaults()
		if err := s.Validate(); err != nil {
			b.Fatal(err)
		}
	}
}
