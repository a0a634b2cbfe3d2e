//go:build browser

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestAFigureInViewIsPreparedAhead: on the explainer (data-prestart), with the first figure live
// and the mouse resting on it, untouched, the page idle, the one frame computes the answer of
// another figure in view (embed.js ahead) without the mouse going there; the mouse then resting
// on that figure swaps to the answer computed before it arrived (the frame's "adopted" mark, and
// no preparation ending after the arrival), in the one frame.
func TestAFigureInViewIsPreparedAhead(t *testing.T) {
	ctx := browser(t)
	firstFigureLive(t, ctx)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(layoutlabEmbed.ahead || 0) > 0 && layoutlabEmbed.figures.some((f) => f.prepared)`,
		chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatalf("the first figure live and untouched, the page idle: no figure in view was prepared ahead: %v", err)
	}
	j := eval[int](t, ctx, `layoutlabEmbed.figures.findIndex((f) => f.prepared)`)
	if j <= 0 {
		t.Fatalf("figure %d prepared ahead: want another figure than the live one", j)
	}
	// The preparation's end (the scheduler's "prepared (…)" trace) before the mouse moves there.
	fr := figureJS(0) + `.querySelector(".layoutlab-box > iframe:not(.layoutlab-parked)")`
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fr+`.contentWindow.performance.getEntriesByType("mark").some((m) => m.name.startsWith("layoutlab:prepared ("))`,
		chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("figure %d prepared ahead never finished its preparation: %v", j, err)
	}
	eval[bool](t, ctx, `(window.__touchAt = performance.now(), true)`)
	touchFigure(t, ctx, j, 3*time.Minute)
	marks := eval[string](t, ctx, switchMarksJS(j))
	if !strings.Contains(marks, "adopted") || strings.Contains(marks, "prepared (") || eval[int](t, ctx, `layoutlabEmbed.framesMade`) != 1 {
		t.Errorf("figure %d, prepared ahead, then touched: want its answer adopted from before the mouse came, in the one frame; marks since the touch: %s", j, marks)
	}
	checkLiveAgreesWithPoster(t, ctx, figureJS(j))
}
