package scenario

import (
	"slices"
	"strings"
	"testing"
)

// TestCostRefusesTheIssuesCases: each scenario that once took gigabytes is refused before any
// work, naming the knob to change first.
func TestCostRefusesTheIssuesCases(t *testing.T) {
	for _, tc := range []struct {
		name string
		set  func(s *Scenario)
		knob string
		want string
	}{
		{"one partition per user", func(s *Scenario) { s.Panel.PartitionBy = []string{"user_id"} }, "partition-by", "up to 100000 partitions"},
		{"partitions times files", func(s *Scenario) { s.Panel.PartitionBy, s.Panel.Files = []string{"region_id"}, MaxPanelFiles }, "files", "up to 6 partitions"},
		{"a struct", func(s *Scenario) { s.Panel.PartitionBy = []string{"device"} }, "partition-by", `"device" is a struct`},
		{"no such column", func(s *Scenario) { s.Panel.PartitionBy = []string{"nope"} }, "partition-by", "not a column"},
		{"a file a row", func(s *Scenario) {
			s.Timeline = Timeline{Strategy: "none", Days: 1, IngestGB: 7800, RowsPerGB: 1024, FileGB: 1.0 / 1024}
		}, "file-gb", "up to 7987200 files"},
		{"a year of tiny files", func(s *Scenario) {
			s.Timeline = Timeline{Strategy: "zorder-full", Days: 365, IngestGB: 40, RowsPerGB: 512, FileGB: 1.0 / 1024}
		}, "file-gb", "more than the 300000"},
		{"a year of Fabric's re-clustering", func(s *Scenario) {
			s.Timeline.Strategy, s.Timeline.Days, s.Timeline.FileGB = "liquid-incremental", 365, 10
		}, "days", "more than the 80000000"},
		// Issue 49: accepted, 40 s of CPU natively. Its 1 MiB files are just under the 0.001 GiB
		// minCubeSize and a bin (1.5 x that) holds one: no ZCube ever seals, so every night
		// rewrites the whole table, which the model took for sealed cubes.
		{"a year of 1 MiB files in ZCubes that never seal", func(s *Scenario) {
			s.Timeline = Timeline{Strategy: "liquid", Days: 365, IngestGB: 1.6, MinCubeGB: 0.001, FileGB: 0.0009765625}
		}, "file-gb", "can write up to 27535600 files, more than the 300000 a run may write: a clustering bin of whole 0.0009765625 GiB files stays under the minimum ZCube size of 0.001 GiB, so no ZCube ever seals"},
		// The same with ZCubes that seal, one file each: few writes, but every night the planner
		// scans up to 150,000 live files and as many ZCubes.
		{"a year of 1 MiB files, a ZCube each", func(s *Scenario) {
			s.Timeline = Timeline{Strategy: "liquid", Days: 365, IngestGB: 1.6, MinCubeGB: 0.0009, FileGB: 0.0009765625}
		}, "file-gb", "more than the 6000000 a run may scan"},
		{"too many rows", func(s *Scenario) { s.Timeline.RowsPerGB, s.Timeline.IngestGB = MaxRowsPerGB, 100 }, "rows-per-gb", "more than the 8000000"},
		{"less than a row", func(s *Scenario) { s.Timeline.IngestGB = 1e-300 }, "ingest-gb", "less than one row"},
	} {
		s := Default()
		tc.set(&s)
		s.EnsureDefaults()
		err := s.Validate()
		if err == nil {
			t.Errorf("%s: accepted (cost %+v)", tc.name, s.Cost())
			continue
		}
		if k := KnobsOf(err); len(k) == 0 || k[0] != tc.knob || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v (knobs %v), want knob %s and %q", tc.name, err, k, tc.knob, tc.want)
		}
	}
}

// TestCostAdmitsTheDefaultsAndPresets: what the product opens is within the limits.
func TestCostAdmitsTheDefaultsAndPresets(t *testing.T) {
	scenarios := []Scenario{Default()}
	for _, p := range Presets() {
		scenarios = append(scenarios, p.Scenario)
	}
	for _, s := range scenarios {
		if err := s.Validate(); err != nil {
			t.Errorf("%+v: %v", s, err)
		}
	}
	s := Default()
	s.Panel.PartitionBy = []string{"region_id", "device_model_id"}
	if err := s.Validate(); err != nil {
		t.Errorf("6 x 400 partitions refused: %v", err)
	}
	if c := s.Cost(); c.Partitions != 6*400 || c.PanelFiles != 6*400+32 {
		t.Errorf("region_id x device_model_id: %d partitions, %d files; want 2400 and 2432", c.Partitions, c.PanelFiles)
	}
}

// TestFileWritesGrowWithTheStrategy: the bound orders the strategies as their nightly work does.
func TestFileWritesGrowWithTheStrategy(t *testing.T) {
	w := map[string]int64{}
	for _, st := range []string{"none", "compaction", "zorder-window", "liquid", "zorder-full"} {
		s := Default()
		s.Timeline.Strategy = st
		w[st] = s.Cost().FileWrites
	}
	// 60 days of 40 files: 2,400 appended.
	if w["none"] != 2400 || w["compaction"] != 4800 || w["zorder-window"] != 2400+40*3*60 || w["zorder-full"] != 2400+40*60*61/2 {
		t.Errorf("file writes %v", w)
	}
	if !(w["liquid"] > w["zorder-window"] && w["liquid"] < w["zorder-full"]) {
		t.Errorf("liquid's %d writes are not between zorder-window's %d and zorder-full's %d", w["liquid"], w["zorder-window"], w["zorder-full"])
	}
}

func TestLinkRefusesUnknownColumns(t *testing.T) {
	for _, tc := range []struct {
		set  func(s *Scenario)
		want string
	}{
		{func(s *Scenario) { s.Panel.Keys = []string{"user_id", "nope"} }, `key "nope"`},
		{func(s *Scenario) { s.Panel.StatsColumns = []string{"device.nope"} }, `statistics column "device.nope"`},
		{func(s *Scenario) { s.Panel.ColorKey = "nope" }, `colour key "nope"`},
		{func(s *Scenario) { s.Timeline.Lookup = "user_id" }, `lookup column "user_id"`},
		{func(s *Scenario) { s.Panel.PartitionBy = []string{"nope"} }, `"nope" is not a column`},
	} {
		s := Default()
		tc.set(&s)
		_, err := ParseLink(Link(s))
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "link: ") {
			t.Errorf("got %v, want a link error naming %s", err, tc.want)
		}
	}
	// Known columns, a struct among them, in another case, still open.
	s := Default()
	s.Panel.Keys = []string{"USER_ID", "event_date"}
	s.Panel.StatsColumns = []string{"device", "device.screen.width"}
	s.Timeline.Lookup = "order_id"
	if _, err := ParseLink(Link(s)); err != nil {
		t.Error(err)
	}
	if !slices.Equal(TimelineLookups, []string{"customer_id", "order_id", "event_date"}) {
		t.Error(TimelineLookups)
	}
}
