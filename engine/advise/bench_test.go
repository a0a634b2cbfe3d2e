package advise

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkAdvise1M advises a 1,000-file, 1,000,000-row event table with a 10-query workload
// over three columns and 20 candidates (max keys 2, plus one three-key set), each laid out into
// about 1,000 files: the target is 10 s natively. Its reference, in the same run, is
// the same advice without the rows (today's figures from the log only).
func BenchmarkAdvise1M(b *testing.B) {
	tab := genTable(b, eventSpec(1000), 1_000_000, 21)
	tt := writeTable(b, tab, 1000, map[string]string{}, nil)
	var wl strings.Builder
	wl.WriteString(userLookups(tab, 6))
	for _, r := range []int{100_000, 500_000} {
		fmt.Fprintf(&wl, "2: event_date = '%s'\n", dateAt(tab, r))
	}
	wl.WriteString("region_id = 3\nevent_date >= '2027-01-01' AND region_id = 5\n")
	opt := Options{MaxFileSize: maxFileFor(1_000_000, 1000), IngestBytesPerDay: -1, Keys: [][]string{{"user_id", "event_date", "region_id"}}}
	b.ResetTimer()
	for _, withRows := range []bool{false, true} {
		name := "today-only"
		if withRows {
			name = "what-if"
		}
		b.Run(name, func(b *testing.B) {
			cpu0 := cpuSeconds()
			defer func() { b.ReportMetric((cpuSeconds()-cpu0)/float64(b.N), "cpu-s/op") }()
			for range b.N {
				in := tt.input(wl.String())
				if !withRows {
					in.Rows = nil
				}
				rep, err := Advise(in, opt)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(len(rep.Candidates)), "candidates")
			}
		})
	}
}
