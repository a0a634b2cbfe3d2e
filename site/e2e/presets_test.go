//go:build browser

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"layoutlab/engine/scenario"
)

// cli runs the command-line front on a link, as a docs author or CI would.
func cli(t *testing.T, sub, link string) map[string]any {
	t.Helper()
	root, _ := filepath.Abs("../..")
	cmd := exec.Command("go", "run", "./cmd/layoutlab", sub, "--link", link)
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("layoutlab %s --link: %v\n%s", sub, err, out)
	}
	var v map[string]any
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("layoutlab %s: not JSON: %v", sub, err)
	}
	return v
}

// readouts returns every data-metric readout's exact value.
func readouts(t *testing.T, ctx context.Context) map[string]float64 {
	raw := eval[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll("[data-metric]")].map(e => [e.dataset.metric, e.dataset.value]))`)
	out := map[string]float64{}
	for k, v := range raw {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			t.Fatalf("readout %s = %q is not a plain decimal", k, v)
		}
		out[k] = f
	}
	return out
}

// panelWant is what `layoutlab layout --link` gives for the panel's readouts.
func panelWant(t *testing.T, link string) map[string]float64 {
	t.Helper()
	res := cli(t, "layout", link)
	want := map[string]float64{}
	for _, k := range []string{"files_total", "files_read", "rows_read"} {
		want[k] = res[k].(float64)
	}
	for k, v := range res["spans"].(map[string]any) {
		want["span:"+k] = v.(float64)
	}
	return want
}

// agree checks each wanted readout against the browser's.
func agree(t *testing.T, name string, got, want map[string]float64) {
	t.Helper()
	for k, w := range want {
		g, ok := got[k]
		if !ok {
			t.Errorf("%s: no readout data-metric=%q", name, k)
		} else if !near(g, w) {
			t.Errorf("%s: %s = %v in the browser, %v natively", name, k, g, w)
		}
	}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// TestPresetsAgreeWithTheCLI opens every preset the explainer embeds and checks each readout
// against the native engine run through the command line on the same link.
func TestPresetsAgreeWithTheCLI(t *testing.T) {
	ctx := browser(t)
	for _, p := range scenario.Presets() {
		link := scenario.Link(p.Scenario)
		open(t, ctx, link)
		got := readouts(t, ctx)
		if n := distinctColours(canvasPixels(t, ctx, "preset-"+p.Name)); n < 20 {
			t.Errorf("%s: canvas blank (%d colours)", p.Name, n)
		}
		want := map[string]float64{}
		if p.Scenario.View == "timeline" {
			res := cli(t, "run", link)
			days := res["days"].([]any)
			day := p.Scenario.Timeline.Day
			if day == 0 {
				day = len(days)
			}
			d := days[day-1].(map[string]any)
			for _, k := range []string{"lookup_files", "optimize_written_gb", "write_amplification", "files", "zcubes", "sealed_zcubes"} {
				want[k] = d[k].(float64)
			}
		} else {
			want = panelWant(t, link)
			// The link's first answer is the one computed before Ebiten started (wasm/firstrun):
			// the scenario the widget asks for is the one package firstrun read from the link.
			if ms := eval[float64](t, ctx, `window.layoutlab.firstRunInInitMs`); ms <= 0 {
				t.Errorf("%s: the first answer was computed again after Ebiten started", p.Name)
			}
		}
		agree(t, p.Name, got, want)
		t.Logf("%s: %s", p.Name, fmt.Sprint(got))
	}
}
