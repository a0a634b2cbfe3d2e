//go:build browser

package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// saveDataInit has the page's navigator.connection say the reader asked for a data saver.
const saveDataInit = `Object.defineProperty(NetworkInformation.prototype, "saveData", { get: () => true, configurable: true });`

// TestTouchScreenWarmsTheFigureInView: on a phone (a touch screen as its pointer: embed.js
// prestarts nothing there) the explainer, loaded and idle, makes its one frame warm in a figure
// near the screen: the wasm fetched and compiled, Go not run, nothing shown. A tap on another
// figure then starts Go in that frame, moved into the tapped figure's box, showing its own
// scenario and its poster's readouts, and no other frame is made. Before the warm frame on a
// touch screen, the tap made the page's first frame and fetched and compiled the module after it.
func TestTouchScreenWarmsTheFigureInView(t *testing.T) {
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
		t.Skip("this Chromium cannot move frames: embed.js warms none")
	}
	parked := `document.querySelector(".layoutlab-box > iframe.layoutlab-parked")`
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => { const fr = `+parked+`;
		return !!(fr && fr.contentWindow.layoutlab && fr.contentWindow.layoutlab.wasmLoaded > 0); })()`, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("the explainer on a phone, loaded and idle, warmed no frame: %v; embed.js: %s", err,
			eval[string](t, ctx, `JSON.stringify({framesMade: layoutlabEmbed.framesMade, warmed: layoutlabEmbed.warmed, prestarted: layoutlabEmbed.prestarted})`))
	}
	time.Sleep(500 * time.Millisecond)
	if got := eval[[]float64](t, ctx, `(() => { const ll = `+parked+`.contentWindow.layoutlab;
		return [layoutlabEmbed.warmed, layoutlabEmbed.prestarted || 0, layoutlabEmbed.starts, ll.ready === true ? 1 : 0, ll.firstPaint || 0, ll.frames || 0]; })()`); got[0] != 1 || got[1] != 0 || got[2] != 0 || got[3] != 0 || got[4] != 0 || got[5] != 0 {
		t.Errorf("[warmed, prestarted, starts, ready, firstPaint, frames] = %v, want [1 0 0 0 0 0]: one frame warmed, no Go run", got)
	}
	w := eval[int](t, ctx, `[...document.querySelectorAll("figure.layoutlab")].findIndex(f => f.contains(`+parked+`))`)
	i := w + 2 // another figure, below the one warmed
	c := eval[[]float64](t, ctx, tapPointJS(i))
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
	if got := eval[[]float64](t, ctx, `[layoutlabEmbed.framesMade, layoutlabEmbed.warmed, document.querySelectorAll(".layoutlab-box > iframe").length, `+fr+`.contentWindow.layoutlab.scenarios]`); got[0] != 1 || got[1] != 1 || got[2] != 1 || got[3] != 1 {
		t.Errorf("[frames made, warmed, frames in the page, scenarios the frame showed] = %v, want [1 1 1 1]: the warm frame, started once for the tapped figure", got)
	}
	checkLiveAgreesWithPoster(t, ctx, figureJS(i))
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
