package schedule

import (
	"runtime/metrics"
	"strconv"
	"time"
)

// gapMeter measures a preparation's (or a simulation's) cooperation with the page: the longest stretch it ran
// without offering a turn (between two calls of its yield, or from a turn's end to the next
// call), the longest turn, and the collections and live heap the run left. On the page's one
// thread the longest stretch is how late a host's timer (embed.js's dwell) can fire from the
// run's own work. A turn waits for a painted frame every PaintEvery: a long turn is a frame the
// browser was slow to give (a busy renderer), or the runtime's work while the program waited
// (under js/wasm a collection's idle marking runs then), not told apart here. The figures go
// to the timing script's marks (Scheduler.Trace, site/e2e BenchmarkSwitch).
type gapMeter struct {
	what        string // the mark's first word: "prepared", "simulated"
	last, start time.Time
	longest     time.Duration
	turn        time.Duration // the longest turn
	turns       time.Duration // every turn's, in all
	n           int           // the turns
	gcs         uint64
	gcCPU       float64 // the collector's CPU seconds at the start
}

func newGapMeter(what string, start time.Time) *gapMeter {
	return &gapMeter{what: what, last: start, start: start, gcs: gcCycles(), gcCPU: gcSeconds()}
}

// at notes a call of the yield at now.
func (g *gapMeter) at(now time.Time) {
	if d := now.Sub(g.last); d > g.longest {
		g.longest = d
	}
	g.last = now
}

// resume notes that a turn ended at now: the next stretch starts there.
func (g *gapMeter) resume(now time.Time) {
	g.turn = max(g.turn, now.Sub(g.last))
	g.turns += now.Sub(g.last)
	g.n++
	g.last = now
}

func (g *gapMeter) String() string {
	live := uint64(markedLive())
	return g.what + " (longest stretch " + strconv.Itoa(int(g.longest.Milliseconds())) + " ms, turn " +
		strconv.Itoa(int(g.turn.Milliseconds())) + " ms, " + strconv.Itoa(g.n) + " turns " + strconv.Itoa(int(g.turns.Milliseconds())) + " ms in all, " +
		"collector " + strconv.Itoa(int((gcSeconds()-g.gcCPU)*1000)) + " ms, " +
		strconv.FormatUint(gcCycles()-g.gcs, 10) + " collections, live heap " + strconv.FormatUint(live>>20, 10) + " MiB)"
}

// gcCycles is the collections completed so far.
func gcCycles() uint64 { return runtimeMetric("/gc/cycles/total:gc-cycles") }

// gcSeconds is the collector's CPU time so far, in seconds.
func gcSeconds() float64 {
	m := [...]metrics.Sample{{Name: "/cpu/classes/gc/total:cpu-seconds"}}
	metrics.Read(m[:])
	if m[0].Value.Kind() != metrics.KindFloat64 {
		return 0
	}
	return m[0].Value.Float64()
}
