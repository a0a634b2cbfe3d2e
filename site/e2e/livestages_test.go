//go:build browser

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// liveStages are the times (ms) from the reader's touch of a figure (the mouse's arrival on its
// box) to each stage of its going live, all on the host page's clock: the figure's frame made
// (embed.js's goLive), its loader started (site/loader.js), the wasm compiled and instantiated,
// Go's main reached (the program's package init done), the first frame painted, the first frame
// showing the engine's answer, and the host showing the live figure (layoutlab-ready). A stage
// the figure skipped (a swap in a frame already running) is -1.
type liveStages struct {
	frame, loader, wasm, main, paint, answer, live float64
}

// stagesJS reads figure i's stages; __touchAt is the host's clock at the mouse's arrival.
func stagesJS(i int) string {
	return `(() => { const fr = ` + figureJS(i) + `.querySelector(".layoutlab-box > iframe:not(.layoutlab-parked)");
		const w = fr.contentWindow, ll = w.layoutlab, t0 = window.__touchAt;
		const off = w.performance.timeOrigin - performance.timeOrigin, at = (t) => (t > 0 ? t + off - t0 : -1);
		const main = w.performance.getEntriesByName("layoutlab:main")[0];
		return [(window.__frameAt || 0) - t0, at(ll.loadStart), at(ll.loadStart + ll.wasmLoaded), at(main ? main.startTime : 0),
			at(ll.firstPaint || ll.firstFrame), at(ll.firstFrame), (window.__liveAt || 0) - t0]; })()`
}

// touchStages rests the mouse on figure i, waits until it is live and returns its stages. The
// host page must run stagesInit (as a script evaluated on every new document).
func touchStages(t testing.TB, ctx context.Context, i int) liveStages {
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(window.__touchAt = performance.now(), window.__frameAt = 0, window.__liveAt = 0, true)`)); err != nil {
		t.Fatal(err)
	}
	touchFigure(t, ctx, i, 3*time.Minute)
	v, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](stagesJS(i)))
	if err != nil {
		t.Fatal(err)
	}
	return liveStages{v[0], v[1], v[2], v[3], v[4], v[5], v[6]}
}

// stagesInit notes, on the host page's clock, when a figure's frame is added or taken from the
// spares (__frameAt) and when a frame is shown live (__liveAt).
const stagesInit = `new MutationObserver((ms) => { for (const m of ms) {
		if (m.type === "childList") { for (const n of m.addedNodes) if (n.tagName === "IFRAME" && !window.__frameAt) window.__frameAt = performance.now(); }
		else if (m.target.tagName === "IFRAME") {
			if (m.target.classList.contains("layoutlab-ready")) { if (!window.__liveAt) window.__liveAt = performance.now(); }
			else if (!m.target.classList.contains("layoutlab-parked") && !window.__frameAt) window.__frameAt = performance.now();
		} } }).observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ["class"]});`

// String prints the stages as the timing script does.
func (s liveStages) String() string {
	var b strings.Builder
	for _, st := range []struct {
		name string
		v    float64
	}{{"frame", s.frame}, {"loader", s.loader}, {"wasm", s.wasm}, {"main", s.main}, {"paint", s.paint}, {"answer", s.answer}, {"live", s.live}} {
		if st.v >= 0 {
			fmt.Fprintf(&b, " %s %.0f", st.name, st.v)
		}
	}
	return strings.TrimSpace(b.String())
}
