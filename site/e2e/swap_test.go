//go:build browser

package e2e

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"layoutlab/engine/scenario"
)

// swapTo sets the open page's fragment (no reload) and waits until the widget announces the
// new scenario ready: window.layoutlab.scenarios counts it, and a marker set on window before
// the change must survive (a reload would drop it).
func swapTo(t *testing.T, ctx context.Context, frag string, wantScenarios int) {
	t.Helper()
	eval[bool](t, ctx, `window.__beforeSwap = true`)
	eval[bool](t, ctx, fmt.Sprintf(`(location.hash = %q, true)`, frag))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(
		`window.layoutlab.scenarios === %d && window.layoutlab.ready === true`, wantScenarios),
		chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatalf("%.30s: the widget never showed the new scenario ready (scenarios %v): %v", frag,
			eval[any](t, ctx, `window.layoutlab.scenarios`), err)
	}
	if !eval[bool](t, ctx, `window.__beforeSwap === true`) {
		t.Fatalf("%.30s: the page reloaded", frag)
	}
}

// brokenSwap sets a fragment that does not parse: the notice names it, and the previous
// scenario's readouts stay.
func brokenSwap(t *testing.T, ctx context.Context, scenarios int) {
	t.Helper()
	before := readouts(t, ctx)
	eval[bool](t, ctx, `(location.hash = "#s=%%%", true)`)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!document.getElementById("notice").hidden`,
		chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("a broken fragment showed no notice: %v", err)
	}
	time.Sleep(300 * time.Millisecond)
	if n := eval[int](t, ctx, `window.layoutlab.scenarios`); n != scenarios {
		t.Errorf("a broken fragment swapped: scenarios %d, want %d", n, scenarios)
	}
	agree(t, "after a broken fragment", readouts(t, ctx), before)
	t.Logf("broken fragment → %s", eval[string](t, ctx, `document.getElementById("notice").textContent`))
}

// TestWidgetSwapsScenarioOnHashChange: widget.html shows a changed fragment's scenario in
// place, with the command line's readouts, and keeps the shown one on a broken fragment.
func TestWidgetSwapsScenarioOnHashChange(t *testing.T) {
	ctx := browser(t)
	a, _ := scenario.PresetByName("two-keys")
	open(t, ctx, scenario.Link(a.Scenario))
	agree(t, "first", readouts(t, ctx), panelWant(t, scenario.Link(a.Scenario)))
	b := scenario.Default()
	b.Panel.Keys = []string{"event_date"}
	link := scenario.Link(b)
	swapTo(t, ctx, link, 2)
	agree(t, "swapped", readouts(t, ctx), panelWant(t, link))
	brokenSwap(t, ctx, 2)
}

// TestFigureSwapsScenarioOnHashChange: figure.html takes a changed fragment's figure in place:
// its knobs, readouts, link and the command line's figures.
func TestFigureSwapsScenarioOnHashChange(t *testing.T) {
	ctx := browser(t)
	a, _ := scenario.PresetByName("two-keys")
	a.Scenario.Figure = scenario.Figure{Knobs: []string{"keys"}, Readouts: []string{"files_read"}}
	openFigure(t, ctx, scenario.Link(a.Scenario), 700)
	figureReadoutsAgree(t, ctx, "first", scenario.Link(a.Scenario))
	b := scenario.Default()
	b.Panel.Keys = []string{"event_date"}
	b.Figure = scenario.Figure{Knobs: []string{"files"}, Readouts: []string{"files_read", "rows_read"}, Theme: "dark"}
	link := scenario.Link(b)
	swapTo(t, ctx, link, 2)
	got := figureReadoutsAgree(t, ctx, "swapped", link)
	if _, ok := got["rows_read"]; !ok || len(got) != 2 {
		t.Errorf("swapped figure shows readouts %v, want files_read and rows_read", got)
	}
	fit := measureFigure(t, ctx)
	if fit.OpenRef != "widget.html"+link {
		t.Errorf("Open in Layout Lab points at %q, want widget.html%s", fit.OpenRef, link)
	}
	if eval[bool](t, ctx, `!!document.querySelector('#keys-list input')`) {
		t.Errorf("the previous figure's key knobs are still in the form: %v", fit.Knobs)
	}
	if th := eval[string](t, ctx, `document.documentElement.getAttribute("data-theme") || ""`); th != "dark" {
		t.Errorf("theme %q after the swap, want dark", th)
	}
	if !eval[bool](t, ctx, `window.layoutlab.idleHeld === true`) {
		t.Errorf("the new figure's idle work is not held until it is touched")
	}
	brokenSwap(t, ctx, 2)
}
