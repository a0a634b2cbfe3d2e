//go:build browser

package e2e

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// BenchmarkWidgetReference is `./build.sh bench`'s first-frame and knob lines (BenchmarkWidget)
// on this build's site and, with WIDGET_REFERENCE=DIR, another build's dist/ beside it, each
// figure taken in turn on both, the order swapped each round, TIMING_PAIRS rounds (default 5),
// so that both see the same neighbours on a shared machine:
//   - the widget's first frame showing the answer, cold, each in a fresh browser;
//   - the same in a fresh context of one running browser;
//   - the layout select and dataSkippingNumIndexedCols stepped from the keyboard on return
//     visits (24 key presses, at once and after 5 s idle): p50 and p95 from a key to its frame;
//   - with each, the browser's CPU time (all its processes), which the neighbours move less.
//
// Each site has an origin of its own, so one's service worker and caches never serve the other.
func BenchmarkWidgetReference(b *testing.B) {
	browserTimeout = 40 * time.Minute
	pairs := 5
	if n, err := strconv.Atoi(os.Getenv("TIMING_PAIRS")); err == nil && n > 0 {
		pairs = n
	}
	sites := referenceSites(b, "WIDGET_REFERENCE")
	got := map[string][]float64{} // figure name + "\x00" + site name -> one value a round
	var names []string
	add := func(site tableSite, name string, v float64) {
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
		got[name+"\x00"+site.name] = append(got[name+"\x00"+site.name], v)
	}
	each := func(round int, measure func(site tableSite)) {
		for _, s := range inTurn(sites, round) {
			measure(s)
		}
	}
	for i := range pairs {
		each(i, func(s tableSite) {
			tab, closeIt := newBrowser(b)
			answer, paint, cpu := cpuFirstFrame(b, tab, s.url+"/widget.html")
			closeIt()
			add(s, "first frame, cold, fresh browser (answer)", answer)
			add(s, "first frame, cold, fresh browser (paint)", paint)
			add(s, "first frame, cold, fresh browser: browser CPU", cpu)
		})
	}
	ctx := browser(b)
	for i := range pairs {
		each(i, func(s tableSite) {
			tab, cancel := newVisitor(ctx)
			answer, _, cpu := cpuFirstFrame(b, tab, s.url+"/widget.html")
			cancel()
			add(s, "first frame, cold, fresh context", answer)
			add(s, "first frame, cold, fresh context: browser CPU", cpu)
		})
	}
	// Return visits: one tab of the running browser per site, its service worker installed.
	tabs := map[string]context.Context{}
	for _, s := range sites {
		tab, cancel := newVisitor(ctx)
		b.Cleanup(cancel)
		firstFrameIn(b, tab, s.url+"/widget.html")
		if err := waitWasmUnpacked(tab); err != nil {
			b.Fatal(err)
		}
		tabs[s.name] = tab
	}
	for i := range pairs {
		each(i, func(s tableSite) {
			for _, id := range []string{"layout", "indexed-cols"} {
				for _, pause := range []time.Duration{0, 5 * time.Second} {
					firstFrameIn(b, tabs[s.name], s.url+"/widget.html")
					time.Sleep(pause)
					cpu0 := cpuMs(b, tabs[s.name])
					d, err := pressKeys(tabs[s.name], id, 24)
					if err != nil {
						b.Fatalf("%s: %s: %v", s.name, id, err)
					}
					name := atPause(id+" (keys), return visit", pause)
					add(s, name+", p50", percentile(d.toFrame, 0.5))
					add(s, name+", p95", percentile(d.toFrame, 0.95))
					add(s, name+", browser CPU", cpuMs(b, tabs[s.name])-cpu0)
				}
			}
		})
	}
	printReference(sites, names, got)
}

// cpuFirstFrame is firstFrameIn with the browser's CPU time (every process of it, ms) from the
// navigation to the first answer shown: on a machine whose load moves the wall time by tens of
// percent from one load to the next, the steadier figure.
func cpuFirstFrame(b *testing.B, ctx context.Context, url string) (answer, paint, cpu float64) {
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		b.Fatal(err)
	}
	cpu0 := cpuMs(b, ctx)
	answer, paint = firstFrameIn(b, ctx, url)
	return answer, paint, cpuMs(b, ctx) - cpu0
}

// cpuMs is browserCPU in ms.
func cpuMs(b *testing.B, ctx context.Context) float64 {
	c, err := browserCPU(ctx)
	if err != nil {
		b.Fatal(err)
	}
	return c * 1000
}

// printReference prints, for each figure, every site's median, its range over the rounds and
// the values themselves, and each other site's median against the first's (page/reference).
func printReference(sites []tableSite, names []string, got map[string][]float64) {
	for _, name := range names {
		line := fmt.Sprintf("%-52s", name+" (ms):")
		page := median(got[name+"\x00"+sites[0].name])
		for _, s := range sites {
			v := got[name+"\x00"+s.name]
			line += fmt.Sprintf("  %s median %.1f, range %.1f-%.1f, n %d %v;", s.name, median(v), slices.Min(v), slices.Max(v), len(v), round1(v))
			if s.name != sites[0].name && median(v) > 0 {
				line += fmt.Sprintf(" page/%s %.3f", s.name, page/median(v))
			}
		}
		fmt.Println(line)
	}
}

// round1 rounds each value to a tenth, for printing.
func round1(v []float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = float64(int(x*10+0.5)) / 10
	}
	return out
}

// inTurn is sites in the order of round: as given in even rounds, reversed in odd ones, so that
// neither site always runs first (on a browser just started, say).
func inTurn(sites []tableSite, round int) []tableSite {
	order := slices.Clone(sites)
	if round%2 == 1 {
		slices.Reverse(order)
	}
	return order
}
