package timeline

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"layoutlab/engine/scenario"
)

// TestGivenAnswersItsDayAsTheRun: a run's answer given ahead and read back from JSON (as the
// widget reads the build's) draws its day exactly as the run does (readouts, grid, statements),
// and every view it does not hold says so (ErrGiven) rather than answering from nothing.
func TestGivenAnswersItsDayAsTheRun(t *testing.T) {
	s := scenario.Default().Timeline
	s.Strategy, s.Days, s.ChangeKeysDay = StrategyLiquid, 8, 5
	res, err := Run(s)
	if err != nil {
		t.Fatal(err)
	}
	g, err := res.Give(6)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	var back Given
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	given := back.Result()
	if !given.IsGiven() || res.IsGiven() || given.GivenDay() != 6 || res.GivenDay() != 0 {
		t.Fatalf("IsGiven: given %v, run %v", given.IsGiven(), res.IsGiven())
	}
	if !reflect.DeepEqual(given.Days, res.Days) || given.Scenario != res.Scenario {
		t.Fatal("the given days or scenario differ from the run's")
	}
	want, _ := res.DayFiles(6)
	got, err := given.DayFiles(6)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("day 6's grid given: %v, equal to the run's: %v", err, reflect.DeepEqual(got, want))
	}
	ws, wl := res.Statements(6)
	gs, gl := given.Statements(6)
	if !reflect.DeepEqual(gs, ws) || gl != wl || len(ws) == 0 {
		t.Fatalf("statements given %q %s, run %q %s", gs, gl, ws, wl)
	}
	if _, err := given.DayFiles(5); !errors.Is(err, ErrGiven) {
		t.Errorf("another day's grid: %v, want ErrGiven", err)
	}
	if _, err := given.Snapshot(6); !errors.Is(err, ErrGiven) {
		t.Errorf("Snapshot: %v, want ErrGiven", err)
	}
	if _, _, err := given.Describe(6); !errors.Is(err, ErrGiven) {
		t.Errorf("Describe: %v, want ErrGiven", err)
	}
	if _, err := given.WithExtras(true, true); !errors.Is(err, ErrGiven) {
		t.Errorf("WithExtras: %v, want ErrGiven", err)
	}
	if c := given.Commits(); c != nil {
		t.Errorf("Commits of a given answer: %d, want none", len(c))
	}
	given.PrepareDayFiles() // nothing to prepare; it must not reach for a run
	if _, err := given.Give(6); !errors.Is(err, ErrGiven) {
		t.Errorf("Give of a given answer: %v, want ErrGiven", err)
	}
}
