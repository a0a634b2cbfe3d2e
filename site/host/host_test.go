package host

import (
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// site copies the site's pages into a directory as the build names them (their heads, which
// hold the policies, are not templated), with a folder holding no index.html (as posters/ in
// the build) and one holding one.
func site(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for from, to := range map[string]string{
		"../widget.html": "widget.html", "../figure.html": "figure.html", "../table.html": "table.html",
		"../index.tmpl.html": "index.html", "../embed.tmpl.html": "embed.html",
	} {
		b, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(dir, to), string(b))
	}
	write(t, filepath.Join(dir, "layoutlab.wasm"), "\x00asm\x01\x00\x00\x00")
	write(t, filepath.Join(dir, "posters", "liquid.svg"), "<svg/>")
	write(t, filepath.Join(dir, "guide", "index.html"), "<!doctype html><p>a docs page, no policy of its own")
	return dir
}

func write(t *testing.T, name, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func get(t *testing.T, h http.Handler, target string, hdr ...string) *http.Response {
	t.Helper()
	req := httptest.NewRequest("GET", target, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

var metaPolicy = regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]+)">`)

// TestPagesGetTheirPolicyAndFrameAncestors: each page's header is the policy its <meta>
// declares, with frame-ancestors added, and nothing else; every response says nosniff.
func TestPagesGetTheirPolicyAndFrameAncestors(t *testing.T) {
	dir := site(t)
	for _, fa := range []string{SelfOnly, "'self' https://docs.example.org"} {
		h := Framed(dir, fa)
		for target, file := range map[string]string{"/widget.html": "widget.html", "/figure.html": "figure.html",
			"/table.html": "table.html", "/": "index.html", "/embed.html": "embed.html"} {
			b, _ := os.ReadFile(filepath.Join(dir, file))
			m := metaPolicy.FindSubmatch(b)
			if m == nil {
				t.Fatalf("%s declares no policy", file)
			}
			res := get(t, h, target)
			want := html.UnescapeString(string(m[1])) + "; frame-ancestors " + fa
			if res.StatusCode != 200 || res.Header.Get("Content-Security-Policy") != want {
				t.Errorf("%s: %d, policy %q, want %q", target, res.StatusCode, res.Header.Get("Content-Security-Policy"), want)
			}
			if got := res.Header.Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("%s: X-Content-Type-Options %q", target, got)
			}
		}
	}
	h := Framed(dir, SelfOnly)
	if p := get(t, h, "/widget.html").Header.Get("Content-Security-Policy"); !strings.Contains(p, "script-src 'self' 'wasm-unsafe-eval';") {
		t.Errorf("the widget's policy lacks what its wasm needs: %q", p)
	}
	if p := get(t, h, "/embed.html").Header.Get("Content-Security-Policy"); strings.Contains(p, "wasm-unsafe-eval") {
		t.Errorf("the embedding page got the widget's policy: %q", p)
	}
	// A docs page around the build has no policy of its own and gets none.
	if res := get(t, h, "/guide/"); res.StatusCode != 200 || res.Header.Get("Content-Security-Policy") != "" {
		t.Errorf("/guide/: %d, policy %q", res.StatusCode, res.Header.Get("Content-Security-Policy"))
	}
	for _, target := range []string{"/layoutlab.wasm", "/posters/liquid.svg"} {
		if res := get(t, h, target); res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no nosniff", target)
		}
	}
}

// TestNoDirectoryListings: a folder without an index.html is a 404, not a list of its files.
func TestNoDirectoryListings(t *testing.T) {
	h := Framed(site(t), SelfOnly)
	for _, target := range []string{"/posters/", "/posters"} {
		res := get(t, h, target)
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusNotFound || strings.Contains(string(body), "liquid.svg") {
			t.Errorf("%s: %d %q", target, res.StatusCode, body)
		}
	}
	if res := get(t, h, "/posters/liquid.svg"); res.StatusCode != 200 {
		t.Errorf("a file in the folder: %d", res.StatusCode)
	}
}

// TestWasmIsRevalidated: the wasm is cached and revalidated (no-cache with an ETag of its
// bytes): the same bytes answer 304, new bytes a new ETag.
func TestWasmIsRevalidated(t *testing.T) {
	dir := site(t)
	h := Framed(dir, SelfOnly)
	res := get(t, h, "/layoutlab.wasm")
	etag := res.Header.Get("ETag")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/wasm" ||
		res.Header.Get("Cache-Control") != "no-cache" || etag == "" {
		t.Fatalf("%d %v", res.StatusCode, res.Header)
	}
	if res := get(t, h, "/layoutlab.wasm", "If-None-Match", etag); res.StatusCode != http.StatusNotModified {
		t.Errorf("same bytes: %d, want 304", res.StatusCode)
	}
	name := filepath.Join(dir, "layoutlab.wasm")
	write(t, name, "\x00asm\x01\x00\x00\x00\x00")
	os.Chtimes(name, time.Now(), time.Now().Add(time.Minute))
	res = get(t, h, "/layoutlab.wasm", "If-None-Match", etag)
	if res.StatusCode != 200 || res.Header.Get("ETag") == etag {
		t.Errorf("new bytes: %d, ETag %q", res.StatusCode, res.Header.Get("ETag"))
	}
}

// TestHostingNoteListsTheHeaders: the headers embed.html tells a host to send are the ones
// Handler sends.
func TestHostingNoteListsTheHeaders(t *testing.T) {
	b, err := os.ReadFile("../embed.tmpl.html")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)<code data-file="headers">(.*?)</code>`).FindSubmatch(b)
	if m == nil {
		t.Fatal(`embed.tmpl.html has no <code data-file="headers"> block`)
	}
	res := get(t, Framed(site(t), SelfOnly), "/figure.html")
	lines := strings.Split(html.UnescapeString(string(m[1])), "\n")
	for _, want := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Cache-Control"} {
		found := false
		for _, l := range lines {
			name, value, _ := strings.Cut(l, ": ")
			if name != want {
				continue
			}
			found = true
			if got := res.Header.Get(name); got != value && !strings.HasSuffix(got, "; "+value) {
				t.Errorf("the note says %s: %s; Handler sends %q", name, value, got)
			}
		}
		if !found {
			t.Errorf("the note lacks %s", want)
		}
	}
}

// TestTextIsGzipEncoded: a page, a script or a style goes gzip-encoded to a browser that
// accepts it, with its own ETag that still revalidates to a 304; the wasm and its .gz never
// are (the page unpacks the .gz itself), and a client without gzip gets the plain bytes.
func TestTextIsGzipEncoded(t *testing.T) {
	dir := site(t)
	write(t, filepath.Join(dir, "loader.js"), strings.Repeat("// a script long enough to be worth compressing\n", 100))
	write(t, filepath.Join(dir, "layoutlab.wasm.gz"), strings.Repeat("\x1f\x8b", 2000))
	h := Framed(dir, SelfOnly)
	for _, name := range []string{"/widget.html", "/loader.js"} {
		plain := get(t, h, name)
		res := get(t, h, name, "Accept-Encoding", "gzip")
		if res.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
			t.Fatalf("%s: %v", name, res.Header)
		}
		if plain.Header.Get("Content-Encoding") != "" {
			t.Errorf("%s without Accept-Encoding: %v", name, plain.Header)
		}
		etag := res.Header.Get("ETag")
		if etag == plain.Header.Get("ETag") || !strings.HasSuffix(etag, etagSuffix+`"`) {
			t.Errorf("%s: encoded ETag %q, plain %q", name, etag, plain.Header.Get("ETag"))
		}
		if res := get(t, h, name, "Accept-Encoding", "gzip", "If-None-Match", etag); res.StatusCode != http.StatusNotModified {
			t.Errorf("%s revalidated: %d, want 304", name, res.StatusCode)
		}
		if name == "/widget.html" && res.Header.Get("Content-Security-Policy") == "" {
			t.Errorf("%s encoded lost its policy header", name)
		}
	}
	for _, name := range []string{"/layoutlab.wasm", "/layoutlab.wasm.gz"} {
		if res := get(t, h, name, "Accept-Encoding", "gzip"); res.Header.Get("Content-Encoding") != "" {
			t.Errorf("%s: Content-Encoding %q", name, res.Header.Get("Content-Encoding"))
		}
	}
}
