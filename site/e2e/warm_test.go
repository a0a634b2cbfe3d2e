//go:build browser

package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestWarmFrameGoesLiveForAnotherFigure: the mouse crosses the first figure without resting
// (embed.js warms the page's one frame there: its wasm compiled, Go's packages initialised and
// its main held, wasm/hold.go, no answer computed), then rests on the third; the third goes live
// in that frame, moved into its box, showing its own scenario and the readouts its poster
// states, and no other frame was made.
func TestWarmFrameGoesLiveForAnotherFigure(t *testing.T) {
	ctx := browser(t)
	// No prestart (the explainer's data-prestart): as on a device whose primary pointer is a
	// touch screen, where embed.js prestarts nothing and a mouse, if any, warms the frame; with a
	// data saver, so that no figure coming into view warms it first (TestTouchScreenWarmsTheFigureInView).
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `{ const mm = window.matchMedia.bind(window); window.matchMedia = (q) => q === "(pointer: coarse)" ? mm("all") : mm(q); }` + saveDataInit,
	}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.readyState === "complete"`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatal(err)
	}
	if !eval[bool](t, ctx, `typeof Element.prototype.moveBefore === "function"`) {
		t.Skip("this Chromium cannot move frames: embed.js warms none")
	}
	// Across the first figure, and off it within embed.js's dwell.
	c := eval[[]float64](t, ctx, `(() => { const b = `+figureJS(0)+`.querySelector(".layoutlab-box"); b.scrollIntoView({block: "center"});
		window.crossed = [];
		b.addEventListener("pointerenter", (e) => crossed.push(["enter", e.timeStamp]));
		b.addEventListener("pointerleave", (e) => crossed.push(["leave", e.timeStamp]));
		const r = b.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2, r.top - 20]; })()`)
	for _, y := range []float64{c[1], c[2]} {
		if err := chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, c[0], y)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => { const fr = `+figureJS(0)+`.querySelector("iframe.layoutlab-parked");
		return !!(fr && fr.contentWindow.layoutlab && fr.contentWindow.layoutlab.wasmLoaded > 0); })()`, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("the mouse crossing the first figure warmed no frame there: %v; the box saw %s; embed.js: %s", err,
			eval[string](t, ctx, `JSON.stringify(crossed)`),
			eval[string](t, ctx, `JSON.stringify({starts: layoutlabEmbed.starts, framesMade: layoutlabEmbed.framesMade, warmed: layoutlabEmbed.warmed, live: layoutlabEmbed.live, frames: [...document.querySelectorAll("iframe")].map((f) => f.className)})`))
	}
	// Go's packages initialised ahead: main reached (its mark), and held there.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](figureJS(0)+`.querySelector("iframe.layoutlab-parked").contentWindow.performance.getEntriesByName("layoutlab:main").length === 1`,
		chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("the warm frame never initialised Go's packages ahead of a figure going live: %v", err)
	}
	time.Sleep(500 * time.Millisecond)
	if got := eval[[]float64](t, ctx, `(() => { const ll = `+figureJS(0)+`.querySelector("iframe.layoutlab-parked").contentWindow.layoutlab;
		return [layoutlabEmbed.starts, ll.ready === true ? 1 : 0, ll.firstPaint || 0, ll.frames || 0]; })()`); got[0] != 0 || got[1] != 0 || got[2] != 0 || got[3] != 0 {
		t.Errorf("the warmed frame went past main's hold before any figure went live: [starts, ready, firstPaint, frames] = %v", got)
	}
	touchFigure(t, ctx, 2, 3*time.Minute)
	fr := figureJS(2) + `.querySelector(".layoutlab-box > iframe:not(.layoutlab-parked)")`
	if got, want := eval[string](t, ctx, fr+`.contentWindow.location.hash`), eval[string](t, ctx, `"#" + `+figureJS(2)+`.dataset.live.split("#")[1]`); got != want {
		t.Errorf("the third figure live shows %.40s…, want its own scenario %.40s…", got, want)
	}
	if got := eval[[]float64](t, ctx, `[layoutlabEmbed.framesMade, layoutlabEmbed.warmed, document.querySelectorAll(".layoutlab-box > iframe").length, `+fr+`.contentWindow.layoutlab.scenarios]`); got[0] != 1 || got[1] != 1 || got[2] != 1 || got[3] != 1 {
		t.Errorf("[frames made, warmed, frames in the page, scenarios the frame showed] = %v, want [1 1 1 1]: the warm frame, started once for the third figure", got)
	}
	checkLiveAgreesWithPoster(t, ctx, figureJS(2))
}

// TestPrestartedFrameGoesLiveAtOnce: on the explainer (data-prestart), once the page has loaded
// and is idle, the page's one frame is started hidden for the figure nearest the screen's middle:
// its first answer is drawn, nothing is shown over any poster and no figure counts as started.
// The mouse resting on that figure then shows it from that frame, without another being made.
func TestPrestartedFrameGoesLiveAtOnce(t *testing.T) {
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/")); err != nil {
		t.Fatal(err)
	}
	if !eval[bool](t, ctx, `typeof Element.prototype.moveBefore === "function"`) {
		t.Skip("this Chromium cannot move frames: embed.js prestarts none")
	}
	parked := `document.querySelector(".layoutlab-box > iframe.layoutlab-parked")`
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => { const fr = `+parked+`;
		return !!(fr && fr.contentWindow.layoutlab && fr.contentWindow.layoutlab.ready === true); })()`, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("the explainer, loaded and idle, prestarted no frame: %v", err)
	}
	got := eval[[]float64](t, ctx, `[layoutlabEmbed.prestarted, layoutlabEmbed.starts, layoutlabEmbed.live,
		document.querySelectorAll(".layoutlab-box > iframe:not(.layoutlab-parked)").length, document.querySelectorAll(".layoutlab-box.layoutlab-live").length]`)
	if got[0] != 1 || got[1] != 0 || got[2] != 0 || got[3] != 0 || got[4] != 0 {
		t.Errorf("[prestarted, starts, live, frames shown, boxes live] = %v, want [1 0 0 0 0]: one frame started, hidden, no figure shown live", got)
	}
	i := eval[int](t, ctx, `[...document.querySelectorAll("figure.layoutlab")].findIndex(f => f.contains(`+parked+`))`)
	if i < 0 {
		t.Fatal("the prestarted frame is in no figure's box")
	}
	if !eval[bool](t, ctx, posterShownJS(i)) {
		t.Errorf("figure %d, which holds the prestarted frame, does not show its poster", i)
	}
	touchFigure(t, ctx, i, time.Minute)
	fr := figureJS(i) + `.querySelector(".layoutlab-box > iframe:not(.layoutlab-parked)")`
	if got, want := eval[string](t, ctx, fr+`.contentWindow.location.hash`), eval[string](t, ctx, `"#" + `+figureJS(i)+`.dataset.live.split("#")[1]`); got != want {
		t.Errorf("figure %d live shows %.40s…, want its own scenario %.40s…", i, got, want)
	}
	if got := eval[[]float64](t, ctx, `[layoutlabEmbed.framesMade, layoutlabEmbed.reused, `+fr+`.contentWindow.layoutlab.scenarios]`); got[0] != 1 || got[1] != 1 || got[2] != 1 {
		t.Errorf("[frames made, reused, scenarios the frame showed] = %v, want [1 1 1]: the prestarted frame, shown as it was", got)
	}
	checkLiveAgreesWithPoster(t, ctx, figureJS(i))
}
