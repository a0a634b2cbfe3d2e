package schedule

// The answers computed ahead: for the file counts a files-slider drag is likely to reach next,
// and for the layouts a reader may flip to. While a reader drags the slider the page's thread
// waits between two moves (a move comes every 20 ms or more, its answer takes a few); the
// scheduler spends that wait running the engine on the next file counts in the drag's
// direction, and a move that lands on one is answered from here, without the engine in its
// frame. The answers are the engine's own, for the same scenario: nothing here computes a
// number.

import (
	"bytes"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
)

// Reach is how many file counts past the one shown are computed ahead, in the drag's
// direction. The widget's slider is about 290 pixels wide over 256 counts: a slow drag (1-3
// pixels a frame, as the timing script's) lands within Reach; a faster one lands past it and
// is answered by the engine in its frame.
const Reach = 3

// kept holds the answers computed for one scenario (its base: the scenario but for the file
// count), at most the one shown and Reach on each side of it; and, apart, the answers of one
// round of the widget's idle rehearsals (each other layout), which a reader's flip of the layout
// select then finds. The zero value is ready to use. Not safe for concurrent use: the scheduler
// holds its lock.
type kept struct {
	base    []byte // the scenario's msgp encoding, Files zero; nil when none
	byFiles map[int]*panel.Result
	at      int  // the file count shown last on base, 0 when none
	dir     int  // +1 or -1: the last move's direction on base; 0 before a move
	moved   bool // a move has been made on base

	rehearsals map[string]*panel.Result // by the scenario's msgp encoding
}

// MaxRehearsed bounds the rehearsed answers kept: the answer rehearsed for and its three other
// layouts, with room to spare.
const MaxRehearsed = 8

// newRound starts a round of rehearsals for r, the answer for p: the answers of the last round
// are dropped, and r is kept, so that a flip back to p finds it.
func (a *kept) newRound(p scenario.Panel, r *panel.Result) {
	a.rehearsals = map[string]*panel.Result{}
	a.keepRehearsal(p, r)
}

// keepRehearsal keeps r, the answer for p that the round's rehearsal computed, unless MaxRehearsed
// are kept already.
func (a *kept) keepRehearsal(p scenario.Panel, r *panel.Result) {
	b, err := p.MarshalMsg(nil)
	if err != nil || a.rehearsals == nil || len(a.rehearsals) >= MaxRehearsed {
		return
	}
	a.rehearsals[string(b)] = r
}

// baseOf is p's encoding with its file count left out; ok is false when the count is derived
// from rows per file (the files slider sets Files and clears RowsPerFile,
// engine/scenario/knobs.go), which is not a slider's scenario.
func baseOf(p scenario.Panel) (base []byte, files int, ok bool) {
	if p.Files <= 0 || p.RowsPerFile != 0 {
		return nil, 0, false
	}
	files, p.Files = p.Files, 0
	b, err := p.MarshalMsg(nil)
	if err != nil {
		return nil, 0, false
	}
	return b, files, true
}

// take returns the answer kept for p, or nil.
func (a *kept) take(p scenario.Panel) *panel.Result {
	if base, n, ok := baseOf(p); ok && bytes.Equal(base, a.base) {
		if r := a.byFiles[n]; r != nil {
			return r
		}
	}
	if len(a.rehearsals) == 0 {
		return nil
	}
	b, err := p.MarshalMsg(nil)
	if err != nil {
		return nil
	}
	return a.rehearsals[string(b)]
}

// showing notes that r, the answer for p, is on screen, and returns the scenarios worth running
// next, nearest first, whose answers are not kept yet, within [1, max]: before any move on the
// same scenario, Reach file counts each side, alternately (the drag's first move may go either
// way); once a move of at most Reach counts has given a direction, the next Reach counts that
// way. It drops the kept answers out of reach of p's count, and all of them when p is another
// scenario (the rehearsed ones aside).
func (a *kept) showing(p scenario.Panel, r *panel.Result, max int) []scenario.Panel {
	base, n, ok := baseOf(p)
	if !ok {
		a.base, a.byFiles, a.at, a.dir, a.moved = nil, nil, 0, 0, false
		return nil
	}
	if !bytes.Equal(base, a.base) {
		a.base, a.byFiles, a.at, a.dir, a.moved = base, map[int]*panel.Result{}, 0, 0, false
	} else if n != a.at {
		a.moved = true
		a.dir = 1
		if n < a.at {
			a.dir = -1
		}
		if (n-a.at)*a.dir > Reach {
			a.dir = 0 // a drag faster than Reach a move: the guesses would not be reached
		}
	}
	a.at = n
	a.byFiles[n] = r
	for k := range a.byFiles {
		if k < n-Reach || k > n+Reach {
			delete(a.byFiles, k)
		}
	}
	dirs := []int{a.dir}
	switch {
	case !a.moved:
		dirs = []int{1, -1}
	case a.dir == 0:
		return nil
	}
	var next []scenario.Panel
	for i := 1; i <= Reach; i++ {
		for _, d := range dirs {
			m := n + i*d
			if m < 1 || m > max {
				continue
			}
			if _, kept := a.byFiles[m]; !kept {
				q := p
				q.Files = m
				next = append(next, q)
			}
		}
	}
	return next
}

// keep stores r as the answer for p, when p is the scenario shown but for its file count and
// within reach of it; it reports whether it did.
func (a *kept) keep(p scenario.Panel, r *panel.Result) bool {
	base, n, ok := baseOf(p)
	if !ok || a.at == 0 || !bytes.Equal(base, a.base) || n < a.at-Reach || n > a.at+Reach {
		return false
	}
	a.byFiles[n] = r
	return true
}
