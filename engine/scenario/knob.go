package scenario

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Kind is a knob's value type: how the text a flag or a control gives is read, checked and
// written to the scenario, and how the field is checked when a link brings it.
type Kind uint8

const (
	KindInt     Kind = iota // a whole number within Lo..Hi
	KindSeed                // a seed: any uint64
	KindFloat               // a number within [Lo, Hi], (Lo, Hi] when LoOpen; GiB when Unit says so
	KindBool                // true or false
	KindEnum                // one of Options
	KindText                // free text of at most Hi bytes
	KindColumn              // one column name
	KindColumns             // comma-separated column names, at most Hi of them
)

// Control is how the widget shows a knob (front/widget/controls.go draws it).
type Control uint8

const (
	ControlNone   Control = iota // a flag only
	ControlRange                 // a slider, answered live as it is dragged
	ControlNumber                // a number box, answered on change
	ControlSelect                // a list of Options
	ControlText                  // a text field, answered on Enter or leaving it
	ControlCheck                 // a checkbox; its value is "true" or "false"
	// ControlRangeTyped is a slider with a number box beside it for a value typed exactly, or
	// beyond the slider's ends (TypedMin, labelled Unit).
	ControlRangeTyped
	// ControlKeys is a tick box per column, in key order, with buttons that move a key earlier
	// or later; its value is the comma-separated keys.
	ControlKeys
)

// Knob is one setting of a scenario, declared once (Knobs): its field, its limits, its flag and
// its control are all read from here.
type Knob struct {
	// ID is the widget's control id, the command line's flag name and what a KnobError names.
	ID string
	// View is the scenario view the knob belongs to: "panel" (the layout verb), "timeline" (the
	// run verb), or "" for both, each view then keeping its own field (the shown view's).
	View string
	Kind Kind
	// Noun names the knob in a message ("daily ingest"); Unit follows a value ("GiB").
	Noun, Unit string

	// Limits of a value given by a flag or a control: a number within Lo..Hi (LoOpen excludes
	// Lo), a text of at most Hi bytes, a list of at most Hi names. UnsetZero: the field's zero
	// means a default (Delta's, Fabric's) a link may carry, but a value given is never zero.
	Lo, Hi    float64
	LoOpen    bool
	UnsetZero bool
	// Options are a KindEnum's values and a select control's, in the order offered;
	// OptionLabel, when set, is an option's shown text.
	Options     []string
	OptionLabel func(string) string

	// Default is the value the field's zero stands for, filled in by EnsureDefaults; "" when
	// the zero is the default itself.
	Default string

	// Flag is how -h writes the flag ("--rows N", "--add-noise=false"); "" = no flag. Usage is
	// its text in -h and docs/cli.md when it is not Help's (FlagText).
	Flag, Usage string

	// The widget: the control, its visible label and help, the legend of the group it is shown
	// in (knobs that are views of one field), the slider's or box's range, a typed box's least
	// value.
	Control            Control
	Label, Help, Group string
	Min, Max, Step     float64
	TypedMin           float64

	// The field, by Kind: one accessor (i, u, f, b, s or l), b stored negated when negate.
	i      func(*Scenario) *int
	u      func(*Scenario) *uint64
	f      func(*Scenario) *float64
	b      func(*Scenario) *bool
	negate bool
	s      func(*Scenario) *string
	l      func(*Scenario) *[]string
	// Hooks for a knob that is more than its field: show reads it (a default filled in), set
	// writes it instead of the field (a view of another field), after runs after a write,
	// stored is a number field's value (false: unset) when it has no accessor.
	show   func(*Scenario) string
	set    func(*Knob, *Scenario, string) error
	after  func(*Scenario)
	stored func(*Scenario) (float64, bool)
	// unset is whether EnsureDefaults fills the field, when that is not "the field is zero".
	unset func(*Scenario) bool
}

// Knobs is every knob, in the widget's order.
func Knobs() []Knob { return slices.Clone(knobs) }

// InView is whether the knob belongs to view ("panel" or "timeline").
func (k *Knob) InView(view string) bool { return k.View == "" || k.View == view }

// Get is the knob's value in s as its control and its flag write it.
func (k *Knob) Get(s *Scenario) string {
	if k.show != nil {
		return k.show(s)
	}
	switch {
	case k.i != nil:
		return strconv.Itoa(*k.i(s))
	case k.u != nil:
		return strconv.FormatUint(*k.u(s), 10)
	case k.f != nil:
		return strconv.FormatFloat(*k.f(s), 'f', -1, 64)
	case k.b != nil:
		return strconv.FormatBool(*k.b(s) != k.negate)
	case k.s != nil:
		return *k.s(s)
	case k.l != nil:
		return strings.Join(*k.l(s), ", ")
	}
	return ""
}

// Set reads v as the knob's value and writes it to s, or refuses it (a KnobError naming the
// knob) and leaves s as it was. A value within the knob's own limits may still make s invalid
// with the other knobs (Validate).
func (k *Knob) Set(s *Scenario, v string) error {
	if k.set != nil {
		return k.set(k, s, v)
	}
	v = strings.TrimSpace(v)
	switch k.Kind {
	case KindInt:
		n, err := k.parseInt(v)
		if err != nil {
			return err
		}
		*k.i(s) = n
	case KindSeed:
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return k.errf("%s %q is not a whole number of 0 or more", k.Noun, v)
		}
		*k.u(s) = n
	case KindFloat:
		x, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return k.errf("%s %q is not a number", k.Noun, v)
		}
		if err := k.checkNumber(x); err != nil {
			return err
		}
		*k.f(s) = x
	case KindBool:
		on, err := strconv.ParseBool(v)
		if err != nil {
			return k.errf("%s %q is not true or false", k.Noun, v)
		}
		*k.b(s) = on != k.negate
	default:
		if err := k.checkText(v); err != nil {
			return err
		}
		if k.l != nil {
			*k.l(s) = splitNames(v)
		} else {
			*k.s(s) = v
		}
	}
	if k.after != nil {
		k.after(s)
	}
	return nil
}

func (k *Knob) errf(format string, a ...any) error { return knobErr(k.ID, format, a...) }

func (k *Knob) parseInt(v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, k.errf("%s %q is not a whole number", k.Noun, v)
	}
	return n, k.checkNumber(float64(n))
}

// checkNumber refuses x outside the knob's limits.
func (k *Knob) checkNumber(x float64) error {
	if !(x >= k.Lo && x <= k.Hi) || (k.LoOpen && x == k.Lo) {
		return k.errf("%s %s is outside %s", k.Noun, k.withUnit(x), k.limits())
	}
	return nil
}

func (k *Knob) withUnit(x float64) string {
	v := strconv.FormatFloat(x, 'g', -1, 64)
	if k.Kind == KindInt {
		v = strconv.Itoa(int(x))
	}
	if k.Unit != "" {
		v += " " + k.Unit
	}
	return v
}

// limits writes the knob's range as its messages and docs say it: 1..365, (0, 10000].
func (k *Knob) limits() string {
	g := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	if k.Kind == KindInt {
		return g(k.Lo) + ".." + g(k.Hi)
	}
	if k.LoOpen {
		return "(" + g(k.Lo) + ", " + g(k.Hi) + "]"
	}
	return "[" + g(k.Lo) + ", " + g(k.Hi) + "]"
}

// FlagText is the flag's text in -h and docs/cli.md: Usage, or the control's Help.
func (k *Knob) FlagText() string {
	if k.Usage != "" {
		return k.Usage
	}
	return k.Help
}

// Limits is the knob's limits as -h and docs/cli.md write them, "" for a knob whose values are
// its options or any.
func (k *Knob) Limits() string {
	switch k.Kind {
	case KindInt:
		return k.limits()
	case KindFloat:
		if k.Unit != "" {
			return k.limits() + " " + k.Unit
		}
		return k.limits()
	case KindText:
		return fmt.Sprintf("at most %d bytes", int(k.Hi))
	case KindColumns:
		return fmt.Sprintf("at most %d names", int(k.Hi))
	case KindEnum:
		return "one of " + strings.Join(slices.DeleteFunc(slices.Clone(k.Options), func(o string) bool { return o == "" }), ", ")
	}
	return ""
}

// checkText refuses a text-valued knob's value outside its limits.
func (k *Knob) checkText(v string) error {
	switch k.Kind {
	case KindEnum:
		if !(v == "" && k.UnsetZero) && !slices.Contains(k.Options, v) {
			return k.errf("%s %q is not one of %s", k.Noun, v, strings.Join(k.Options, ", "))
		}
	case KindText:
		if len(v) > int(k.Hi) {
			return k.errf("%s of %d bytes: at most %d", k.Noun, len(v), int(k.Hi))
		}
	case KindColumn:
		return k.checkName(v)
	case KindColumns:
		names := splitNames(v)
		if len(names) > int(k.Hi) {
			return k.errf("%d %s: at most %d", len(names), k.Noun, int(k.Hi))
		}
		for _, n := range names {
			if err := k.checkName(n); err != nil {
				return err
			}
		}
	}
	return nil
}

func (k *Knob) checkName(n string) error {
	if len(n) > MaxNameBytes || strings.ContainsAny(n, "\x00\n") {
		return k.errf("column name %.40q is not a valid name", n)
	}
	return nil
}

// check refuses s when the knob's field in the view s shows is outside its limits: what a link
// or a hand-built scenario may bring, which Set never writes.
func (k *Knob) check(s *Scenario) error {
	switch k.Kind {
	case KindInt, KindFloat:
		x, ok := k.number(s)
		if !ok {
			return nil
		}
		return k.checkNumber(x)
	case KindEnum, KindText, KindColumn:
		if k.s == nil {
			return nil // a view of another field, which is checked as itself
		}
		return k.checkText(*k.s(s))
	case KindColumns:
		l := *k.l(s)
		if len(l) > int(k.Hi) {
			return k.errf("%d %s: at most %d", len(l), k.Noun, int(k.Hi))
		}
		for _, n := range l {
			if err := k.checkName(n); err != nil {
				return err
			}
		}
	}
	return nil
}

// number is a number field's value, false when it is unset (its zero means a default).
func (k *Knob) number(s *Scenario) (float64, bool) {
	var x float64
	switch {
	case k.stored != nil:
		return k.stored(s)
	case k.i != nil:
		x = float64(*k.i(s))
	case k.f != nil:
		x = *k.f(s)
	}
	return x, !(x == 0 && k.UnsetZero)
}

// splitNames is a comma-separated list of names, trimmed, empty ones dropped; nil when none.
func splitNames(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// isUnset is whether the field holds nothing, which EnsureDefaults fills with Default.
func (k *Knob) isUnset(s *Scenario) bool {
	switch {
	case k.unset != nil:
		return k.unset(s)
	case k.i != nil:
		return *k.i(s) == 0
	case k.u != nil:
		return *k.u(s) == 0
	case k.f != nil:
		return *k.f(s) == 0
	case k.s != nil:
		return *k.s(s) == ""
	case k.l != nil:
		return *k.l(s) == nil
	}
	return false
}

// fieldViews are the views whose field the knob holds: "" for a knob of one view (or the view
// itself), each view for one whose views keep their own (the seed, the noise byte).
func (k *Knob) fieldViews() []string {
	if k.View == "" && k.ID != "view" {
		return []string{"panel", "timeline"}
	}
	return []string{""}
}

// inView runs f with s showing view ("" = as it is), and puts its view back.
func inView(s *Scenario, view string, f func() bool) bool {
	if view == "" {
		return f()
	}
	old := s.View
	s.View = view
	defer func() { s.View = old }()
	return f()
}

// checkKnobs refuses s when a knob's field is outside its limits, a knob of both views in each
// view's field.
func (s *Scenario) checkKnobs() error {
	for i := range knobs {
		k := &knobs[i]
		for _, v := range k.fieldViews() {
			c := *s
			if v != "" {
				c.View = v
			}
			if err := k.check(&c); err != nil {
				return err
			}
		}
	}
	return nil
}

// Clone is s with slices and pointers of its own: the controls edit one while an answer reads
// the other.
func (s Scenario) Clone() Scenario {
	s.Panel.Keys = slices.Clone(s.Panel.Keys)
	s.Panel.StatsColumns = slices.Clone(s.Panel.StatsColumns)
	s.Panel.PartitionBy = slices.Clone(s.Panel.PartitionBy)
	if p := s.Panel.IndexedCols; p != nil {
		n := *p
		s.Panel.IndexedCols = &n
	}
	s.Figure.Knobs = slices.Clone(s.Figure.Knobs)
	s.Figure.Readouts = slices.Clone(s.Figure.Readouts)
	return s
}
