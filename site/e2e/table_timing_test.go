//go:build browser

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	jsonv2 "github.com/chromedp/cdproto/cdp/jsonv2"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"

	"layoutlab/engine/inspect/inspecttest"
)

// BenchmarkTableOpen100k opens inspecttest.Table(100,000) (the table engine/inspect's
// BenchmarkOpen100k opens natively: 100 commits, a Parquet checkpoint of 100,000 adds and one
// commit after it) on table.html, its log's files chosen loose, and reports the page's figures:
// reading the files in JavaScript, the Go side's open (gathering, replay, inspection, views),
// the whole from the upload to the drawn table and to the next OPTIMIZE's plans shown after it,
// and a WHERE on the opened table.
//
// TABLE_PROFILE=FILE records V8's CPU profile of the first open into FILE (a .cpuprofile that
// Chromium's DevTools open) and prints the functions with the most samples; build table.wasm
// without -s for its functions' names. TABLE_TRACE=FILE records Chromium's trace of the first
// open (the renderer's tasks, with the page's style, layout and paint: what a CPU profile does not
// show), which DevTools' Performance panel opens.
func BenchmarkTableOpen100k(b *testing.B) {
	browserTimeout = 15 * time.Minute // three opens of a large log on shared cores
	m, err := inspecttest.Table(100_000)
	if err != nil {
		b.Fatal(err)
	}
	files := writeLog(b, m)
	ctx := browser(b)
	run := func(what string, as ...chromedp.Action[chromedp.Void]) {
		if err := chromedp.Do(ctx, as...); err != nil {
			b.Fatalf("%s: %v", what, err)
		}
	}
	num := func(js string) float64 {
		v, err := chromedp.Run(ctx, chromedp.Evaluate[float64](js))
		if err != nil {
			b.Fatalf("%s: %v", js, err)
		}
		return v
	}
	var wall, planned, readMs, openMs, inspectMs, renderMs, planMs, whereMs, longest []float64
	var after []float64 // the longest task in the second after the plans were shown
	var over100 []int
	var collections []string // the collections the page ran at yields, their ms in all, the longest
	var during []string      // the status lines shown before and during each open's longest task
	var goLongest []string   // the longest stretch of Go between two yields, and its status line
	for i := 0; i < max(b.N, 3); i++ {
		run("navigate", chromedp.Navigate("about:blank"), chromedp.Navigate(server.URL+"/table.html"))
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
		profile := i == 0 && os.Getenv("TABLE_PROFILE") != ""
		if profile {
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
		var traceEvents []jsonv2.Value
		traceDone := make(chan struct{})
		traced := i == 0 && os.Getenv("TABLE_TRACE") != ""
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
		t0 := time.Now()
		run("upload", chromedp.SetUploadFiles(chromedp.ID("pick-files"), files))
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.layoutlabTable.opened > 0 || window.layoutlabTable.errors > 0`,
			chromedp.WithPollingTimeout(5*time.Minute), chromedp.WithPollingInterval(5*time.Millisecond))); err != nil {
			b.Fatal(err)
		}
		wall = append(wall, float64(time.Since(t0).Microseconds())/1000)
		// The next OPTIMIZE is planned after the table is drawn; the long tasks count until then.
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!window.layoutlabTable.planning`,
			chromedp.WithPollingTimeout(5*time.Minute), chromedp.WithPollingInterval(5*time.Millisecond))); err != nil {
			b.Fatal(err)
		}
		planned = append(planned, float64(time.Since(t0).Microseconds())/1000)
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
			b.Fatalf("the 100k table did not open: %s", v)
		}
		if got := num(`+document.querySelector("#summary [data-metric=files_total]").dataset.value`); got != 100_000 {
			b.Fatalf("the page shows %v files", got)
		}
		readMs = append(readMs, num(`window.layoutlabTable.readMs`))
		openMs = append(openMs, num(`window.layoutlabTable.openMs`))
		inspectMs = append(inspectMs, num(`window.layoutlabTable.inspectMs`))
		renderMs = append(renderMs, num(`window.layoutlabTable.renderMs`))
		planMs = append(planMs, num(`window.layoutlabTable.planMs || 0`)) // 0: planned within the open
		longest = append(longest, num(`Math.max(0, ...window.longTasks)`))
		during = append(during, evalIn[string](b, ctx, `(() => { const i = longTasks.indexOf(Math.max(...longTasks)); if (i < 0) return "";
			const t0 = longAt[i], t1 = t0 + longTasks[i], at = statuses.filter(([t]) => t <= t1);
			const before = at.filter(([t]) => t < t0).pop(), in_ = at.filter(([t]) => t >= t0).map(([, s]) => s);
			return JSON.stringify([before ? before[1] : "", ...in_]); })()`))
		over100 = append(over100, int(num(`window.longTasks.filter((d) => d > 100).length`)))
		after = append(after, num(`Math.max(0, ...window.longTasks.slice(window.longUntilPlanned))`))
		goLongest = append(goLongest, evalIn[string](b, ctx, `JSON.stringify(window.layoutlabTable.longestGo || null)`))
		collections = append(collections, evalIn[string](b, ctx, `JSON.stringify(window.layoutlabTable.collections || [0, 0, 0])`))
		t1 := time.Now()
		run("where", chromedp.SetValue(chromedp.ID("where"), "id = 5000"), chromedp.Click(chromedp.CSS("#where-form button")))
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.layoutlabTable.whereRuns > 0`,
			chromedp.WithPollingTimeout(time.Minute), chromedp.WithPollingInterval(5*time.Millisecond))); err != nil {
			b.Fatal(err)
		}
		whereMs = append(whereMs, float64(time.Since(t1).Microseconds())/1000)
		if got := num(`+document.querySelector("#where-summary [data-metric=files_read]").dataset.value`); got != 1 {
			b.Fatalf("WHERE id = 5000 reads %v files, want 1", got)
		}
	}
	b.Logf("the longest task of each open came after the first status line and before the rest: %s", strings.Join(during, "; "))
	b.Logf("the longest stretch of Go between two yields, ms, and the status lines shown as it began and as it ended: %s", strings.Join(goLongest, "; "))
	b.Logf("collections run at yields, since the page loaded: how many, their ms in all, and the longest: %s", strings.Join(collections, "; "))
	b.Logf("100,000-file table: upload to drawn %v ms (reading the files in JS %v, Go open %v, of which inspect.Open %v and the views %v); upload to the next OPTIMIZE shown %v ms (its plans %v); WHERE %v ms; longest task until planned and in the second after %v ms, tasks over 100 ms %v; the longest task in the second after the plans %v ms",
		wall, readMs, openMs, inspectMs, renderMs, planned, planMs, whereMs, longest, over100, after)
	b.ReportMetric(median(wall), "open-ms")
	b.ReportMetric(median(planned), "planned-ms")
	b.ReportMetric(median(planMs), "plan-ms")
	b.ReportMetric(median(readMs), "js-read-ms")
	b.ReportMetric(median(openMs), "go-open-ms")
	b.ReportMetric(median(inspectMs), "inspect-ms")
	b.ReportMetric(median(renderMs), "render-ms")
	b.ReportMetric(median(whereMs), "where-ms")
	b.ReportMetric(median(longest), "longest-task-ms")
	b.ReportMetric(median(after), "after-plans-task-ms")
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
