package view

import (
	"math"
	"testing"
)

func TestCurvePathsVisitEveryCellOnce(t *testing.T) {
	for _, layout := range []string{"hilbert", "zorder", "orderby"} {
		p := CurvePath(layout, 3)
		if len(p) != 64 {
			t.Fatalf("%s: %d points, want 64", layout, len(p))
		}
		seen := map[[2]float64]bool{}
		for _, q := range p {
			seen[q] = true
		}
		if len(seen) != 64 {
			t.Fatalf("%s: %d distinct cells", layout, len(seen))
		}
	}
	// Hilbert moves one cell at a time; Z-order jumps.
	step := 1.0 / 8
	maxJump := func(p [][2]float64) float64 {
		m := 0.0
		for i := 1; i < len(p); i++ {
			m = math.Max(m, math.Abs(p[i][0]-p[i-1][0])+math.Abs(p[i][1]-p[i-1][1]))
		}
		return m
	}
	if j := maxJump(CurvePath("hilbert", 3)); math.Abs(j-step) > 1e-9 {
		t.Fatalf("Hilbert path jumps %g, want one cell (%g)", j, step)
	}
	if j := maxJump(CurvePath("zorder", 3)); j <= step {
		t.Fatalf("Z-order path never jumps (max %g)", j)
	}
	if CurvePath("append", 3) != nil {
		t.Fatal("append order has no curve")
	}
}
