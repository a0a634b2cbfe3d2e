//go:build browser

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestSwitchPreparesWhenTheDwellIsDecidedLate: the page's one thread is busy when the mouse comes
// to rest on the second figure (here a 500 ms task in the first pointer event's handling, as a
// loaded machine's frame work made it: TestSwitchTakesThePreparedAnswer failed so 2 of 3 runs
// under two `yes` loops), so the next move already decides the dwell by the clock, before
// embed.js's intent timer could ask the frame to prepare anything. The swap still has the frame
// start on the figure's answer as it changes the fragment, and the frame's Ask takes that run
// (its "adopted" mark), rather than waiting for the frame's next Update to read the fragment.
// Without embed.js's prepare at the swap: no "adopted" (marks "…ask, …, run, ran").
func TestSwitchPreparesWhenTheDwellIsDecidedLate(t *testing.T) {
	ctx := browser(t)
	firstFigureLive(t, ctx)
	const i = 1
	// Captured on the document, before embed.js's own listener on the box: the pointer's arrival
	// is handled 500 ms after it happened (its timeStamp), the intent timer set only then.
	eval[bool](t, ctx, `(document.addEventListener("pointerenter", (e) => {
		if (e.target !== `+figureJS(i)+`.querySelector(".layoutlab-box")) return;
		const t = performance.now(); while (performance.now() - t < 500) {}
	}, true), window.__touchAt = performance.now(), true)`)
	if err := restMouseOn(ctx, i); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](liveReadyJS(i), chromedp.WithPollingTimeout(3*time.Minute))); err != nil {
		t.Fatalf("figure %d, the mouse resting on it, never went live: %v", i, err)
	}
	marks := eval[string](t, ctx, switchMarksJS(i))
	if !strings.Contains(marks, "adopted") || eval[int](t, ctx, `layoutlabEmbed.framesMade`) != 1 {
		t.Errorf("figure %d, its dwell decided by a late move: the swap took no prepared run, or not in the one frame: marks %s", i, marks)
	}
	checkLiveAgreesWithPoster(t, ctx, figureJS(i))
}
