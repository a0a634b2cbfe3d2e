package main

import (
	"encoding/json"
	"strings"
	"testing"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
)

// TestAddNoiseFlag: --add-noise is spark.databricks.io.skipping.mdc.addNoise on both
// subcommands: default true, =false sets the scenario's NoNoise, the link carries it, a --link
// alone reproduces it and an explicit --add-noise overrides the link's.
func TestAddNoiseFlag(t *testing.T) {
	layout := func(args ...string) (panel.Result, scenario.Scenario, string) {
		t.Helper()
		code, out, errs := cli(append([]string{"layout", "--layout", "zorder", "--keys", "user_id", "--where", "user_id < 40000000"}, args...)...)
		if code != 0 {
			t.Fatalf("layout %v: exit %d: %s", args, code, errs)
		}
		var r panel.Result
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		s, err := scenario.ParseLink(r.Link)
		if err != nil {
			t.Fatal(err)
		}
		return r, s, out
	}
	_, sOn, outOn := layout()
	_, sOn2, outOn2 := layout("--add-noise")
	rOff, sOff, outOff := layout("--add-noise=false")
	if sOn.Panel.NoNoise || sOn2.Panel.NoNoise || !sOff.Panel.NoNoise {
		t.Errorf("layout: NoNoise %v (default), %v (--add-noise), %v (--add-noise=false)", sOn.Panel.NoNoise, sOn2.Panel.NoNoise, sOff.Panel.NoNoise)
	}
	if outOn != outOn2 || outOn == outOff {
		t.Error("layout: --add-noise should be the default and --add-noise=false should change the files")
	}
	if _, _, again := layout("--link", rOff.Link); again != outOff {
		t.Error("layout: --link did not reproduce --add-noise=false")
	}
	if _, s, again := layout("--link", rOff.Link, "--add-noise=true"); s.Panel.NoNoise || again != outOn {
		t.Error("layout: an explicit --add-noise=true did not override the link's")
	}

	run := func(args ...string) (map[string]any, scenario.Scenario, string) {
		t.Helper()
		code, out, errs := cli(append([]string{"run", "--strategy", "liquid", "--days", "4", "--ingest-gb", "200", "--min-cube-gb", "100"}, args...)...)
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
	scOn, sOn, tOn := run()
	scOff, sOff, tOff := run("--add-noise=false")
	if sOn.Timeline.NoNoise || !sOff.Timeline.NoNoise || scOn["add_noise"] != true || scOff["add_noise"] != false {
		t.Errorf("run: NoNoise %v/%v, add_noise %v/%v (default, --add-noise=false)", sOn.Timeline.NoNoise, sOff.Timeline.NoNoise, scOn["add_noise"], scOff["add_noise"])
	}
	if tOn == tOff {
		t.Error("run: --add-noise=false changed nothing")
	}
	if _, _, again := run("--link", scenario.Link(sOff)); again != tOff {
		t.Error("run: --link did not reproduce --add-noise=false")
	}
	if _, s, again := run("--link", scenario.Link(sOff), "--add-noise"); s.Timeline.NoNoise || again != tOn {
		t.Error("run: an explicit --add-noise did not override the link's")
	}

	for _, sub := range []string{"layout", "run"} {
		if code, out, errs := cli(sub, "--add-noise=maybe"); code != 2 || out != "" || !strings.Contains(errs, "add-noise") {
			t.Errorf("%s --add-noise=maybe: exit %d, stderr %q", sub, code, errs)
		}
		if code, out, _ := cli(sub, "-h"); code != 0 || !strings.Contains(out, "--add-noise=false") || !strings.Contains(out, "spark.databricks.io.skipping.mdc.addNoise") {
			t.Errorf("%s -h does not document --add-noise", sub)
		}
	}
}
