//go:build browser

package e2e

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"layoutlab/engine/scenario"
)

// TestLongRunShowsProgressAndGivesWay: a recompute far longer than a frame (a million rows,
// generated afresh) names its steps in the progress region while the page keeps painting. A
// knob that needs another table stops it; one that does not is answered after it, on the same
// table; the answer that lands is the native engine's for the final link.
func TestLongRunShowsProgressAndGivesWay(t *testing.T) {
	ctx := browser(t)
	open(t, ctx, "")
	eval[bool](t, ctx, `(() => {
		window.__steps = []; window.__frames = 0; window.__rows = [];
		const tick = () => { window.__frames++; requestAnimationFrame(tick); };
		requestAnimationFrame(tick);
		const el = document.getElementById("progress");
		new MutationObserver(() => { if (!el.hidden) window.__steps.push(el.textContent); })
			.observe(el, {childList: true, characterData: true, subtree: true, attributes: true});
		new MutationObserver(() => { const r = document.querySelector('[data-metric="rows_total"]'); if (r) window.__rows.push(Number(r.dataset.value)); })
			.observe(document.getElementById("readouts"), {childList: true, characterData: true, subtree: true, attributes: true});
		return true; })()`)
	underWay := func(what string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.__steps.length > 0`, chromedp.WithPollingTimeout(time.Minute))); err != nil {
			t.Fatalf("%s showed no progress: %v", what, err)
		}
	}
	landed := func(what, cond string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => {
			const rows = document.querySelector('[data-metric="rows_total"]');
			return document.getElementById("progress").hidden && rows && `+cond+`; })()`, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
			t.Fatalf("%s never landed: %v", what, err)
		}
	}

	// A million rows, then 10,000 while the first run is under way: its answer never shows.
	setControl(t, ctx, "rows", "1000000", "change")
	underWay("a million-row run")
	setControl(t, ctx, "rows", "10000", "change")
	landed("the 10,000-row run", `Number(rows.dataset.value) === 1e4`)
	if seen := eval[[]float64](t, ctx, `window.__rows`); len(seen) == 0 || slices.Contains(seen, 1e6) {
		t.Errorf("rows_total readouts shown: %v; want 10000 and never the stopped run's 1000000", seen)
	}

	// A million rows again, and the layout while that run is under way.
	eval[bool](t, ctx, `(() => { window.__steps = []; return true; })()`)
	setControl(t, ctx, "rows", "1000000", "change")
	underWay("a million-row run")
	frames0 := eval[float64](t, ctx, `window.__frames`)
	setControl(t, ctx, "layout", "zorder", "change")
	landed("the zorder run", `Number(rows.dataset.value) === 1e6 && document.getElementById("caption").textContent.includes("zorder")`)
	steps := eval[[]string](t, ctx, `window.__steps`)
	frames := eval[float64](t, ctx, `window.__frames`) - frames0
	t.Logf("%d progress texts, %.0f frames painted while computing; last step %q", len(steps), frames, steps[len(steps)-1])
	distinct := map[string]bool{}
	for _, s := range steps {
		if !strings.HasPrefix(s, "Computing: ") {
			t.Errorf("progress text %q", s)
		}
		distinct[s] = true
	}
	if len(distinct) < 5 {
		t.Errorf("the progress region named %d steps, want every long step: %q", len(distinct), steps)
	}
	// The page painted between the steps: without yielding it paints once before and once after.
	if frames < 5 {
		t.Errorf("only %.0f frames were painted during the run", frames)
	}
	// The URL follows once the debounce (urlDebounce) has passed.
	var link string
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		link = eval[string](t, ctx, `location.hash`)
		if sc, err := scenario.ParseLink(link); err == nil && sc.Panel.Rows == 1_000_000 && sc.Panel.Layout == "zorder" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the URL fragment %q never came to carry the 1M-row zorder scenario", link)
		}
	}
	agree(t, "1M rows, zorder", readouts(t, ctx), panelWant(t, link))
}
