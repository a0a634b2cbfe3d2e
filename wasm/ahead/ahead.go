// Package ahead keeps panel answers computed before a reader asks for them. While a reader
// drags the files slider, or steps the indexed-columns field, the page's thread waits between
// two moves (a move comes every 20 ms or more, its answer takes a few); the widget spends that
// wait running the engine on the next values in the same direction, and a move that lands on
// one is answered from here, without the engine in its frame. It also keeps the answers of the
// widget's idle rehearsals (each other layout), which a flip of the layout select then finds.
// The answers are the engine's own, for the same scenario: nothing here computes a number.
//
// The package knows nothing of the browser, so it is tested natively.
package ahead

import (
	"bytes"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
)

// Reach is how many values past the one shown are computed ahead, in the move's direction.
// The widget's files slider is about 290 pixels wide over 256 counts: a slow drag (1-3 pixels a
// frame, as the timing script's) lands within Reach, as a held arrow key does; a faster one
// lands past it and is answered by the engine in its frame, as without this package.
const Reach = 3

// A Dial is a knob that steps through whole numbers.
type Dial struct {
	// At is p's value on the dial; ok is false when the dial did not set it (the files
	// slider's count is derived from rows per file, the indexed columns are Delta's default).
	At func(p scenario.Panel) (v int, ok bool)
	// Set returns p with the dial at v, as the knob sets it.
	Set      func(p scenario.Panel, v int) scenario.Panel
	Min, Max int
}

// Files is the files slider, 1..max (knobs.go): it sets Files and clears RowsPerFile.
func Files(max int) Dial {
	return Dial{
		At: func(p scenario.Panel) (int, bool) { return p.Files, p.Files > 0 && p.RowsPerFile == 0 },
		Set: func(p scenario.Panel, v int) scenario.Panel {
			p.Files, p.RowsPerFile = v, 0
			return p
		},
		Min: 1, Max: max,
	}
}

// IndexedCols is the delta.dataSkippingNumIndexedCols field, min..max (-1 is every column).
func IndexedCols(min, max int) Dial {
	return Dial{
		At: func(p scenario.Panel) (int, bool) {
			if p.IndexedCols == nil {
				return 0, false
			}
			return *p.IndexedCols, true
		},
		Set: func(p scenario.Panel, v int) scenario.Panel {
			p.IndexedCols = &v
			return p
		},
		Min: min, Max: max,
	}
}

// dialAnswers holds, for one dial, the answers for one scenario (its base: the scenario but for
// the dial's value), at most the one shown and Reach on each side of it.
type dialAnswers struct {
	dial    Dial
	base    []byte // the scenario's msgp encoding, the dial at Min; nil when none
	byValue map[int]*panel.Result
	shown   int  // the value shown last on base
	showing bool // shown is set
	dir     int  // +1 or -1: the last move's direction on base; 0 before a move
}

// baseOf is p's encoding with the dial's value left out, and that value; ok is false when the
// dial did not set p's value.
func (d *dialAnswers) baseOf(p scenario.Panel) (base []byte, v int, ok bool) {
	v, ok = d.dial.At(p)
	if !ok {
		return nil, 0, false
	}
	q := d.dial.Set(p, d.dial.Min)
	b, err := q.MarshalMsg(nil)
	if err != nil {
		return nil, 0, false
	}
	return b, v, true
}

func (d *dialAnswers) take(p scenario.Panel) *panel.Result {
	if base, v, ok := d.baseOf(p); ok && bytes.Equal(base, d.base) {
		return d.byValue[v]
	}
	return nil
}

// shownAt notes r, p's answer, on screen and returns the scenarios to run ahead (Answers.Shown).
func (d *dialAnswers) shownAt(p scenario.Panel, r *panel.Result) []scenario.Panel {
	base, v, ok := d.baseOf(p)
	if !ok {
		d.base, d.byValue, d.showing, d.dir = nil, nil, false, 0
		return nil
	}
	if !bytes.Equal(base, d.base) {
		d.base, d.byValue, d.showing, d.dir = base, map[int]*panel.Result{}, false, 0
	} else if d.showing && v != d.shown {
		d.dir = 1
		if v < d.shown {
			d.dir = -1
		}
		if (v-d.shown)*d.dir > Reach {
			d.dir = 0 // a drag faster than Reach a move: the guesses would not be reached
		}
	}
	d.shown, d.showing = v, true
	d.byValue[v] = r
	for k := range d.byValue {
		if k < v-Reach || k > v+Reach {
			delete(d.byValue, k)
		}
	}
	if d.dir == 0 {
		return nil
	}
	var next []scenario.Panel
	for i := 1; i <= Reach; i++ {
		m := v + i*d.dir
		if m < d.dial.Min || m > d.dial.Max {
			break
		}
		if _, kept := d.byValue[m]; !kept {
			next = append(next, d.dial.Set(p, m))
		}
	}
	return next
}

func (d *dialAnswers) keep(p scenario.Panel, r *panel.Result) bool {
	base, v, ok := d.baseOf(p)
	if !ok || !d.showing || !bytes.Equal(base, d.base) || v < d.shown-Reach || v > d.shown+Reach {
		return false
	}
	d.byValue[v] = r
	return true
}

// Answers holds the answers run ahead on each of its dials, and, apart, the answers of one round
// of the widget's idle rehearsals. Not safe for concurrent use: the widget holds its lock.
type Answers struct {
	dials     []dialAnswers
	rehearsed map[string]*panel.Result // by the scenario's msgp encoding
}

// New returns an empty Answers that runs ahead on the given dials.
func New(dials ...Dial) *Answers {
	a := &Answers{}
	for _, d := range dials {
		a.dials = append(a.dials, dialAnswers{dial: d})
	}
	return a
}

// MaxRehearsed bounds the rehearsed answers kept: the answer rehearsed for, its three other
// layouts and a files move, with room to spare.
const MaxRehearsed = 8

// Rehearse starts a round of rehearsals for r, the answer for p: the answers of the last round
// are dropped, and r is kept, so that a flip back to p finds it.
func (a *Answers) Rehearse(p scenario.Panel, r *panel.Result) {
	a.rehearsed = map[string]*panel.Result{}
	a.Rehearsed(p, r)
}

// Rehearsed keeps r, the answer for p that the round's rehearsal computed, unless MaxRehearsed
// are kept already.
func (a *Answers) Rehearsed(p scenario.Panel, r *panel.Result) {
	b, err := p.MarshalMsg(nil)
	if err != nil || a.rehearsed == nil || len(a.rehearsed) >= MaxRehearsed {
		return
	}
	a.rehearsed[string(b)] = r
}

// Take returns the answer kept for p, or nil.
func (a *Answers) Take(p scenario.Panel) *panel.Result {
	for i := range a.dials {
		if r := a.dials[i].take(p); r != nil {
			return r
		}
	}
	if len(a.rehearsed) == 0 {
		return nil
	}
	b, err := p.MarshalMsg(nil)
	if err != nil {
		return nil
	}
	return a.rehearsed[string(b)]
}

// Shown notes that r, the answer for p, is on screen, and returns the scenarios worth running
// next, nearest first, whose answers are not kept yet: on each dial on which a move of at most
// Reach on the same scenario has given a direction, the next Reach values that way within the
// dial's range. Each dial drops the answers out of reach of p's value, and all of them when p
// is another scenario (the rehearsed ones aside).
func (a *Answers) Shown(p scenario.Panel, r *panel.Result) []scenario.Panel {
	var next []scenario.Panel
	for i := range a.dials {
		next = append(next, a.dials[i].shownAt(p, r)...)
	}
	return next
}

// Keep stores r as the answer for p, when p is the scenario shown but for one dial's value and
// within reach of it; it reports whether it did.
func (a *Answers) Keep(p scenario.Panel, r *panel.Result) bool {
	for i := range a.dials {
		if a.dials[i].keep(p, r) {
			return true
		}
	}
	return false
}

// Kept is how many answers are kept on the dials (the tests read it).
func (a *Answers) Kept() int {
	n := 0
	for i := range a.dials {
		n += len(a.dials[i].byValue)
	}
	return n
}
