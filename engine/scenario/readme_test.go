package scenario

import (
	"os"
	"strings"
	"testing"
)

// TestReadmeStatesTheLimits: the README's Limits section quotes the limits the code enforces.
func TestReadmeStatesTheLimits(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	i := strings.Index(readme, "### Limits")
	if i < 0 {
		t.Fatal("README has no Limits section")
	}
	limits := readme[i:]
	limits = limits[:strings.Index(limits, "\n## ")]
	for _, want := range []string{
		"| panel rows (`--rows`) | 1,000,000 |", "| 4,096 |", "| `--where` | 4,096 bytes |", "9 columns each; `--stats-columns` 64",
		"| 8,000,000, and at least one row a day |", "| 300,000 |", "| 80,000,000 |", "| 400,000 |", "| 150,000 |", "| 6,000,000 |",
	} {
		if !strings.Contains(limits, want) {
			t.Errorf("README's Limits lacks %q", want)
		}
	}
	if MaxPanelRows != 1_000_000 || MaxPanelFiles != 4096 || MaxWhereBytes != 4096 || MaxKeys != 9 || MaxStatsColumns != 64 ||
		MaxTimelineRows != 8_000_000 || MaxTimelineFileWrites != 300_000 || MaxTimelineRowWrites != 80_000_000 || MaxListedFileDays != 400_000 || MaxExportedFiles != 150_000 || MaxPlannerScans != 6_000_000 || MaxDays != 365 {
		t.Error("a limit changed: update the README's Limits section and this test")
	}
	// "zorder-full and liquid-incremental run up to 120 days" at the default knobs.
	for _, st := range []string{"zorder-full", "liquid-incremental"} {
		last := 0
		for d := 1; d <= MaxDays; d++ {
			s := Default()
			s.Timeline.Strategy, s.Timeline.Days = st, d
			if s.Validate() == nil {
				last = d
			}
		}
		if last != 120 || !strings.Contains(limits, "run up to\n120 days") {
			t.Errorf("%s runs up to %d days at the defaults; the README says 120", st, last)
		}
	}
	region := Default()
	region.Panel.PartitionBy = []string{"region_id"}
	if region.Cost().Partitions != 6 || !strings.Contains(limits, "`region_id` gives 6") {
		t.Errorf("region_id: %d partitions", region.Cost().Partitions)
	}
}
