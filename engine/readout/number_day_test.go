package readout

import (
	"testing"

	"layoutlab/engine/timeline"
)

func TestNumberRoundsAsTheChartsDo(t *testing.T) {
	for _, c := range []struct {
		v      float64
		digits int
		want   string
	}{
		{2400, 1, "2,400.0"},
		{1154.2109375, 1, "1,154.2"},
		{1152.76953125, 1, "1,152.8"},
		{25000, 0, "25,000"},
		{59.96, 1, "60.0"},
		{999.96, 1, "1,000.0"},
		{100, 0, "100"},
		{1234567.891, 2, "1,234,567.89"},
		{-1234.5, 1, "-1,234.5"},
		{0.2213, 4, "0.2213"},
	} {
		if got := Number(c.v, c.digits); got != c.want {
			t.Errorf("Number(%v, %d) = %q, want %q", c.v, c.digits, got, c.want)
		}
	}
}

// TestDayTextAgreesWithTheCharts: a day's readouts as the widget, the posters and the prose state
// them: thousands separated, a factor glued to its x, a lookup to one decimal as the chart's end
// label writes it.
func TestDayTextAgreesWithTheCharts(t *testing.T) {
	got := map[string]string{}
	for _, r := range Day(timeline.Day{Day: 60, OptimizeWrittenGB: 2400, WriteAmplification: 30.5, LookupFiles: 59.96, Files: 2400}) {
		got[r.Metric] = r.Text()
	}
	for m, want := range map[string]string{"optimize_written_gb": "2,400.0 GiB", "write_amplification": "30.50x", "lookup_files": "60.0", "files": "2,400"} {
		if got[m] != want {
			t.Errorf("%s reads %q, want %q", m, got[m], want)
		}
	}
}
