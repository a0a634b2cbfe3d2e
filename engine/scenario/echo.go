package scenario

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unsafe"
)

// TimelineEcho is t as the command line's `run` JSON writes its "scenario", read from the knob
// registry: each knob whose field is one of Timeline's, under its id in snake_case ("ingest-gb" is
// "ingest_gb"), in the order of Timeline's fields; then the label of each chosen option
// ("strategy_label", OptionLabel); then the knobs of each Group (Microsoft Fabric's), in the same
// order. A value is in its flag's sense (add_noise, not NoNoise), and a field left at the zero
// that stands for a default (UnsetZero) is written as that default.
func TimelineEcho(t Timeline) ([]byte, error) {
	s := &Scenario{View: "timeline", Timeline: t}
	base := uintptr(unsafe.Pointer(&s.Timeline))
	type field struct {
		k   *Knob
		off uintptr
	}
	var fields []field
	for i := range knobs {
		k := &knobs[i]
		p := k.field(s)
		if off := uintptr(p) - base; p != nil && off < unsafe.Sizeof(s.Timeline) { // a field of Timeline
			fields = append(fields, field{k, off})
		}
	}
	slices.SortStableFunc(fields, func(a, b field) int { return int(a.off) - int(b.off) })
	var buf bytes.Buffer
	var err error
	put := func(key string, v any) {
		b, e := json.Marshal(v)
		if e != nil && err == nil {
			err = e
		}
		buf.WriteString("," + strconv.Quote(key) + ":")
		buf.Write(b)
	}
	key := func(k *Knob) string { return strings.ReplaceAll(k.ID, "-", "_") }
	for _, f := range fields {
		if f.k.Group == "" {
			put(key(f.k), f.k.echo(s))
		}
	}
	for _, f := range fields {
		if f.k.OptionLabel != nil {
			put(key(f.k)+"_label", f.k.OptionLabel(f.k.Get(s)))
		}
	}
	for _, f := range fields {
		if f.k.Group != "" {
			put(key(f.k), f.k.echo(s))
		}
	}
	b := buf.Bytes()
	b[0] = '{'
	return append(b, '}'), err
}

// field is where the knob's field is in s, nil for a knob that is a view of other fields.
func (k *Knob) field(s *Scenario) unsafe.Pointer {
	switch {
	case k.i != nil:
		return unsafe.Pointer(k.i(s))
	case k.u != nil:
		return unsafe.Pointer(k.u(s))
	case k.f != nil:
		return unsafe.Pointer(k.f(s))
	case k.b != nil:
		return unsafe.Pointer(k.b(s))
	case k.s != nil:
		return unsafe.Pointer(k.s(s))
	case k.l != nil:
		return unsafe.Pointer(k.l(s))
	}
	return nil
}

// echo is the knob's field in s as TimelineEcho writes it: in the flag's sense, and an unset
// field (UnsetZero) as the default it stands for, which the knob shows.
func (k *Knob) echo(s *Scenario) any {
	if x, ok := k.number(s); k.UnsetZero && k.show != nil && !ok {
		x, _ = strconv.ParseFloat(k.show(s), 64)
		if k.Kind == KindInt {
			return int(x)
		}
		return x
	}
	switch {
	case k.i != nil:
		return *k.i(s)
	case k.u != nil:
		return *k.u(s)
	case k.f != nil:
		return *k.f(s)
	case k.b != nil:
		return *k.b(s) != k.negate
	case k.s != nil:
		return *k.s(s)
	}
	return *k.l(s)
}
