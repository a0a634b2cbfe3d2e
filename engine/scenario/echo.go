package scenario

import (
	"cmp"
	"encoding/json"
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
		off := uintptr(p) - base
		if p == nil || off >= unsafe.Sizeof(s.Timeline) { // not a field of Timeline
			continue
		}
		j := len(fields)
		fields = append(fields, field{k, off})
		for ; j > 0 && fields[j-1].off > off; j-- { // in the fields' order (a few: an insertion)
			fields[j], fields[j-1] = fields[j-1], fields[j]
		}
	}
	out := []byte{'{'}
	var err error
	for pass := range 3 { // the ungrouped knobs, the options' labels, each group's knobs
		for _, f := range fields {
			k, key, v := f.k, strings.ReplaceAll(f.k.ID, "-", "_"), any(nil)
			switch {
			case pass == 0 && k.Group == "", pass == 2 && k.Group != "":
				v = k.echo(s)
			case pass == 1 && k.OptionLabel != nil:
				key, v = key+"_label", k.OptionLabel(k.Get(s))
			default:
				continue
			}
			b, e := json.Marshal(v)
			if len(out) > 1 {
				out = append(out, ',')
			}
			out = append(append(out, `"`+key+`":`...), b...) // an id: no character to escape
			err = cmp.Or(err, e)
		}
	}
	return append(out, '}'), err
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
	switch {
	case k.UnsetZero && k.show != nil: // the field, or the default it stands for
		x, _ := strconv.ParseFloat(k.show(s), 64)
		if k.Kind == KindInt {
			return int(x)
		}
		return x
	case k.b != nil:
		return *k.b(s) != k.negate
	case k.i != nil:
		return *k.i(s)
	case k.u != nil:
		return *k.u(s)
	case k.f != nil:
		return *k.f(s)
	}
	return k.Get(s) // a text
}
