package scenario

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestTimelineEchoIsTheRegistry: every field of Timeline is echoed, under the name of the knob
// that holds it, with the value its flag would give; a knob the echo passed over, or a field no
// knob holds, fails here.
func TestTimelineEchoIsTheRegistry(t *testing.T) {
	s := Default()
	s.View = "timeline"
	s.Timeline.Strategy, s.Timeline.Days, s.Timeline.Day, s.Timeline.FabricNoAutoRecluster = "zorder-window", 20, 7, true
	b, err := TimelineEcho(s.Timeline)
	if err != nil {
		t.Fatal(err)
	}
	var echo map[string]any
	if err := json.Unmarshal(b, &echo); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	echoed := 0
	for _, k := range Knobs() {
		if !k.InView("timeline") || k.ID == "view" || (k.i == nil && k.u == nil && k.f == nil && k.b == nil && k.s == nil) {
			continue
		}
		echoed++
		key := strings.ReplaceAll(k.ID, "-", "_")
		v, ok := echo[key]
		if !ok {
			t.Errorf("knob %s: no %q in the echo %s", k.ID, key, b)
			continue
		}
		if k.ID == "day" { // the field itself: 0 is "the last day", which the slider shows as Days
			if v != 7.0 {
				t.Errorf("day: echoed %v, want 7", v)
			}
			continue
		}
		if got := strings.Trim(string(must(json.Marshal(v))), `"`); got != k.Get(&s) {
			t.Errorf("knob %s: echoed %s, its flag's value is %s", k.ID, got, k.Get(&s))
		}
	}
	if n := reflect.TypeFor[Timeline]().NumField(); echoed != n {
		t.Errorf("%d knobs echoed, Timeline has %d fields", echoed, n)
	}
	if echo["strategy_label"] != StrategyLabel("zorder-window") || len(echo) != echoed+1 {
		t.Errorf("the echo has %d names (want %d and strategy_label): %s", len(echo), echoed+1, b)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}
