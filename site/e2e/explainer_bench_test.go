//go:build browser

package e2e

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// BenchmarkExplainer is the explainer's part of the browser timing script (`./build.sh bench`):
// TIMING_PAIRS (default 5) first visits, each in a fresh browser context (no HTTP cache, no
// service worker), of the explainer (index.html), and for each:
//   - the time from navigation until every figure is visible: the last poster loaded (posters
//     are not lazy: a page shows all its figures at once), and the page's load event;
//   - the page scrolled top to bottom as a reader would, a screen every 1.5 s: how many figures
//     were started (none: a figure goes live when touched);
//   - then the mouse rested on the first, the second and the last figure in turn: the time from
//     the mouse's arrival until that figure is live and shows its readouts (embed.js's dwell,
//     then the first figure's wasm compiled and started, the others' a swap in the one frame).
//
// Memory (wasm linear memory, the page's total) is measured by the memory benchmark.
func BenchmarkExplainer(b *testing.B) {
	browserTimeout = 20 * time.Minute
	visits := 5
	if n, err := strconv.Atoi(os.Getenv("TIMING_PAIRS")); err == nil && n > 0 {
		visits = n
	}
	root := browser(b)
	var visible, loaded, peak, starts []float64
	var touched [3][]float64
	for range visits {
		ctx, cancel := newVisitor(root)
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.__posters = []; window.__live = {now: 0, max: 0};
				document.addEventListener("load", (e) => { if (e.target.closest && e.target.closest("figure.layoutlab")) window.__posters.push(performance.now()); }, true);
				new MutationObserver(() => { const n = document.querySelectorAll(".layoutlab-box > iframe:not(.layoutlab-parked)").length;
					window.__live.now = n; window.__live.max = Math.max(window.__live.max, n); })
				.observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ["class"]});`,
		})
		if err != nil {
			b.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/")); err != nil {
			b.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.readyState === "complete" && window.__posters.length === document.querySelectorAll("figure.layoutlab img").length`,
			chromedp.WithPollingTimeout(time.Minute))); err != nil {
			b.Fatalf("the explainer's posters never all loaded: %v", err)
		}
		v, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`[Math.max(...window.__posters), performance.getEntriesByType("navigation")[0].loadEventStart]`))
		if err != nil {
			b.Fatal(err)
		}
		visible, loaded = append(visible, v[0]), append(loaded, v[1])
		h, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`[document.scrollingElement.scrollHeight, innerHeight]`))
		if err != nil {
			b.Fatal(err)
		}
		for y := 0.0; y < h[0]; y += h[1] {
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(scrollTo(0, %f), true)`, y))); err != nil {
				b.Fatal(err)
			}
			time.Sleep(1500 * time.Millisecond)
		}
		l, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`[window.__live.max, window.layoutlabEmbed.starts]`))
		if err != nil {
			b.Fatal(err)
		}
		peak, starts = append(peak, l[0]), append(starts, l[1])
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("figure.layoutlab").length`))
		if err != nil {
			b.Fatal(err)
		}
		for k, i := range []int{0, 1, n - 1} {
			t0 := time.Now()
			touchFigure(b, ctx, i, 3*time.Minute)
			touched[k] = append(touched[k], float64(time.Since(t0).Milliseconds()))
		}
		cancel()
	}
	fmt.Printf("explainer, first visits (ms from navigation): every figure visible (last poster loaded) %.0f; load event %.0f\n", visible, loaded)
	fmt.Printf("explainer scrolled top to bottom, a screen every 1.5 s: at most %.0f figures live at once; %.0f started\n", peak, starts)
	fmt.Printf("explainer, the mouse resting on a figure until it is live (ms): the first %.0f; the second %.0f; the last %.0f\n", touched[0], touched[1], touched[2])
	b.ReportMetric(median(visible), "figures-visible-ms")
	b.ReportMetric(median(loaded), "load-event-ms")
	b.ReportMetric(slices.Max(peak), "max-live")
	b.ReportMetric(median(touched[0]), "first-touch-to-live-ms")
}
