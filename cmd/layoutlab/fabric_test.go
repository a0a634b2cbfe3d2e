package main

import (
	"encoding/json"
	"strings"
	"testing"

	"layoutlab/engine/scenario"
)

// TestFabricFlags: each of Microsoft Fabric's settings is a run flag that sets the scenario's
// field, shows in the JSON, travels in the printed link, and the link alone reproduces the run.
func TestFabricFlags(t *testing.T) {
	run := func(args ...string) (map[string]any, scenario.Scenario, string) {
		t.Helper()
		code, out, errs := cli(append([]string{"run", "--strategy", "liquid-incremental", "--days", "12", "--ingest-gb", "40"}, args...)...)
		if code != 0 {
			t.Fatalf("run %v: exit %d: %s", args, code, errs)
		}
		var v struct {
			Scenario map[string]any `json:"scenario"`
			Link     string         `json:"link"`
		}
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatal(err)
		}
		s, err := scenario.ParseLink(v.Link)
		if err != nil {
			t.Fatal(err)
		}
		return v.Scenario, s, out
	}
	scDef, _, outDef := run()
	if scDef["fabric_incremental"] != true || scDef["fabric_auto_recluster"] != true ||
		scDef["fabric_min_offending_files"] != 4.0 || scDef["fabric_min_overlap_threshold"] != 0.75 {
		t.Errorf("defaults in the JSON: %v", scDef)
	}
	if l, _ := scDef["strategy_label"].(string); !strings.Contains(l, "Microsoft Fabric Runtime 2.0") {
		t.Errorf("strategy_label %q does not name Microsoft Fabric", l)
	}
	for _, c := range []struct {
		flag, key string
		want      any
		field     func(scenario.Timeline) bool
	}{
		{"--fabric-incremental=false", "fabric_incremental", false, func(t scenario.Timeline) bool { return t.FabricNoIncremental }},
		{"--fabric-auto-recluster=false", "fabric_auto_recluster", false, func(t scenario.Timeline) bool { return t.FabricNoAutoRecluster }},
		{"--fabric-min-offending-files=2", "fabric_min_offending_files", 2.0, func(t scenario.Timeline) bool { return t.FabricMinOffendingFiles == 2 }},
		{"--fabric-min-overlap-threshold=0.5", "fabric_min_overlap_threshold", 0.5, func(t scenario.Timeline) bool { return t.FabricMinOverlapThreshold == 0.5 }},
	} {
		sc, s, out := run(c.flag)
		if sc[c.key] != c.want || !c.field(s.Timeline) {
			t.Errorf("%s: JSON %s = %v, link's field set %v", c.flag, c.key, sc[c.key], c.field(s.Timeline))
		}
		if out == outDef {
			t.Errorf("%s changed nothing", c.flag)
		}
		if _, _, again := run("--link", scenario.Link(s)); again != out {
			t.Errorf("%s: --link did not reproduce the run", c.flag)
		}
	}
	for _, bad := range []string{"--fabric-min-offending-files=1", "--fabric-min-offending-files=0",
		"--fabric-min-overlap-threshold=0.25", "--fabric-min-overlap-threshold=1.5", "--fabric-auto-recluster=maybe"} {
		name := strings.SplitN(strings.TrimPrefix(bad, "--"), "=", 2)[0]
		if code, out, errs := cli("run", bad); code != 2 || out != "" || !strings.Contains(errs, "--"+name) {
			t.Errorf("%s: exit %d, stderr %q", bad, code, errs)
		}
	}
	if code, out, _ := cli("run", "-h"); code != 0 || !strings.Contains(out, "liquid-fabric-1.3") || !strings.Contains(out, "--fabric-min-overlap-threshold") {
		t.Error("run -h does not document Runtime 1.3 and the Fabric flags")
	}
}
