//go:build browser

package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestSwitchTakesThePreparedAnswer: on the explainer (data-prestart), with the first figure
// live in the page's one frame, the mouse resting on the second figure has that frame compute
// the second figure's answer while embed.js's dwell decides (window.layoutlab.prepare), and the
// swap shows that answer (the frame's "adopted" mark), the frame shows the second figure's own
// scenario, and its live readouts agree with its poster's. The last figure, touched next, is
// prepared and swapped to the same way.
func TestSwitchTakesThePreparedAnswer(t *testing.T) {
	ctx := browser(t)
	firstFigureLive(t, ctx)
	n := eval[int](t, ctx, `document.querySelectorAll("figure.layoutlab").length`)
	for k, i := range []int{1, n - 1} {
		eval[bool](t, ctx, `(window.__touchAt = performance.now(), true)`)
		touchFigure(t, ctx, i, 3*time.Minute)
		fr := figureJS(i) + `.querySelector(".layoutlab-box > iframe:not(.layoutlab-parked)")`
		if got, want := eval[string](t, ctx, fr+`.contentWindow.location.hash`), eval[string](t, ctx, `"#" + `+figureJS(i)+`.dataset.live.split("#")[1]`); got != want {
			t.Errorf("figure %d live shows %.40s…, want its own scenario %.40s…", i, got, want)
		}
		// The frame's marks since the touch (wasm/marks.go): the swap took the prepared answer.
		marks := eval[string](t, ctx, switchMarksJS(i))
		if !strings.Contains(marks, "adopted") || eval[int](t, ctx, `layoutlabEmbed.framesMade`) != 1 || eval[int](t, ctx, fr+`.contentWindow.layoutlab.scenarios`) != k+2 {
			t.Errorf("figure %d: the swap took no prepared answer, or not in the one frame as its scenario %d: marks %s", i, k+2, marks)
		}
		checkLiveAgreesWithPoster(t, ctx, figureJS(i))
	}
}

// firstFigureLive opens the explainer (data-prestart), waits for its prestarted frame and makes
// the first figure live in it: where the switch tests start. It skips where Chromium cannot
// move frames (no swaps).
func firstFigureLive(t *testing.T, ctx context.Context) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/")); err != nil {
		t.Fatal(err)
	}
	if !eval[bool](t, ctx, `typeof Element.prototype.moveBefore === "function"`) {
		t.Skip("this Chromium cannot move frames: embed.js swaps none")
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => { const fr = document.querySelector(".layoutlab-box > iframe.layoutlab-parked");
		return !!(fr && fr.contentWindow.layoutlab && fr.contentWindow.layoutlab.ready === true); })()`, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("the explainer, loaded and idle, prestarted no frame: %v", err)
	}
	touchFigure(t, ctx, 0, 3*time.Minute)
}
