//go:build browser

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
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
	dist, _ := filepath.Abs("../../dist")
	_, err := os.Stat(filepath.Join(dist, "bench", "bare.html"))
	haveBare := err == nil
	var visible, loaded, peak, starts, bare []float64
	var touched, live [3][]float64
	var stages [3][]liveStages
	for visit := range visits {
		// The bare page's first frame, in a fresh context of the same browser as the visit, before
		// the visit in even rounds and after it in odd ones: the same machine for both.
		if haveBare && visit%2 == 0 {
			f, _ := contextFirstFrame(b, root, server.URL+"/bench/bare.html")
			bare = append(bare, f)
		}
		ctx, cancel := newVisitor(root)
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: stagesInit + `window.__posters = []; window.__live = {now: 0, max: 0};
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
			st := touchStages(b, ctx, i)
			touched[k] = append(touched[k], float64(time.Since(t0).Milliseconds()))
			live[k], stages[k] = append(live[k], st.live), append(stages[k], st)
		}
		cancel()
		if haveBare && visit%2 == 1 {
			f, _ := contextFirstFrame(b, root, server.URL+"/bench/bare.html")
			bare = append(bare, f)
		}
	}
	fmt.Printf("explainer, first visits (ms from navigation): every figure visible (last poster loaded) %.0f; load event %.0f\n", visible, loaded)
	fmt.Printf("explainer scrolled top to bottom, a screen every 1.5 s: at most %.0f figures live at once; %.0f started\n", peak, starts)
	fmt.Printf("explainer, the mouse resting on a figure until it is live (ms): the first %.0f; the second %.0f; the last %.0f\n", touched[0], touched[1], touched[2])
	b.ReportMetric(median(visible), "figures-visible-ms")
	b.ReportMetric(median(loaded), "load-event-ms")
	b.ReportMetric(slices.Max(peak), "max-live")
	b.ReportMetric(median(touched[0]), "first-touch-to-live-ms")
	for k, name := range []string{"first", "second", "last"} {
		fmt.Printf("explainer, the %s figure's stages (ms from the mouse's arrival, the host page's clock):\n", name)
		for _, st := range stages[k] {
			fmt.Printf("    %s\n", st)
		}
	}
	if haveBare {
		// Side by side: the touch to the live figure shown (the host's clock, from the mouse's
		// arrival: embed.js's dwell included) against the bare Ebiten page's first frame (its
		// clock, from navigation), alternated in one run.
		fmt.Printf("the bare Ebiten page's first frame, each in a fresh context, alternated with the visits (ms): %.0f\n", bare)
		for k, name := range []string{"first", "second", "last"} {
			fmt.Printf("touch to live, the %s figure: %.0f ms (median of %.0f) against the bare page's %.0f ms: ratio %.2f\n",
				name, median(live[k]), live[k], median(bare), median(live[k])/median(bare))
		}
		b.ReportMetric(median(bare), "bare-first-frame-ms")
		b.ReportMetric(median(live[0])/median(bare), "first-touch-ratio")
	}
}
