//go:build browser

package e2e

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// BenchmarkDigitWarmup times what the canvas's digit warm-up (wasm/labels.go, warm: between
// frames, the digits a drag will need) costs and what it saves. WARMUP_ROUNDS (default 5)
// rounds; in each, for each pause in WARMUP_PAUSES (Go durations, default "0,1.5s"), a first
// visit of the widget with the warm-up and one without it (window.layoutlabNoDigitWarmup, set
// before the page's scripts), in turn, the order swapped each round, each in a fresh browser
// context. Each visit: the first frame, ready (the controls built) after it, then, after the
// pause, a files drag whose first 5 moves are timed (input to drawn frame, and the drawing
// frame's own time, and Go's Draw in it) with the label images the moves made (the warm-up's own
// not counted); then, the page left alone, the digits warmed in all and the time spent on them.
func BenchmarkDigitWarmup(b *testing.B) {
	browserTimeout = 30 * time.Minute
	rounds := 5
	if n, err := strconv.Atoi(os.Getenv("WARMUP_ROUNDS")); err == nil && n > 0 {
		rounds = n
	}
	pauses := []time.Duration{0, 1500 * time.Millisecond}
	if env := os.Getenv("WARMUP_PAUSES"); env != "" {
		pauses = nil
		for _, f := range strings.Split(env, ",") {
			d, err := time.ParseDuration(strings.TrimSpace(f))
			if err != nil || d < 0 {
				b.Fatalf("WARMUP_PAUSES: %q is not a duration such as 1.5s", f)
			}
			pauses = append(pauses, d)
		}
	}
	root := browser(b)
	type visit struct {
		first, ready     float64
		toFrame, own     []float64
		draw             []float64 // Go's Draw time in the moves' frames
		made             float64   // label images the moves made
		warmed, warmedMs float64
	}
	type key struct {
		pause time.Duration
		warm  bool
	}
	results := map[key][]visit{}
	counts := `[window.layoutlab.labelRasters(), window.layoutlab.digitWarmup()[0]]`
	for r := range rounds {
		for _, pause := range pauses {
			order := []bool{true, false}
			if r%2 == 1 {
				order = []bool{false, true}
			}
			for _, warm := range order {
				ctx, cancel := newVisitor(root)
				if !warm {
					if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
						Source: `window.layoutlabNoDigitWarmup = true;`}); err != nil {
						b.Fatal(err)
					}
				}
				first, _ := firstFrameIn(b, ctx, server.URL+"/widget.html")
				time.Sleep(pause)
				// The images the canvas made and the warm-up's share, before and after the moves; and
				// the Go time of each frame drawn from now (Draw: the labels' images made in it too).
				before, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](counts+`.concat([(() => { window.__draw = []; let seen = window.layoutlab.frames;
					const f = () => { const ll = window.layoutlab; if (ll.frames !== seen) { seen = ll.frames; window.__draw.push(ll.drawMs); }
						if (window.__draw.length < 5) requestAnimationFrame(f); };
					requestAnimationFrame(f); return 0; })()])`))
				if err != nil {
					b.Fatal(err)
				}
				d, err := dragSlider(ctx, "files", 5)
				if err != nil {
					b.Fatal(err)
				}
				after, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](counts))
				if err != nil {
					b.Fatal(err)
				}
				draw, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`window.__draw`))
				if err != nil {
					b.Fatal(err)
				}
				time.Sleep(3 * time.Second) // the warm-up, if on, done
				v, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`[window.layoutlab.readyAt, ...window.layoutlab.digitWarmup()]`))
				if err != nil {
					b.Fatal(err)
				}
				cancel()
				vis := visit{first: first, ready: v[0] - first, toFrame: d.toFrame, own: d.own, draw: draw,
					made: (after[0] - before[0]) - (after[1] - before[1]), warmed: v[1], warmedMs: v[2]}
				k := key{pause, warm}
				results[k] = append(results[k], vis)
				fmt.Printf("round %d, %s, warm-up %-3s: first frame %4.0f ms, ready %4.0f ms after; first 5 moves to frame %.1f ms (own %.1f ms, Go Draw %.1f ms), %.0f label images made by them; %.0f digits warmed in %.1f ms\n",
					r+1, atPause("drag at once", pause), onOff(warm), first, vis.ready, vis.toFrame, vis.own, vis.draw, vis.made, vis.warmed, vis.warmedMs)
			}
		}
	}
	for _, pause := range pauses {
		for _, warm := range []bool{true, false} {
			var first, ready, toFrame, own, draw, made, warmedMs []float64
			for _, v := range results[key{pause, warm}] {
				first, ready = append(first, v.first), append(ready, v.ready)
				toFrame, own, draw = append(toFrame, v.toFrame...), append(own, v.own...), append(draw, v.draw...)
				made, warmedMs = append(made, v.made), append(warmedMs, v.warmedMs)
			}
			fmt.Printf("%s, warm-up %-3s, %d visits: first frame median %.0f ms, ready %.0f ms after; first 5 moves to frame p50 %.1f ms, p95 %.1f ms (own p50 %.1f, p95 %.1f ms; Go Draw p50 %.1f, p95 %.1f ms); label images made by them, median %.0f; warm-up's time, median %.1f ms\n",
				atPause("drag at once", pause), onOff(warm), len(first), median(first), median(ready), percentile(toFrame, 0.5), percentile(toFrame, 0.95),
				percentile(own, 0.5), percentile(own, 0.95), percentile(draw, 0.5), percentile(draw, 0.95), median(made), median(warmedMs))
		}
	}
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}
