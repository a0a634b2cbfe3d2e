//go:build browser

package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestDevToolsCheckCanFail: the check (devTools, browser_test.go) reports what it is there to
// catch, naming the issue and its element, in a page and in a same-origin frame (a label for no
// control; an input whose id is an autocomplete token), a refused inline script (CSP), and a
// console error.
func TestDevToolsCheckCanFail(t *testing.T) {
	mux := http.NewServeMux()
	html := func(body string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte("<!doctype html><html lang=en><title>t</title>" + body))
		}
	}
	mux.HandleFunc("/label.html", html(`<label for="nothing">Name</label><input id="name" name="name">`))
	mux.HandleFunc("/frame.html", html(`<iframe src="framed.html" title="framed"></iframe>`))
	mux.HandleFunc("/framed.html", html(`<label for="nowhere">Name</label><input id="name" name="name">`))
	mux.HandleFunc("/autocomplete.html", html(`<label for="name">Name</label><input id="name" name="name">`))
	mux.HandleFunc("/console.html", html(`<script>console.error("something broke")</script>`))
	mux.HandleFunc("/csp.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "script-src 'self'")
		html(`<script>document.title = "inline"</script>`)(w, r)
	})
	mux.HandleFunc("/clean.html", html(`<label for="q">Query</label><input id="q" name="q">`))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	ctx := browser(t)
	d := watchDevTools(t, ctx)
	for _, c := range []struct{ page, want string }{
		{"label.html", `<label for="nothing">`},
		{"frame.html", `<label for="nowhere"> in ` + srv.URL + "/framed.html"},
		{"autocomplete.html", "FormInputAssignedAutocompleteValueToIdOrNameAttributeError"},
		{"console.html", "something broke"},
		{"csp.html", "ContentSecurityPolicyIssue"},
		{"clean.html", ""},
	} {
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"+c.page)); err != nil {
			t.Fatal(err)
		}
		if c.page == "frame.html" {
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector("iframe").contentDocument.readyState === "complete"`)); err != nil {
				t.Fatal(err)
			}
		}
		got := d.problems()
		t.Logf("%s: %q", c.page, got)
		if c.want == "" {
			if len(got) != 0 {
				t.Errorf("%s: reported %q, want nothing", c.page, got)
			}
			continue
		}
		if len(got) == 0 || !strings.Contains(strings.Join(got, "\n"), c.want) {
			t.Errorf("%s: reported %q, want a problem naming %s", c.page, got, c.want)
		}
	}
}

// TestSitePagesRaiseNoDevToolsIssues opens each of the site's pages as a reader uses it, with
// Chromium's issue reporting on, and fails on any issue, console error or failed request: the
// widget, a figure, the table page with a table opened, and the explainer with each of its
// figures made live.
func TestSitePagesRaiseNoDevToolsIssues(t *testing.T) {
	ctx := browser(t)
	d, failed := watchDevTools(t, ctx), failedRequests(ctx)

	open(t, ctx, "")
	d.check(t, "widget.html")

	openFigure(t, ctx, presetLink(t, "liquid"), 800)
	d.check(t, "figure.html")

	openTablePage(t, ctx)
	const part = "dat/basic_partitioned/delta"
	if msg := give(t, ctx, archive(t, filepath.Join(tablesDir, part), "zip")); msg != "" {
		t.Fatalf("opening %s: %s", part, msg)
	}
	where(t, ctx, "letter = 'a'")
	d.check(t, "table.html with "+part+" opened")

	if err := chromedp.Do(ctx, chromedp.Navigate(server.URL+"/")); err != nil {
		t.Fatal(err)
	}
	n := eval[int](t, ctx, `document.querySelectorAll("figure.layoutlab").length`)
	if n == 0 {
		t.Fatal("the explainer shows no figures")
	}
	for i := 0; i < n; i++ {
		touchFigure(t, ctx, i, 2*time.Minute)
		d.check(t, fmt.Sprintf("index.html, figure %d live", i))
	}
	// A failed request is on the console too; failedRequests says which. The browser asks for
	// the favicon by itself, off the console, and the site has none.
	for _, f := range failed() {
		if !strings.HasPrefix(f, server.URL+"/favicon.ico:") {
			t.Errorf("request failed: %s", f)
		}
	}
}
