package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"layoutlab/engine/scenario"
)

var regenOutputs = flag.Bool("regen-outputs", false, "rewrite testdata/outputs.sha256 from this build's outputs")

// outputCases are the command lines whose output is a contract: every preset and every link of
// the golden corpus through both verbs, and every knob's flag given a value other than its
// default. Their digests were recorded before the knob registry replaced the hand-written
// flags, so a refactor of the front that changes one byte of the JSON fails here.
func outputCases(t *testing.T) [][]string {
	t.Helper()
	var cases [][]string
	link := func(l string) {
		cases = append(cases, []string{"layout", "--link", l}, []string{"run", "--link", l})
	}
	for _, p := range scenario.Presets() {
		link(scenario.Link(p.Scenario))
	}
	f, err := os.Open("../../engine/scenario/testdata/golden_links.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			link(strings.Split(line, "\t")[1])
		}
	}
	for _, a := range []string{
		"--rows=20000", "--files=8", "--rows-per-file=5000", "--layout=zorder", "--keys=region_id,user_id",
		"--where=region_id < 3", "--indexed-cols=-1", "--indexed-cols=2", "--stats-columns=user_id,region_id",
		"--partition-by=region_id", "--seed=7", "--add-noise=false", "--add-noise", "--format=csv", "--stats-json",
	} {
		cases = append(cases, []string{"layout", "--rows=20000", a})
	}
	for _, a := range []string{
		"--strategy=zorder-window", "--days=20", "--ingest-gb=12.5", "--file-gb=0.5", "--min-cube-gb=30",
		"--target-cube-gb=60", "--window-days=5", "--change-keys-day=10", "--full-day=12", "--history-days=5",
		"--cluster-none-day=15", "--lookup=order_id", "--day=7", "--rows-per-gb=128", "--seed=3", "--add-noise=false",
		"--strategy=liquid-incremental", "--fabric-incremental=false", "--fabric-auto-recluster=false",
		"--fabric-min-offending-files=3", "--fabric-min-overlap-threshold=0.5", "--extras", "--files", "--describe",
		"--format=csv",
	} {
		base := []string{"run", "--days=20"}
		if strings.HasPrefix(a, "--fabric") {
			base = append(base, "--strategy=liquid-incremental")
		}
		cases = append(cases, append(base, a))
	}
	return cases
}

// TestOutputsUnchanged: each case's exit status and standard output hash to what was recorded.
func TestOutputsUnchanged(t *testing.T) {
	const path = "testdata/outputs.sha256"
	var got strings.Builder
	for _, args := range outputCases(t) {
		code, out, errs := cli(args...)
		if code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, errs)
		}
		fmt.Fprintf(&got, "%x %d %s\n", sha256.Sum256([]byte(out)), code, strings.Join(args, " "))
	}
	if *regenOutputs {
		if err := os.WriteFile(path, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	wl, gl := strings.Split(string(want), "\n"), strings.Split(got.String(), "\n")
	if len(wl) != len(gl) {
		t.Fatalf("%d cases, %d recorded (regenerate with -regen-outputs only when the change is meant)", len(gl)-1, len(wl)-1)
	}
	for i := range wl {
		if wl[i] != gl[i] {
			t.Errorf("output changed:\n got %s\nwant %s", gl[i], wl[i])
		}
	}
}

// TestALinksValuesStandUnlessGiven: every knob's flag (each is among outputCases) sets a value
// the printed link carries, and the link alone reproduces the output: a knob's flag is applied
// only when given, so the link's value stands otherwise.
func TestALinksValuesStandUnlessGiven(t *testing.T) {
	covered := map[string]bool{}
	for _, args := range outputCases(t) {
		name, _, ok := strings.Cut(strings.TrimPrefix(args[len(args)-1], "--"), "=")
		view := map[string]string{"layout": "panel", "run": "timeline"}[args[0]]
		if !ok || args[1] == "--link" || !slices.ContainsFunc(verbKnobs(view), func(k *scenario.Knob) bool { return k.ID == name }) {
			continue
		}
		covered[args[0]+" --"+name] = true
		code, out, errs := cli(args...)
		var v struct{ Link string }
		if err := json.Unmarshal([]byte(out), &v); code != 0 || err != nil || v.Link == "" {
			t.Fatalf("%v: exit %d, %v: %s", args, code, err, errs)
		}
		if _, again, _ := cli(args[0], "--link", v.Link); again != out {
			t.Errorf("%v: its link alone gives another output", args)
		}
	}
	for verb, view := range map[string]string{"layout": "panel", "run": "timeline"} {
		for _, k := range verbKnobs(view) {
			if !covered[verb+" --"+k.ID] {
				t.Errorf("%s --%s: not among outputCases", verb, k.ID)
			}
		}
	}
}
