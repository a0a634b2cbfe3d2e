//go:build browser

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// BenchmarkTableReopen100k opens inspecttest.Table(100,000) on table.html reopens times in one
// page, the same files chosen again each time, and reports after each open (its plans shown and
// a second's rest) the module's linear memory and the browser's PSS: each open keeps the table
// shown before until the new one is drawn, so the memory may grow once, and then must level
// off, the heap of a dropped table reused by the next. TABLE_REFERENCE=DIR measures another
// build's site beside it, as BenchmarkTableOpen100k does.
//
//	go test -count=1 -tags browser -run XXX -bench TableReopen100k -benchtime 1x ./site/e2e/
func BenchmarkTableReopen100k(b *testing.B) {
	const n, reopens = 100_000, 5
	files, sites := tableLog(b, n)
	for _, site := range sites {
		mem, pss := reopenTable(b, site, files, n, reopens)
		p := ""
		if site.name != "page" {
			p = site.name + "-"
		}
		b.Logf("%s, %d-file table opened %d times in one page: wasm linear memory after each open %v MiB; browser PSS %v MiB",
			site.name, n, reopens, strings.Trim(fmt.Sprint(mem), "[]"), strings.Trim(fmt.Sprint(pss), "[]"))
		b.ReportMetric(mem[0], p+"first-wasm-MiB")
		b.ReportMetric(mem[len(mem)-1], p+"last-wasm-MiB")
		// The growth over the last half of the opens: 0 once the heap is reused.
		b.ReportMetric(mem[len(mem)-1]-mem[len(mem)/2], p+"late-growth-wasm-MiB")
		b.ReportMetric(pss[len(pss)-1]-pss[len(pss)/2], p+"late-growth-PSS-MiB")
	}
}

// reopenTable opens files on site's table.html times times in one fresh browser and returns the
// wasm linear memory and the browser's PSS, in MiB, after each open.
func reopenTable(b *testing.B, site tableSite, files []string, n, times int) (mem, pss []float64) {
	ctx, closeBrowser := newBrowser(b)
	defer closeBrowser()
	if err := chromedp.Do(ctx, chromedp.Navigate(site.url+"/table.html")); err != nil {
		b.Fatal(err)
	}
	if err := waitTableReady(ctx); err != nil {
		b.Fatal(err)
	}
	for i := 1; i <= times; i++ {
		// The input forgets its files, or choosing the same ones again fires no change.
		evalIn[float64](b, ctx, `document.getElementById("pick-files").value = ""; 0`)
		if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("pick-files"), files)); err != nil {
			b.Fatalf("%s: upload %d: %v", site.name, i, err)
		}
		done := fmt.Sprintf(`(window.layoutlabTable.opened >= %d && !window.layoutlabTable.planning) || window.layoutlabTable.errors > 0`, i)
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](done,
			chromedp.WithPollingTimeout(4*time.Minute), chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
			b.Fatalf("%s: open %d: %v", site.name, i, err)
		}
		if evalIn[float64](b, ctx, `window.layoutlabTable.errors`) > 0 {
			b.Fatalf("%s: open %d failed: %s", site.name, i, evalIn[string](b, ctx, `document.getElementById("error").textContent`))
		}
		if got := evalIn[float64](b, ctx, `+document.querySelector("#summary [data-metric=files_total]").dataset.value`); got != float64(n) {
			b.Fatalf("%s: open %d shows %v files", site.name, i, got)
		}
		time.Sleep(time.Second)
		mem = append(mem, mib(evalIn[float64](b, ctx, `window.layoutlabTable.wasmMemory()`)))
		p, _, err := browserPSS(ctx)
		if err != nil {
			b.Fatal(err)
		}
		pss = append(pss, mib(float64(p)))
	}
	return mem, pss
}
