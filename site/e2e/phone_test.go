//go:build browser

package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
)

// saveDataInit has the page's navigator.connection say the reader asked for a data saver.
const saveDataInit = `Object.defineProperty(NetworkInformation.prototype, "saveData", { get: () => true, configurable: true });`

// TestTouchScreenStartsTheFigureInSight: on a phone (a touch screen as its pointer: no mouse
// rests on a figure before a tap) the explainer, loaded and idle, makes its one frame ahead of
// any tap, hidden: warm (its wasm compiled) once a figure nears the screen (the reader scrolls
// toward the first one: at 320-390 px the page's opening text is taller than a screen and a half), started (its answer
// computed) for the figure in sight once the scroll rests. A tap on that figure shows it from
// that frame; the scroll resting on another figure has the frame compute that figure's answer
// (its "prepare" mark before the tap), and a tap on it swaps to it. One frame all along, each
// figure showing its own scenario and its poster's readouts. On main's embed.js a phone's tap
// made the page's first frame, and only then fetched, compiled and ran it.
func TestTouchScreenStartsTheFigureInSight(t *testing.T) {
	ctx := browser(t)
	if err := asPhone(ctx); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.readyState === "complete"`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatal(err)
	}
	if !eval[bool](t, ctx, `matchMedia("(pointer: coarse)").matches`) {
		t.Fatal("the emulated phone's primary pointer is not coarse")
	}
	if !eval[bool](t, ctx, `typeof Element.prototype.moveBefore === "function"`) {
		t.Skip("this Chromium cannot move frames: embed.js starts none ahead")
	}
	// The reader scrolls toward the first figure, to where it is within half a screen below the
	// screen (embed.js's near: rootMargin 50%) but not yet in sight: it warms the frame there.
	eval[bool](t, ctx, `(() => { const f = document.querySelector("figure.layoutlab");
		scrollTo(0, Math.max(0, f.getBoundingClientRect().top + scrollY - 1.3 * innerHeight)); return true; })()`)
	parked := `document.querySelector(".layoutlab-box > iframe.layoutlab-parked")`
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => { const fr = `+parked+`;
		return !!(fr && fr.contentWindow.layoutlab && fr.contentWindow.layoutlab.wasmLoaded > 0); })()`, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("the explainer on a phone, loaded and idle, made no frame ahead: %v; embed.js: %s", err,
			eval[string](t, ctx, `JSON.stringify({framesMade: layoutlabEmbed.framesMade, warmed: layoutlabEmbed.warmed, prestarted: layoutlabEmbed.prestarted})`))
	}
	n := eval[int](t, ctx, `document.querySelectorAll("figure.layoutlab").length`)
	for k, i := range []int{2, n - 3} {
		eval[bool](t, ctx, `(window.__restAt = performance.now(), true)`)
		c := eval[[]float64](t, ctx, tapPointJS(i))
		// At rest beside figure i: the frame started for it, or computing its answer.
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => { const fr = document.querySelector(".layoutlab-box > iframe.layoutlab-parked");
			return !!(fr && fr.contentWindow.layoutlab && fr.contentWindow.layoutlab.ready === true); })()`, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
			t.Fatalf("figure %d in sight at rest: the page's frame never got ready: %v", i, err)
		}
		time.Sleep(2 * time.Second)
		if got := eval[[]float64](t, ctx, `[layoutlabEmbed.prestarted || 0, layoutlabEmbed.live, document.querySelectorAll(".layoutlab-box.layoutlab-live").length]`); got[0] != 1 || got[1] != 0 || got[2] != 0 {
			t.Errorf("figure %d in sight, before a tap: [prestarted, live, boxes live] = %v, want [1 0 0]: one frame started, hidden", i, got)
		}
		if err := tapAt(ctx, c[0], c[1]); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](liveReadyJS(i), chromedp.WithPollingTimeout(3*time.Minute))); err != nil {
			t.Fatalf("figure %d, tapped, never went live: %v", i, err)
		}
		fr := figureJS(i) + `.querySelector(".layoutlab-box > iframe:not(.layoutlab-parked)")`
		if got, want := eval[string](t, ctx, fr+`.contentWindow.location.hash`), eval[string](t, ctx, `"#" + `+figureJS(i)+`.dataset.live.split("#")[1]`); got != want {
			t.Errorf("figure %d, tapped, shows %.40s…, want its own scenario %.40s…", i, got, want)
		}
		if got := eval[[]float64](t, ctx, `[layoutlabEmbed.framesMade, document.querySelectorAll(".layoutlab-box > iframe").length]`); got[0] != 1 || got[1] != 1 {
			t.Errorf("figure %d, tapped: [frames made, frames in the page] = %v, want [1 1]", i, got)
		}
		// The second figure tapped was prepared while the scroll rested on it, before the tap:
		// the frame's "prepare" mark (wasm/swap.go), on the host's clock.
		prepared := eval[bool](t, ctx, `(() => { const w = `+fr+`.contentWindow, off = w.performance.timeOrigin - performance.timeOrigin;
			return w.performance.getEntriesByName("layoutlab:prepare").some((e) => e.startTime + off >= window.__restAt && e.startTime + off <= window.__touchAt); })()`)
		if k == 1 && !prepared {
			t.Errorf("figure %d, in sight at rest, then tapped: its answer was not prepared before the tap: marks since the tap %s", i, eval[string](t, ctx, switchMarksJS(i)))
		}
		checkLiveAgreesWithPoster(t, ctx, figureJS(i))
	}
}

// TestTouchScreenWithDataSaverWarmsNothing: on a phone whose reader asked for a data saver, the
// explainer makes no frame until a figure is tapped (the module is megabytes on the wire); the
// tap then makes the figure live in a frame of its own.
func TestTouchScreenWithDataSaverWarmsNothing(t *testing.T) {
	ctx := browser(t)
	if err := asPhone(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: saveDataInit}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.readyState === "complete"`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatal(err)
	}
	if !eval[bool](t, ctx, `navigator.connection.saveData === true`) {
		t.Fatal("the page does not see the data saver")
	}
	c := eval[[]float64](t, ctx, tapPointJS(1))
	time.Sleep(4 * time.Second) // idle: longer than embed.js's idle wait for a warm frame (1 s) after load
	if got := eval[[]float64](t, ctx, `[layoutlabEmbed.framesMade, document.querySelectorAll("iframe").length]`); got[0] != 0 || got[1] != 0 {
		t.Errorf("[frames made, frames in the page] = %v before any tap with a data saver, want [0 0]", got)
	}
	if err := tapAt(ctx, c[0], c[1]); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](liveReadyJS(1), chromedp.WithPollingTimeout(3*time.Minute))); err != nil {
		t.Fatalf("figure 1, tapped with a data saver, never went live: %v", err)
	}
	checkLiveAgreesWithPoster(t, ctx, figureJS(1))
}

// TestATappedFigureDrawsItsGivenAnswer: on a phone, the explainer's first figure (zorder-full,
// answered at build time: front/givenanswer) tapped as soon as the page has loaded draws its
// first live frame before its simulation has run (no "ran" mark, the run's end, before the
// frame's first answer), says it is ready in that frame, with its poster's readouts; the run
// then goes on behind it, and the day
// slider moved shows that day's readouts as the engine, run here, gives them.
func TestATappedFigureDrawsItsGivenAnswer(t *testing.T) {
	ctx := browser(t)
	if err := asPhone(ctx); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.readyState === "complete"`, chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatal(err)
	}
	if !eval[bool](t, ctx, figureJS(0)+`.querySelector("img").src.endsWith("/zorder-full.svg")`) {
		t.Fatal("the explainer's first figure is not zorder-full, the one answered at build time")
	}
	c := eval[[]float64](t, ctx, tapPointJS(0))
	if err := tapAt(ctx, c[0], c[1]); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](liveReadyJS(0), chromedp.WithPollingTimeout(3*time.Minute))); err != nil {
		t.Fatalf("the first figure, tapped, never went live: %v", err)
	}
	fr := figureJS(0) + `.querySelector(".layoutlab-box > iframe:not(.layoutlab-parked)").contentWindow`
	if ran := eval[[]float64](t, ctx, `(() => { const w = `+fr+`, ff = w.layoutlab.firstFrame;
		return [ff, ...w.performance.getEntriesByName("layoutlab:ran").map((e) => e.startTime)]; })()`); len(ran) > 1 && ran[1] <= ran[0] {
		t.Errorf("the figure's simulation ended (ran, %.0f ms) before its first answer was drawn (%.0f ms): it waited for the run; marks: %s",
			ran[1], ran[0], eval[string](t, ctx, switchMarksJS(0)))
	}
	// Its controls bound before its first frame (wasm/main.go), the frame that drew its first
	// answer said it is ready: no frame (an "update" mark) between the answer and "ready".
	if between := eval[[]string](t, ctx, `(() => { const w = `+fr+`, ms = w.performance.getEntriesByType("mark").filter((e) => e.name.startsWith("layoutlab:"));
		const a = ms.findIndex((e) => e.name === "layoutlab:answer"), r = ms.findIndex((e) => e.name === "layoutlab:ready");
		return a < 0 || r < a ? ["(no answer before ready)"] : ms.slice(a + 1, r).map((e) => e.name).filter((n) => n === "layoutlab:update"); })()`); len(between) > 0 {
		t.Errorf("the figure said it is ready only after %d more frames (%v) than the one drawing its first answer: marks %s", len(between), between, eval[string](t, ctx, switchMarksJS(0)))
	}
	checkLiveAgreesWithPoster(t, ctx, figureJS(0))
	// The tapped figure as the phone shows it once live: its given answer, or the run that
	// replaced it, which draws the same.
	if dir := os.Getenv("LAYOUTLAB_SCREENSHOTS"); dir != "" {
		if buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
			os.WriteFile(filepath.Join(dir, "phone-given-answer.png"), buf, 0o644)
		}
	}

	p, _ := scenario.PresetByName("zorder-full")
	key := p.Scenario.Timeline
	key.Day = 0
	run, err := timeline.Run(key)
	if err != nil {
		t.Fatal(err)
	}
	want := run.Days[11].OptimizeWrittenGB
	eval[bool](t, ctx, `(() => { const el = `+fr+`.document.getElementById("day"); el.value = "12";
		el.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
	got := `parseFloat(` + fr + `.document.querySelector('[data-metric="optimize_written_gb"]').dataset.value)`
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](got+` === `+strconv.FormatFloat(want, 'g', -1, 64), chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("day 12 on the slider: optimize_written_gb shows %v, the engine's day 12 is %v", eval[float64](t, ctx, got), want)
	}
}
