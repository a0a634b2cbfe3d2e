// Package host serves Layout Lab's built site the way any static host would: plain files with
// their MIME types, and the gzip copy of the wasm served as the file it is (application/gzip, no
// Content-Encoding) so that the page decompresses it itself.
package host

import (
	"mime"
	"net/http"
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

// Handler serves the directory dir.
func Handler(dir string) http.Handler {
	fs := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		// Revalidate every time: a new build must replace the old one at once.
		w.Header().Set("Cache-Control", "no-cache")
		fs.ServeHTTP(w, r)
	})
}
