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

// Chart is the timeline chart in device pixels: bars, two polylines, markers, and each axis's
// top value (for HTML labels).
type Chart struct {
	Bars                 []Rect
	AmpLine, LookupLine  [][2]float64
	DayX                 float64
	Marks                []float64 // x of each marked day
	MaxGB, MaxAmp, MaxLk float64
	Area                 Rect
}

// Rect is an axis-aligned rectangle.
type Rect struct{ X, Y, W, H float64 }

// TimelineChart lays the series out in the rectangle area. Each quantity gets its own scale, from
// zero to its maximum (a bar off the scale — a FULL night — sets the bars' maximum).
func TimelineChart(s Series, area Rect) Chart {
	n := len(s.WrittenGB)
	c := Chart{Area: area}
	if n == 0 || area.W <= 0 || area.H <= 0 {
		return c
	}
	c.MaxGB, c.MaxAmp, c.MaxLk = s.Maxima()
	bw := area.W / float64(n)
	y := func(v, max float64) float64 {
		if max <= 0 {
			return area.Y + area.H
		}
		return area.Y + area.H - v/max*area.H
	}
	for i, v := range s.WrittenGB {
		top := y(v, c.MaxGB)
		c.Bars = append(c.Bars, Rect{X: area.X + float64(i)*bw + bw*0.1, Y: top, W: bw * 0.8, H: area.Y + area.H - top})
	}
	line := func(vals []float64, max float64) [][2]float64 {
		var out [][2]float64
		for i, v := range vals {
			out = append(out, [2]float64{area.X + (float64(i)+0.5)*bw, y(v, max)})
		}
		return out
	}
	c.AmpLine = line(s.WriteAmp, c.MaxAmp)
	c.LookupLine = line(s.Lookup, c.MaxLk)
	c.DayX = area.X + (float64(s.Day)-0.5)*bw
	for _, d := range s.MarkedDays {
		if d >= 1 && d <= n {
			c.Marks = append(c.Marks, area.X+(float64(d)-0.5)*bw)
		}
	}
	return c
}

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
