// Package givenanswer holds the first frame of the figures a phone's tap reaches first, computed
// at build time by the engine (cmd/givenanswers, go generate) and embedded: a tapped figure draws
// that complete answer (readouts, chart, the day's grid) at once, and the widget runs the
// simulation behind it for the next input (front/schedule's Given). Issue #52: the cold run was
// the largest stage of a phone's tap (1.4-4.4 s). TestGivenAnswersAreTheEngines runs the engine
// again and fails when answers.json.gz is stale.
package givenanswer

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
)

//go:generate go run ../../cmd/givenanswers -out answers.json.gz

// Presets are the presets answered: the explainer's first figure, on a phone's first screen. Each
// adds its grid (about 100 KB compressed for 2,400 files) to the widget's transfer.
var Presets = []string{"zorder-full"}

//go:embed answers.json.gz
var data []byte

// Encode runs each timeline scenario through the engine and returns the answers as their frame
// first draws them (the day the scenario names, else the last), gzip-compressed JSON.
func Encode(scs []scenario.Scenario) ([]byte, error) {
	var given []*timeline.Given
	for _, sc := range scs {
		g, err := give(sc)
		if err != nil {
			return nil, err
		}
		given = append(given, g)
	}
	var b bytes.Buffer
	z, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if err := json.NewEncoder(z).Encode(given); err != nil {
		return nil, err
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// give is sc's answer as the widget's first frame draws it: the run of its timeline, Day aside
// (schedule.Simulation.Key), and the day under the slider.
func give(sc scenario.Scenario) (*timeline.Given, error) {
	sc.EnsureDefaults()
	key := sc.Timeline
	key.Day = 0
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
	z, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("givenanswer: %w", err)
	}
	raw, err := io.ReadAll(z)
	if err != nil {
		return nil, fmt.Errorf("givenanswer: %w", err)
	}
	var given []*timeline.Given
	if err := json.Unmarshal(raw, &given); err != nil {
		return nil, fmt.Errorf("givenanswer: %w", err)
	}
	return given, nil
}

var (
	once    sync.Once
	answers []*timeline.Given
)

// For is the answer given for the timeline t, as a Result without a run, or nil: its run (Day
// aside) is one answered here, and its day (the last when 0) is the day given, the one grid the
// answer holds. The embedded data is read once, at the first call.
func For(t scenario.Timeline) *timeline.Result {
	sc := scenario.Scenario{View: "timeline", Timeline: t}
	sc.EnsureDefaults() // as the engine runs it
	k := sc.Timeline
	k.Day = 0
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
