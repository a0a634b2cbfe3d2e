//go:build browser

package e2e

import (
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
// figure's median against its median.
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
	var live [][]float64
	var bare []float64
	peak := 0.0 // the frame's wasm linear memory, the most seen
	for range visits {
		if haveBare {
			f, _ := contextFirstFrame(b, root, server.URL+"/bench/bare.html")
			bare = append(bare, f)
		}
		ctx, cancel := newVisitor(root)
		if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: stagesInit}); err != nil {
			b.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/")); err != nil {
			b.Fatal(err)
		}
		// The prestarted frame ready, and the page quiet a moment, as a reader reading.
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => { const f = document.querySelector("iframe.layoutlab-parked");
			return !!(f && f.contentWindow.layoutlab && f.contentWindow.layoutlab.ready); })()`, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
			b.Fatalf("the prestarted frame never got ready: %v", err)
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
			peak = max(peak, mem)
			fmt.Printf("figure %d: live %.0f ms, wasm memory %.0f MiB; %s\n", i, st.live, mib(mem), marks)
			time.Sleep(time.Second)
		}
		cancel()
	}
	for i, l := range live {
		if haveBare {
			fmt.Printf("touch to live, figure %d: median %.0f ms of %.0f, ratio %.2f to the bare page\n", i, median(l), l, median(l)/median(bare))
		} else {
			fmt.Printf("touch to live, figure %d: median %.0f ms of %.0f\n", i, median(l), l)
		}
	}
	if haveBare {
		fmt.Printf("the bare Ebiten page's first frame, a fresh context before each visit (ms): median %.0f of %.0f\n", median(bare), bare)
		b.ReportMetric(median(bare), "bare-first-frame-ms")
	}
	fmt.Printf("the frame's wasm linear memory, the most seen: %.0f MiB\n", mib(peak))
	b.ReportMetric(median(live[1]), "second-touch-to-live-ms")
	b.ReportMetric(median(live[len(live)-1]), "last-touch-to-live-ms")
	b.ReportMetric(mib(peak), "peak-frame-MiB")
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
