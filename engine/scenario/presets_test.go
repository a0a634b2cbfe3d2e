package scenario

import (
	"reflect"
	"testing"
)

func TestPresetsAreValidAndRoundTrip(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range Presets() {
		if seen[p.Name] {
			t.Fatalf("preset %q twice", p.Name)
		}
		seen[p.Name] = true
		if err := p.Scenario.Validate(); err != nil {
			t.Fatalf("preset %s: %v", p.Name, err)
		}
		got, err := ParseLink(Link(p.Scenario))
		if err != nil || !reflect.DeepEqual(got, p.Scenario) {
			t.Fatalf("preset %s does not round-trip: %v", p.Name, err)
		}
	}
}
