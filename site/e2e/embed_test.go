//go:build browser

package e2e

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/audits"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"layoutlab/site/host"
)

// TestWidgetRaisesNoDevToolsIssues loads the widget with Chromium's issue reporting on (the
// DevTools Issues panel: forms, accessibility, CSP, deprecations) and runs its forms check.
func TestWidgetRaisesNoDevToolsIssues(t *testing.T) {
	ctx := browser(t)
	var mu sync.Mutex
	var issues []string
	chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*audits.EventIssueAdded); ok {
			b, _ := json.Marshal(e.Issue.Details)
			mu.Lock()
			issues = append(issues, string(e.Issue.Code)+" "+string(b))
			mu.Unlock()
		}
	})
	if _, err := chromedp.Call(ctx, audits.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, "")
	forms, err := chromedp.Call(ctx, audits.CheckFormsIssues, cdp.Empty{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range forms.FormIssues {
		t.Errorf("forms check: %s on node %d (%s)", f.ErrorType, f.ViolatingNodeID, f.ViolatingNodeAttribute)
	}
	// The DOM's own view of the same rule: every label names a control.
	if n := eval[int](t, ctx, `[...document.querySelectorAll("label")].filter(l => !l.control).length`); n != 0 {
		t.Errorf("%d labels without a control", n)
	}
	time.Sleep(time.Second) // issues found while the page settles arrive as events
	mu.Lock()
	defer mu.Unlock()
	for _, i := range issues {
		t.Errorf("DevTools issue: %s", i)
	}
}

// TestSiteRootAndLazyFramesWorkOffline: after one visit to the site's root (the explainer, whose
// figures register the service worker), the root itself opens offline, and a figure that was
// never loaded (lazy, far down) loads from the worker: controlled by it and compiling the wasm
// it unpacked.
func TestSiteRootAndLazyFramesWorkOffline(t *testing.T) {
	srv := httptest.NewServer(host.Handler(distDir()))
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		t.Fatal(err)
	}
	// The first figure (near the top, so loaded at once) registers the worker once ready.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => { const w = document.querySelector("iframe").contentWindow;
		return !!(w.layoutlab && w.layoutlab.ready && w.navigator.serviceWorker.controller); })()`,
		chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("the first figure never became ready under the service worker: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(caches.match("layoutlab.wasm").then(r => window.__unpacked = !!r), window.__unpacked === true)`,
		chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatalf("the service worker never stored the unpacked wasm: %v", err)
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
	frames := eval[int](t, ctx, `document.querySelectorAll("iframe").length`)
	last := `document.querySelectorAll("iframe")[` + itoa(frames-1) + `]`
	if loaded := eval[bool](t, ctx, `!!`+last+`.contentWindow.layoutlab`); loaded {
		t.Fatal("the last figure loaded before it was scrolled to: it is not lazy")
	}
	eval[bool](t, ctx, `(`+last+`.scrollIntoView(), true)`)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => { const w = `+last+`.contentWindow; return !!(w.layoutlab && w.layoutlab.ready); })()`,
		chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("offline, the last figure never became ready: %v", err)
	}
	if !eval[bool](t, ctx, last+`.contentWindow.navigator.serviceWorker.controller !== null`) {
		t.Error("offline, the lazily loaded figure is not controlled by the service worker")
	}
	if from := eval[string](t, ctx, last+`.contentWindow.layoutlab.wasmFrom`); from != "sw" {
		t.Errorf("offline, the lazily loaded figure compiled the %s copy of the wasm, not the service worker's unpacked one", from)
	}
}
