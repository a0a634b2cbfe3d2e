package scenario

import (
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// otherValue is a value of k, within its limits, that differs from what s holds.
func otherValue(k *Knob, s *Scenario) string {
	cur := k.Get(s)
	switch k.Kind {
	case KindInt, KindFloat:
		for _, x := range []float64{k.Hi, k.Lo + 1, k.Hi / 2} {
			if v := strconv.FormatFloat(x, 'f', -1, 64); v != cur && k.checkNumber(x) == nil {
				return v
			}
		}
	case KindSeed:
		return "7"
	case KindBool:
		return strconv.FormatBool(cur != "true")
	case KindEnum:
		for _, o := range k.Options {
			if o != cur && o != "" {
				return o
			}
		}
	case KindText:
		if k.ID == "filter-value" {
			return "42"
		}
		return "region_id < 3"
	case KindColumn, KindColumns:
		return "region_id"
	}
	return ""
}

// TestEveryFieldIsAKnob: each field of Panel and Timeline, and the view, is written by some
// knob of the registry, so a field added to the scenario without its knob fails here.
func TestEveryFieldIsAKnob(t *testing.T) {
	reached := map[string]string{}
	for _, k := range Knobs() {
		for _, view := range []string{"panel", "timeline"} {
			if !k.InView(view) {
				continue
			}
			s := Default()
			s.View = view
			before := s.Clone()
			v := otherValue(&k, &s)
			if err := k.Set(&s, v); err != nil {
				t.Errorf("%s: Set(%q) in the %s view: %v", k.ID, v, view, err)
				continue
			}
			for name, part := range map[string][2]reflect.Value{
				"Panel":    {reflect.ValueOf(before.Panel), reflect.ValueOf(s.Panel)},
				"Timeline": {reflect.ValueOf(before.Timeline), reflect.ValueOf(s.Timeline)},
			} {
				for i := range part[0].NumField() {
					if !reflect.DeepEqual(part[0].Field(i).Interface(), part[1].Field(i).Interface()) {
						reached[name+"."+part[0].Type().Field(i).Name] = k.ID
					}
				}
			}
			if s.View != view {
				reached["View"] = k.ID
			}
		}
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[Panel](), reflect.TypeFor[Timeline]()} {
		for i := range typ.NumField() {
			if f := typ.Name() + "." + typ.Field(i).Name; reached[f] == "" {
				t.Errorf("no knob writes %s: declare it in knobs.go", f)
			}
		}
	}
	if reached["View"] != "view" {
		t.Errorf("the view is written by %q", reached["View"])
	}
}

// TestKnobsAreDeclaredWhole: ids are unique, a flag has its text, a control its label and its
// range, an option list its values, and each knob's field accessor fits its kind.
func TestKnobsAreDeclaredWhole(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range Knobs() {
		if seen[k.ID] {
			t.Errorf("%s declared twice", k.ID)
		}
		seen[k.ID] = true
		if k.Noun == "" || (k.Flag != "" && (k.FlagText() == "" || !strings.HasPrefix(k.Flag, "--"+k.ID))) {
			t.Errorf("%s: noun %q, flag %q, usage %q", k.ID, k.Noun, k.Flag, k.Usage)
		}
		if k.Control != ControlNone && k.Label == "" {
			t.Errorf("%s: a control without a label", k.ID)
		}
		if (k.Control == ControlRange || k.Control == ControlNumber || k.Control == ControlRangeTyped) && !(k.Min < k.Max && k.Step > 0) {
			t.Errorf("%s: control range %g..%g step %g", k.ID, k.Min, k.Max, k.Step)
		}
		if (k.Kind == KindEnum || k.Control == ControlSelect) && len(k.Options) == 0 {
			t.Errorf("%s: no options", k.ID)
		}
		fits := map[Kind]bool{KindInt: k.i != nil || k.set != nil, KindSeed: k.u != nil, KindFloat: k.f != nil,
			KindBool: k.b != nil, KindEnum: k.s != nil || k.set != nil, KindText: k.s != nil || k.set != nil,
			KindColumn: k.s != nil, KindColumns: k.l != nil}
		if !fits[k.Kind] {
			t.Errorf("%s: no field accessor for its kind %d", k.ID, k.Kind)
		}
	}
}

// TestUsageStatesTheDefaults: a "(default X)" written in a flag's text is the value the default
// scenario holds (-h adds the others' from it).
func TestUsageStatesTheDefaults(t *testing.T) {
	re := regexp.MustCompile(`\(default ([^ ,)]+(?:,[^ ,)]+)*)`)
	formula := map[string]bool{"target-cube-gb": true} // 1.5 x the minimum cube size
	for _, k := range Knobs() {
		m := re.FindStringSubmatch(k.FlagText())
		if m == nil || formula[k.ID] {
			continue
		}
		for _, view := range []string{"panel", "timeline"} {
			if !k.InView(view) {
				continue
			}
			s := Default()
			s.View = view
			got := strings.ReplaceAll(k.Get(&s), " ", "")
			if k.i != nil && k.show != nil && !k.UnsetZero {
				got = strconv.Itoa(*k.i(&s)) // the day: 0 = the last
			}
			if got != m[1] {
				t.Errorf("--%s's usage says (default %s), the %s view's default is %s", k.ID, m[1], view, got)
			}
		}
	}
}

// TestLimitsAreCheckedAlike: a number just outside a knob's limits is refused when given (Set)
// and when a link brings it (Validate), both naming the knob; its limits themselves are given.
func TestLimitsAreCheckedAlike(t *testing.T) {
	for _, k := range Knobs() {
		if k.Kind != KindInt && k.Kind != KindFloat {
			continue
		}
		view := k.View
		if view == "" {
			view = "panel"
		}
		for _, x := range []float64{k.Lo, k.Hi} {
			s := Default()
			s.View = view
			v := strconv.FormatFloat(x, 'f', -1, 64)
			if err := k.Set(&s, v); (err == nil) == (k.LoOpen && x == k.Lo) {
				t.Errorf("%s: Set(%s): %v", k.ID, v, err)
			}
		}
		for _, x := range []float64{k.Lo - 1, k.Hi + 1} {
			s := Default()
			s.View = view
			v := strconv.FormatFloat(x, 'f', -1, 64)
			if err := k.Set(&s, v); err == nil || KnobsOf(err)[0] != k.ID {
				t.Errorf("%s: Set(%s) not refused by name: %v", k.ID, v, err)
			}
			if x == 0 && k.UnsetZero {
				continue // the field's zero is the default, which a link may carry
			}
			switch {
			case k.i != nil:
				*k.i(&s) = int(x)
			case k.f != nil:
				*k.f(&s) = x
			case k.ID == "indexed-cols":
				n := int(x)
				s.Panel.IndexedCols = &n
			default:
				t.Fatalf("%s: no field", k.ID)
			}
			if err := s.Validate(); err == nil || KnobsOf(err)[0] != k.ID {
				t.Errorf("%s = %s in a link: %v, want a refusal naming it", k.ID, v, err)
			}
		}
	}
}

// TestCloneSharesNothing: every slice and pointer of a scenario is its clone's own, so the
// controls can edit one while an answer reads the other.
func TestCloneSharesNothing(t *testing.T) {
	n := 3
	s := Default()
	s.Panel.StatsColumns, s.Panel.PartitionBy, s.Panel.IndexedCols = []string{"a"}, []string{"b"}, &n
	s.Figure = Figure{Knobs: []string{"day"}, Readouts: []string{"files"}}
	c := s.Clone()
	if !reflect.DeepEqual(c, s) {
		t.Fatal("the clone differs")
	}
	var walk func(path string, a, b reflect.Value)
	walk = func(path string, a, b reflect.Value) {
		switch a.Kind() {
		case reflect.Struct:
			for i := range a.NumField() {
				walk(path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i))
			}
		case reflect.Slice, reflect.Pointer, reflect.Map:
			if a.IsNil() {
				t.Errorf("%s is nil in the test's scenario: give it a value", path)
			} else if a.UnsafePointer() == b.UnsafePointer() {
				t.Errorf("%s is shared by the clone", path)
			}
		}
	}
	walk("Scenario", reflect.ValueOf(s), reflect.ValueOf(c))
}
