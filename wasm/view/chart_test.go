package view

import "testing"

func TestTimelineChartScalesEachSeries(t *testing.T) {
	s := Series{
		WrittenGB: []float64{40, 80, 120, 40},
		WriteAmp:  []float64{1, 1.5, 2, 1.75},
		Lookup:    []float64{40, 20, 1, 2},
		Day:       3, MarkedDays: []int{2, 9},
	}
	c := TimelineChart(s, Rect{X: 10, Y: 10, W: 400, H: 100})
	if len(c.Bars) != 4 || len(c.AmpLine) != 4 || len(c.LookupLine) != 4 {
		t.Fatalf("got %d bars, %d/%d line points", len(c.Bars), len(c.AmpLine), len(c.LookupLine))
	}
	if c.Bars[2].H != 100 || c.Bars[0].H >= c.Bars[1].H {
		t.Fatalf("bars not scaled to the maximum: %+v", c.Bars)
	}
	if c.LookupLine[0][1] != 10 || c.AmpLine[2][1] != 10 {
		t.Fatal("each line's maximum should touch the top")
	}
	if len(c.Marks) != 1 || c.DayX <= c.Bars[1].X {
		t.Fatalf("marks %v, day x %g", c.Marks, c.DayX)
	}
	if got := TimelineChart(Series{}, Rect{W: 1, H: 1}); len(got.Bars) != 0 {
		t.Fatal("empty series drew bars")
	}
}
