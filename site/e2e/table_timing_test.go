//go:build browser

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	jsonv2 "github.com/chromedp/cdproto/cdp/jsonv2"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"

	"layoutlab/engine/inspect/inspecttest"
	"layoutlab/site/host"
)

// BenchmarkTableOpen100k opens inspecttest.Table(100,000) (the table engine/inspect's
// BenchmarkOpen100k opens natively: 100 commits, a Parquet checkpoint of 100,000 adds and one
// commit after it) on table.html, its log's files chosen loose, each open in a fresh browser, and
// reports the page's figures: the Go side's open (gathering, replay, inspection, views), the
// whole from the upload to the drawn table and to the next OPTIMIZE's plans shown after it, the
// log bytes read, the browser's highest PSS during the open, and a WHERE on the opened table.
//
// TABLE_REFERENCE=DIR also opens the same table, in turn with this build's page, on the site
// built in DIR (another build's dist/, say main's), so that the two are measured side by side in
// one run on the same machine, the order swapped each round; TIMING_PAIRS=N makes N rounds.
// TABLE_REFERENCE2=DIR opens it on a third build's site too.
//
// TABLE_PROFILE=FILE records V8's CPU profile of the first open into FILE (a .cpuprofile that
// Chromium's DevTools open) and prints the functions with the most samples; build table.wasm
// without -s for its functions' names. TABLE_TRACE=FILE records Chromium's trace of the first
// open (the renderer's tasks, with the page's style, layout and paint: what a CPU profile does not
// show), which DevTools' Performance panel opens. TABLE_WHERE_PROFILE=FILE records V8's CPU
// profile of the first WHERE after the open into FILE, as TABLE_PROFILE does the open's.
// TABLE_SCREENSHOT=FILE saves the page of the first open, once planned, as a PNG into FILE.
func BenchmarkTableOpen100k(b *testing.B) { benchTableOpen(b, 100_000, 3) }

// BenchmarkTableOpen1M is BenchmarkTableOpen100k for inspecttest.Table(1,000,000): a Parquet
// checkpoint of a million adds, once per site.
func BenchmarkTableOpen1M(b *testing.B) { benchTableOpen(b, 1_000_000, 1) }

// tableSite is a build of the site the benchmark opens the table on.
type tableSite struct{ name, url string }

// tableSites is this build's site and, with TABLE_REFERENCE=DIR, another build's beside it;
// TABLE_REFERENCE2=DIR adds a third ("reference2"), say main's beside an older reference.
func tableSites(b *testing.B) []tableSite {
	sites := referenceSites(b, "TABLE_REFERENCE")
	if ref := os.Getenv("TABLE_REFERENCE2"); ref != "" {
		srv := httptest.NewServer(host.Framed(ref, host.SelfOnly))
		b.Cleanup(srv.Close)
		sites = append(sites, tableSite{"reference2", srv.URL})
	}
	return sites
}

// referenceSites is this build's site ("page") and, when the environment variable env names
// another build's dist/, that site beside it ("reference"), served from an origin of its own.
func referenceSites(b *testing.B, env string) []tableSite {
	sites := []tableSite{{"page", server.URL}}
	if ref := os.Getenv(env); ref != "" {
		srv := httptest.NewServer(host.Framed(ref, host.SelfOnly))
		b.Cleanup(srv.Close)
		sites = append(sites, tableSite{"reference", srv.URL})
	}
	return sites
}

// tableLog writes inspecttest.Table(n)'s log for the page's file input, and gives the sites to
// open it on (tableSites), with the browser's time limit of opens of a large log on shared cores.
func tableLog(b *testing.B, n int) (files []string, sites []tableSite) {
	browserTimeout = 15 * time.Minute
	m, err := inspecttest.Table(n)
	if err != nil {
		b.Fatal(err)
	}
	return writeLog(b, m), tableSites(b)
}

// tableOpen is one open's figures.
type tableOpen struct {
	wall, planned, openMs, inspectMs, renderMs, planMs, whereMs, longest, after float64
	over100                                                                     int
	peakPSS, logRead, cpu                                                       float64
	during, goLongest, collections, turns                                       string
	pss                                                                         string
	wasmMiB, jsHeapMiB                                                          float64
}

func benchTableOpen(b *testing.B, n, opens int) {
	files, sites := tableLog(b, n)
	if p, err := strconv.Atoi(os.Getenv("TIMING_PAIRS")); err == nil && p > 0 {
		opens = p // rounds, each opening the table on every site in turn
	}
	got := map[string][]tableOpen{}
	for i := 0; i < max(b.N, opens); i++ {
		for _, site := range inTurn(sites, i) {
			got[site.name] = append(got[site.name], openTableOnce(b, site, files, n, i == 0 && site.name == "page"))
		}
	}
	for _, site := range sites {
		var wall, planned, openMs, inspectMs, renderMs, planMs, whereMs, longest, after, pss, read, cpu []float64
		var over100 []int
		var during, goLongest, collections, turns []string
		for _, o := range got[site.name] {
			wall, planned, openMs, inspectMs = append(wall, o.wall), append(planned, o.planned), append(openMs, o.openMs), append(inspectMs, o.inspectMs)
			renderMs, planMs, whereMs, longest = append(renderMs, o.renderMs), append(planMs, o.planMs), append(whereMs, o.whereMs), append(longest, o.longest)
			after, pss, read, over100 = append(after, o.after), append(pss, mib(o.peakPSS)), append(read, mib(o.logRead)), append(over100, o.over100)
			during, goLongest, collections = append(during, o.during), append(goLongest, o.goLongest), append(collections, o.collections)
			cpu, turns = append(cpu, o.cpu), append(turns, o.turns)
		}
		b.Logf("%s: the longest task of each open came after the first status line and before the rest: %s", site.name, strings.Join(during, "; "))
		b.Logf("%s: the longest stretch of Go between two yields, ms, and the status lines shown as it began and as it ended: %s", site.name, strings.Join(goLongest, "; "))
		b.Logf("%s: the page's turns from the upload to the table drawn: [turns, of which waited for a painted frame, ms in all turns, ms in those] (null: a build without the figure): %s", site.name, strings.Join(turns, "; "))
		b.Logf("%s: the browser's CPU time, user and system, from the upload to the plans shown, s: %v", site.name, cpu)
		b.Logf("%s: collections run at yields, since the page loaded: how many, their ms in all, and the longest: %s", site.name, strings.Join(collections, "; "))
		b.Logf("%s, %d-file table, fresh browser: upload to drawn %v ms (Go open %v, of which inspect.Open %v and the views %v); upload to the next OPTIMIZE shown %v ms (its plans %v); WHERE %v ms; longest task until planned %v ms, tasks over 100 ms %v, the longest in the second after the plans %v ms; highest browser PSS during the open %v MiB; log read %v MiB (0: not counted by this build)",
			site.name, n, wall, openMs, inspectMs, renderMs, planned, planMs, whereMs, longest, over100, after, pss, read)
		p := ""
		if site.name != "page" {
			p = site.name + "-"
		}
		b.ReportMetric(median(wall), p+"open-ms")
		b.ReportMetric(median(planned), p+"planned-ms")
		b.ReportMetric(median(planMs), p+"plan-ms")
		b.ReportMetric(median(openMs), p+"go-open-ms")
		b.ReportMetric(median(inspectMs), p+"inspect-ms")
		b.ReportMetric(median(renderMs), p+"render-ms")
		b.ReportMetric(median(whereMs), p+"where-ms")
		b.ReportMetric(median(longest), p+"longest-task-ms")
		b.ReportMetric(median(after), p+"after-plans-task-ms")
		b.ReportMetric(median(pss), p+"peak-PSS-MiB")
		b.ReportMetric(median(cpu), p+"planned-cpu-s")
	}
}

// openTableOnce opens the table's files on site in a fresh browser and measures the open.
func openTableOnce(b *testing.B, site tableSite, files []string, n int, first bool) tableOpen {
	ctx, closeBrowser := newBrowser(b)
	defer closeBrowser()
	watchConsole(b, ctx)
	run := func(what string, as ...chromedp.Action[chromedp.Void]) {
		if err := chromedp.Do(ctx, as...); err != nil {
			b.Fatalf("%s: %s: %v", site.name, what, err)
		}
	}
	num := func(js string) float64 {
		v, err := chromedp.Run(ctx, chromedp.Evaluate[float64](js))
		if err != nil {
			b.Fatalf("%s: %s: %v", site.name, js, err)
		}
		return v
	}
	var o tableOpen
	run("navigate", chromedp.Navigate(site.url+"/table.html"))
	if err := waitTableReady(ctx); err != nil {
		b.Fatal(err)
	}
	// The page's longest tasks during the open (Long Tasks API: every task over 50 ms): how
	// long a reader's input could wait.
	// Each status line with the time it was shown, to say what the longest task was doing.
	num(`window.longTasks = []; window.longAt = [];
		new PerformanceObserver((l) => { for (const e of l.getEntries()) { window.longTasks.push(e.duration); window.longAt.push(e.startTime); } }).observe({type: "longtask"});
		window.statuses = []; new MutationObserver(() => window.statuses.push([performance.now(), document.getElementById("status").textContent]))
			.observe(document.getElementById("status"), {childList: true, characterData: true, subtree: true}); 0`)
	profile := first && os.Getenv("TABLE_PROFILE") != ""
	if profile {
		startProfile(b, ctx)
	}
	var traceEvents []jsonv2.Value
	traceDone := make(chan struct{})
	traced := first && os.Getenv("TABLE_TRACE") != ""
	if traced {
		chromedp.Listen(ctx, func(ev any) {
			switch e := ev.(type) {
			case *tracing.EventDataCollected:
				traceEvents = append(traceEvents, e.Value...)
			case *tracing.EventTracingComplete:
				close(traceDone)
			}
		})
		if err := call(ctx, tracing.Start, tracing.StartParams{TraceConfig: &tracing.TraceConfig{IncludedCategories: []string{"devtools.timeline", "v8", "disabled-by-default-devtools.timeline", "blink.user_timing", "toplevel"}}}); err != nil {
			b.Fatal(err)
		}
	}
	// The browser's PSS, sampled through the open: its highest, and its processes then.
	stopPSS := make(chan struct{})
	pssDone := make(chan int64)
	base, err := samplePSS(ctx)
	if err != nil {
		b.Fatal(err)
	}
	var peakAt pssSample // the peak's processes, read once the open is done
	go func() {
		var peak int64
		for {
			if p, err := samplePSS(ctx); err == nil && p.total > peak {
				peak, peakAt = p.total, p
			}
			select {
			case <-stopPSS:
				pssDone <- peak
				return
			case <-time.After(200 * time.Millisecond):
			}
		}
	}()
	cpu0, err := browserCPU(ctx)
	if err != nil {
		b.Fatal(err)
	}
	t0 := time.Now()
	run("upload", chromedp.SetUploadFiles(chromedp.ID("pick-files"), files))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.layoutlabTable.opened > 0 || window.layoutlabTable.errors > 0`,
		chromedp.WithPollingTimeout(10*time.Minute), chromedp.WithPollingInterval(5*time.Millisecond))); err != nil {
		sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		state, _ := chromedp.Run(sctx, chromedp.Evaluate[string](`JSON.stringify(window.layoutlabTable) + " statuses: " + JSON.stringify(window.statuses.slice(-4))`))
		cancel()
		b.Fatalf("%s: no open nor error: %v; the page: %s", site.name, err, state)
	}
	o.wall = float64(time.Since(t0).Microseconds()) / 1000
	// The next OPTIMIZE is planned after the table is drawn; the long tasks count until then.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!window.layoutlabTable.planning`,
		chromedp.WithPollingTimeout(10*time.Minute), chromedp.WithPollingInterval(5*time.Millisecond))); err != nil {
		b.Fatal(err)
	}
	o.planned = float64(time.Since(t0).Microseconds()) / 1000
	cpu1, err := browserCPU(ctx)
	if err != nil {
		b.Fatal(err)
	}
	o.cpu = cpu1 - cpu0
	close(stopPSS)
	o.peakPSS = float64(<-pssDone)
	o.pss = fmt.Sprintf("before the upload %v; at the peak %v", base, peakAt)
	if traced {
		if err := call(ctx, tracing.End, cdp.Empty{}); err != nil {
			b.Fatal(err)
		}
		<-traceDone
		out, err := json.Marshal(traceEvents)
		if err == nil {
			err = os.WriteFile(os.Getenv("TABLE_TRACE"), out, 0o644)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	// What the open leaves to do after the plans (a collection, say) is the reader's wait too.
	num(`window.longUntilPlanned = window.longTasks.length; 0`)
	time.Sleep(time.Second)
	if profile {
		res, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
		if err != nil {
			b.Fatal(err)
		}
		writeProfile(b, os.Getenv("TABLE_PROFILE"), res.Profile)
	}
	if num(`window.layoutlabTable.errors`) > 0 {
		v, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("error").textContent`))
		b.Fatalf("%s: the %d-file table did not open: %s", site.name, n, v)
	}
	if got := num(`+document.querySelector("#summary [data-metric=files_total]").dataset.value`); got != float64(n) {
		b.Fatalf("%s: the page shows %v files", site.name, got)
	}
	o.openMs = num(`window.layoutlabTable.openMs`)
	o.inspectMs = num(`window.layoutlabTable.inspectMs`)
	o.renderMs = num(`window.layoutlabTable.renderMs`)
	o.planMs = num(`window.layoutlabTable.planMs || 0`) // 0: planned within the open
	o.logRead = num(`window.layoutlabTable.logRead || 0`)
	o.longest = num(`Math.max(0, ...window.longTasks)`)
	o.during = evalIn[string](b, ctx, `(() => { const i = longTasks.indexOf(Math.max(...longTasks)); if (i < 0) return "";
		const t0 = longAt[i], t1 = t0 + longTasks[i], at = statuses.filter(([t]) => t <= t1);
		const before = at.filter(([t]) => t < t0).pop(), in_ = at.filter(([t]) => t >= t0).map(([, s]) => s);
		return JSON.stringify([before ? before[1] : "", ...in_]); })()`)
	o.over100 = int(num(`window.longTasks.filter((d) => d > 100).length`))
	o.after = num(`Math.max(0, ...window.longTasks.slice(window.longUntilPlanned))`)
	o.goLongest = evalIn[string](b, ctx, `JSON.stringify(window.layoutlabTable.longestGo || null)`)
	o.turns = evalIn[string](b, ctx, `JSON.stringify(window.layoutlabTable.turnsToDraw || null)`)
	o.collections = evalIn[string](b, ctx, `JSON.stringify(window.layoutlabTable.collections || [0, 0, 0])`)
	o.wasmMiB = num(`window.layoutlabTable.wasmMemory ? window.layoutlabTable.wasmMemory() / 1048576 : 0`)
	o.jsHeapMiB = num(`performance.memory ? performance.memory.usedJSHeapSize / 1048576 : 0`)
	b.Logf("%s: browser PSS %s; after the plans: the module's memory (linear, never shrinks) %.0f MiB, the page's JS heap %.0f MiB", site.name, o.pss, o.wasmMiB, o.jsHeapMiB)
	// The Go heap at its most, read at yields (runtime/metrics): its objects at their most, what
	// the last collection had marked live, all the runtime holds, and the status line as that
	// last grew (null: a build without the figure).
	b.Logf("%s: the Go heap until the plans [objects at their most MiB, marked live MiB, held by the runtime MiB, status as that last grew]: %s",
		site.name, evalIn[string](b, ctx, `JSON.stringify(window.layoutlabTable.heapPeak || null)`))
	// The page as its reader sees it once planned (a million files are drawn nowhere else).
	if shot := os.Getenv("TABLE_SCREENSHOT"); shot != "" && first {
		// The grid in the viewport first, as a reader scrolls to it: a canvas is painted only
		// while it is seen.
		evalIn[bool](b, ctx, `(document.getElementById("grid").scrollIntoView({block: "start"}), true)`)
		time.Sleep(time.Second)
		buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)) // 100: a PNG
		if err == nil {
			err = os.WriteFile(shot, buf, 0o644)
		}
		if err != nil {
			b.Fatalf("the screenshot: %v", err)
		}
	}
	collectionsBefore := evalIn[string](b, ctx, `JSON.stringify(window.layoutlabTable.collections || [0, 0, 0])`)
	whereProfile := first && os.Getenv("TABLE_WHERE_PROFILE") != ""
	if whereProfile {
		startProfile(b, ctx)
	}
	t1 := time.Now()
	run("where", chromedp.SetValue(chromedp.ID("where"), "id = 5000"), chromedp.Click(chromedp.CSS("#where-form button")))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.layoutlabTable.whereRuns > 0`,
		chromedp.WithPollingTimeout(5*time.Minute), chromedp.WithPollingInterval(5*time.Millisecond))); err != nil {
		b.Fatal(err)
	}
	o.whereMs = float64(time.Since(t1).Microseconds()) / 1000
	// Printed, not logged: a benchmark's log is cut at a few lines, and each open's WHERE counts.
	fmt.Printf("%s: WHERE %.0f ms; collections run at yields since the page loaded (how many, their ms, the longest), before it %s, after it %s\n",
		site.name, o.whereMs, collectionsBefore, evalIn[string](b, ctx, `JSON.stringify(window.layoutlabTable.collections || [0, 0, 0])`))
	if whereProfile {
		res, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
		if err != nil {
			b.Fatal(err)
		}
		writeProfile(b, os.Getenv("TABLE_WHERE_PROFILE"), res.Profile)
	}
	if got := num(`+document.querySelector("#where-summary [data-metric=files_read]").dataset.value`); got != 1 {
		b.Fatalf("%s: WHERE id = 5000 reads %v files, want 1", site.name, got)
	}
	return o
}

// startProfile starts V8's CPU profiler, sampling every 250 µs.
func startProfile(b *testing.B, ctx context.Context) {
	for _, err := range []error{
		call(ctx, profiler.Enable, cdp.Empty{}),
		call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 250}),
		call(ctx, profiler.Start, cdp.Empty{}),
	} {
		if err != nil {
			b.Fatal(err)
		}
	}
}

// call runs a DevTools command whose result is not needed.
func call[P, R any](ctx context.Context, c cdp.Command[P, R], p P) error {
	_, err := chromedp.Call(ctx, c, p)
	return err
}

// writeProfile writes prof to file and prints the 30 functions with the most time on top of
// the stack (self) and under them (total).
func writeProfile(b *testing.B, file string, prof *profiler.Profile) {
	data, err := json.Marshal(prof)
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		b.Fatal(err)
	}
	byID := map[int64]*profiler.ProfileNode{}
	parent := map[int64]int64{}
	for _, n := range prof.Nodes {
		byID[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	name := func(n *profiler.ProfileNode) string {
		if n.CallFrame.FunctionName == "" {
			return "(anonymous " + filepath.Base(n.CallFrame.URL) + ")"
		}
		return n.CallFrame.FunctionName
	}
	self, total := map[string]float64{}, map[string]float64{}
	for i, id := range prof.Samples {
		ms := float64(prof.TimeDeltas[i]) / 1000
		self[name(byID[id])] += ms
		seen := map[string]bool{}
		for n, ok := id, true; ok; n, ok = parent[n] {
			if f := name(byID[n]); !seen[f] {
				seen[f] = true
				total[f] += ms
			}
		}
	}
	top := func(m map[string]float64) string {
		var names []string
		for f := range m {
			names = append(names, f)
		}
		sort.Slice(names, func(i, j int) bool { return m[names[i]] > m[names[j]] })
		var sb strings.Builder
		for _, f := range names[:min(30, len(names))] {
			fmt.Fprintf(&sb, "  %8.1f ms  %s\n", m[f], f)
		}
		return sb.String()
	}
	fmt.Printf("CPU profile of the first open in %s; self:\n%stotal:\n%s", file, top(self), top(total))
}
