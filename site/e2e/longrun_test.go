//go:build browser

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestLongRunShowsProgressAndGivesWay: a recompute far longer than a frame (a million rows,
// generated afresh) names its steps in the progress region while the page keeps painting, a
// knob moved during it supersedes it, and the answer that lands is the native engine's for the
// final link.
func TestLongRunShowsProgressAndGivesWay(t *testing.T) {
	ctx := browser(t)
	open(t, ctx, "")
	eval[bool](t, ctx, `(() => {
		window.__steps = []; window.__frames = 0;
		const tick = () => { window.__frames++; requestAnimationFrame(tick); };
		requestAnimationFrame(tick);
		const el = document.getElementById("progress");
		new MutationObserver(() => { if (!el.hidden) window.__steps.push(el.textContent); })
			.observe(el, {childList: true, characterData: true, subtree: true, attributes: true});
		return true; })()`)
	setControl(t, ctx, "rows", "1000000", "change")
	// Move another knob once the first run is under way: it is superseded, not waited for.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.__steps.length > 0`, chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatalf("a million-row run showed no progress: %v", err)
	}
	frames0 := eval[float64](t, ctx, `window.__frames`)
	setControl(t, ctx, "layout", "zorder", "change")
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => {
		const rows = document.querySelector('[data-metric="rows_total"]');
		return document.getElementById("progress").hidden && rows && Number(rows.dataset.value) === 1e6 &&
			document.getElementById("caption").textContent.includes("zorder"); })()`, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("the superseding run never landed: %v", err)
	}
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
	time.Sleep(300 * time.Millisecond) // the debounced URL
	link := eval[string](t, ctx, `location.hash`)
	agree(t, "1M rows, zorder", readouts(t, ctx), panelWant(t, link))
}
