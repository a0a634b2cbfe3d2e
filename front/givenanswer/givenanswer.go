// Package givenanswer holds the first frame of the figures a phone's tap reaches first, computed
// at build time by the engine (cmd/givenanswers, go generate) and embedded: a tapped figure draws
// that complete answer (readouts, chart, the day's grid) at once, and the widget runs the
// simulation behind it for the next input (front/schedule's Given). Issue #52: the cold run was
// the largest stage of a phone's tap (1.4-4.4 s). TestGivenAnswersAreTheEngines runs the engine
// again and fails when answers.gob is stale.
package givenanswer

import (
	"bytes"
	_ "embed"
	"encoding/gob"
	"fmt"
	"maps"
	"slices"
	"sync"

	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
)

//go:generate go run ../../cmd/givenanswers -out answers.gob

// Presets are the presets answered: the explainer's first figure, on a phone's first screen. Each
// adds its grid (about 100 KB on the wire for 2,400 files) to the widget's transfer.
var Presets = []string{"zorder-full"}

// data is the answers in gob, uncompressed: the widget's module is served compressed, and in
// js/wasm under Node a decode of the 2,400-file grid took 92 ms from gob, 737 ms from JSON,
// and gunzip 78 ms more.
//
//go:embed answers.gob
var data []byte

// Encode runs each timeline scenario through the engine and returns the answers as their frame
// first draws them (the day the scenario names, else the last), in gob.
func Encode(scs []scenario.Scenario) ([]byte, []*timeline.Given, error) {
	var given []*timeline.Given
	for _, sc := range scs {
		g, err := give(sc)
		if err != nil {
			return nil, nil, err
		}
		given = append(given, g)
	}
	w := make([]wire, len(given))
	for i, g := range given {
		w[i] = wireOf(g)
	}
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(w); err != nil {
		return nil, nil, fmt.Errorf("givenanswer: %w", err)
	}
	return b.Bytes(), given, nil
}

// wire is a Given as gob writes it: each day's OperationMetrics as pairs in key order, since gob
// writes a map in Go's random order, and the generator writes the same bytes every time.
type wire struct {
	Given   timeline.Given
	Metrics []metrics // a day's each
}

type metrics struct {
	Nil   bool // no map, as distinct from an empty one
	Pairs [][2]string
}

func wireOf(g *timeline.Given) wire {
	w := wire{Given: *g, Metrics: make([]metrics, len(g.Days))}
	w.Given.Days = slices.Clone(g.Days)
	for i := range w.Given.Days {
		d := &w.Given.Days[i]
		m := metrics{Nil: d.OperationMetrics == nil}
		for _, k := range slices.Sorted(maps.Keys(d.OperationMetrics)) {
			m.Pairs = append(m.Pairs, [2]string{k, d.OperationMetrics[k]})
		}
		w.Metrics[i], d.OperationMetrics = m, nil
	}
	return w
}

// given is the Given w stands for.
func (w *wire) given() (*timeline.Given, error) {
	g := w.Given
	if len(w.Metrics) != len(g.Days) {
		return nil, fmt.Errorf("givenanswer: %d days' metrics for %d days", len(w.Metrics), len(g.Days))
	}
	for i, m := range w.Metrics {
		if m.Nil {
			continue
		}
		om := make(map[string]string, len(m.Pairs))
		for _, p := range m.Pairs {
			om[p[0]] = p[1]
		}
		g.Days[i].OperationMetrics = om
	}
	return &g, nil
}

// runKey is the run sc's timeline names, as the engine runs it: defaults filled, Day aside
// (schedule.Simulation.Key); and sc so filled.
func runKey(sc scenario.Scenario) (scenario.Timeline, scenario.Scenario) {
	sc.EnsureDefaults()
	key := sc.Timeline
	key.Day = 0
	return key, sc
}

// give is sc's answer as the widget's first frame draws it: the run of its timeline, Day aside
// (schedule.Simulation.Key), and the day under the slider.
func give(sc scenario.Scenario) (*timeline.Given, error) {
	key, sc := runKey(sc)
	res, err := timeline.Run(key)
	if err != nil {
		return nil, fmt.Errorf("givenanswer: %w", err)
	}
	day := sc.Timeline.Day
	if day == 0 || day > len(res.Days) {
		day = len(res.Days)
	}
	return res.Give(day)
}

// Decode reads answers Encode wrote.
func Decode(b []byte) ([]*timeline.Given, error) {
	var w []wire
	if err := gob.NewDecoder(bytes.NewReader(b)).Decode(&w); err != nil {
		return nil, fmt.Errorf("givenanswer: %w", err)
	}
	given := make([]*timeline.Given, len(w))
	for i := range w {
		g, err := w[i].given()
		if err != nil {
			return nil, err
		}
		given[i] = g
	}
	return given, nil
}

// answered reports whether the run k (defaults filled, Day zero) is one of the Presets', whose
// answers data holds (TestGivenAnswersAreTheEngines).
func answered(k scenario.Timeline) bool {
	for _, name := range Presets {
		if p, ok := scenario.PresetByName(name); ok && p.Scenario.View == "timeline" {
			if key, _ := runKey(p.Scenario); key == k {
				return true
			}
		}
	}
	return false
}

var (
	once    sync.Once
	answers []*timeline.Given
)

// For is the answer given for the timeline t, as a Result without a run, or nil: its run (Day
// aside) is one answered here, and its day (the last when 0) is the day given, the one grid the
// answer holds. The embedded data is read once, at the first call.
func For(t scenario.Timeline) *timeline.Result {
	k, sc := runKey(scenario.Scenario{View: "timeline", Timeline: t})
	if !answered(k) {
		// Decoded only for a run answered here: the decode took 280 ms of a phone's tap on the
		// explainer's last figure (a timeline given nothing), between its Ask and its frame.
		return nil
	}
	once.Do(func() { answers, _ = Decode(data) }) // TestGivenAnswersAreTheEngines reads it
	for _, g := range answers {
		if g.Scenario != k {
			continue
		}
		if day := sc.Timeline.Day; day == g.Day || ((day == 0 || day > len(g.Days)) && g.Day == len(g.Days)) {
			return g.Result()
		}
	}
	return nil
}
