package figures

import (
	"time"

	"layoutlab/front/boundary"
)

func tb() *boundary.TableBoundary { return boundary.Table() }

// Table is the table page's sink: each step of opening a table timed, the counts the browser
// tests wait on, and the longest stretch of Go between two yields with the collections run at
// yields (the timing script's figures of what holds the page).
type Table struct {
	w                    Writer
	opened, errors, runs int

	longest     time.Duration
	stretchFrom string // the status line when the stretch under way began
	collections int
	collected   time.Duration // in all
	longestGC   time.Duration

	// The page's turns since the open began (OpenBegins): how many, how many of them waited
	// for a painted frame, and how long each kind took in all.
	turns, frames       int
	turnsFor, framesFor time.Duration
}

// NewTable is the table page's sink writing to w.
func NewTable(w Writer) *Table { return &Table{w: w} }

// StretchBegins notes that a stretch of Go begins while the status line says status.
func (s *Table) StretchBegins(status string) { s.stretchFrom = status }

// StretchEnds notes that the stretch under way ended, d long, while the status line says status;
// the longest is kept with the lines shown as it began and ended.
func (s *Table) StretchEnds(d time.Duration, status string) {
	if d > s.longest {
		s.longest = d
		s.w.Set(tb().LongestGo, []any{ms(d), s.stretchFrom, status})
	}
}

// Collected notes a garbage collection run at a yield, d long.
func (s *Table) Collected(d time.Duration) {
	s.collections++
	s.collected += d
	s.longestGC = max(s.longestGC, d)
	s.w.Set(tb().Collections, []any{s.collections, ms(s.collected), ms(s.longestGC)})
}

// OpenBegins notes that an open begins: the turns are counted from here.
func (s *Table) OpenBegins() {
	s.turns, s.frames, s.turnsFor, s.framesFor = 0, 0, 0, 0
}

// Turned notes a turn the page was given, d long, which waited for a painted frame when frame.
func (s *Table) Turned(d time.Duration, frame bool) {
	s.turns++
	s.turnsFor += d
	if frame {
		s.frames++
		s.framesFor += d
	}
}

// Opened notes a table opened in d, having read that many bytes of its log, with the turns
// the page was given until then.
func (s *Table) Opened(d time.Duration, read int64) {
	s.w.Set(tb().TurnsToDraw, []any{s.turns, s.frames, ms(s.turnsFor), ms(s.framesFor)})
	s.opened++
	s.w.Set(tb().OpenMs, ms(d))
	s.w.Set(tb().Opened, s.opened)
	s.w.Set(tb().LogRead, float64(read))
}

// Inspected notes the inspector's replay and answer, d long.
func (s *Table) Inspected(d time.Duration) { s.w.Set(tb().InspectMs, ms(d)) }

// Rendered notes the table's views drawn in d.
func (s *Table) Rendered(d time.Duration) { s.w.Set(tb().RenderMs, ms(d)) }

// Shown notes the version of the table shown.
func (s *Table) Shown(version int64) { s.w.Set(tb().Version, version) }

// Planning notes that the next OPTIMIZE is being worked out, until Planned or Failed.
func (s *Table) Planning() { s.w.Set(tb().Planning, true) }

// Planned notes the next OPTIMIZE worked out in d.
func (s *Table) Planned(d time.Duration) {
	s.w.Set(tb().PlanMs, ms(d))
	s.w.Set(tb().Planning, false)
}

// Failed notes a failure shown.
func (s *Table) Failed() {
	s.errors++
	s.w.Set(tb().Planning, false)
	s.w.Set(tb().Errors, s.errors)
}

// WhereRun notes a WHERE answered on the table shown.
func (s *Table) WhereRun() {
	s.runs++
	s.w.Set(tb().WhereRuns, s.runs)
}

// HeapPeak notes the Go heap at its most so far (read at yields): its objects at their most,
// what the last collection had marked live, and all the runtime holds, in bytes, with the status
// line shown as what the runtime holds last grew.
func (s *Table) HeapPeak(objects, live, held uint64, status string) {
	s.w.Set(tb().HeapPeak, []any{mibOf(objects), mibOf(live), mibOf(held), status})
}

func mibOf(b uint64) float64 { return float64(b) / (1 << 20) }
