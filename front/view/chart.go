package view

import "math"

// Series is what the timeline chart plots, one value per day (index 0 = day 1).
type Series struct {
	WrittenGB  []float64 // bars: GiB written by that night's OPTIMIZE
	WriteAmp   []float64 // line: cumulative write amplification
	Lookup     []float64 // line: files a point lookup opens
	Day        int       // the day under the slider (1-based)
	MarkedDays []int     // key-change and FULL days
}

// Rect is an axis-aligned rectangle.
type Rect struct{ X, Y, W, H float64 }

// Maxima are the tops of the chart's three scales: GiB written, amplification, lookup files.
func (s Series) Maxima() (gb, amp, lookup float64) {
	return maxOf(s.WrittenGB), maxOf(s.WriteAmp), maxOf(s.Lookup)
}

func maxOf(v []float64) float64 {
	m := 0.0
	for _, x := range v {
		if !math.IsNaN(x) {
			m = math.Max(m, x)
		}
	}
	return m
}
