//go:build browser

package e2e

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// cspViolationsJS records, in every document of the tab from its first script on, each
// securitypolicyviolation the document's policies raise.
const cspViolationsJS = `window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__csp.push(e.violatedDirective + " blocked " + e.blockedURI + " at " + e.sourceFile + ":" + e.lineNumber));`

// TestServedPagesWorkUnderTheirCSPHeader: each page, served with its policy as a header (site/
// host), does all it does with no CSP violation: the widget and a figure draw (their wasm needs
// 'wasm-unsafe-eval'), the table page's module starts, the explainer's figure goes live in its
// same-origin frame. A page of another origin cannot frame a figure (frame-ancestors 'self').
func TestServedPagesWorkUnderTheirCSPHeader(t *testing.T) {
	ctx := browser(t)
	d := watchDevTools(t, ctx)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: cspViolationsJS}); err != nil {
		t.Fatal(err)
	}
	header := func(path string) string {
		res, err := http.Get(server.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.Header.Get("Content-Security-Policy")
	}
	noViolations := func(where string) {
		t.Helper()
		if v := eval[[]string](t, ctx, `window.__csp`); len(v) != 0 {
			t.Errorf("%s: CSP violations: %q", where, v)
		}
		d.check(t, where)
	}
	for _, p := range []string{"/widget.html", "/figure.html", "/table.html", "/", "/embed.html"} {
		if h := header(p); !strings.HasSuffix(h, "; frame-ancestors 'self'") || !strings.Contains(h, "default-src 'self'") {
			t.Errorf("%s: Content-Security-Policy %q", p, h)
		}
	}

	open(t, ctx, "")
	noViolations("widget.html")

	openFigure(t, ctx, presetLink(t, "liquid"), 800)
	noViolations("figure.html")

	openTablePage(t, ctx)
	noViolations("table.html")

	for _, p := range []string{"/embed.html", "/"} {
		if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(server.URL+p)); err != nil {
			t.Fatal(err)
		}
		touchFigure(t, ctx, 0, 2*time.Minute)
		noViolations(p + ", a figure live")
	}

	// Another origin (another port) framing a figure: the frame is refused.
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(`<!doctype html><iframe src="` + server.URL + `/figure.html"></iframe>`))
	}))
	defer other.Close()
	if err := chromedp.Do(ctx, chromedp.Navigate(other.URL+"/")); err != nil {
		t.Fatal(err)
	}
	var refused bool
	for try := 0; try < 50 && !refused; try++ {
		tree, err := chromedp.Call(ctx, page.GetFrameTree, cdp.Empty{})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range tree.FrameTree.ChildFrames {
			if c.Frame.UnreachableURL != "" || strings.HasPrefix(c.Frame.URL, "chrome-error:") {
				refused = true
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	if !refused {
		t.Error("a page of another origin framed figure.html")
	}
	p := strings.Join(d.problems(), "\n")
	if !strings.Contains(p, "frame-ancestors") {
		t.Errorf("DevTools reported no frame-ancestors refusal: %q", p)
	}
}
