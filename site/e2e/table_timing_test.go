//go:build browser

package e2e

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"layoutlab/engine/inspect/inspecttest"
)

// BenchmarkTableOpen100k opens inspecttest.Table(100,000) (the table engine/inspect's
// BenchmarkOpen100k opens natively: 100 commits, a Parquet checkpoint of 100,000 adds and one
// commit after it) on table.html, its log's files chosen loose, and reports the page's figures:
// reading the files in JavaScript, the Go side's open (gathering, replay, inspection, views),
// the whole from the upload to the drawn table, and a WHERE on the opened table.
func BenchmarkTableOpen100k(b *testing.B) {
	browserTimeout = 15 * time.Minute // three opens of a large log on shared cores
	m, err := inspecttest.Table(100_000)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	var files []string
	for name, f := range m {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			b.Fatal(err)
		}
		files = append(files, p)
	}
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
	var wall, readMs, openMs, inspectMs, renderMs, whereMs, longest []float64
	var over100 []int
	for i := 0; i < max(b.N, 3); i++ {
		run("navigate", chromedp.Navigate("about:blank"), chromedp.Navigate(server.URL+"/table.html"))
		if err := waitTableReady(ctx); err != nil {
			b.Fatal(err)
		}
		// The page's longest tasks during the open (Long Tasks API: every task over 50 ms): how
		// long a reader's input could wait.
		num(`window.longTasks = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.longTasks.push(e.duration); }).observe({type: "longtask"}); 0`)
		t0 := time.Now()
		run("upload", chromedp.SetUploadFiles(chromedp.ID("pick-files"), files))
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.layoutlabTable.opened > 0 || window.layoutlabTable.errors > 0`,
			chromedp.WithPollingTimeout(5*time.Minute), chromedp.WithPollingInterval(5*time.Millisecond))); err != nil {
			b.Fatal(err)
		}
		wall = append(wall, float64(time.Since(t0).Microseconds())/1000)
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
		longest = append(longest, num(`Math.max(0, ...window.longTasks)`))
		over100 = append(over100, int(num(`window.longTasks.filter((d) => d > 100).length`)))
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
	b.Logf("100,000-file table: upload to drawn %v ms (reading the files in JS %v, Go open %v, of which inspect.Open %v and the views %v); WHERE %v ms; longest task during the open %v ms, tasks over 100 ms %v",
		wall, readMs, openMs, inspectMs, renderMs, whereMs, longest, over100)
	b.ReportMetric(median(wall), "open-ms")
	b.ReportMetric(median(readMs), "js-read-ms")
	b.ReportMetric(median(openMs), "go-open-ms")
	b.ReportMetric(median(inspectMs), "inspect-ms")
	b.ReportMetric(median(renderMs), "render-ms")
	b.ReportMetric(median(whereMs), "where-ms")
	b.ReportMetric(median(longest), "longest-task-ms")
}
