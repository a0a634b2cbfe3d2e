//go:build browser

package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"layoutlab/engine/scenario"
	"layoutlab/site/host"
)

// recordRequests collects every URL the tab requests.
func recordRequests(ctx context.Context) func() []string {
	var mu sync.Mutex
	var urls []string
	chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			mu.Lock()
			urls = append(urls, e.Request.URL)
			mu.Unlock()
		}
	})
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), urls...)
	}
}

// watchCSP records Content-Security-Policy violations in window.__csp (the script is injected
// by the browser before the page's own, so the page's CSP does not apply to it).
func watchCSP(t *testing.T, ctx context.Context) {
	t.Helper()
	_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.__csp = []; document.addEventListener("securitypolicyviolation", e => window.__csp.push(e.violatedDirective + " " + e.blockedURI));`,
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestNoRequestLeavesTheOriginAndCSPHolds(t *testing.T) {
	ctx := browser(t)
	watchCSP(t, ctx)
	urls := recordRequests(ctx)
	open(t, ctx, scenario.Link(scenario.Default()))
	for _, u := range urls() {
		if !strings.HasPrefix(u, server.URL+"/") && !strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "blob:") && u != "about:blank" {
			t.Errorf("request outside the origin: %s", u)
		}
	}
	if v := eval[[]string](t, ctx, `window.__csp`); len(v) != 0 {
		t.Errorf("CSP violations: %v", v)
	}
	if n := len(urls()); n < 4 {
		t.Fatalf("only %d requests recorded: the listener is not working", n)
	}
}

func TestHostileStringsAreShownAsText(t *testing.T) {
	ctx := browser(t)
	s := scenario.Default()
	s.Panel.Where = `<img src=x onerror=alert(1)>`
	open(t, ctx, scenario.Link(s))
	if n := eval[int](t, ctx, `document.querySelectorAll("img").length`); n != 0 {
		t.Fatalf("%d img elements: a string field was parsed as HTML", n)
	}
	// The refusal names the offending token, shown as text.
	text := eval[string](t, ctx, `document.getElementById("delta-error").textContent`)
	if !strings.Contains(text, "'<'") {
		t.Fatalf("the refused predicate's message does not name the token; it says %q", text)
	}
	if got := eval[string](t, ctx, `document.getElementById("where").value`); got != s.Panel.Where {
		t.Fatalf("the where field holds %q, want the text as typed", got)
	}
}

func TestKeyboardReachesEveryControlAndLeavesTheCanvas(t *testing.T) {
	ctx := browser(t)
	open(t, ctx, "")
	// From the canvas, Tab must move focus out (Ebiten would otherwise swallow it).
	eval[bool](t, ctx, `(document.querySelector("canvas").focus(), document.activeElement.tagName === "CANVAS")`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
		t.Fatal(err)
	}
	if tag := eval[string](t, ctx, `document.activeElement.tagName`); tag == "CANVAS" {
		t.Fatal("Tab did not move focus out of the canvas")
	}
	want := eval[[]string](t, ctx, `[...document.querySelectorAll("#controls .knob:not([hidden]) input, #controls .knob:not([hidden]) select, button:not([hidden]):not(:disabled)")].map(e => e.id)`)
	visited := map[string]bool{}
	for i := 0; i < 80; i++ {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
			t.Fatal(err)
		}
		visited[eval[string](t, ctx, `document.activeElement.id`)] = true
	}
	for _, id := range want {
		if !visited[id] {
			t.Errorf("Tab never reached #%s", id)
		}
	}
	if len(want) < 8 {
		t.Fatalf("only %d controls found: %v", len(want), want)
	}
	// Every control has a label.
	if unlabeled := eval[[]string](t, ctx, `[...document.querySelectorAll("#controls input, #controls select")].filter(e => !e.labels || e.labels.length === 0).map(e => e.id)`); len(unlabeled) != 0 {
		t.Errorf("controls without a label: %v", unlabeled)
	}
}

func TestWorksOfflineAfterOneVisit(t *testing.T) {
	dist, _ := filepath.Abs("../../dist")
	srv := httptest.NewServer(host.Framed(dist, host.SelfOnly))
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/widget.html")); err != nil {
		t.Fatal(err)
	}
	if err := waitReady(ctx); err != nil {
		t.Fatal(err)
	}
	// Wait until the worker has installed and precached the build, and unpacked the wasm.
	if err := waitWasmUnpacked(ctx); err != nil {
		t.Fatal(err)
	}
	cached, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(async () => { const k = await caches.keys(); let n = 0; for (const c of k) n += (await (await caches.open(c)).keys()).length; return n; })()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if cached < 5 {
		t.Fatalf("only %d responses precached", cached)
	}
	// The table page's module is that page's alone: a widget reader never downloads it.
	if kept, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`caches.match("table.wasm.gz").then(r => !!r)`, chromedp.EvalAwaitPromise)); err != nil || kept {
		t.Fatalf("a visit to the widget precached table.wasm.gz, the table page's module (%v)", err)
	}
	srv.Close()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/widget.html"+scenario.Link(scenario.Default()))); err != nil {
		t.Fatalf("offline navigation failed: %v", err)
	}
	if err := waitReady(ctx); err != nil {
		t.Fatalf("widget did not start offline: %v", err)
	}
	t.Logf("offline start from the service worker cache: %.0f ms to first frame (%s wall)", eval[float64](t, ctx, `window.layoutlab.firstFrame`), time.Since(start).Round(time.Millisecond))
	if got := metric(t, ctx, "files_total"); got != "32" {
		t.Fatalf("offline widget shows %q files", got)
	}
	// The wasm came from the worker's unpacked copy, which Chromium code-caches (sw.tmpl.js).
	if from := eval[string](t, ctx, `window.layoutlab.wasmFrom`); from != "sw" {
		t.Fatalf("offline start compiled the %s copy of the wasm, not the service worker's unpacked one", from)
	}
	// A docs figure (figure.html) is precached with the widget.
	p, _ := scenario.PresetByName("liquid")
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/figure.html"+scenario.Link(p.Scenario))); err != nil {
		t.Fatalf("offline navigation to figure.html failed: %v", err)
	}
	if err := waitReady(ctx); err != nil {
		t.Fatalf("figure.html did not start offline: %v", err)
	}
}

// TestDamagedCachedWasmFallsBack: a wasm in the service worker's cache that does not compile
// (storage trouble, a hand-edited cache) is dropped, and the page starts from the gzip copy.
func TestDamagedCachedWasmFallsBack(t *testing.T) {
	ctx := browser(t)
	open(t, ctx, "")
	if err := waitWasmUnpacked(ctx); err != nil {
		t.Fatal(err)
	}
	// The wasm magic and version, then a section cut short.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(async () => {
		const k = (await caches.keys()).find((k) => k.startsWith("layoutlab-"));
		await (await caches.open(k)).put("layoutlab.wasm", new Response(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 9]),
			{headers: {"Content-Type": "application/wasm"}}));
		return true;
	})()`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, "")
	if got := metric(t, ctx, "files_total"); got != "32" {
		t.Fatalf("after a damaged cached wasm the widget shows %q files", got)
	}
	if from := eval[string](t, ctx, `window.layoutlab.wasmFrom`); from != "gzip" {
		t.Fatalf("after a damaged cached wasm the page compiled the %s copy, not the gzip one", from)
	}
	if kept, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`caches.match("layoutlab.wasm").then((r) => !!r)`, chromedp.EvalAwaitPromise)); err != nil || kept {
		t.Fatalf("the damaged wasm is still in the cache (%v)", err)
	}
}

// legacySnippet is the plain-HTML embed published before figures (a bare iframe of the full
// widget, sized by embed.js): pages that carry it keep working.
func legacySnippet(t *testing.T) string {
	return `<iframe src="layoutlab/widget.html` + presetLink(t, "liquid") + `" title="Layout Lab: liquid clustering"
        loading="lazy" style="width:100%;height:560px;border:0"></iframe>
<script src="layoutlab/embed.js" defer></script>`
}

// TestEmbedSnippetUnderASubPath: the legacy embed (a bare widget iframe and embed.js) on a page
// under a sub-path is sized to its widget's panel as it grows and shrinks.
func TestEmbedSnippetUnderASubPath(t *testing.T) {
	dist, _ := filepath.Abs("../../dist")
	snippet := legacySnippet(t)
	mux := http.NewServeMux()
	mux.Handle("/docs/layoutlab/", http.StripPrefix("/docs/layoutlab", host.Framed(dist, host.SelfOnly)))
	mux.HandleFunc("/docs/guide/page.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		// The docs page lives one level down, so the author's relative path gains a "../".
		page := strings.ReplaceAll(snippet, `"layoutlab/`, `"../layoutlab/`)
		w.Write([]byte("<!doctype html><title>docs</title><h1>Some docs</h1>\n" + page))
	})
	mux.HandleFunc("/docs/guide/fixed.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		// Without embed.js the iframe keeps the author's height.
		page, _, _ := strings.Cut(strings.ReplaceAll(snippet, `"layoutlab/`, `"../layoutlab/`), "<script")
		w.Write([]byte("<!doctype html><title>docs</title><h1>Some docs</h1>\n" + page))
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	ctx := browser(t)
	urls := recordRequests(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/docs/guide/page.html")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => { const f = document.querySelector("iframe"); return !!(f && f.contentWindow.layoutlab && f.contentWindow.layoutlab.ready); })()`,
		chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("embedded widget never became ready: %v", err)
	}
	// The loader sized the iframe to the height the widget reported: its panel's, which follows
	// its content as it grows and shrinks, with nothing scrolling inside the iframe.
	waitSizedToPanel(t, ctx, "the liquid preset")
	height := func() int { return eval[int](t, ctx, `document.querySelector("iframe").contentWindow.innerHeight`) }
	toggle := func(summary string, open bool) {
		t.Helper()
		eval[bool](t, ctx, fmt.Sprintf(`(() => { const d = [...document.querySelector("iframe").contentDocument.querySelectorAll("details")].find(d => d.querySelector("summary").textContent.startsWith(%q)); d.open = %v; return true; })()`, summary, open))
	}
	h0 := height()
	toggle("DESCRIBE DETAIL", true) // filled by the widget when opened (wasm/timeline.go, bindDetails)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`%s && document.querySelector("iframe").contentWindow.innerHeight > %d`, sizedJS, h0+100),
		chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("opening DESCRIBE DETAIL did not grow the iframe beyond %d px: %d px", h0, height())
	}
	h1 := height()
	toggle("DESCRIBE DETAIL", false)
	toggle("This day's statements", false)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`%s && document.querySelector("iframe").contentWindow.innerHeight < %d`, sizedJS, h0),
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("closing the details did not shrink the iframe below %d px: %d px", h0, height())
	}
	t.Logf("iframe height: %d px, %d px with DESCRIBE DETAIL open, %d px with both closed", h0, h1, height())
	// Switching the view replaces the timeline's controls and text with the panel's.
	eval[bool](t, ctx, `(() => { const v = document.querySelector("iframe").contentDocument.getElementById("view"); v.value = "panel"; v.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector("iframe").contentDocument.getElementById("timeline-text").hidden && `+sizedJS,
		chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("after switching to the panel view the iframe is not sized to its panel (%d px)", height())
	}
	t.Logf("iframe height in the panel view: %d px", height())
	// Below 700 px wide the panel sits under the canvas, whose height follows the width alone.
	eval[bool](t, ctx, `(document.querySelector("iframe").style.width = "390px", true)`)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector("iframe").contentWindow.innerWidth === 390 && `+sizedJS,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("at 390 px wide the iframe is not sized to its panel (%d px)", height())
	}
	narrow := eval[[]float64](t, ctx, `(() => { const d = document.querySelector("iframe").contentDocument;
		const c = d.querySelector("canvas").getBoundingClientRect(), p = d.getElementById("panel").getBoundingClientRect();
		return [c.width, c.height, p.top, p.height]; })()`)
	if narrow[0] != 390 || narrow[1] < 220 || narrow[1] > 390 || narrow[2] < narrow[1] {
		t.Errorf("at 390 px wide: canvas %vx%v px, panel from %v px: want the full width, 220 to 390 px tall, the panel below it", narrow[0], narrow[1], narrow[2])
	}
	t.Logf("at 390 px wide: canvas %vx%v px, panel %v px tall below it, iframe %d px", narrow[0], narrow[1], narrow[3], height())

	// Without embed.js, in an iframe of the author's fixed height, the panel scrolls within it.
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/docs/guide/fixed.html")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => { const f = document.querySelector("iframe"); return !!(f && f.contentWindow.layoutlab && f.contentWindow.layoutlab.ready); })()`,
		chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("embedded widget (no embed.js) never became ready: %v", err)
	}
	fixed := eval[[]float64](t, ctx, `(() => { const w = document.querySelector("iframe").contentWindow, p = w.document.getElementById("panel");
		return [w.innerHeight, p.getBoundingClientRect().bottom, p.scrollHeight, p.clientHeight, w.getComputedStyle(p).overflowY === "auto" ? 1 : 0]; })()`)
	if fixed[0] != 560 || fixed[1] > fixed[0]+1 || fixed[2] <= fixed[3] || fixed[4] != 1 {
		t.Errorf("without embed.js: iframe %v px tall, panel ends at %v px with %v of %v px shown, scrollable %v: want 560 px and a panel within it that scrolls",
			fixed[0], fixed[1], fixed[3], fixed[2], fixed[4] == 1)
	}
	for _, u := range urls() {
		// The docs page's own favicon is the host's business, not the widget's.
		if strings.HasPrefix(u, "http") && !strings.HasPrefix(u, srv.URL+"/docs/") && u != srv.URL+"/favicon.ico" {
			t.Errorf("embedded widget requested %s, outside its sub-path", u)
		}
	}
}

// sizedJS is true when the page's first iframe is as tall as its widget's panel reaches (the
// height loader.js reports) and nothing scrolls inside it.
const sizedJS = `(() => {
	const f = document.querySelector("iframe"), d = f.contentDocument, p = d.getElementById("panel");
	const want = Math.max(480, Math.ceil(p.getBoundingClientRect().top + p.scrollHeight));
	return f.style.height === want + "px" && f.contentWindow.innerHeight === want &&
		p.scrollHeight <= p.clientHeight + 1 && d.scrollingElement.scrollHeight <= f.contentWindow.innerHeight + 1;
})()`

func waitSizedToPanel(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](sizedJS, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("%s: the iframe is not sized to its panel: %v", what, eval[any](t, ctx, `(() => {
			const f = document.querySelector("iframe"), d = f.contentDocument, p = d.getElementById("panel");
			return {style: f.style.height, client: f.clientHeight, panelBottom: p.getBoundingClientRect().bottom,
				panelScroll: p.scrollHeight, panelClient: p.clientHeight, docScroll: d.scrollingElement.scrollHeight};
		})()`))
	}
}
