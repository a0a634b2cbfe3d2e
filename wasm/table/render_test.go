package main

import (
	"fmt"
	"strings"
	"testing"

	"layoutlab/engine/inspect"
)

// OptimizeHTML draws the planner's first MaxEventRows events and says how many more there are;
// a plan with fewer shows them all.
func TestOptimizeHTMLCapsEvents(t *testing.T) {
	for _, n := range []int{3, MaxEventRows, MaxEventRows + 1, 10_003} {
		p := &inspect.OptimizePlan{Platform: "oss", Label: "open-source Delta Lake"}
		for i := 0; i < n; i++ {
			p.Events = append(p.Events, fmt.Sprintf("event %d", i))
		}
		h := OptimizeHTML(&inspect.NextOptimize{OSS: p})
		shown := min(n, MaxEventRows)
		if got := strings.Count(h, "<li>"); got != shown {
			t.Errorf("%d events: %d drawn, want %d", n, got, shown)
		}
		if !strings.Contains(h, fmt.Sprintf("<li>event %d</li>", shown-1)) || strings.Contains(h, fmt.Sprintf("<li>event %d</li>", shown)) {
			t.Errorf("%d events: not the first %d drawn", n, shown)
		}
		more := fmt.Sprintf("… and %d more", n-shown)
		if (n > MaxEventRows) != strings.Contains(h, more) {
			t.Errorf("%d events: %q said %v, want %v", n, more, strings.Contains(h, more), n > MaxEventRows)
		}
	}
}
