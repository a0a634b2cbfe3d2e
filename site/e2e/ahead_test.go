//go:build browser

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestAFigureInViewIsPreparedAhead: on the explainer (data-prestart), with the first figure live
// and the mouse resting on it, untouched, the page idle, the one frame starts computing the
// answer of another figure near the screen (embed.js ahead) without the mouse going there; the
// mouse then resting on that figure swaps to that run's answer (the frame's "adopted" mark, no
// run begun after the arrival), in the one frame.
func TestAFigureInViewIsPreparedAhead(t *testing.T) {
	ctx := browser(t)
	firstFigureLive(t, ctx)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(layoutlabEmbed.ahead || 0) > 0 && layoutlabEmbed.figures.some((f) => f.prepared)`,
		chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatalf("the first figure live and untouched, the page idle: no figure in view was prepared ahead: %v; figures (top, bottom, prepared): %s; live idleHeld %v", err,
			eval[string](t, ctx, `JSON.stringify(layoutlabEmbed.figures.slice(0, 4).map((f) => { const r = f.box.getBoundingClientRect(); return [r.top, r.bottom, f.prepared]; }))`),
			eval[bool](t, ctx, `(() => { const fr = document.querySelector(".layoutlab-box > iframe:not(.layoutlab-parked)"); return !!(fr && fr.contentWindow.layoutlab.idleHeld); })()`))
	}
	j := eval[int](t, ctx, `layoutlabEmbed.figures.findIndex((f) => f.prepared)`)
	if j <= 0 {
		t.Fatalf("figure %d prepared ahead: want another figure than the live one", j)
	}
	// The frame started on it before the mouse moves there (its "prepare" mark, after figure
	// 0's "ready"). Beside a heavy figure shown it may pause at half the memory limit, its work
	// kept, until the swap (front/schedule goOn).
	fr := figureJS(0) + `.querySelector(".layoutlab-box > iframe:not(.layoutlab-parked)")`
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => { const n = `+fr+`.contentWindow.performance.getEntriesByType("mark").map((m) => m.name);
		return n.lastIndexOf("layoutlab:prepare") > n.indexOf("layoutlab:ready"); })()`, chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatalf("figure %d prepared ahead: the frame was never asked to compute it: %v", j, err)
	}
	eval[bool](t, ctx, `(window.__touchAt = performance.now(), true)`)
	touchFigure(t, ctx, j, 3*time.Minute)
	marks := eval[string](t, ctx, switchMarksJS(j))
	startedAfter := strings.HasPrefix(marks, "run ") || strings.Contains(marks, ", run ")
	if !strings.Contains(marks, "adopted") || startedAfter || eval[int](t, ctx, `layoutlabEmbed.framesMade`) != 1 {
		t.Errorf("figure %d, prepared ahead, then touched: want the answer whose run began before the mouse came adopted, in the one frame; marks since the touch: %s", j, marks)
	}
	checkLiveAgreesWithPoster(t, ctx, figureJS(j))
}
