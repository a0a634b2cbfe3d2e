package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// How the service worker keeps a built file.
const (
	precached     = iota // cached at install: every page of the build may need it offline
	onDemandCache        // cached when a page asks for it (the table page's module)
	notCached            // fetched from the network each time, or never by a docs page
)

// cachedAs says how the service worker keeps the built file rel (a path in dist/).
func cachedAs(rel string) int {
	switch {
	// The plain wasm is only a fallback for browsers without DecompressionStream; the service
	// worker caches the gzip copy the page actually loads. The table page's advisor (advise.wasm)
	// is fetched only when the reader asks for advice, and the widget's "Embed this" module on
	// its first click: not cached ahead, not even for those pages' readers.
	case rel == "sw.js" || rel == "layoutlab.wasm" || rel == "table.wasm",
		strings.HasPrefix(rel, "advise.wasm"), strings.HasPrefix(rel, "embedthis."),
		strings.HasPrefix(rel, "bench/"): // the timing script's baseline, not the product
		return notCached
	// The table page's module (4 MB) is kept only for readers of that page, which asks the worker
	// for it: a docs reader of the widget never downloads it.
	case rel == "table.wasm.gz":
		return onDemandCache
	}
	return precached
}

// slimSize stands in embed.html for the slim set's size until patchSlimSize writes it: the size
// counts embed.html itself, so it is known only once the page is written.
const slimSize = "__SLIM_SIZE__"

// slimFiles is the slim set a docs site copies instead of the whole build (embed.html lists it):
// what the service worker caches ahead, and the worker itself, so a docs page's figures work
// online and offline; the pages site/gen is about to write included. A folder is listed once,
// with a slash. Left out: the plain .wasm copies (for browsers without DecompressionStream),
// the table page's modules and "Embed this"'s.
func slimFiles(src, out string) ([]string, error) {
	set := map[string]bool{"sw.js": true}
	pages, _ := filepath.Glob(filepath.Join(src, "*.tmpl.html"))
	for _, p := range pages {
		set[strings.TrimSuffix(filepath.Base(p), ".tmpl.html")+".html"] = true
	}
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(out, p)
		rel = filepath.ToSlash(rel)
		if cachedAs(rel) != precached {
			return nil
		}
		if dir, _, ok := strings.Cut(rel, "/"); ok {
			rel = dir + "/"
		}
		set[rel] = true
		return nil
	})
	var list []string
	for f := range set {
		list = append(list, f)
	}
	slices.Sort(list)
	return list, err
}

// patchSlimSize writes the slim set's size, in MB to one decimal, into embed.html, once every
// page is written, the service worker (written next) counted as it will be.
func patchSlimSize(src, out string) error {
	page := filepath.Join(out, "embed.html")
	b, err := os.ReadFile(page)
	if err != nil || !strings.Contains(string(b), slimSize) {
		return err // a build without the embedding page, or a page that states no size
	}
	var total int64
	err = filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(out, p)
		if cachedAs(filepath.ToSlash(rel)) == precached {
			info, err := d.Info()
			if err != nil {
				return err
			}
			total += info.Size()
		}
		return nil
	})
	if err != nil {
		return err
	}
	sw, err := serviceWorker(src, out) // its version changes with the page, not its length
	if err != nil {
		return err
	}
	size := fmt.Sprintf("%.1f MB", float64(total+int64(len(sw)))/1e6)
	return os.WriteFile(page, []byte(strings.ReplaceAll(string(b), slimSize, size)), 0o644)
}
