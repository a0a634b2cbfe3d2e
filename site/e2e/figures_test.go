//go:build browser

package e2e

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"layoutlab/engine/scenario"
	"layoutlab/front/figurebox"
)

// Figures on a docs page (site/embed.js, site/poster): a poster in a box of the live figure's
// size, made live when touched (a click, the keyboard's focus, the mouse resting on it) and not
// when merely reached, back to its poster far off screen, one live where a frame can move from
// figure to figure, else at most 3.

// liveBudget is how many figures embed.js keeps live at once: one frame, moved from figure to
// figure, where the browser has Element.moveBefore; three, each its own frame, where it has not.
func liveBudget(t *testing.T, ctx context.Context) int {
	t.Helper()
	if eval[bool](t, ctx, `typeof Element.prototype.moveBefore === "function"`) {
		return 1
	}
	return 3
}

// countLive keeps, in window.__live, how many live figures (unparked iframes in a figure's box) the page
// has now and has had at most, from every change to the DOM: installed before the page's own
// scripts, so that no figure started and dropped between two polls is missed.
func countLive(t *testing.T, ctx context.Context) {
	t.Helper()
	_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.__live = {now: 0, max: 0};
			new MutationObserver(() => { const n = document.querySelectorAll(".layoutlab-box > iframe:not(.layoutlab-parked)").length;
				window.__live.now = n; window.__live.max = Math.max(window.__live.max, n); })
			.observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ["class"]});`,
	})
	if err != nil {
		t.Fatal(err)
	}
}

// figureJS is the i-th figure of the page.
func figureJS(i int) string {
	return fmt.Sprintf(`document.querySelectorAll("figure.layoutlab")[%d]`, i)
}

// restMouseOn brings figure i to the middle of the screen and rests the mouse on its box, as a
// reader about to use the figure does: embed.js starts it once the mouse has rested there for
// its dwell.
func restMouseOn(ctx context.Context, i int) error {
	c, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => { const b = `+figureJS(i)+`.querySelector(".layoutlab-box");
		b.scrollIntoView({block: "center"}); const r = b.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`))
	if err != nil {
		return err
	}
	// Two moves: the mouse enters the box even if it rested on this spot before the scroll.
	if err := chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, c[0]-5, c[1])); err != nil {
		return err
	}
	return chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, c[0], c[1]))
}

// touchFigure rests the mouse on figure i and waits until it is live and ready.
func touchFigure(t testing.TB, ctx context.Context, i int, timeout time.Duration) {
	t.Helper()
	if err := restMouseOn(ctx, i); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](liveReadyJS(i), chromedp.WithPollingTimeout(timeout))); err != nil {
		t.Fatalf("figure %d, the mouse resting on it, never went live: %v", i, err)
	}
}

// posterShownJS: the figure's poster has loaded and is drawn (not hidden under a live figure).
func posterShownJS(i int) string {
	return `(() => { const f = ` + figureJS(i) + `, img = f.querySelector(".layoutlab-poster img");
		return img.complete && img.naturalWidth > 0 && getComputedStyle(f.querySelector(".layoutlab-poster")).visibility === "visible"; })()`
}

// liveReadyJS: the figure is live, its page has drawn its first frame and shows its readouts.
func liveReadyJS(i int) string {
	return `(() => { const fr = ` + figureJS(i) + `.querySelector(".layoutlab-box > iframe:not(.layoutlab-parked)"); if (!fr) return false;
		const w = fr.contentWindow; return !!(w && w.layoutlab && w.layoutlab.ready && w.document.querySelector("[data-metric]") &&
		fr.classList.contains("layoutlab-ready")); })()`
}

// TestExplainerShowsEveryFigureAtOnce loads the explainer and checks that when the page has
// loaded (its load event: no poster is lazy) every figure shows its poster, with its readouts as
// text and its box's size; then scrolls it top to bottom, a screen at a time, and checks that
// every figure on screen shows its poster, and that reaching a figure does not start it: a
// figure goes live when touched, and a page scrolled through costs its posters and, with
// embed.js's data-prestart (the explainer has it), the one frame started hidden once the page
// was idle, which no figure shows until touched.
func TestExplainerShowsEveryFigureAtOnce(t *testing.T) {
	ctx := browser(t)
	countLive(t, ctx)
	watchCSP(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.readyState === "complete"`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatal(err)
	}
	n := eval[int](t, ctx, `document.querySelectorAll("figure.layoutlab").length`)
	if n != len(scenario.Presets()) {
		t.Fatalf("the explainer shows %d figures, want one per preset (%d)", n, len(scenario.Presets()))
	}
	loaded := eval[float64](t, ctx, `performance.getEntriesByType("navigation")[0].loadEventStart`)
	for i := 0; i < n; i++ {
		if !eval[bool](t, ctx, posterShownJS(i)) {
			t.Errorf("figure %d: its poster is not shown once the page has loaded", i)
		}
		checkPosterText(t, ctx, i)
	}
	t.Logf("%d posters shown at the load event, %.0f ms after navigation", n, loaded)

	height := eval[float64](t, ctx, `document.scrollingElement.scrollHeight`)
	view := eval[float64](t, ctx, `innerHeight`)
	for y := 0.0; y < height; y += view * 0.8 {
		eval[bool](t, ctx, fmt.Sprintf(`(scrollTo(0, %f), true)`, y))
		time.Sleep(400 * time.Millisecond) // a reader's glance: longer than embed.js's dwell for a mouse
		blank := eval[[]int](t, ctx, `[...document.querySelectorAll("figure.layoutlab")].map((f, i) => {
			const r = f.getBoundingClientRect(); if (r.bottom < 0 || r.top > innerHeight) return -1;
			const img = f.querySelector(".layoutlab-poster img"), fr = f.querySelector(".layoutlab-box > iframe:not(.layoutlab-parked)");
			const poster = img.complete && img.naturalWidth > 0 && getComputedStyle(f.querySelector(".layoutlab-poster")).visibility === "visible";
			const live = fr && fr.classList.contains("layoutlab-ready");
			return poster || live ? -1 : i; }).filter(i => i >= 0)`)
		if len(blank) > 0 {
			t.Errorf("at scroll %.0f px, figures %v show neither poster nor live figure", y, blank)
		}
	}
	if m, s := eval[int](t, ctx, `window.__live.max`), eval[int](t, ctx, `layoutlabEmbed.starts`); m != 0 || s != 0 {
		t.Errorf("scrolled through untouched, %d figures were started (%d live at once), want none", s, m)
	}
	// A mouse crossing the last figure on its way elsewhere does not start it.
	c := eval[[]float64](t, ctx, `(() => { const b = `+figureJS(n-1)+`.querySelector(".layoutlab-box"); b.scrollIntoView({block: "center"});
		const r = b.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2, r.top - 20]; })()`)
	for _, y := range []float64{c[1], c[2]} {
		if err := chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, c[0], y)); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(time.Second)
	if s := eval[int](t, ctx, `layoutlabEmbed.starts`); s != 0 {
		t.Errorf("a mouse crossing the last figure started %d figures, want none", s)
	}
	// The page holds at most its one frame, hidden: prestarted once the page was idle
	// (data-prestart) or warmed by the crossing (embed.js; TestWarmFrameGoesLiveForAnotherFigure).
	if w := eval[[]bool](t, ctx, `(() => { const fr = [...document.querySelectorAll(".layoutlab-box > iframe")];
		return [fr.length <= 1, fr.length === 0 || (fr[0].classList.contains("layoutlab-parked") && getComputedStyle(fr[0]).visibility === "hidden")]; })()`); !w[0] || !w[1] {
		t.Errorf("a mouse crossing the last figure: at most one frame, hidden: got %v (one or none, hidden)", w)
	}
	// The last figure, the mouse resting on it, goes live; while it loads, its Interact button
	// says that the touch was seen.
	eval[bool](t, ctx, `(() => { const f = `+figureJS(n-1)+`, b = f.querySelector(".layoutlab-start"), box = f.querySelector(".layoutlab-box");
		window.__starting = b.textContent;
		new MutationObserver(() => { if (box.getAttribute("aria-busy") === "true") window.__starting = b.textContent; })
			.observe(f, {subtree: true, childList: true, characterData: true, attributes: true}); return true; })()`)
	label := eval[string](t, ctx, `window.__starting`)
	touchFigure(t, ctx, n-1, 3*time.Minute)
	if got := eval[string](t, ctx, `window.__starting`); got != "Starting…" {
		t.Errorf("while the touched figure loaded, its button read %q, want Starting…", got)
	}
	if got := eval[[]string](t, ctx, `[`+figureJS(n-1)+`.querySelector(".layoutlab-start").textContent, String(`+figureJS(n-1)+`.querySelector(".layoutlab-box").getAttribute("aria-busy"))]`); got[0] != label || got[1] != "null" {
		t.Errorf("live, the figure's button reads %q and its box is aria-busy=%s, want %q and no aria-busy", got[0], got[1], label)
	}
	if v := eval[[]string](t, ctx, `window.__csp`); len(v) != 0 {
		t.Errorf("CSP violations on the explainer: %v", v)
	}
	t.Logf("scrolled %.0f px: no figure started; the last one live when the mouse rested on it", height)
}

// TestEveryFigureGoesLiveWithItsPostersReadouts rests the mouse on each figure of the explainer
// in turn, waits for it to go live, and checks that the live figure shows the readouts its
// poster states (the engine's exact figures, data-value), never more than the live budget at
// once; that the figures left far behind went back to their posters; that frames were reused;
// and that no frame ends over one widget's memory budget.
func TestEveryFigureGoesLiveWithItsPostersReadouts(t *testing.T) {
	browserTimeout = 15 * time.Minute
	ctx := browser(t)
	countLive(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/")); err != nil {
		t.Fatal(err)
	}
	n := eval[int](t, ctx, `document.querySelectorAll("figure.layoutlab").length`)
	for i := 0; i < n; i++ {
		touchFigure(t, ctx, i, 3*time.Minute)
		// Its own scenario, not the one the reused frame showed before.
		if got, want := eval[string](t, ctx, figureJS(i)+`.querySelector(".layoutlab-box > iframe:not(.layoutlab-parked)").contentWindow.location.hash`),
			eval[string](t, ctx, `"#" + `+figureJS(i)+`.dataset.live.split("#")[1]`); got != want {
			t.Errorf("figure %d live shows the scenario %.30s…, want its own %.30s…", i, got, want)
		}
		checkLiveAgreesWithPoster(t, ctx, figureJS(i))
	}
	if m := eval[int](t, ctx, `window.__live.max`); m > liveBudget(t, ctx) {
		t.Errorf("%d figures were live at once, want at most %d", m, liveBudget(t, ctx))
	}
	if eval[bool](t, ctx, figureJS(0)+`.querySelector("iframe:not(.layoutlab-parked)") !== null`) {
		t.Error("the first figure, far off screen, is still live")
	}
	// Frames are reused, never piled up (issue #37): at most the live budget's number made in all.
	made, reused := eval[int](t, ctx, `layoutlabEmbed.framesMade`), eval[int](t, ctx, `layoutlabEmbed.reused`)
	if made > liveBudget(t, ctx) {
		t.Errorf("%d frames made while scrolling, want at most %d (reused %d)", made, liveBudget(t, ctx), reused)
	}
	if eval[bool](t, ctx, `typeof Element.prototype.moveBefore === "function"`) && reused == 0 {
		t.Error("no frame was reused though the browser has moveBefore")
	}
	// A reused frame holds the figure it shows, not every figure it showed (a swap forgets the
	// one before, wasm/swap.go): each frame's wasm linear memory, the peak of all its figures,
	// stays within one widget's budget.
	mem := eval[[]float64](t, ctx, `[...document.querySelectorAll(".layoutlab-box > iframe")].map((f) => {
		try { return f.contentWindow.layoutlab.wasmMemory(); } catch (e) { return 0; } })`)
	memMiB := make([]float64, len(mem))
	for i, b := range mem {
		memMiB[i] = math.Round(mib(b))
		if b >= MaxWidgetLinearMemory {
			t.Errorf("frame %d: %.1f MiB of wasm linear memory after the scroll, over the %d MiB budget of one widget", i, mib(b), MaxWidgetLinearMemory>>20)
		}
	}
	t.Logf("%d figures went live, at most %d at once, %d frames made, %d reused; wasm linear memory by frame %v MiB", n,
		eval[int](t, ctx, `window.__live.max`), made, reused, memMiB)
}

// checkPosterText: the figure states its readouts and its point as text, and its box is the
// live figure's (figureBox: 16:10, at least 460 px tall; 9:16 under 560 px wide).
func checkPosterText(t *testing.T, ctx context.Context, i int) {
	t.Helper()
	v := eval[map[string]any](t, ctx, `(() => { const f = `+figureJS(i)+`, b = f.querySelector(".layoutlab-box").getBoundingClientRect();
		return {alt: f.querySelector("img").alt, readouts: [...f.querySelectorAll("dd[data-metric]")].filter(d => d.textContent.trim() !== "").length,
			w: b.width, h: b.height}; })()`)
	if alt, _ := v["alt"].(string); len(alt) < 10 {
		t.Errorf("figure %d: the poster's alt text is %q", i, alt)
	}
	if r, _ := v["readouts"].(float64); r < 1 {
		t.Errorf("figure %d: no readouts as text", i)
	}
	w, _ := v["w"].(float64)
	h, _ := v["h"].(float64)
	if _, want := figureBox(int(math.Round(w))); h < float64(want)-1 || h > float64(want)+1 {
		t.Errorf("figure %d: box %.0fx%.0f px, want %d px tall", i, w, h, want)
	}
}

// checkLiveAgreesWithPoster compares the poster's readouts (data-value, and each one's label)
// with the live figure's.
func checkLiveAgreesWithPoster(t *testing.T, ctx context.Context, fig string) {
	t.Helper()
	diff := eval[[]string](t, ctx, `(() => { const f = `+fig+`, d = f.querySelector(".layoutlab-box > iframe:not(.layoutlab-parked)").contentDocument;
		return [...f.querySelectorAll(".layoutlab-poster dd[data-metric]")].flatMap(dd => {
			const live = d.querySelector('[data-metric="' + dd.dataset.metric + '"]');
			const got = live ? live.dataset.value : "(none)";
			const label = live && live.closest("dd") && live.closest("dd").previousElementSibling ? live.closest("dd").previousElementSibling.textContent : "(none)";
			const mine = dd.previousElementSibling.textContent;
			return (got === dd.dataset.value ? [] : [dd.dataset.metric + ": poster " + dd.dataset.value + ", live " + got]).concat(
				label === mine ? [] : [dd.dataset.metric + ": poster's label " + JSON.stringify(mine) + ", live " + JSON.stringify(label)]); }); })()`)
	for _, d := range diff {
		t.Errorf("%s: %s", eval[string](t, ctx, fig+`.dataset.title`), d)
	}
}

// TestTouchedFigureGoesLiveAndBackToItsPoster touches a figure (its Interact button, clicked),
// checks that it goes live in the same box (nothing on the page moves) and answers an input, then
// scrolls far away and back: it returned to its poster with the scenario the reader left, and
// goes live again on that scenario.
func TestTouchedFigureGoesLiveAndBackToItsPoster(t *testing.T) {
	ctx := browser(t)
	countLive(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/")); err != nil {
		t.Fatal(err)
	}
	// A panel figure in the middle of the page: two-keys.
	i := eval[int](t, ctx, `[...document.querySelectorAll("figure.layoutlab")].findIndex(f => f.querySelector("img").src.endsWith("/two-keys.svg"))`)
	if i < 0 {
		t.Fatal("no two-keys figure on the explainer")
	}
	fig := figureJS(i)
	first := eval[string](t, ctx, fig+`.dataset.live`)
	// Brought into view, in the middle of the screen: reaching it does not start it, the touch
	// does.
	eval[bool](t, ctx, `(`+fig+`.scrollIntoView({block: "center"}), true)`)
	time.Sleep(time.Second)
	if eval[bool](t, ctx, fig+`.querySelector("iframe:not(.layoutlab-parked)") !== null`) {
		t.Fatal("a figure on screen went live untouched")
	}
	before := eval[[]float64](t, ctx, `[`+fig+`.getBoundingClientRect().height, document.scrollingElement.scrollHeight]`)
	// The figure itself, not the i-th figure child of main: a figure may sit in a .pair beside
	// another (section 2's Z-order and Hilbert side by side).
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.JSPath(fig+`.querySelector(".layoutlab-start")`))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](liveReadyJS(i), chromedp.WithPollingTimeout(3*time.Minute))); err != nil {
		t.Fatalf("the touched figure never went live: %v", err)
	}
	after := eval[[]float64](t, ctx, `[`+fig+`.getBoundingClientRect().height, document.scrollingElement.scrollHeight]`)
	if before[0] != after[0] || before[1] != after[1] {
		t.Errorf("going live moved the page: figure %v px tall, page %v px; before, %v and %v", after[0], after[1], before[0], before[1])
	}
	checkLiveAgreesWithPoster(t, ctx, fig)

	// The reader steps a knob from the keyboard; the figure answers (draws again, its link
	// follows).
	frame := fig + `.querySelector(".layoutlab-box > iframe:not(.layoutlab-parked)")`
	frames := eval[int](t, ctx, frame+`.contentWindow.layoutlab.frames || 0`)
	// Its first slider, or else its first tick box (the knobs a figure shows are its own).
	key := eval[string](t, ctx, `(() => { const d = `+frame+`.contentDocument;
		const s = d.querySelector("input[type=range]") || d.querySelector("input[type=checkbox]"); if (!s) return "";
		`+frame+`.focus(); s.focus(); return s.type; })()`)
	if key == "" {
		t.Fatal("the live figure has no slider nor tick box")
	}
	for k := 0; k < 4; k++ {
		press := kb.ArrowUp
		if key == "checkbox" {
			press = " "
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent(press)); err != nil {
			t.Fatal(err)
		}
		if key == "checkbox" {
			break
		}
	}
	var changed string
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		changed = eval[string](t, ctx, frame+`.contentWindow.location.hash`)
		if !strings.HasSuffix(first, changed) && eval[int](t, ctx, frame+`.contentWindow.layoutlab.frames`) > frames {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the live figure did not answer the keyboard (link %q, frames %d)", changed, eval[int](t, ctx, frame+`.contentWindow.layoutlab.frames`))
		}
	}
	if _, err := scenario.ParseLink(changed); err != nil {
		t.Fatalf("the live figure's link %q does not parse: %v", changed, err)
	}

	// Far away: back to the poster, the reader's scenario kept.
	eval[bool](t, ctx, `(scrollTo(0, 0), true)`)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fig+`.querySelector("iframe:not(.layoutlab-parked)") === null && `+posterShownJS(i), chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("far off screen, the figure did not go back to its poster: %v", err)
	}
	if got := eval[string](t, ctx, fig+`.dataset.live`); !strings.HasSuffix(got, changed) {
		t.Errorf("back on its poster, the figure's scenario is %q, want the reader's %q", got, changed)
	}
	if got := eval[string](t, ctx, fig+`.querySelector("a.layoutlab-open").href`); !strings.HasSuffix(got, changed) {
		t.Errorf("back on its poster, Open in Layout Lab links %q, want the reader's scenario %q", got, changed)
	}
	// And back: live again, touched, on the reader's scenario.
	touchFigure(t, ctx, i, 3*time.Minute)
	if got := eval[string](t, ctx, frame+`.contentWindow.location.hash`); got != changed {
		t.Errorf("live again, the figure's scenario is %q, want the reader's %q", got, changed)
	}
	if m := eval[int](t, ctx, `window.__live.max`); m > liveBudget(t, ctx) {
		t.Errorf("%d figures were live at once, want at most %d", m, liveBudget(t, ctx))
	}
}

// TestExplainerWithoutJavaScript: with scripts off, every figure shows its poster and its
// readouts, in its box, and nothing goes live.
func TestExplainerWithoutJavaScript(t *testing.T) {
	ctx := browser(t)
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/")); err != nil {
		t.Fatal(err)
	}
	if eval[bool](t, ctx, `!!window.layoutlabEmbed`) {
		t.Fatal("embed.js ran: scripts were not off")
	}
	n := eval[int](t, ctx, `document.querySelectorAll("figure.layoutlab").length`)
	if n != len(scenario.Presets()) {
		t.Fatalf("without JavaScript the explainer shows %d figures, want %d", n, len(scenario.Presets()))
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`[...document.querySelectorAll("figure.layoutlab img")].every(i => i.complete)`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		if !eval[bool](t, ctx, posterShownJS(i)) {
			t.Errorf("without JavaScript, figure %d shows no poster", i)
		}
		checkPosterText(t, ctx, i)
	}
	if k := eval[int](t, ctx, `document.querySelectorAll("iframe").length`); k != 0 {
		t.Errorf("without JavaScript, %d iframes", k)
	}
	if eval[bool](t, ctx, `[...document.querySelectorAll(".layoutlab-start")].some(b => !b.hidden)`) {
		t.Error("without JavaScript, an Interact button (which needs it) is shown")
	}
}

// TestExplainerOnAPhone: on a 390x844 phone (scripts off: the posters alone) every figure's box
// is the narrow shape the live figure gets (figureBox), fits the screen, and shows the narrow
// poster in the picture's row, which is the live canvas's height (the box but the panel's
// NarrowPanel px) and which the poster fills: drawn at that size, not scaled down into it.
func TestExplainerOnAPhone(t *testing.T) {
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(3))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`[...document.querySelectorAll("figure.layoutlab img")].every(i => i.complete && i.naturalWidth > 0)`, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatal(err)
	}
	type fig struct {
		Box, Img   [2]float64
		Src        string
		Natural    [2]float64
		ReadoutsIn bool
	}
	figs := eval[[]fig](t, ctx, `[...document.querySelectorAll("figure.layoutlab")].map(f => {
		const b = f.querySelector(".layoutlab-box").getBoundingClientRect(), img = f.querySelector(".layoutlab-poster img"), i = img.getBoundingClientRect();
		const inside = [...f.querySelectorAll("dd[data-metric], .layoutlab-open")].every(e => { const r = e.getBoundingClientRect();
			return r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5 && r.left >= b.left - 0.5 && r.right <= b.right + 0.5; });
		return {box: [b.width, b.height], img: [i.width, i.height], src: img.currentSrc, natural: [img.naturalWidth, img.naturalHeight], readoutsIn: inside}; })`)
	if len(figs) != len(scenario.Presets()) {
		t.Fatalf("%d figures on the phone, want %d", len(figs), len(scenario.Presets()))
	}
	for i, f := range figs {
		bw, bh := figureBox(int(math.Round(f.Box[0])))
		canvas := math.Max(float64(bh)*0.45, float64(bh-figurebox.NarrowPanel))
		switch {
		case math.Abs(f.Box[1]-float64(bh)) > 1 || f.Box[1] > 844:
			t.Errorf("figure %d: box %vx%v px, want %dx%d within one 844 px screen", i, f.Box[0], f.Box[1], bw, bh)
		case !strings.HasSuffix(f.Src, ".narrow.svg"):
			t.Errorf("figure %d shows %s, not its narrow poster", i, f.Src)
		case math.Abs(f.Img[1]-canvas) > 1 || math.Abs(f.Img[0]-f.Box[0]) > 1:
			t.Errorf("figure %d: the picture's row is %vx%v px, the live canvas %vx%v", i, f.Img[0], f.Img[1], f.Box[0], canvas)
		case math.Abs(f.Natural[0]/f.Natural[1]-f.Img[0]/f.Img[1]) > 0.03:
			t.Errorf("figure %d: the poster (%vx%v) is not the shape of the canvas it stands for (%vx%v)", i, f.Natural[0], f.Natural[1], f.Img[0], f.Img[1])
		case !f.ReadoutsIn:
			t.Errorf("figure %d: its readouts or link leave the box", i)
		}
	}
	t.Logf("at 390x844: figure box %vx%v px, picture %vx%v, poster %vx%v", figs[0].Box[0], figs[0].Box[1], figs[0].Img[0], figs[0].Img[1], figs[0].Natural[0], figs[0].Natural[1])
}

// TestEmbedBoxIsPortraitOnAPhone: a figure as Copy embed and the snippets write it, its wide
// shape in a style attribute, on a page without a CSP (which would refuse that attribute), takes
// the narrow shape from embed.css in a column under 560 px wide, and keeps the wide one above.
func TestEmbedBoxIsPortraitOnAPhone(t *testing.T) {
	ctx := browser(t)
	f := figurebox.Figure{Base: server.URL + "/", Live: "figure.html", Open: "widget.html", Title: "t", Inline: true,
		Readouts: []figurebox.Readout{{Label: "Files read", Metric: "files_read", Value: "1", Text: "1"}}}
	// embed.css in the page itself: the build's server keeps its files to its own origin.
	css, err := os.ReadFile("../embed.css")
	if err != nil {
		t.Fatal(err)
	}
	page := `<!doctype html><meta name="viewport" content="width=device-width"><style>` + string(css) + `</style><body style="margin:0">` + f.HTML()
	if !strings.Contains(page, `style="`+figurebox.Box+`"`) {
		t.Fatalf("the figure has no inline box: %s", page)
	}
	for _, w := range []int{360, 390, 559, 700, 1000} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(w), 900), chromedp.Navigate("data:text/html,"+url.PathEscape(page))); err != nil {
			t.Fatal(err)
		}
		// embed.css applies once the figure is a size container.
		got, err := chromedp.Run(ctx, chromedp.Poll[[]float64](`(() => { const f = document.querySelector("figure.layoutlab");
			if (!f || getComputedStyle(f).containerType !== "inline-size") return null;
			const b = f.querySelector(".layoutlab-box").getBoundingClientRect(); return [b.width, b.height]; })()`, chromedp.WithPollingTimeout(20*time.Second)))
		if err != nil {
			t.Fatalf("at %d px, embed.css never applied: %v", w, err)
		}
		if _, h := figureBox(w); got[0] != float64(w) || math.Abs(got[1]-float64(h)) > 1 {
			t.Errorf("at %d px wide the box is %vx%v, want %dx%d", w, got[0], got[1], w, h)
		}
	}
}

// TestAMouseAlreadyOnAFigureStartsItByMoving: a figure that embed.js sets up with the mouse
// already over it (a page's figures added by a script, as a single-page docs site does, or the
// mouse resting where a figure appears as the page loads) is not entered again; the mouse moving
// on it starts it.
func TestAMouseAlreadyOnAFigureStartsItByMoving(t *testing.T) {
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.readyState === "complete" && !!window.layoutlabEmbed`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatal(err)
	}
	// A copy of the first figure, not yet known to embed.js, at the top of the page.
	c := eval[[]float64](t, ctx, `(() => { const f = document.querySelector("figure.layoutlab").cloneNode(true);
		document.querySelector("main").prepend(f); scrollTo(0, 0);
		const r = f.querySelector(".layoutlab-box").getBoundingClientRect(); return [r.left + r.width / 2, r.top + Math.min(r.height / 2, 100)]; })()`)
	if err := chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, c[0], c[1])); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	if eval[int](t, ctx, `layoutlabEmbed.starts`) != 0 {
		t.Fatal("a figure embed.js does not know went live")
	}
	eval[bool](t, ctx, `(layoutlabEmbed.scan(), true)`)
	if err := chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, c[0]+5, c[1])); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](liveReadyJS(0), chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("the mouse moving on the figure it was already on never started it: %v", err)
	}
}
