//go:build browser

package e2e

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
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

// framesBetweenInit counts, in a figure's page, the animation frames that begin while a mark
// "layoutlab:"+__watch.after set since the watch began is newer than every mark
// "layoutlab:"+__watch.until: the frames the page waited for between them. Its callback is
// registered before the page's own (a script run on every new document), so in a frame it runs
// before Ebiten's, which runs the widget's Update and Draw: a frame whose Update takes the swap
// is counted.
const framesBetweenInit = `(() => { window.__between = 0;
	const last = (m) => { const e = performance.getEntriesByName("layoutlab:" + m); return e.length ? e[e.length - 1].startTime : -1; };
	const f = () => { const w = window.__watch;
		if (w) { const a = last(w.after); if (a > w.t0 && a > last(w.until)) window.__between++; }
		requestAnimationFrame(f); };
	requestAnimationFrame(f); })();`

// watchFrames starts counting the frames that begin after a mark after and before a mark until
// newer than it.
func watchFrames(t *testing.T, ctx context.Context, after, until string) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(window.__watch = {after: %q, until: %q, t0: performance.now()}, window.__between = 0, true)`, after, until))
}

// TestASwapIsTakenWithoutWaitingForAFrame: while a figure switches, the widget takes the swap's
// hashchange in an Update at once, and draws the answer its preparation hands over (adopted) at
// once, not in the next animation frame (Ebiten runs Update and Draw only there, or on the
// canvas's input), which a busy page gave 0.7-2.2 s late (BenchmarkSwitch, adopted..update). No
// frame begins between the hashchange and the Update, nor between the adoption and the answer
// drawn.
func TestASwapIsTakenWithoutWaitingForAFrame(t *testing.T) {
	ctx := browser(t)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: framesBetweenInit}); err != nil {
		t.Fatal(err)
	}
	openFigure(t, ctx, scenario.Link(scenario.Default()), 700)

	// A panel figure: the hashchange's Update.
	b := scenario.Default()
	b.Panel.Keys = []string{"event_date"}
	watchFrames(t, ctx, "hashchange", "update")
	swapTo(t, ctx, scenario.Link(b), 2)
	if n := eval[int](t, ctx, `window.__between`); n != 0 {
		t.Errorf("%d animation frames began between the swap's hashchange and the Update that took it: want none", n)
	}

	// A heavy timeline prepared, swapped to at once: its run outlasts the swap's Update, and
	// hands its answer over (adopted) to be drawn.
	heavy, ok := scenario.PresetByName("large-batches")
	if !ok {
		t.Fatal("no preset large-batches")
	}
	link := scenario.Link(heavy.Scenario)
	watchFrames(t, ctx, "adopted", "answer")
	eval[bool](t, ctx, fmt.Sprintf(`(window.layoutlab.prepare(%q), true)`, link))
	swapTo(t, ctx, link, 3)
	if eval[int](t, ctx, `performance.getEntriesByName("layoutlab:adopted").length`) == 0 {
		t.Fatal("the swap to the prepared timeline adopted no preparation")
	}
	if n := eval[int](t, ctx, `window.__between`); n != 0 {
		t.Errorf("%d animation frames began between the preparation's answer handed over (adopted) and its drawing: want none", n)
	}
}

// holdYielderFrames has requestAnimationFrame, as looked up from now on, hold its callbacks
// until releaseFrames: the frames a busy renderer gives late, for whoever looks it up at each
// request (the scheduler's Yielder). Ebiten looked it up once, at its start, and keeps its own.
// (chromedp's Poll looks it up too: polls meanwhile go by an interval.)
const holdYielderFrames = `(() => { window.__rafWas = window.requestAnimationFrame; window.__held = [];
	window.requestAnimationFrame = (cb) => window.__held.push(cb); return true; })()`

// releaseFrames gives requestAnimationFrame back and runs the callbacks held.
const releaseFrames = `(() => { window.requestAnimationFrame = window.__rafWas; const n = window.__held.length;
	for (const cb of window.__held.splice(0)) window.__rafWas(cb); return n; })()`

// TestASwapToAPreparationWaitsForNoFrame: a heavy timeline prepared, its run waiting in a turn
// for a painted frame the renderer does not give (held), is swapped to: its run goes on at once
// (Yielder.Cut, then turns aside that wait little for a frame) and the figure goes live with
// the frames still held. Before, the turn under way at the swap waited for its frame: under
// load the renderer gave it 0.65 s late (BenchmarkSwitch, figure 5, a turn of 867 ms).
func TestASwapToAPreparationWaitsForNoFrame(t *testing.T) {
	ctx := browser(t)
	openFigure(t, ctx, scenario.Link(scenario.Default()), 700)
	heavy, ok := scenario.PresetByName("large-batches")
	if !ok {
		t.Fatal("no preset large-batches")
	}
	link := scenario.Link(heavy.Scenario)
	eval[bool](t, ctx, holdYielderFrames)
	eval[bool](t, ctx, fmt.Sprintf(`(window.layoutlab.prepare(%q), true)`, link))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`performance.getEntriesByName("layoutlab:run").length > 0 && window.__held.length > 0`,
		chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("the preparation's run never asked for a frame: %v", err)
	}
	eval[bool](t, ctx, `window.__beforeSwap = true`)
	eval[bool](t, ctx, fmt.Sprintf(`(location.hash = %q, true)`, link))
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.layoutlab.scenarios === 2 && window.layoutlab.ready === true`,
		chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(30*time.Second)))
	held := eval[int](t, ctx, releaseFrames)
	if err != nil {
		t.Fatalf("the figure prepared never went live while its frames were held (%d held): %v", held, err)
	}
	if eval[int](t, ctx, `performance.getEntriesByName("layoutlab:adopted").length`) == 0 {
		t.Error("the swap to the prepared timeline adopted no preparation")
	}
	if !eval[bool](t, ctx, `window.__beforeSwap === true`) {
		t.Error("the page reloaded")
	}
	t.Logf("live with %d frames asked for and held", held)
}

// MemoryHeadroom is the room a frame switched between figures keeps under the widget's budget
// (MaxWidgetLinearMemory): its peak moves with the timing of its collections.
const MemoryHeadroom = 16 << 20

// TestSwitchesKeepMemoryHeadroom: one frame shows, in turn, two timelines and then the
// timeline of large batches, each prepared before its swap as the explainer's dwell does; its
// wasm linear memory (the peak: it never shrinks) stays MemoryHeadroom under the budget. With
// the large batches' day grid built from its values and their counts, it reached 151 MiB here
// (the explainer: 144-149 MiB, BenchmarkSwitch), the marks mem98 before the day grid and mem145
// after it.
func TestSwitchesKeepMemoryHeadroom(t *testing.T) {
	ctx := browser(t)
	first, _ := scenario.PresetByName("liquid")
	openFigure(t, ctx, scenario.Link(first.Scenario), 700)
	for i, name := range []string{"history", "large-batches"} {
		p, ok := scenario.PresetByName(name)
		if !ok {
			t.Fatalf("no preset %s", name)
		}
		link := scenario.Link(p.Scenario)
		eval[bool](t, ctx, fmt.Sprintf(`(window.layoutlab.prepare(%q), true)`, link))
		time.Sleep(300 * time.Millisecond) // the dwell
		swapTo(t, ctx, link, i+2)
	}
	mem, err := linearMemory(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("wasm linear memory after the switches: %.1f MiB; the last switch's marks: %s", mib(mem),
		eval[string](t, ctx, `(() => { const all = performance.getEntriesByType("mark").filter((m) => m.name.startsWith("layoutlab:"));
			const h = all.map((m) => m.name).lastIndexOf("layoutlab:prepare");
			return all.slice(Math.max(h, 0)).map((m) => m.name.slice(10) + " " + m.startTime.toFixed(0)).join(", "); })()`))
	// The marks say where a switch grew the memory (wasm/marks.go), as BenchmarkSwitch prints them.
	if eval[int](t, ctx, `performance.getEntriesByType("mark").filter((m) => m.name.startsWith("layoutlab:mem")).length`) == 0 {
		t.Error("no mark names the runtime's memory growing")
	}
	if mem > MaxWidgetLinearMemory-MemoryHeadroom {
		t.Errorf("wasm linear memory %.1f MiB after the switches: over %d MiB, the budget less its headroom", mib(mem), (MaxWidgetLinearMemory-MemoryHeadroom)>>20)
	}
}
