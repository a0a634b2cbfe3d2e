// Package host serves Layout Lab's built site the way any static host would: plain files with
// their MIME types, text (pages, scripts, styles, SVG, JSON) gzip-encoded for a browser that
// accepts it, and the gzip copy of the wasm served as the file it is (application/gzip, no
// Content-Encoding) so that the page decompresses it itself. It also sends the headers the
// hosting note of embed.html asks a host for (see Handler).
package host

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"html"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/klauspost/compress/gzhttp"
)

func init() {
	for ext, typ := range map[string]string{
		".wasm":        "application/wasm",
		".gz":          "application/gzip",
		".js":          "text/javascript; charset=utf-8",
		".json":        "application/json",
		".webmanifest": "application/manifest+json",
	} {
		mime.AddExtensionType(ext, typ)
	}
}

// SelfOnly is the frame-ancestors source list Handler uses: only pages of the same origin may
// frame the site's pages, which is how a docs site embeds it (its pages and the copied build
// share a host: embed.html). A build on a host of its own, framed by docs elsewhere, lists
// those docs' origins instead (serve's --frame-ancestors).
const SelfOnly = "'self'"

// Framed serves the directory dir, with, on every response:
//   - X-Content-Type-Options: nosniff, so that a file is run only as the type it is served as;
//   - Cache-Control: no-cache and an ETag of the file's bytes: a browser keeps the wasm (4 MB)
//     and revalidates it, a 304 when the build did not change it. Not max-age or immutable:
//     the files' names carry no version, and wasm_exec.js must match the wasm it runs;
//
// on a page that declares a Content-Security-Policy in a <meta> element (every page of the
// site does), that policy as a header with frame-ancestors added: a <meta> policy cannot carry
// frame-ancestors (CSP Level 3, 6.4.2), so without the header any site could frame the pages.
// The header sends the page's own policy and nothing more, so each page keeps what it needs
// (the widget's 'wasm-unsafe-eval', the explainer's frame-src 'self'); a page without one, such
// as a docs page around the copied build, gets none.
//
// Text is gzip-encoded for a browser that accepts it, as static hosts do (about 30 KB of the
// widget's page, loader and styles on a first visit), its ETag suffixed (RFC 9110 8.8.3: the
// encoded bytes are another representation); the wasm and its .gz are never encoded again.
//
// A directory without an index.html is not listed: it is a 404.
func Framed(dir, frameAncestors string) http.Handler {
	fsys := noListing{http.Dir(dir)}
	files := http.FileServer(fsys)
	h := &handler{fsys: fsys, frameAncestors: frameAncestors, seen: map[string]fileFacts{}}
	return textEncoded(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Cache-Control", "no-cache")
		name := path.Clean("/" + r.URL.Path)
		if strings.HasSuffix(r.URL.Path, "/") {
			name = path.Join(name, "index.html")
		}
		if f, ok := h.facts(name); ok {
			w.Header().Set("ETag", f.etag)
			if f.policy != "" {
				w.Header().Set("Content-Security-Policy", f.policy+"; frame-ancestors "+frameAncestors)
			}
		}
		// A revalidation names the encoded representation's ETag: FileServer compares the file's.
		if inm := r.Header.Get("If-None-Match"); inm != "" {
			r.Header.Set("If-None-Match", strings.ReplaceAll(inm, etagSuffix+`"`, `"`))
		}
		files.ServeHTTP(w, r)
	}))
}

// etagSuffix marks the ETag of a gzip-encoded response.
const etagSuffix = "-gzip"

// encodedTypes are the types textEncoded compresses: the site's text.
var encodedTypes = []string{"text/html", "text/css", "text/javascript", "text/plain", "text/markdown",
	"application/json", "application/manifest+json", "image/svg+xml"}

// textEncoded gzip-encodes h's text responses for a browser that accepts gzip.
func textEncoded(h http.Handler) http.Handler {
	wrap, err := gzhttp.NewWrapper(gzhttp.ContentTypes(encodedTypes), gzhttp.SuffixETag(etagSuffix))
	if err != nil {
		panic(err) // the options above are constants
	}
	return wrap(h)
}

// maxHead is how much of a page is searched for its policy <meta>: it is in the <head>, within
// the first lines of every page of the site.
const maxHead = 4096

var metaCSP = regexp.MustCompile(`(?i)<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"`)

type handler struct {
	fsys           http.FileSystem
	frameAncestors string
	mu             sync.Mutex
	seen           map[string]fileFacts // by name, valid while the file's size and time match
}

type fileFacts struct {
	size    int64
	modTime time.Time
	etag    string
	policy  string // the page's <meta> policy, "" for a file that is not a page or has none
}

// facts returns the ETag and the policy of the regular file name, read once per version of
// the file; false when it is not a regular file (FileServer then answers).
func (h *handler) facts(name string) (fileFacts, bool) {
	f, err := h.fsys.Open(name)
	if err != nil {
		return fileFacts{}, false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return fileFacts{}, false
	}
	h.mu.Lock()
	got, ok := h.seen[name]
	h.mu.Unlock()
	if ok && got.size == st.Size() && got.modTime.Equal(st.ModTime()) {
		return got, true
	}
	sum := sha256.New()
	var head bytes.Buffer
	if _, err := io.Copy(io.MultiWriter(sum, &limitedBuffer{&head, maxHead}), f); err != nil {
		return fileFacts{}, false
	}
	got = fileFacts{size: st.Size(), modTime: st.ModTime(), etag: `"` + hex.EncodeToString(sum.Sum(nil)[:16]) + `"`}
	if strings.HasSuffix(name, ".html") {
		if m := metaCSP.FindSubmatch(head.Bytes()); m != nil {
			got.policy = strings.TrimRight(strings.TrimSpace(html.UnescapeString(string(m[1]))), ";")
		}
	}
	h.mu.Lock()
	h.seen[name] = got
	h.mu.Unlock()
	return got, true
}

// limitedBuffer keeps the first max bytes written to it and accepts the rest unkept.
type limitedBuffer struct {
	b   *bytes.Buffer
	max int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := l.max - l.b.Len(); room > 0 {
		l.b.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

// noListing is the site's files with no directory listings: a directory opens only when it
// holds an index.html, which FileServer then serves.
type noListing struct{ http.FileSystem }

func (n noListing) Open(name string) (http.File, error) {
	f, err := n.FileSystem.Open(name)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if st.IsDir() {
		idx, err := n.FileSystem.Open(path.Join(name, "index.html"))
		if err != nil {
			f.Close()
			return nil, fs.ErrNotExist
		}
		idx.Close()
	}
	return f, nil
}
