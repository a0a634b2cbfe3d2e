package view

import (
	"math"
	"strconv"

	"layoutlab/engine/readout"
)

// NiceTicks are at most about n round values (1, 2 or 5 times a power of ten) from 0 to at least
// max, ascending, and the step between them. A max of 0 or less gives 0 and 1.
func NiceTicks(max float64, n int) (ticks []float64, step float64) {
	if !(max > 0) || math.IsInf(max, 0) {
		return []float64{0, 1}, 1
	}
	n = maxInt(n, 1)
	raw := max / float64(n)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if step = m * p; step >= raw {
			break
		}
	}
	top := math.Ceil(max/step-1e-9) * step
	for v := 0.0; v <= top+step/2; v += step {
		ticks = append(ticks, math.Round(v/step)*step)
	}
	return ticks, step
}

// DayTicks are the days 1..n to label on a day axis: 1 and multiples of a round step, at most
// about k of them.
func DayTicks(n, k int) []int {
	if n <= 0 {
		return nil
	}
	step := 1
	for _, s := range []int{1, 2, 5, 10, 20, 30, 50, 100, 200} {
		step = s
		if n/s <= k {
			break
		}
	}
	out := []int{1}
	for d := step; d <= n; d += step {
		if d > 1 {
			out = append(out, d)
		}
	}
	return out
}

// FormatTick prints a tick value with the digits its step needs.
func FormatTick(v, step float64) string {
	digits := 0
	if step < 1 {
		digits = int(math.Ceil(-math.Log10(step) - 1e-9))
	}
	return strconv.FormatFloat(v, 'f', digits, 64)
}

// Thousands prints n with a comma between thousands (1,234,567), as the readouts do.
func Thousands(n int64) string { return readout.Thousands(float64(n), 0) }

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}
