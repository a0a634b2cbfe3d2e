package main

import (
	"flag"
	"fmt"
	"strings"

	"layoutlab/engine/scenario"
)

// knobValue is a knob's flag: the text given, written to the scenario only after the --link's
// scenario is loaded, so that the link's value stands unless the flag is given.
type knobValue struct {
	k   *scenario.Knob
	raw string
	set bool
}

func (v *knobValue) String() string     { return v.raw }
func (v *knobValue) Set(s string) error { v.raw, v.set = s, true; return nil }

// IsBoolFlag lets a boolean knob's flag stand alone (--add-noise) or take =false.
func (v *knobValue) IsBoolFlag() bool { return v.k != nil && v.k.Kind == scenario.KindBool }

// knobFlags are a verb's knob flags: every knob of its view that has a flag, in the registry's
// order.
type knobFlags []*knobValue

// declareKnobs declares on fs a flag for every knob of view (scenario.Knobs).
func declareKnobs(fs *flag.FlagSet, view string) knobFlags {
	var out knobFlags
	for _, k := range verbKnobs(view) {
		v := &knobValue{k: k}
		fs.Var(v, k.ID, k.Usage)
		out = append(out, v)
	}
	return out
}

// verbKnobs are the knobs a verb of view takes as flags.
func verbKnobs(view string) []*scenario.Knob {
	var out []*scenario.Knob
	for _, k := range scenario.Knobs() {
		if k.Flag != "" && k.InView(view) {
			out = append(out, &k)
		}
	}
	return out
}

// apply writes each flag given to s, whose View is the verb's. A value its knob refuses returns
// the knob's error and the flag's name.
func (kf knobFlags) apply(s *scenario.Scenario) (flagName string, err error) {
	for _, v := range kf {
		if !v.set {
			continue
		}
		if err := v.k.Set(s, v.raw); err != nil {
			return v.k.ID, err
		}
	}
	return "", nil
}

// given is whether the flag of that knob was given.
func (kf knobFlags) given(id string) bool {
	for _, v := range kf {
		if v.k.ID == id {
			return v.set
		}
	}
	return false
}

// flagText is a knob flag's text with its default, the default scenario's value, unless the
// text states it.
func flagText(k *scenario.Knob, view string) string {
	text := k.FlagText()
	s := scenario.Default()
	s.View = view
	if v := k.Get(&s); v != "" && !strings.Contains(text, "(default") {
		text += " (default " + v + ")"
	}
	return text
}

// verbFlag is a flag of a verb that is not a knob of the scenario (--link, --format).
type verbFlag struct{ Flag, Usage string }

// usageWidth is where -h wraps a flag's text; a flag column wider than flagColumn moves the text
// under it.
const (
	usageWidth = 96
	flagColumn = 24
)

// flagsUsage is the flags part of a verb's -h: its knobs' flags (scenario.Knobs), then its
// own.
func flagsUsage(view string, own []verbFlag) string {
	var b strings.Builder
	line := func(f, text string) {
		lead := fmt.Sprintf("  %-*s", flagColumn-2, f)
		if len(f) > flagColumn-4 {
			b.WriteString("  " + f + "\n")
			lead = strings.Repeat(" ", flagColumn)
		}
		b.WriteString(wrap(lead, text))
	}
	for _, k := range verbKnobs(view) {
		text := flagText(k, view)
		if l := k.Limits(); l != "" {
			text += "; " + l
		}
		line(k.Flag, text)
	}
	for _, f := range own {
		line(f.Flag, f.Usage)
	}
	return b.String()
}

// wrap writes text after lead, wrapped at usageWidth with the lines under the first aligned.
func wrap(lead, text string) string {
	var b strings.Builder
	indent := strings.Repeat(" ", len(lead))
	cur := lead
	for _, w := range strings.Fields(text) {
		if len(cur) > len(indent) && len(cur)+1+len(w) > usageWidth {
			b.WriteString(cur + "\n")
			cur = indent
		}
		if len(cur) > len(indent) {
			cur += " "
		}
		cur += w
	}
	return b.String() + cur + "\n"
}
