package givenanswer

import (
	"bytes"
	"reflect"
	"slices"
	"sync"
	"testing"

	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
)

func presetScenarios(t *testing.T) []scenario.Scenario {
	t.Helper()
	var scs []scenario.Scenario
	for _, name := range Presets {
		found := false
		for _, p := range scenario.Presets() {
			if p.Name == name {
				scs, found = append(scs, p.Scenario), true
			}
		}
		if !found {
			t.Fatalf("preset %q is not one of engine/scenario's", name)
		}
	}
	return scs
}

// TestGivenAnswersAreTheEngines: the answers embedded are what the engine gives now, field by
// field, for every preset answered; when the engine (or a preset) changes, this fails until
// `go generate ./front/givenanswer` writes them again. Written twice, they are the same bytes.
func TestGivenAnswersAreTheEngines(t *testing.T) {
	scs := presetScenarios(t)
	fresh, want, err := Encode(scs)
	if err != nil {
		t.Fatal(err)
	}
	again, _, err := Encode(scs)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(fresh, again) {
		t.Fatal("two encodings of the same presets differ: the generator is not deterministic")
	}
	embedded, err := Decode(data)
	if err != nil {
		t.Fatalf("answers.gob: %v (go generate ./front/givenanswer)", err)
	}
	if len(embedded) != len(want) {
		t.Fatalf("answers.gob holds %d answers, the presets %d: go generate ./front/givenanswer", len(embedded), len(want))
	}
	// Against the engine's own values, not a decoding of them: an encoding that lost a field
	// (an empty list read back as none, a float rounded) fails here too.
	for i := range want {
		if !reflect.DeepEqual(embedded[i], want[i]) {
			t.Errorf("preset %s: the answer embedded is not the engine's now: go generate ./front/givenanswer", Presets[i])
		}
	}
	if !bytes.Equal(data, fresh) {
		t.Error("answers.gob is not the bytes the generator writes now: go generate ./front/givenanswer")
	}
}

// TestForIsTheRunsFirstFrame: For answers a preset's timeline at the day given with the run's
// days and that day's grid (the engine's own, run here), and nothing for another day or another
// scenario.
func TestForIsTheRunsFirstFrame(t *testing.T) {
	for _, sc := range presetScenarios(t) {
		key := sc.Timeline
		got := For(key)
		if got == nil || !got.IsGiven() {
			t.Fatalf("For(%s) = %v, want a given answer", sc.Timeline.Strategy, got)
		}
		key.Day = 7
		if For(key) != nil {
			t.Errorf("For answers day 7 of %s, whose grid it does not hold", sc.Timeline.Strategy)
		}
		key.Day = 0
		run, err := timeline.Run(key)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Days, run.Days) {
			t.Errorf("%s: the days given are not the run's", sc.Timeline.Strategy)
		}
		day := len(run.Days)
		if sc.Timeline.Day != 0 {
			day = sc.Timeline.Day
		}
		want, _ := run.DayFiles(day)
		files, err := got.DayFiles(day)
		if err != nil || !reflect.DeepEqual(files, want) {
			t.Errorf("%s: day %d's grid given: %v, the run's: %v", sc.Timeline.Strategy, day, err, reflect.DeepEqual(files, want))
		}
		other := key
		other.Seed++
		if For(other) != nil {
			t.Errorf("For answers another seed of %s", sc.Timeline.Strategy)
		}
	}
}

// TestForDecodesOnlyForARunAnswered: asked for a timeline it holds no answer for (the explainer's
// other timeline figures), For decodes nothing: the decode is a phone's tap's time.
func TestForDecodesOnlyForARunAnswered(t *testing.T) {
	once, answers = sync.Once{}, nil
	t.Cleanup(func() { once, answers = sync.Once{}, nil })
	p, ok := scenario.PresetByName("liquid")
	if !ok || slices.Contains(Presets, "liquid") {
		t.Fatal("the test needs the liquid preset, not answered here")
	}
	if For(p.Scenario.Timeline) != nil {
		t.Fatal("For answered the liquid preset")
	}
	if answers != nil {
		t.Error("For decoded the answers for a run it holds none of")
	}
	sc := presetScenarios(t)[0]
	if For(sc.Timeline) == nil || answers == nil {
		t.Error("For of a preset answered gave nothing")
	}
}
