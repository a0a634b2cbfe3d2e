package main

import (
	"strings"
	"testing"

	"layoutlab/engine/scenario"
)

// TestEveryBadFlagIsNamed: a value out of its limits, alone or with the others, exits 2 with a
// message that names the flag it came from (never --link when no link was given).
func TestEveryBadFlagIsNamed(t *testing.T) {
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"layout", "--rows", "0"}, "--rows:"},
		{[]string{"layout", "--rows", "4000000"}, "--rows:"},
		{[]string{"layout", "--files", "5000"}, "--files:"},
		{[]string{"layout", "--rows-per-file", "1"}, "--rows-per-file:"},
		{[]string{"layout", "--layout", "sideways"}, "--layout:"},
		{[]string{"layout", "--keys", "a,b,c,d,e,f,g,h,i,j"}, "--keys:"},
		{[]string{"layout", "--where", strings.Repeat("a", scenario.MaxWhereBytes+1)}, "--where:"},
		{[]string{"layout", "--stats-columns", strings.Repeat("a,", scenario.MaxStatsColumns+1)}, "--stats-columns:"},
		{[]string{"layout", "--partition-by", "device"}, "--partition-by: PARTITIONED BY column \"device\" is a struct"},
		{[]string{"layout", "--partition-by", "region_id,REGION_ID"}, "--partition-by: PARTITIONED BY column \"REGION_ID\" is listed twice"},
		{[]string{"layout", "--partition-by", "nope"}, "--partition-by: PARTITIONED BY column \"nope\" is not a column"},
		{[]string{"layout", "--rows", "100000", "--partition-by", "user_id"}, "--partition-by:"},
		{[]string{"layout", "--partition-by", "region_id", "--files", "4096"}, "--files:"},
		{[]string{"layout", "--partition-by", "device_model_id", "--rows-per-file", "25"}, "--rows-per-file:"},
		{[]string{"layout", "--seed", "x"}, "-seed"},
		{[]string{"run", "--strategy", "x"}, "--strategy:"},
		{[]string{"run", "--days", "400"}, "--days:"},
		{[]string{"run", "--ingest-gb", "1e-300"}, "--ingest-gb: daily ingest 1e-300 GiB"},
		{[]string{"run", "--ingest-gb", "NaN"}, "--ingest-gb:"},
		{[]string{"run", "--file-gb", "1e-9"}, "--file-gb:"},
		{[]string{"run", "--min-cube-gb", "-1"}, "--min-cube-gb:"},
		{[]string{"run", "--target-cube-gb", "-1"}, "--target-cube-gb:"},
		{[]string{"run", "--window-days", "0"}, "--window-days:"},
		{[]string{"run", "--change-keys-day", "400"}, "--change-keys-day:"},
		{[]string{"run", "--full-day", "-1"}, "--full-day:"},
		{[]string{"run", "--history-days", "400"}, "--history-days:"},
		{[]string{"run", "--cluster-none-day", "-1"}, "--cluster-none-day:"},
		{[]string{"run", "--lookup", "user_id"}, "--lookup:"},
		{[]string{"run", "--day", "61"}, "--day:"},
		{[]string{"run", "--rows-per-gb", "0"}, "--rows-per-gb:"},
		{[]string{"run", "--rows-per-gb", "100000", "--ingest-gb", "100"}, "--rows-per-gb:"},
		{[]string{"run", "--strategy", "none", "--days", "1", "--ingest-gb", "7800", "--rows-per-gb", "1024", "--file-gb", "0.0009765625"}, "--file-gb:"},
		{[]string{"run", "--strategy", "zorder-full", "--days", "365", "--ingest-gb", "40", "--rows-per-gb", "512", "--file-gb", "0.0009765625"}, "--file-gb:"},
		{[]string{"run", "--strategy", "zorder-full", "--days", "365"}, "--days:"},
		// Issue 49: accepted before, 40 s of CPU: ZCubes that never seal, then one file each.
		{[]string{"run", "--strategy", "liquid", "--days", "365", "--ingest-gb", "1.6", "--min-cube-gb", "0.001", "--file-gb", "0.0009765625"}, "--file-gb: 365 days"},
		{[]string{"run", "--strategy", "liquid", "--days", "365", "--ingest-gb", "1.6", "--min-cube-gb", "0.0009", "--file-gb", "0.0009765625"}, "--file-gb: 365 days of 410 files a day (1.6 GiB a day in files of 0.0009765625 GiB, ZCubes of 0.0009 GiB) under liquid have the nightly OPTIMIZE scan"},
		{[]string{"run", "--format", "xml"}, "--format:"},
		{[]string{"run", "--strategy", "none", "--days", "365", "--files"}, "--files: every day's file grid"},
		{[]string{"run", "--strategy", "zorder-full", "--days", "100", "--export-log", "/nonexistent"}, "--export-log: the log of this run"},
	} {
		code, out, errs := cli(c.args...)
		if code != 2 || out != "" || !strings.Contains(errs, c.flag) {
			t.Errorf("%v: exit %d, stderr %q (want 2 and %q)", c.args, code, errs, c.flag)
		}
	}
}

// TestALinksValueIsBlamedOnTheFlagThatBrokeIt: a link within the limits, and a flag that takes
// it over them, blames the flag; a link's own bad value blames --link.
func TestALinksValueIsBlamedOnTheFlagThatBrokeIt(t *testing.T) {
	s := scenario.Default()
	s.Panel.PartitionBy = []string{"region_id"}
	link := scenario.Link(s)
	if code, _, errs := cli("layout", "--link", link, "--files", "4096"); code != 2 || !strings.Contains(errs, "--files:") {
		t.Errorf("exit %d, %q: want --files blamed", code, errs)
	}
	s.Panel.Keys = []string{"nope"}
	if code, _, errs := cli("layout", "--link", scenario.Link(s)); code != 2 || !strings.Contains(errs, "--link: link: key \"nope\"") {
		t.Errorf("exit %d, %q: want --link blamed for its unknown key", code, errs)
	}
}
