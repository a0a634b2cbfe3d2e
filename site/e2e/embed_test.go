//go:build browser

package e2e

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"layoutlab/site/host"
)

// TestSiteRootAndLazyFramesWorkOffline: after one visit to the site's root (the explainer, whose
// embed.js registers the service worker once the page has loaded: data-offline), with no figure
// touched, the root itself opens offline with every figure's poster, and a figure touched then
// goes live from the worker: controlled by it and compiling the wasm it unpacked.
func TestSiteRootAndLazyFramesWorkOffline(t *testing.T) {
	srv := httptest.NewServer(host.Framed(distDir(), host.SelfOnly))
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`navigator.serviceWorker.controller !== null`, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("the explainer, untouched, never came under the service worker: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(caches.match("layoutlab.wasm").then(r => window.__unpacked = !!r), window.__unpacked === true)`,
		chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatalf("the service worker never stored the unpacked wasm: %v", err)
	}
	if eval[int](t, ctx, `layoutlabEmbed.starts`) != 0 {
		t.Fatal("a figure went live untouched")
	}
	srv.Close()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		t.Fatalf("the site root did not open offline: %v", err)
	}
	if title := eval[string](t, ctx, `document.title`); !strings.HasPrefix(title, "Layout Lab") {
		t.Fatalf("offline, the site root shows %q, not the explainer", title)
	}
	n := eval[int](t, ctx, `document.querySelectorAll("figure.layoutlab").length`)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`[...document.querySelectorAll("figure.layoutlab img")].every(i => i.complete && i.naturalWidth > 0)`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("offline, not every poster shows: %v", err)
	}
	last := figureJS(n - 1)
	if eval[bool](t, ctx, last+`.querySelector("iframe:not(.layoutlab-parked)") !== null`) {
		t.Fatal("the last figure went live before it was touched")
	}
	touchFigure(t, ctx, n-1, 2*time.Minute)
	frame := last + `.querySelector("iframe:not(.layoutlab-parked)")`
	if !eval[bool](t, ctx, frame+`.contentWindow.navigator.serviceWorker.controller !== null`) {
		t.Error("offline, the figure made live is not controlled by the service worker")
	}
	if from := eval[string](t, ctx, frame+`.contentWindow.layoutlab.wasmFrom`); from != "sw" {
		t.Errorf("offline, the figure made live compiled the %s copy of the wasm, not the service worker's unpacked one", from)
	}
}
