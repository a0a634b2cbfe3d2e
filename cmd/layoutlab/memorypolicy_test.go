package main

import (
	"runtime/debug"
	"testing"
)

// gcPercentNow reads the collector's pacing without changing it.
func gcPercentNow() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// TestMemoryPolicy: the command's limit and pacing are set where the environment says nothing,
// an environment's GOMEMLIMIT or GOGC is left to the runtime, and restore puts back what was
// there; the limit stays under the 1 GiB every run is held to (docs/limits.md).
func TestMemoryPolicy(t *testing.T) {
	if memoryLimit >= 1<<30 || gcPercent <= 0 {
		t.Fatalf("memoryLimit %d, gcPercent %d", memoryLimit, gcPercent)
	}
	limit, percent := debug.SetMemoryLimit(-1), gcPercentNow()
	for _, env := range []struct{ limit, gogc string }{{"", ""}, {"2GiB", ""}, {"", "200"}} {
		t.Setenv("GOMEMLIMIT", env.limit)
		t.Setenv("GOGC", env.gogc)
		restore := setMemoryPolicy()
		wantLimit, wantPercent := int64(memoryLimit), gcPercent
		if env.limit != "" {
			wantLimit = limit
		}
		if env.gogc != "" {
			wantPercent = percent
		}
		if got, gotP := debug.SetMemoryLimit(-1), gcPercentNow(); got != wantLimit || gotP != wantPercent {
			t.Errorf("%+v: limit %d, GOGC %d; want %d, %d", env, got, gotP, wantLimit, wantPercent)
		}
		restore()
		if got, gotP := debug.SetMemoryLimit(-1), gcPercentNow(); got != limit || gotP != percent {
			t.Errorf("%+v: restored limit %d, GOGC %d; want %d, %d", env, got, gotP, limit, percent)
		}
	}
}
