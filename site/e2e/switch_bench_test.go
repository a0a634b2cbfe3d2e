//go:build browser

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// BenchmarkSwitch traces the explainer's switches of its one frame to another figure: in
// TIMING_PAIRS (default 3) first visits, once the prestarted frame is ready, the mouse rests on
// every figure in turn, first to last, and for each it prints the time from the mouse's arrival
// until that figure is live (the host's clock), the frame's wasm linear memory then, and the
// marks the host (site/embed.js: reuse, swap, shown) and the frame (wasm/marks.go: prepare,
// prepared, hashchange, update, swap, ask, adopted, run, ran, day, draw, answer, ready...) set,
// in ms from the mouse's arrival. Side by side, the bare Ebiten page's first frame
// (dist/bench/bare.html, `./build.sh bench`), in a fresh context before each visit: each
// figure's median against its median. With SWITCH_REFERENCE=DIR, another build's dist/ (main's)
// is visited beside this one, in turn, the order swapped each visit.
func BenchmarkSwitch(b *testing.B) {
	browserTimeout = 30 * time.Minute
	visits := 3
	if n, err := strconv.Atoi(os.Getenv("TIMING_PAIRS")); err == nil && n > 0 {
		visits = n
	}
	root := browser(b)
	dist, _ := filepath.Abs("../../dist")
	_, err := os.Stat(filepath.Join(dist, "bench", "bare.html"))
	haveBare := err == nil
	sites := referenceSites(b, "SWITCH_REFERENCE")
	live := map[string][][]float64{} // site -> figure -> one value a visit
	var bare []float64
	peak := 0.0 // the frame's wasm linear memory, the most seen
	for visit := range visits {
		for _, s := range inTurn(sites, visit) {
			if haveBare {
				f, _ := contextFirstFrame(b, root, server.URL+"/bench/bare.html")
				bare = append(bare, f)
			}
			live[s.name] = switchVisit(b, root, s, live[s.name], &peak)
		}
	}
	for _, s := range sites {
		for i, l := range live[s.name] {
			if haveBare {
				fmt.Printf("touch to live, %s, figure %d: median %.0f ms of %.0f, ratio %.2f to the bare page\n", s.name, i, median(l), l, median(l)/median(bare))
			} else {
				fmt.Printf("touch to live, %s, figure %d: median %.0f ms of %.0f\n", s.name, i, median(l), l)
			}
		}
	}
	if haveBare {
		fmt.Printf("the bare Ebiten page's first frame, a fresh context before each visit (ms): median %.0f of %.0f\n", median(bare), bare)
		b.ReportMetric(median(bare), "bare-first-frame-ms")
	}
	fmt.Printf("the frame's wasm linear memory, the most seen: %.0f MiB\n", mib(peak))
	l := live["page"]
	b.ReportMetric(median(l[1]), "second-touch-to-live-ms")
	b.ReportMetric(median(l[len(l)-1]), "last-touch-to-live-ms")
	b.ReportMetric(mib(peak), "peak-frame-MiB")
}

// switchVisit is one first visit of BenchmarkSwitch to the explainer of site s: once its
// prestarted frame is ready, the mouse rests on every figure in turn; each figure's touch to
// live is appended to live[i] (made on the first visit).
func switchVisit(b *testing.B, root context.Context, s tableSite, live [][]float64, peak *float64) [][]float64 {
	ctx, cancel := newVisitor(root)
	defer cancel()
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: stagesInit}); err != nil {
		b.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(s.url+"/")); err != nil {
		b.Fatal(err)
	}
	// The prestarted frame ready, and the page quiet a moment, as a reader reading.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => { const f = document.querySelector("iframe.layoutlab-parked");
		return !!(f && f.contentWindow.layoutlab && f.contentWindow.layoutlab.ready); })()`, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		b.Fatalf("%s: the prestarted frame never got ready: %v", s.name, err)
	}
	time.Sleep(2 * time.Second)
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("figure.layoutlab").length`))
	if err != nil {
		b.Fatal(err)
	}
	if live == nil {
		live = make([][]float64, n)
	}
	for i := range min(n, len(live)) {
		st := touchStages(b, ctx, i)
		marks, err := chromedp.Run(ctx, chromedp.Evaluate[string](switchMarksJS(i)))
		if err != nil {
			b.Fatal(err)
		}
		mem, err := chromedp.Run(ctx, chromedp.Evaluate[float64](figureJS(i)+`.querySelector(".layoutlab-box > iframe:not(.layoutlab-parked)").contentWindow.layoutlab.wasmMemory()`))
		if err != nil {
			b.Fatal(err)
		}
		live[i] = append(live[i], st.live)
		*peak = max(*peak, mem)
		fmt.Printf("%s, figure %d: live %.0f ms, wasm memory %.0f MiB; %s\n", s.name, i, st.live, mib(mem), marks)
		time.Sleep(time.Second)
	}
	return live
}

// switchMarksJS lists the host's and figure i's frame's "layoutlab:" marks since the mouse's
// arrival (window.__touchAt), on the host's clock, in time order.
func switchMarksJS(i int) string {
	return `(() => { const fr = ` + figureJS(i) + `.querySelector(".layoutlab-box > iframe:not(.layoutlab-parked)");
		const w = fr.contentWindow, t0 = window.__touchAt, off = w.performance.timeOrigin - performance.timeOrigin;
		const m = [];
		for (const e of performance.getEntriesByType("mark")) if (e.name.startsWith("layoutlab:") && e.startTime >= t0) m.push(["host:" + e.name.slice(10), e.startTime - t0]);
		for (const e of w.performance.getEntriesByType("mark")) if (e.name.startsWith("layoutlab:") && e.startTime + off >= t0) m.push([e.name.slice(10), e.startTime + off - t0]);
		m.sort((a, b) => a[1] - b[1]);
		return m.map(([n, t]) => n + " " + t.toFixed(0)).join(", "); })()`
}
