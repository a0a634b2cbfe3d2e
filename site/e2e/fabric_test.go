//go:build browser

package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"layoutlab/engine/scenario"
)

// TestFabricKnobs: Microsoft Fabric's four settings are controls of the timeline, the strategy
// list names the strategy as Fabric's, and each control changes the answer to what the command
// line prints for the link it writes.
func TestFabricKnobs(t *testing.T) {
	ctx := browser(t)
	s := scenario.Default()
	s.View = "timeline"
	s.Timeline.Strategy, s.Timeline.Days = "liquid-incremental", 30
	link := scenario.Link(s)
	open(t, ctx, link)
	if got := eval[string](t, ctx, `(() => { const el = document.getElementById("strategy"); return el.options[el.selectedIndex].textContent; })()`); !strings.Contains(got, "Microsoft Fabric Runtime 2.0") {
		t.Errorf("the strategy list shows %q", got)
	}
	type control struct {
		Value, Label string
		Checked      bool
		Visible      bool
	}
	state := func(id string) control {
		return eval[control](t, ctx, `(() => { const el = document.getElementById("`+id+`"); return {
			value: el.value, label: el.labels.length ? el.labels[0].textContent.trim() : "",
			checked: el.checked, visible: !el.closest("[hidden]") }; })()`)
	}
	for id, want := range map[string]control{
		"fabric-incremental":           {Value: "on", Label: "incremental", Checked: true, Visible: true},
		"fabric-auto-recluster":        {Value: "on", Label: "autoRecluster", Checked: true, Visible: true},
		"fabric-min-offending-files":   {Value: "4", Label: "minOffendingFiles", Visible: true},
		"fabric-min-overlap-threshold": {Value: "0.75", Label: "minOverlapThreshold", Visible: true},
	} {
		got := state(id)
		if got.Label != want.Label || got.Checked != want.Checked || !got.Visible || (want.Value != "on" && got.Value != want.Value) {
			t.Errorf("%s: %+v, want %+v", id, got, want)
		}
	}
	check := func(name, h string, field func(scenario.Timeline) bool) {
		t.Helper()
		got, err := scenario.ParseLink(h)
		if err != nil || !field(got.Timeline) {
			t.Errorf("%s: the link %s does not carry it (%v)", name, h, err)
		}
		d := cli(t, "run", h)["days"].([]any)
		last := d[len(d)-1].(map[string]any)
		want := map[string]float64{}
		for _, k := range []string{"lookup_files", "optimize_written_gb", "write_amplification", "files", "zcubes"} {
			want[k] = last[k].(float64)
		}
		agree(t, name, readouts(t, ctx), want)
	}
	// Keyboard: Space clears autoRecluster.
	noteChange(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.ID("fabric-auto-recluster")), chromedp.KeyEvent(" ")); err != nil {
		t.Fatal(err)
	}
	h := settle(t, ctx, link)
	check("autoRecluster off", h, func(t scenario.Timeline) bool { return t.FabricNoAutoRecluster })
	// Space again turns it back on.
	noteChange(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.ID("fabric-auto-recluster")), chromedp.KeyEvent(" ")); err != nil {
		t.Fatal(err)
	}
	h = settle(t, ctx, h)
	setControl(t, ctx, "fabric-min-overlap-threshold", "0.5", "change")
	h = settle(t, ctx, h)
	check("minOverlapThreshold 0.5", h, func(t scenario.Timeline) bool {
		return !t.FabricNoAutoRecluster && t.FabricMinOverlapThreshold == 0.5
	})
	setControl(t, ctx, "fabric-min-offending-files", "8", "change")
	h = settle(t, ctx, h)
	check("minOffendingFiles 8", h, func(t scenario.Timeline) bool { return t.FabricMinOffendingFiles == 8 })
}
