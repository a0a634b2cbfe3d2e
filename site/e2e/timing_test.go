//go:build browser

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"layoutlab/engine/scenario"
)

// transferBytes loads url and sums the encoded (on-the-wire) size of every response.
func transferBytes(t testing.TB, ctx context.Context, url string) int64 {
	var mu sync.Mutex
	var total int64
	chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventLoadingFinished); ok {
			mu.Lock()
			total += int64(e.EncodedDataLength)
			mu.Unlock()
		}
	})
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	if err := waitReady(ctx); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	return total
}

// TestTransferBudget: widget.html with everything it loads stays under 4.2 MB on the wire.
func TestTransferBudget(t *testing.T) {
	ctx := browser(t)
	// Bypass the service worker and the HTTP cache: measure a cold load.
	if _, err := chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.SetBypassServiceWorker, network.SetBypassServiceWorkerParams{Bypass: true}); err != nil {
		t.Fatal(err)
	}
	n := transferBytes(t, ctx, server.URL+"/widget.html")
	t.Logf("widget.html and everything it loads: %d bytes (%.2f MB) on the wire", n, float64(n)/1e6)
	if n > 4_200_000 {
		t.Errorf("transfer %d bytes is over the 4.2 MB budget", n)
	}
}

func percentile(v []float64, p float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[int(p*float64(len(s)-1)+0.5)]
}

// median is the 50th percentile of v.
func median(v []float64) float64 { return percentile(v, 0.5) }

// coldFirstFrame loads url in a browser of its own (an empty profile: no HTTP cache, no service
// worker, nothing compiled before) and returns, in ms from navigation, its first frame showing
// the engine's answer and its first frame of any kind (the widget draws the page and its
// controls first when its first run is long; the bare page's first frame is its only one).
func coldFirstFrame(b *testing.B, url string) (answer, paint float64) {
	ctx, closeIt := newBrowser(b)
	defer closeIt()
	return firstFrameIn(b, ctx, url)
}

// contextFirstFrame is coldFirstFrame in a fresh browser context (a profile of its own: no HTTP
// cache, no service worker, its own renderer process) of the running browser root: the page's
// own cost without a browser's start-up, which varies from one start to the next, in both pages
// alike.
func contextFirstFrame(b *testing.B, root context.Context, url string) (answer, paint float64) {
	ctx, cancel := newVisitor(root)
	defer cancel()
	return firstFrameIn(b, ctx, url)
}

// newVisitor opens a tab in a fresh browser context of root's browser: a first visitor, with a
// profile of its own (no HTTP cache, no service worker, nothing compiled before) and its own
// renderer process. cancel closes it.
func newVisitor(root context.Context) (ctx context.Context, cancel context.CancelFunc) {
	return chromedp.NewContext(root, chromedp.WithNewBrowserContext())
}

// linkedFirstFrame is contextFirstFrame for a reader who follows a link from another page of the
// docs site (bench/plain.html, text only) in the same tab: the renderer process is running, the
// page's files are not cached.
func linkedFirstFrame(b *testing.B, root context.Context, url string) (answer, paint float64) {
	ctx, cancel := newVisitor(root)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/bench/plain.html")); err != nil {
		b.Fatal(err)
	}
	time.Sleep(time.Second) // a reader's glance at it
	return firstFrameIn(b, ctx, url)
}

// firstFrameIn loads url in the tab of ctx, after about:blank so that it is a navigation even when
// the tab shows url already, and returns its first frames as coldFirstFrame does.
func firstFrameIn(b *testing.B, ctx context.Context, url string) (answer, paint float64) {
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(url)); err != nil {
		b.Fatal(err)
	}
	if err := waitReady(ctx); err != nil {
		b.Fatal(err)
	}
	v, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`[window.layoutlab.firstFrame, window.layoutlab.firstPaint || window.layoutlab.firstFrame]`))
	if err != nil {
		b.Fatal(err)
	}
	return v[0], v[1]
}

// BenchmarkWidget is the browser timing script (`./build.sh bench`):
//   - first frame of the widget against the bare Ebiten + dom/v2 page: TIMING_PAIRS (default 5)
//     cold loads of each, alternating, each in a fresh browser, so both see the same machine
//     (whose speed drifts by tens of percent within minutes); the medians and their ratio; then
//     as many pairs again, each load in a fresh browser context of one running browser (no
//     browser start-up in the figure); and as many again, each in a fresh context after a
//     text-only page of the site in the same tab (bench/plain.html): a reader who follows a link
//     from another page of the docs, with the renderer process running;
//   - the widget's first frame from the service worker: the second visit, which compiles the
//     wasm the worker unpacked, and the third, which starts from the code V8 cached meanwhile;
//     and the bare page's second and third visits (the browser's HTTP cache, V8's code cache);
//   - for every preset, the time from a slider input to the next drawn frame (p50, p95 over 100
//     moves of a mouse drag): for the panel's presets on a first visit (a fresh browser context)
//     and on return visits (the running browser: the service worker's wasm and V8's code
//     cache), each at once and after 5 s without input (TIMING_PAUSES: other pauses); the
//     timeline's day slider on return visits, at once and after those pauses; and the bare
//     page's one slider, the floor, on a first visit after each pause and on a return visit;
//   - knobs that are not sliders, operated from the keyboard on the default scenario, on return
//     visits: the layout select (a step lays the table out, or shows one of the engine's kept
//     layouts) and dataSkippingNumIndexedCols (statistics collected again), p50 and p95 over 24
//     key presses, at once and after 5 s without input (the widget's idle rehearsals done); and
//     the bare page's slider stepped from the keyboard, the floor for a key press;
//   - for each control, how many of its inputs were answered in the first frame after them;
//     with TIMING_SLOW_MS set, also which inputs took longer than that, by their order (a drag
//     made at once after a first visit's first frame has slow moves throughout, while V8
//     compiles the code the start-up made hot again, optimised, on the two cores the page
//     needs), whether one of Go's garbage collections came before each, and whether the widget
//     ran its engine for it (no answer run ahead).
func BenchmarkWidget(b *testing.B) {
	browserTimeout = 20 * time.Minute // first frames and 100 drag moves for each of 12 presets
	pairs := 5
	if n, err := strconv.Atoi(os.Getenv("TIMING_PAIRS")); err == nil && n > 0 {
		pairs = n
	}
	dist, _ := filepath.Abs("../../dist")
	_, err := os.Stat(filepath.Join(dist, "bench", "bare.html"))
	haveBare := err == nil
	var bare, widget, paint []float64
	for range pairs {
		if haveBare {
			f, _ := coldFirstFrame(b, server.URL+"/bench/bare.html")
			bare = append(bare, f)
		}
		f, p := coldFirstFrame(b, server.URL+"/widget.html")
		widget, paint = append(widget, f), append(paint, p)
	}
	fmt.Printf("first frame, cold, each in a fresh browser (ms): widget's answer %.0f, widget's first paint %.0f", widget, paint)
	if haveBare {
		fmt.Printf(", bare %.0f", bare)
	}
	fmt.Println()
	b.ReportMetric(median(widget), "first-frame-ms")
	b.ReportMetric(median(paint), "first-paint-ms")
	if haveBare {
		b.ReportMetric(median(bare), "bare-first-frame-ms")
		b.ReportMetric(median(widget)/median(bare), "first-frame-ratio")
		fmt.Printf("first frame medians: widget's answer %.0f ms, widget's first paint %.0f ms, bare %.0f ms; ratios %.2f (answer), %.2f (paint)\n",
			median(widget), median(paint), median(bare), median(widget)/median(bare), median(paint)/median(bare))
	}

	ctx := browser(b)
	if haveBare {
		// Each page loaded as load does, in turn, pairs times: the bare page then the widget.
		alternate := func(load func(*testing.B, context.Context, string) (float64, float64)) (widget, bare []float64) {
			for range pairs {
				f, _ := load(b, ctx, server.URL+"/bench/bare.html")
				bare = append(bare, f)
				f, _ = load(b, ctx, server.URL+"/widget.html")
				widget = append(widget, f)
			}
			return widget, bare
		}
		widget, bare := alternate(contextFirstFrame)
		b.ReportMetric(median(widget)/median(bare), "context-first-frame-ratio")
		fmt.Printf("first frame, cold, each in a fresh context of one running browser (ms): widget's answer %.0f, bare %.0f; medians %.0f and %.0f, ratio %.2f\n",
			widget, bare, median(widget), median(bare), median(widget)/median(bare))
		widget, bare = alternate(linkedFirstFrame)
		b.ReportMetric(median(widget), "linked-first-frame-ms")
		b.ReportMetric(median(widget)/median(bare), "linked-first-frame-ratio")
		fmt.Printf("first frame, cold, each from another page of the site in the same tab, a fresh context (ms): widget's answer %.0f, bare %.0f; medians %.0f and %.0f, ratio %.2f\n",
			widget, bare, median(widget), median(bare), median(widget)/median(bare))
	}
	// A reader's next visits: the first installs the service worker, which unpacks the wasm into
	// its cache; the second compiles that copy, and V8 caches the code it has optimised once the
	// reader has stayed a while (5 s here); the third and later start from that code.
	firstFrameIn(b, ctx, server.URL+"/widget.html")
	if err := waitWasmUnpacked(ctx); err != nil {
		b.Fatal(err)
	}
	compiled, _ := firstFrameIn(b, ctx, server.URL+"/widget.html")
	time.Sleep(5 * time.Second)
	cached, _ := firstFrameIn(b, ctx, server.URL+"/widget.html")
	from, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`window.layoutlab.wasmFrom`))
	b.ReportMetric(compiled, "sw-first-frame-ms")
	b.ReportMetric(cached, "code-cache-first-frame-ms")
	fmt.Printf("widget first frame from the service worker: %.0f ms compiled (second visit), %.0f ms from V8's code cache (third; the %s copy compiled)\n", compiled, cached, from)
	if haveBare {
		// The bare page's next visits, as the widget's: no service worker, the browser's HTTP
		// cache and V8's code cache for a wasm compiled from it.
		bctx, cancel := newVisitor(ctx)
		firstFrameIn(b, bctx, server.URL+"/bench/bare.html")
		second, _ := firstFrameIn(b, bctx, server.URL+"/bench/bare.html")
		time.Sleep(5 * time.Second)
		third, _ := firstFrameIn(b, bctx, server.URL+"/bench/bare.html")
		cancel()
		b.ReportMetric(third, "bare-third-visit-first-frame-ms")
		fmt.Printf("bare page's first frame on its second and third visits: %.0f ms, %.0f ms\n", second, third)
	}
	// TIMING_PRESETS, when set, names the parts timed: presets, bare, long, knobs.
	only := os.Getenv("TIMING_PRESETS")
	timed := func(part string) bool { return only == "" || slices.Contains(strings.Split(only, ","), part) }
	pauses := dragPauses(b)
	if haveBare && timed("bare") {
		// The floor on this browser: the bare page's one slider, each input redrawing a bar
		// through Ebiten as the widget redraws (no engine, no readouts, no other DOM). On a
		// first visit, as the widget's panel drags are timed, V8 still has to optimise the code
		// Ebiten's start-up made hot (it compiles its shaders from Kage source, with go/parser).
		url := server.URL + "/bench/bare-slider.html"
		for _, pause := range pauses {
			first, cancel := newVisitor(ctx)
			d := drag(b, first, url, pause, "files")
			cancel()
			printTimes(atPause("bare, first visit", pause), "files", d, "a bar redrawn, nothing else")
		}
		printTimes("bare, return visit", "files", drag(b, ctx, url, 0, "files"), "a bar redrawn, nothing else")
	}
	for _, p := range scenario.Presets() {
		if !timed(p.Name) {
			continue
		}
		url := server.URL + "/widget.html" + scenario.Link(p.Scenario)
		slider := "files"
		if p.Scenario.View == "timeline" {
			slider = "day" // after a pause, the day grids of every lookup column are readied
		} else {
			for _, pause := range pauses {
				first, cancel := newVisitor(ctx) // nothing compiled or cached before
				timeDrag(b, first, url, pause, slider, atPause(p.Name+", first visit", pause))
				cancel()
			}
		}
		for _, pause := range pauses {
			timeDrag(b, ctx, url, pause, slider, atPause(p.Name+", return visit", pause))
		}
	}
	if timed("long") {
		firstFrameIn(b, ctx, server.URL+"/widget.html")
		longRun(b, ctx)
	}
	if timed("knobs") {
		if haveBare {
			// The floor for a key press: the bare page's slider stepped from the keyboard. A key
			// comes between two frames, so its answer waits for the next one (up to 16.7 ms).
			firstFrameIn(b, ctx, server.URL+"/bench/bare-slider.html")
			d, err := pressKeys(ctx, "files", 24)
			if err != nil {
				b.Fatal(err)
			}
			printTimes("bare", "files (keys)", d, "a bar redrawn per key, nothing else")
		}
		for _, id := range []string{"layout", "indexed-cols"} {
			// At once, and as a reader who looks at the page before touching it, which lets the
			// widget rehearse while idle (front/schedule, runRehearse).
			for _, pause := range []time.Duration{0, 5 * time.Second} {
				firstFrameIn(b, ctx, server.URL+"/widget.html")
				time.Sleep(pause)
				d, err := pressKeys(ctx, id, 24)
				if err != nil {
					b.Fatal(err)
				}
				printLatency(ctx, atPause("default, return visit", pause), id, d)
			}
		}
	}
}

// timeDrag loads url in the tab of ctx, waits pause, drags slider over 100 moves and prints
// their latencies as name.
func timeDrag(b *testing.B, ctx context.Context, url string, pause time.Duration, slider, name string) {
	printLatency(ctx, name, slider, drag(b, ctx, url, pause, slider))
}

// drag loads url in the tab of ctx, waits pause and drags slider over 100 moves.
func drag(b *testing.B, ctx context.Context, url string, pause time.Duration, slider string) latencies {
	firstFrameIn(b, ctx, url)
	time.Sleep(pause)
	d, err := dragSlider(ctx, slider, 100)
	if err != nil {
		b.Fatal(err)
	}
	return d
}

// dragPauses are the pauses without input before the presets' drags: TIMING_PAUSES, a
// comma-separated list of Go durations ("0,1.5s,5s"), or at once and after 5 s.
func dragPauses(b *testing.B) []time.Duration {
	env := os.Getenv("TIMING_PAUSES")
	if env == "" {
		return []time.Duration{0, 5 * time.Second}
	}
	var pauses []time.Duration
	for _, f := range strings.Split(env, ",") {
		d, err := time.ParseDuration(strings.TrimSpace(f))
		if err != nil || d < 0 {
			b.Fatalf("TIMING_PAUSES: %q is not a duration such as 1.5s", f)
		}
		pauses = append(pauses, d)
	}
	return pauses
}

// atPause names a timing taken after pause without input ("" after none): the widget rehearses
// a reader's next moves while idle (front/schedule, runRehearse) and readies the timeline's day grids
// (front/schedule, runDays), so the first moves of a drag that starts at once meet cold code,
// summaries and sorts that a reader who looks first does not.
func atPause(name string, pause time.Duration) string {
	if pause == 0 {
		return name
	}
	return fmt.Sprintf("%s, %s idle", name, pause)
}

// printLatency prints one control's input-to-frame figures. Printed, not logged: go test keeps
// only the first lines of a benchmark's log.
func printLatency(ctx context.Context, scenarioName, control string, d latencies) {
	eng, _ := chromedp.Run(ctx, chromedp.Evaluate[float64](`window.layoutlab.engineMs`))
	draw, _ := chromedp.Run(ctx, chromedp.Evaluate[float64](`window.layoutlab.drawMs`))
	note := fmt.Sprintf("last recompute %.1f ms, last Draw %.1f ms of Go", eng, draw)
	if d.rasters >= 0 {
		note += fmt.Sprintf("; %.0f label images made", d.rasters)
	}
	if control == "files" {
		// The moves answered from the file counts run ahead between moves (front/schedule, runAhead).
		ahead, _ := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`[window.layoutlab.aheadHits || 0, window.layoutlab.aheadRuns || 0, window.layoutlab.aheadMs || 0]`))
		if len(ahead) == 3 {
			note += fmt.Sprintf("; %.0f answered ahead, %.0f runs ahead taking %.0f ms", ahead[0], ahead[1], ahead[2])
		}
	}
	printTimes(scenarioName, control, d, note)
}

// printTimes prints one control's input-to-frame p50 and p95, how many inputs the first frame
// after them answered, the p95 of the answering frames' own time, and a note.
func printTimes(page, control string, d latencies, note string) {
	fmt.Printf("%-24s %-12s to frame: p50 %6.1f ms  p95 %6.1f ms  over %d inputs; %d in the first frame after, its own time p95 %.1f ms  (%s)\n",
		page, control, percentile(d.toFrame, 0.5), percentile(d.toFrame, 0.95), len(d.toFrame), d.inFirstFrame(), percentile(d.own, 0.95), note)
	if limit, err := strconv.ParseFloat(os.Getenv("TIMING_SLOW_MS"), 64); err == nil {
		fmt.Printf("%-24s %-12s over %g ms: %s\n", "", "", limit, d.slowerThan(limit))
	}
}

// slowerThan lists the inputs whose time to the frame exceeded limit ms, as "#i t" in the order
// they came (0 is the first), followed by "gc" when Go collected garbage since the frame before
// and "run" when the widget ran its engine for the input (no answer run ahead), or "none".
func (d latencies) slowerThan(limit float64) string {
	var s []string
	for i, t := range d.toFrame {
		if t > limit {
			e := fmt.Sprintf("#%d %.1f", i, t)
			if i < len(d.gc) && d.gc[i] > 0 {
				e += " gc"
			}
			if i < len(d.ahead) && d.ahead[i] == 0 {
				e += " run"
			}
			s = append(s, e)
		}
	}
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}

// probeLatency scrolls control id into view and starts recording, for each event of the given
// type it fires, the time from the event to the next frame the widget draws (window.__lat), and
// how many animation frames began after the event up to that one (window.__frames): 1 when the
// answer was drawn in the first frame after the input, 0 when in the frame the input came in
// (Chromium delivers a drag's moves at the start of a frame, a key press whenever it comes), and
// that frame's own time, from its start to drawn (window.__own).
// It returns the control's box and range: left, top, width, height, min, max, value.
func probeLatency(ctx context.Context, id, event string) ([]float64, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
		const el = document.getElementById("`+id+`");
		el.scrollIntoView({block: "center"});
		const r = el.getBoundingClientRect();
		window.__lat = []; window.__frames = []; window.__own = []; window.__gc = []; window.__pending = [];
		const gcCycles = () => window.layoutlab.gcCycles ? window.layoutlab.gcCycles() : 0; // none on the bare page
		let gcSeen = gcCycles();
		const aheadHits = () => window.layoutlab.aheadHits || 0; // none on the bare page
		let hitsSeen = aheadHits(); window.__ahead = [];
		el.addEventListener("`+event+`", () => window.__pending.push(performance.now()), true);
		let seen = window.layoutlab.frames;
		const begun = []; // each animation frame's start (the callbacks' timestamp)
		const tick = (now) => {
			begun.push(now);
			if (window.layoutlab.frames !== seen) {
				seen = window.layoutlab.frames;
				const at = window.layoutlab.lastFrame;
				const gc = gcCycles() - gcSeen; // Go's collections since the last frame seen
				gcSeen += gc;
				const hits = aheadHits() - hitsSeen; // answers taken from those run ahead since
				hitsSeen += hits;
				window.__pending = window.__pending.filter(t => {
					if (t > at) return true;
					const since = begun.filter(f => f > t && f <= at);
					window.__lat.push(at - t);
					window.__frames.push(since.length);
					// The drawing frame's own time: from its start (or the input's, if later) to drawn.
					window.__own.push(at - Math.max(t, ...begun.filter(f => f <= at).slice(-1)));
					window.__gc.push(gc);
					window.__ahead.push(hits > 0 || window.layoutlab.aheadHits === undefined ? 1 : 0);
					return false;
				});
			}
			requestAnimationFrame(tick);
		};
		requestAnimationFrame(tick);
		return [r.left, r.top, r.width, r.height, +el.min, +el.max, +el.value];
	})()`))
}

// latencies are a control's inputs timed by probeLatency: for each, the time to the next frame
// drawn, how many frames began from the input to that one (1: the first frame after it), and
// that frame's own time.
type latencies struct {
	toFrame, frames, own []float64
	gc                   []float64 // Go's garbage collections completed since the frame before
	// 1 when the answering frame took an answer run ahead (front/schedule, runAhead) or the page runs no
	// engine (the bare page); 0 when the widget ran its engine for it.
	ahead []float64
	// label images the canvas rasterised during the drag (wasm/labels.go); -1 when the page
	// does not count them
	rasters float64
}

// readLatencies reads what probeLatency recorded.
func readLatencies(ctx context.Context) (latencies, error) {
	v, err := chromedp.Run(ctx, chromedp.Evaluate[[][]float64](`[window.__lat, window.__frames, window.__own, window.__gc, window.__ahead]`))
	if err != nil {
		return latencies{}, err
	}
	return latencies{toFrame: v[0], frames: v[1], own: v[2], gc: v[3], ahead: v[4], rasters: -1}, nil
}

// inFirstFrame counts the inputs answered in the first frame that began after them (or in the
// frame they came in): the most a page whose frames follow the display's can do for an input
// that comes between two frames, as a key press does.
func (l latencies) inFirstFrame() int {
	n := 0
	for _, f := range l.frames {
		if f <= 1 {
			n++
		}
	}
	return n
}

// pressKeys focuses control id and presses ArrowDown then ArrowUp, turn about, n times, as a
// keyboard user steps through a select or a number field; each step is a change the widget
// answers. It returns the changes' latencies.
func pressKeys(ctx context.Context, id string, n int) (latencies, error) {
	if _, err := probeLatency(ctx, id, "change"); err != nil {
		return latencies{}, err
	}
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.ID(id))); err != nil {
		return latencies{}, err
	}
	for i := 0; i < n; i++ {
		key := kb.ArrowDown
		if i/3%2 == 1 {
			key = kb.ArrowUp
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent(key)); err != nil {
			return latencies{}, err
		}
		time.Sleep(150 * time.Millisecond) // a person's key repeat is slower than a frame
	}
	time.Sleep(300 * time.Millisecond)
	return readLatencies(ctx)
}

// dragSlider drags the range input id with the mouse, as a person does: press on the thumb, then
// moves (real input events through Chromium's input pipeline, which delivers a drag's moves
// aligned with animation frames), and returns the latencies of the input events the slider fired.
func dragSlider(ctx context.Context, id string, moves int) (latencies, error) {
	box, err := probeLatency(ctx, id, "input")
	if err != nil {
		return latencies{}, err
	}
	left, top, width, height, lo, hi, v := box[0], box[1], box[2], box[3], box[4], box[5], box[6]
	const thumb = 16.0 // px: Chromium's default range thumb; positions are approximate, values need not be exact
	xOf := func(v float64) float64 { return left + thumb/2 + (width-thumb)*(v-lo)/max(1, hi-lo) }
	y := top + height/2
	mouse := func(typ input.DispatchMouseEventType, x float64, buttons int64) error {
		_, err := chromedp.Call(ctx, input.DispatchMouseEvent, input.DispatchMouseEventParams{
			Type: typ, X: x, Y: y, Button: input.MouseButtonLeft, Buttons: buttons, ClickCount: 1})
		return err
	}
	if err := mouse(input.DispatchMouseEventTypeMousePressed, xOf(v), 1); err != nil {
		return latencies{}, err
	}
	rasters := `window.layoutlab.labelRasters ? window.layoutlab.labelRasters() : -1`
	before, _ := chromedp.Run(ctx, chromedp.Evaluate[float64](rasters))
	dir := 1.0
	for i := 0; i < moves; i++ {
		step := float64(1 + i%3)
		if v+dir*step > hi || v+dir*step < lo {
			dir = -dir
		}
		v += dir * step
		if err := mouse(input.DispatchMouseEventTypeMouseMoved, xOf(v), 1); err != nil {
			return latencies{}, err
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := mouse(input.DispatchMouseEventTypeMouseReleased, xOf(v), 0); err != nil {
		return latencies{}, err
	}
	time.Sleep(300 * time.Millisecond)
	d, err := readLatencies(ctx)
	after, _ := chromedp.Run(ctx, chromedp.Evaluate[float64](rasters))
	d.rasters = -1
	if before >= 0 && after >= 0 {
		d.rasters = after - before
	}
	return d, err
}

// longRun times a recompute far longer than a frame: the rows select from 100,000 to 1,000,000
// on the default scenario (a new table generated, ranked and laid out). It prints the time to
// the answer and how the page kept painting meanwhile: frames and the longest gap between two.
func longRun(b *testing.B, ctx context.Context) {
	// Let the page settle first: its first frames' layout and compositing take up to a second
	// here after it is ready, and would be counted as a gap of this run.
	time.Sleep(2 * time.Second)
	js := `(() => {
		window.__gaps = []; let last = performance.now(); window.__t0 = last;
		const tick = () => { const n = performance.now(); window.__gaps.push(n - last); last = n; if (!window.__done) requestAnimationFrame(tick); };
		window.__done = false; requestAnimationFrame(tick);
		// The page's longest task meanwhile: how long an input could wait for the main thread.
		window.__tasks = []; new PerformanceObserver(l => { if (!window.__done) for (const e of l.getEntries()) window.__tasks.push(e.duration); }).observe({type: "longtask"});
		const el = document.getElementById("rows"); el.value = "1000000"; el.dispatchEvent(new Event("change", {bubbles: true}));
		return true; })()`
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js)); err != nil {
		b.Fatal(err)
	}
	done := `(() => { const e = document.querySelector('[data-metric="rows_total"]');
		if (!(e && Number(e.dataset.value) === 1e6 && document.getElementById("progress").hidden && window.layoutlab.lastFrame > window.__t0)) return false;
		if (!window.__done) { window.__done = true; window.__t1 = window.layoutlab.lastFrame; } return true; })()`
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](done, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		b.Fatal(err)
	}
	v, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`[window.__t1 - window.__t0, window.__gaps.length, Math.max(...window.__gaps), window.layoutlab.engineMs, Math.max(0, ...window.__tasks), window.__tasks.length]`))
	if err != nil {
		b.Fatal(err)
	}
	fmt.Printf("rows 100,000 → 1,000,000 (default scenario): answer drawn after %.0f ms (engine %.0f ms); %.0f frames painted meanwhile, longest gap %.0f ms; %.0f tasks over 50 ms, the longest %.0f ms\n", v[0], v[3], v[1], v[2], v[5], v[4])
}
