package schedule

import (
	"errors"
	"testing"

	"layoutlab/engine/scenario"
	"layoutlab/engine/work"
)

// TestTimelineEngineStops: a simulation stopped by yield returns its error and leaves the engine
// able to run the next.
func TestTimelineEngineStops(t *testing.T) {
	s := scenario.Default().Timeline
	s.Days = 4
	var e TimelineEngine
	stop := errors.New("stop")
	if res, err := e.Run(s, func(p work.Progress) error {
		if p.Done == 2 && p.Total == 4 {
			return stop
		}
		return nil
	}); err != stop || res != nil {
		t.Fatalf("stopped on day 2: %v, %v; want the yield's error", res, err)
	}
	res, err := e.Run(s, func(work.Progress) error { return nil })
	if err != nil || len(res.Days) != 4 {
		t.Fatalf("the next run: %v days, %v", res, err)
	}
}
