//go:build browser

package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// BenchmarkTablePageBefore breaks down the browser's PSS before a table is given
// (BenchmarkTableOpen's "before the upload"): in a fresh browser each, a blank page of the same
// origin and table.html, the latter at ready (when the open benchmarks upload) and 5 s later,
// every process by its kind, and the renderer's memory by what maps it (renderer: the module's
// code, the module's bytes V8 keeps, the rest), with the module's linear memory and the JS heap.
// What table.html adds over the blank page is the page's own; the blank page's is Chromium's in
// this harness (SwiftShader's GPU process, the zygotes, the network and storage services).
// TIMING_PAIRS=N makes N rounds, the two pages in turn.
func BenchmarkTablePageBefore(b *testing.B) {
	blank := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>blank</title></head><body><p>A blank page.</p></body></html>`)
	}))
	b.Cleanup(blank.Close)
	rounds := 2
	if p, err := strconv.Atoi(os.Getenv("TIMING_PAIRS")); err == nil && p > 0 {
		rounds = p
	}
	pages := []tableSite{{"blank", blank.URL + "/blank.html"}, {"table.html", server.URL + "/table.html"}}
	for i := 0; i < max(b.N, rounds); i++ {
		for _, p := range inTurn(pages, i) {
			ctx, closeBrowser := newBrowser(b)
			if err := chromedp.Do(ctx, chromedp.Navigate(p.url)); err != nil {
				b.Fatal(err)
			}
			if p.name == "table.html" {
				if err := waitTableReady(ctx); err != nil {
					b.Fatal(err)
				}
			}
			at, err := samplePSS(ctx)
			if err != nil {
				b.Fatal(err)
			}
			js := func() string {
				v, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify([performance.memory.usedJSHeapSize / 1048576,
					window.layoutlabTable ? window.layoutlabTable.wasmMemory() / 1048576 : 0].map((x) => Math.round(x * 10) / 10))`))
				return v
			}
			jsAt, mapsAt := js(), rendererMaps(ctx)
			time.Sleep(5 * time.Second)
			later, err := samplePSS(ctx)
			if err != nil {
				b.Fatal(err)
			}
			b.Logf("%s: at ready %v [JS heap MiB, linear memory MiB] %s, renderer %s", p.name, at, jsAt, mapsAt)
			b.Logf("%s: 5 s later %v [JS heap MiB, linear memory MiB] %s, renderer %s; every process: %s", p.name, later, js(), rendererMaps(ctx), procsText(later))
			closeBrowser()
		}
	}
}

// procsText is every process's PSS in MiB, largest first.
func procsText(s pssSample) string {
	var parts []string
	for _, p := range s.procs {
		parts = append(parts, fmt.Sprintf("%s %.0f", p.kind, mib(float64(p.pss))))
	}
	return strings.Join(parts, ", ")
}

// rendererMaps is the largest renderer's PSS in MiB by what maps it: its executable and
// libraries (files), the wasm code space (anonymous, writable and executable), anonymous
// mappings of 16 MiB or more (V8 keeps the module's bytes in one: table.wasm is 19 MB), and
// the other anonymous ones (heaps, the module's linear memory).
func rendererMaps(ctx context.Context) string {
	_, pids, err := browserProcesses(ctx)
	if err != nil {
		return err.Error()
	}
	pid, most := 0, int64(0)
	for _, p := range pids {
		if processKind(p) != "renderer" {
			continue
		}
		if kb, ok := pssKB(p); ok && kb > most {
			pid, most = p, kb
		}
	}
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "smaps"))
	if err != nil {
		return err.Error()
	}
	kinds := []string{"files", "wasm code", "anonymous >= 16 MiB", "anonymous < 16 MiB"}
	kb := make([]int64, len(kinds))
	k := 0
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.Fields(l)
		if len(f) >= 5 && strings.Contains(f[0], "-") && !strings.HasSuffix(f[0], ":") {
			var lo, hi uint64
			fmt.Sscanf(f[0], "%x-%x", &lo, &hi)
			switch {
			case len(f) > 5 && strings.HasPrefix(f[5], "/"):
				k = 0
			case f[1] == "rwxp":
				k = 1
			case hi-lo >= 16<<20 && len(f) == 5:
				k = 2
			default:
				k = 3
			}
		} else if len(f) >= 2 && f[0] == "Pss:" {
			v, _ := strconv.ParseInt(f[1], 10, 64)
			kb[k] += v
		}
	}
	parts := []string{fmt.Sprintf("%.0f MiB:", float64(most)/1024)}
	for i, name := range kinds {
		parts = append(parts, fmt.Sprintf("%s %.1f", name, float64(kb[i])/1024))
	}
	return strings.Join(parts, " ")
}
