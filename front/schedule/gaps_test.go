package schedule

import (
	"strings"
	"testing"
	"time"
)

// TestGapMeterSumsTheTurns: the preparation's mark tells its turns, in all, from its own work:
// stretches of 10, 20 and 30 ms with turns of 30 and 100 ms between say 2 turns, 130 ms in all,
// the longest 100 ms, and the longest stretch 30 ms.
func TestGapMeterSumsTheTurns(t *testing.T) {
	t0 := time.Unix(1e9, 0)
	ms := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Millisecond) }
	g := newGapMeter("prepared", t0)
	g.at(ms(10))
	g.resume(ms(40)) // a turn of 30 ms
	g.at(ms(60))
	g.resume(ms(160)) // a turn of 100 ms
	g.at(ms(190))
	if s := g.String(); !strings.Contains(s, "prepared (longest stretch 30 ms, turn 100 ms, 2 turns 130 ms in all, collector ") {
		t.Errorf("gap meter says %q", s)
	}
}
