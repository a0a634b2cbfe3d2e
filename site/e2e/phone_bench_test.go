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

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// BenchmarkPhoneTap traces a phone reader's first tap on a figure of the explainer: a 390x844
// touch screen (its primary pointer coarse: embed.js prestarts nothing there), in a fresh
// browser context each time (no HTTP cache, no service worker, nothing compiled), the page
// loaded, the figure scrolled to the middle of the screen and read for PHONE_READ_MS (default
// 3000: a glance at its caption and poster), then tapped. For each figure kind (the first
// figure, a timeline; the first panel figure; the last figure) it prints the time from the
// tap until the figure is live (the host's clock), the stages on the way (livestages_test.go)
// and the marks the host and the frame set (switchMarksJS). Side by side, before each tap, the
// bare Ebiten page's first frame (dist/bench/bare.html, `./build.sh bench`) on the same
// emulated phone in a fresh context: each figure's median against its median.
//
// PHONE_FIGURE=K (0, 1, 2) taps only the K-th of those kinds. TIMING_PAIRS rounds (default 3). With PHONE_REFERENCE=DIR, another build's dist/ (main's) is
// measured beside this one, each tap taken on both in turn, the order swapped each round.
func BenchmarkPhoneTap(b *testing.B) {
	browserTimeout = 40 * time.Minute
	rounds := 3
	if n, err := strconv.Atoi(os.Getenv("TIMING_PAIRS")); err == nil && n > 0 {
		rounds = n
	}
	readMs := 3000
	if n, err := strconv.Atoi(os.Getenv("PHONE_READ_MS")); err == nil && n >= 0 {
		readMs = n
	}
	dist, _ := filepath.Abs("../../dist")
	if _, err := os.Stat(filepath.Join(dist, "bench", "bare.html")); err != nil {
		b.Fatalf("dist/bench/bare.html is missing: the bare page is what a tap is measured against (./build.sh bench makes it): %v", err)
	}
	sites := referenceSites(b, "PHONE_REFERENCE")
	root := browser(b)
	figs := phoneFigures(b, root)
	if k, err := strconv.Atoi(os.Getenv("PHONE_FIGURE")); err == nil && k >= 0 && k < len(figs) {
		figs = figs[k : k+1] // one kind alone: more rounds of it in the same time
	}
	live := map[string][]float64{} // site + figure index -> tap to live, a round each
	var bare []float64
	for round := range rounds {
		for _, fi := range figs {
			for _, s := range inTurn(sites, round) {
				f := phoneFirstFrame(b, root, server.URL+"/bench/bare.html")
				bare = append(bare, f)
				st, marks := phoneTap(b, root, s.url, fi.index, readMs)
				k := s.name + "\x00" + fi.name
				live[k] = append(live[k], st.live)
				fmt.Printf("round %d, %s, %s (figure %d): tap to live %.0f ms (bare page %.0f ms); stages: %s; marks: %s\n",
					round, s.name, fi.name, fi.index, st.live, f, st, marks)
			}
		}
	}
	fmt.Printf("the bare Ebiten page's first frame on the emulated phone, a fresh context before each tap (ms): median %.0f of %.0f\n", median(bare), bare)
	for _, fi := range figs {
		for _, s := range sites {
			l := live[s.name+"\x00"+fi.name]
			fmt.Printf("phone, first tap to live, %s, %s: median %.0f ms of %.0f, ratio %.2f to the bare page\n",
				s.name, fi.name, median(l), l, median(l)/median(bare))
		}
	}
	b.ReportMetric(median(bare), "bare-first-frame-ms")
	b.ReportMetric(median(live["page\x00"+figs[0].name])/median(bare), "first-figure-ratio")
}

// phoneFigure is a figure the phone benchmark taps: its place among the page's figures.
type phoneFigure struct {
	name  string
	index int
}

// phoneFigures finds the explainer's first figure, its first panel figure (a lookup figure: its
// poster has the panel's files_read readout) and its last.
func phoneFigures(b *testing.B, root context.Context) []phoneFigure {
	ctx, cancel := newVisitor(root)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/")); err != nil {
		b.Fatal(err)
	}
	v, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`(() => { const figs = [...document.querySelectorAll("figure.layoutlab")];
		return [figs.findIndex((f) => !!f.querySelector('[data-metric="files_read"]')), figs.length]; })()`))
	if err != nil {
		b.Fatal(err)
	}
	figs := []phoneFigure{{"the first figure (a timeline)", 0}}
	if v[0] > 0 {
		figs = append(figs, phoneFigure{"the first panel figure", v[0]})
	}
	if v[1]-1 > max(v[0], 0) {
		figs = append(figs, phoneFigure{"the last figure", v[1] - 1})
	}
	return figs
}

// asPhone makes the tab of ctx a 390x844 phone: mobile layout, a touch screen as its pointer,
// three device pixels a CSS pixel.
func asPhone(ctx context.Context) error {
	return chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(3)))
}

// phoneFirstFrame is contextFirstFrame on the emulated phone.
func phoneFirstFrame(b *testing.B, root context.Context, url string) float64 {
	ctx, cancel := newVisitor(root)
	defer cancel()
	if err := asPhone(ctx); err != nil {
		b.Fatal(err)
	}
	f, _ := firstFrameIn(b, ctx, url)
	return f
}

// phoneTap loads the explainer of the site at url as a first visitor on the emulated phone,
// scrolls figure i to the middle of the screen, waits readMs and taps it; it returns the
// stages from the tap until the figure is live, and the host's and frame's marks.
func phoneTap(b *testing.B, root context.Context, url string, i, readMs int) (liveStages, string) {
	ctx, cancel := newVisitor(root)
	defer cancel()
	if err := asPhone(ctx); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: stagesInit}); err != nil {
		b.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/")); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.readyState === "complete"`, chromedp.WithPollingTimeout(time.Minute))); err != nil {
		b.Fatal(err)
	}
	c, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](tapPointJS(i)))
	if err != nil {
		b.Fatal(err)
	}
	time.Sleep(time.Duration(readMs) * time.Millisecond)
	if err := tapAt(ctx, c[0], c[1]); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](liveReadyJS(i), chromedp.WithPollingTimeout(3*time.Minute))); err != nil {
		b.Fatalf("figure %d, tapped on the phone, never went live: %v", i, err)
	}
	v, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](stagesJS(i)))
	if err != nil {
		b.Fatal(err)
	}
	marks, err := chromedp.Run(ctx, chromedp.Evaluate[string](switchMarksJS(i)))
	if err != nil {
		b.Fatal(err)
	}
	return liveStages{v[0], v[1], v[2], v[3], v[4], v[5], v[6]}, marks
}

// tapPointJS scrolls figure i to the middle of the screen and returns the middle of its box
// where a touch lands: in the visual viewport's pixels, which on a phone may be a part of a
// wider layout viewport (the page's content wider than the screen).
func tapPointJS(i int) string {
	return `(() => { const b = ` + figureJS(i) + `.querySelector(".layoutlab-box"); b.scrollIntoView({block: "center"});
		const r = b.getBoundingClientRect(), v = visualViewport;
		return [(r.left + r.width / 2 - v.offsetLeft) * v.scale, (r.top + r.height / 2 - v.offsetTop) * v.scale]; })()`
}

// tapAt taps the touch screen at (x, y) CSS pixels, noting the host's clock at the tap as
// __touchAt (stagesJS measures from it): a finger down, 80 ms, and up, which the page sees as
// pointerdown, touchstart, pointerup, touchend and a click.
func tapAt(ctx context.Context, x, y float64) error {
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(window.__touchAt = performance.now(), window.__frameAt = 0, window.__liveAt = 0, true)`)); err != nil {
		return err
	}
	if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{
		Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: []*input.TouchPoint{{X: x, Y: y}}}); err != nil {
		return err
	}
	time.Sleep(80 * time.Millisecond) // a finger's tap
	_, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{
		Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}})
	return err
}

// BenchmarkPhoneIdle is what the explainer costs a phone reader who opens it and never touches
// a figure: the page loaded at its top and left for PHONE_IDLE_MS (default 5000), in a fresh
// browser each time (no cache): the bytes fetched, as served (transferSize of the page's and its
// frames' resources), the frames made, and the browser's proportional set size then
// (browserPSS) over a blank tab's before. TIMING_PAIRS rounds (default 3); with
// PHONE_REFERENCE=DIR, another build's dist/ beside it, in turn, the order swapped each round.
func BenchmarkPhoneIdle(b *testing.B) {
	browserTimeout = 20 * time.Minute
	rounds := 3
	if n, err := strconv.Atoi(os.Getenv("TIMING_PAIRS")); err == nil && n > 0 {
		rounds = n
	}
	idle := 5000
	if n, err := strconv.Atoi(os.Getenv("PHONE_IDLE_MS")); err == nil && n >= 0 {
		idle = n
	}
	sites := referenceSites(b, "PHONE_REFERENCE")
	kib, pss := map[string][]float64{}, map[string][]float64{}
	for round := range rounds {
		for _, s := range inTurn(sites, round) {
			ctx, closeIt := newBrowser(b)
			if err := asPhone(ctx); err != nil {
				b.Fatal(err)
			}
			blank := blankPSS(b, ctx)
			if err := chromedp.Do(ctx, chromedp.Navigate(s.url+"/")); err != nil {
				b.Fatal(err)
			}
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.readyState === "complete"`, chromedp.WithPollingTimeout(time.Minute))); err != nil {
				b.Fatal(err)
			}
			time.Sleep(time.Duration(idle) * time.Millisecond)
			v, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
				const sum = (w) => w.performance.getEntries().reduce((n, e) => n + (e.transferSize || 0), 0);
				let n = sum(window);
				for (const fr of document.querySelectorAll("iframe")) { try { n += sum(fr.contentWindow); } catch (e) {} }
				return [n, layoutlabEmbed.framesMade, scrollY]; })()`))
			if err != nil {
				b.Fatal(err)
			}
			p, procs, err := browserPSS(ctx)
			if err != nil {
				b.Fatal(err)
			}
			closeIt()
			kib[s.name] = append(kib[s.name], v[0]/1024)
			pss[s.name] = append(pss[s.name], mib(float64(p-blank)))
			fmt.Printf("round %d, %s: idle at the top (scrollY %.0f) for %d ms: %.0f KiB fetched, %.0f frames made, PSS of %d processes %.0f MiB over the blank tab's %.0f\n",
				round, s.name, v[2], idle, v[0]/1024, v[1], procs, mib(float64(p-blank)), mib(float64(blank)))
		}
	}
	for _, s := range sites {
		fmt.Printf("phone, idle at the top, %s: fetched median %.0f KiB of %.0f; PSS over a blank tab median %.0f MiB of %.0f\n",
			s.name, median(kib[s.name]), kib[s.name], median(pss[s.name]), pss[s.name])
	}
	b.ReportMetric(median(kib["page"]), "fetched-KiB")
	b.ReportMetric(median(pss["page"]), "pss-over-blank-MiB")
}
