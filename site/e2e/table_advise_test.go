//go:build browser

package e2e

import (
	"archive/zip"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// adviseDir is engine/advise's generated event table (16 Parquet files of 20,000 rows and their
// log); the workload and flags are the README's run's.
const (
	adviseTestdata = "../../engine/advise/testdata"
	adviseKeys     = "event_date,user_id"
	adviseMaxFile  = "20000"
	adviseIngest   = "0.001"
)

// cliAdvise runs `layoutlab advise TABLE --format json` beside the table (so that its SQL names
// the table by its folder, as the page does) and returns its JSON.
func cliAdvise(t *testing.T, dir, workloadFile string) map[string]any {
	t.Helper()
	wl, _ := filepath.Abs(workloadFile)
	bin := filepath.Join(t.TempDir(), "layoutlab")
	if out, err := exec.Command("go", "build", "-o", bin, "layoutlab/cmd/layoutlab").CombinedOutput(); err != nil {
		t.Fatalf("go build layoutlab: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "advise", filepath.Base(dir), "--workload", wl,
		"--keys", adviseKeys, "--max-file-size", adviseMaxFile, "--ingest-gb-per-day", adviseIngest, "--format", "json")
	cmd.Dir = filepath.Dir(dir)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("layoutlab advise: %v\n%s", err, out)
	}
	var m map[string]any
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// openAdvise clicks "Advise" and waits until the advisor has the table the page shows.
func openAdvise(t *testing.T, ctx context.Context) {
	t.Helper()
	runs := eval[int](t, ctx, `window.layoutlabAdvise.errors`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("advise-open"))); err != nil {
		t.Fatal(err)
	}
	cond := fmt.Sprintf(`(window.layoutlabAdvise.ready && window.layoutlabAdvise.dataFiles !== undefined && window.layoutlabAdvise.preparedOpen === window.layoutlabTable.opened) || window.layoutlabAdvise.errors > %d`, runs)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("the advisor never took the table: %v; it says %q", err, eval[string](t, ctx, `document.getElementById("advise-status").textContent`))
	}
	if msg := eval[string](t, ctx, `document.getElementById("advise-error").hidden ? "" : document.getElementById("advise-error").textContent`); msg != "" {
		t.Fatalf("the advisor failed: %s", msg)
	}
}

// runAdvise types the workload and the README's flags, presses Advise, and returns the report
// the page shows (its JSON) once it is done.
func runAdvise(t *testing.T, ctx context.Context, workload string) map[string]any {
	t.Helper()
	runs := eval[int](t, ctx, `window.layoutlabAdvise.runs`)
	errs := eval[int](t, ctx, `window.layoutlabAdvise.errors`)
	if err := chromedp.Do(ctx,
		chromedp.SetValue(chromedp.ID("advise-workload"), workload),
		chromedp.SetValue(chromedp.ID("advise-keys"), adviseKeys),
		chromedp.SetValue(chromedp.ID("advise-max-file"), adviseMaxFile),
		chromedp.SetValue(chromedp.ID("advise-ingest"), adviseIngest),
		chromedp.Click(chromedp.ID("advise-run"))); err != nil {
		t.Fatal(err)
	}
	cond := fmt.Sprintf(`window.layoutlabAdvise.runs > %d || window.layoutlabAdvise.errors > %d`, runs, errs)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(3*time.Minute))); err != nil {
		t.Fatalf("the advice never came: %v", err)
	}
	if eval[int](t, ctx, `window.layoutlabAdvise.errors`) > errs {
		t.Fatalf("the advisor failed: %s", eval[string](t, ctx, `document.getElementById("advise-error").textContent`))
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(eval[string](t, ctx, `JSON.stringify(window.layoutlabAdvise.report)`)), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// shownCandidate is a candidates' row as the page shows it.
type shownCandidate struct {
	Layout  string            `json:"layout"`
	Keys    string            `json:"keys"`
	Values  map[string]string `json:"values"`
	Refusal string            `json:"refusal"`
}

// TestAdviseAgreesWithTheCLI opens the event table with its data files (a zip of the folder) in
// the page, pastes the workload, runs Advise, and checks the page's report against `layoutlab
// advise --format json` on the same table, workload and flags: the whole report, and the figures
// the view shows (today's queries, each candidate's row, the chart's points and frontier, the
// recommendation and its SQL). Then it checks that the workload comes back for the same table,
// and that Cancel stops the advisor and leaves it working. With LAYOUTLAB_SCREENSHOTS set it
// saves the view at 1280 and 390 px wide.
func TestAdviseAgreesWithTheCLI(t *testing.T) {
	ctx := browser(t)
	dir, _ := filepath.Abs(filepath.Join(adviseTestdata, "events"))
	for _, wf := range []string{"mixed.workload", "user_lookups.workload"} {
		wfile := filepath.Join(adviseTestdata, wf)
		wl, err := os.ReadFile(wfile)
		if err != nil {
			t.Fatal(err)
		}
		want := cliAdvise(t, dir, wfile)
		openTablePage(t, ctx)
		if msg := give(t, ctx, archive(t, dir, "zip")); msg != "" {
			t.Fatalf("opening events: %s", msg)
		}
		loaded := `performance.getEntriesByType("resource").some((e) => e.name.includes("advise.wasm"))`
		if eval[bool](t, ctx, loaded) {
			t.Error("the table page fetched advise.wasm before Advise was clicked")
		}
		openAdvise(t, ctx)
		if !eval[bool](t, ctx, loaded) {
			t.Error("Advise ran without fetching advise.wasm")
		}
		if n := eval[int](t, ctx, `window.layoutlabAdvise.dataFiles`); n != 16 {
			t.Errorf("the advisor found %d data files, the table has 16", n)
		}
		got := runAdvise(t, ctx, string(wl))
		if !reflect.DeepEqual(got, want) {
			g, _ := json.MarshalIndent(got, "", " ")
			w, _ := json.MarshalIndent(want, "", " ")
			t.Errorf("%s: the page's report differs from the CLI's:\npage %s\nCLI %s", wf, g, w)
		}
		checkShown(t, ctx, want)
		t.Logf("%s: advised on the page in %.0f ms (longest stretch between yields %.0f ms: %s); advise.wasm loaded in %.0f ms",
			wf, eval[float64](t, ctx, `window.layoutlabAdvise.adviseMs`), eval[float64](t, ctx, `window.layoutlabAdvise.longestGo || 0`),
			eval[string](t, ctx, `window.layoutlabAdvise.longestWhat || ""`),
			eval[float64](t, ctx, `window.layoutlabAdvise.loadMs`))
		if d := os.Getenv("LAYOUTLAB_SCREENSHOTS"); d != "" {
			adviseScreenshots(t, ctx, d, strings.TrimSuffix(wf, ".workload"))
		}
	}
	// The same table opened again: its workload is in the box before anything is typed.
	last, _ := os.ReadFile(filepath.Join(adviseTestdata, "user_lookups.workload"))
	openTablePage(t, ctx)
	if msg := give(t, ctx, archive(t, dir, "zip")); msg != "" {
		t.Fatal(msg)
	}
	openAdvise(t, ctx)
	if got := eval[string](t, ctx, `document.getElementById("advise-workload").value`); got != string(last) {
		t.Errorf("the workload kept for the table is %q, want %q", got, last)
	}
	// Cancel, asked before the advisor's first row group: it stops, and the next run answers.
	stops := eval[int](t, ctx, `window.layoutlabAdvise.stops`)
	eval[bool](t, ctx, `(window.layoutlabAdvise.run({workload: "user_id = 1", keys: "", maxFileSize: "20000", ingestGBPerDay: ""}), window.layoutlabAdvise.cancel(), true)`)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`window.layoutlabAdvise.stops > %d`, stops), chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatalf("Cancel did not stop the advisor: %v", err)
	}
	if got := runAdvise(t, ctx, string(last)); got["recommendation"] == nil {
		t.Errorf("after a cancel the advice has no recommendation: %v", got)
	}
}

// checkShown compares the view's figures with the CLI's report.
func checkShown(t *testing.T, ctx context.Context, want map[string]any) {
	t.Helper()
	today := eval[[]map[string]string](t, ctx, `Array.from(document.querySelectorAll("#advise-result table.today tbody tr")).map((r) =>
		Object.fromEntries(Array.from(r.querySelectorAll("[data-metric]")).map((c) => [c.dataset.metric, c.dataset.value])))`)
	wq := want["today"].(map[string]any)["queries"].([]any)
	if len(today) != len(wq) {
		t.Fatalf("the page shows %d queries, the CLI %d", len(today), len(wq))
	}
	for i, q := range wq {
		q := q.(map[string]any)
		for _, m := range []string{"files_read", "bytes_read", "weight"} {
			if today[i][m] != jsonNum(q[m]) {
				t.Errorf("query %d: %s %s on the page, %s from the CLI", i, m, today[i][m], jsonNum(q[m]))
			}
		}
	}
	rows := eval[[]shownCandidate](t, ctx, `Array.from(document.querySelectorAll("#advise-result table.candidates tbody tr")).map((r) => ({
		layout: r.dataset.layout, keys: r.dataset.keys,
		values: Object.fromEntries(Array.from(r.querySelectorAll("[data-metric]")).map((c) => [c.dataset.metric, c.dataset.value])),
		refusal: (r.querySelector(".refusal") || {dataset: {}}).dataset.class || ""}))`)
	wc := want["candidates"].([]any)
	if len(rows) != len(wc) || len(wc) < 3 {
		t.Fatalf("the page shows %d candidates, the CLI %d", len(rows), len(wc))
	}
	scored := 0
	for i, c := range wc {
		c := c.(map[string]any)
		var keys []string
		for _, k := range c["keys"].([]any) {
			keys = append(keys, k.(string))
		}
		r := rows[i]
		if r.Layout != c["layout"] || r.Keys != strings.Join(keys, ",") {
			t.Errorf("candidate %d: page %s (%s), CLI %s (%v)", i, r.Layout, r.Keys, c["layout"], keys)
		}
		if e, ok := c["error"].(map[string]any); ok {
			if r.Refusal != e["class"] {
				t.Errorf("candidate %d: refusal %q on the page, %q from the CLI", i, r.Refusal, e["class"])
			}
			continue
		}
		scored++
		for _, m := range []string{"files_read_weighted", "bytes_read_weighted", "first_optimize_bytes", "nightly_optimize_bytes", "files"} {
			if r.Values[m] != jsonNum(c[m]) {
				t.Errorf("candidate %d: %s %s on the page, %s from the CLI", i, m, r.Values[m], jsonNum(c[m]))
			}
		}
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#advise-pareto circle.pt").length`); n != scored {
		t.Errorf("the chart has %d points for %d scored candidates", n, scored)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#advise-pareto circle.front").length`); n != len(want["pareto"].([]any)) {
		t.Errorf("the chart marks %d on the frontier, the CLI %d", n, len(want["pareto"].([]any)))
	}
	rec := want["recommendation"].(map[string]any)
	if got := eval[string](t, ctx, `document.getElementById("advise-recommendation").dataset.candidate`); got != jsonNum(rec["candidate"]) {
		t.Errorf("the page recommends %s, the CLI %s", got, jsonNum(rec["candidate"]))
	}
	var sql []string
	for _, s := range rec["sql"].([]any) {
		sql = append(sql, s.(string)+";")
	}
	if got := eval[string](t, ctx, `document.getElementById("advise-sql").textContent`); got != strings.Join(sql, "\n") {
		t.Errorf("the SQL shown is %q, the CLI's %q", got, sql)
	}
	if len(sql) > 0 {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("advise-copy"))); err != nil {
			t.Fatal(err)
		}
		if got := eval[string](t, ctx, `window.layoutlabAdvise.copied || ""`); got != strings.Join(sql, "\n") {
			t.Errorf("Copy SQL copied %q", got)
		}
	}
}

// jsonNum is a JSON number as the page's data-value spells it (Go's shortest decimal form).
func jsonNum(v any) string {
	f, ok := v.(float64)
	if !ok {
		return fmt.Sprint(v)
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// TestAdviseWithoutDataFiles: the event table's log alone (a zip of its _delta_log) gives the
// health and today's figures, the same as the CLI's on the log alone, and says that a what-if
// needs the data files; no candidate, no chart.
func TestAdviseWithoutDataFiles(t *testing.T) {
	ctx := browser(t)
	dir := filepath.Join(t.TempDir(), "events")
	if err := os.MkdirAll(filepath.Join(dir, "_delta_log"), 0o755); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(adviseTestdata, "events", "_delta_log")
	ents, _ := os.ReadDir(src)
	for _, e := range ents {
		b, _ := os.ReadFile(filepath.Join(src, e.Name()))
		os.WriteFile(filepath.Join(dir, "_delta_log", e.Name()), b, 0o644)
	}
	wfile := filepath.Join(adviseTestdata, "mixed.workload")
	wl, _ := os.ReadFile(wfile)
	want := cliAdvise(t, dir, wfile)
	openTablePage(t, ctx)
	if msg := give(t, ctx, archive(t, dir, "zip")); msg != "" {
		t.Fatal(msg)
	}
	openAdvise(t, ctx)
	if n := eval[int](t, ctx, `window.layoutlabAdvise.dataFiles`); n != 0 {
		t.Errorf("%d data files in a zip of the log", n)
	}
	if s := eval[string](t, ctx, `document.getElementById("advise-data").textContent`); !strings.Contains(s, "a what-if needs the data files") {
		t.Errorf("before the run the view says %q", s)
	}
	got := runAdvise(t, ctx, string(wl))
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the page's report differs from the CLI's on the log alone:\npage %v\nCLI %v", got, want)
	}
	msg := eval[string](t, ctx, `(document.getElementById("advise-message") || {textContent: ""}).textContent`)
	if !strings.Contains(msg, "a what-if needs the data files") {
		t.Errorf("the view says %q", msg)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#advise-pareto, #advise-result table.candidates").length`); n != 0 {
		t.Errorf("without data files the view shows %d candidates' tables or charts", n)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#advise-result table.today tbody tr").length`); n != 3 {
		t.Errorf("today's figures: %d queries shown, want 3", n)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#advise-result table.advise-health tbody tr").length`); n == 0 {
		t.Error("no health shown")
	}
}

// adviseScreenshots saves the Advise view at 1280 and 390 px wide.
func adviseScreenshots(t *testing.T, ctx context.Context, dir, name string) {
	for _, s := range []struct {
		w    int64
		mob  bool
		name string
	}{{1280, false, "1280"}, {390, true, "390"}} {
		opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
		if s.mob {
			opts = []chromedp.EmulateViewportOption{chromedp.EmulateScale(2), chromedp.EmulateMobile}
		}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(s.w, 900, opts...)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(300 * time.Millisecond)
		if buf, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.ID("advise"))); err == nil {
			os.WriteFile(filepath.Join(dir, "advise-"+name+"-"+s.name+".png"), buf, 0o644)
		} else {
			t.Logf("screenshot: %v", err)
		}
		// The chart and the candidates' table alone, legible at a phone's width.
		for part, sel := range map[string]string{"chart": "#advise-result figure.pareto", "candidates": "#advise-result table.candidates"} {
			if buf, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(sel))); err == nil {
				os.WriteFile(filepath.Join(dir, "advise-"+name+"-"+s.name+"-"+part+".png"), buf, 0o644)
			}
		}
	}
	chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900, chromedp.EmulateScale(1)))
}

// BenchmarkAdvisePage1M times the Advise view on engine/advise's BenchmarkAdvise1M table, written
// with its data files, workload and flags by
// LAYOUTLAB_BIG_TABLE=DIR LAYOUTLAB_BIG_ROWS=1000000 go test -run TestWriteBigTable ./engine/advise,
// given to the page as a stored zip (read by slices): the time from the click on Advise to the
// report, the browser's CPU time for it, the longest stretch between the advisor's yields, and
// the wasm memory. With TABLE_REFERENCE=DIR it advises in turn on the site built in DIR
// (another build's dist/, say main's), ADVISE_ROUNDS times each (default 1), so that the two
// are measured side by side in one run; each advice runs in a fresh browser.
func BenchmarkAdvisePage1M(b *testing.B) {
	dir := os.Getenv("LAYOUTLAB_BIG_TABLE")
	if dir == "" {
		b.Skip("LAYOUTLAB_BIG_TABLE is not set: see TestWriteBigTable")
	}
	browserTimeout = 30 * time.Minute // a million rows on shared cores
	rounds := 1
	if n, err := strconv.Atoi(os.Getenv("ADVISE_ROUNDS")); err == nil && n > 0 {
		rounds = n
	}
	zipPath := storedZip(b, filepath.Join(dir, "events_big"))
	sites := tableSites(b)
	got := map[string][]bigAdvice{}
	for i := 0; i < max(b.N, rounds); i++ {
		for _, site := range sites {
			a := adviseBigOnce(b, site, dir, zipPath)
			b.Logf("%s round %d: %.0f ms, %.1f s CPU, longest task %.0f ms (%s), %.0f MiB wasm; %d candidates, recommendation %s",
				site.name, i+1, a.ms, a.cpu, a.longest, a.what, a.mem/(1<<20), a.candidates, a.rec)
			got[site.name] = append(got[site.name], a)
		}
	}
	for _, site := range sites {
		var ms, cpu, longest, mem []float64
		for _, a := range got[site.name] {
			ms, cpu, longest, mem = append(ms, a.ms), append(cpu, a.cpu), append(longest, a.longest), append(mem, a.mem/(1<<20))
		}
		p := ""
		if site.name != "page" {
			p = site.name + "-"
		}
		b.ReportMetric(median(ms), p+"advise-ms")
		b.ReportMetric(median(cpu), p+"advise-cpu-s")
		b.ReportMetric(median(longest), p+"longest-task-ms")
		b.ReportMetric(median(mem), p+"wasm-MiB")
	}
}

// bigAdvice is one advice's figures on the big table.
type bigAdvice struct {
	ms, cpu, longest, mem float64
	candidates            int
	what, rec             string
}

// adviseBigOnce opens the big table's zip on site's table page in a fresh browser and advises.
func adviseBigOnce(b *testing.B, site tableSite, dir, zipPath string) bigAdvice {
	flags, err := os.ReadFile(filepath.Join(dir, "big.flags"))
	if err != nil {
		b.Fatal(err)
	}
	f := strings.Fields(string(flags)) // --keys K --max-file-size N
	wl, _ := os.ReadFile(filepath.Join(dir, "big.workload"))
	ctx, closeBrowser := newBrowser(b)
	defer closeBrowser()
	if err := chromedp.Do(ctx, chromedp.Navigate(site.url+"/table.html")); err != nil {
		b.Fatal(err)
	}
	if err := waitTableReady(ctx); err != nil {
		b.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("pick-files"), []string{zipPath})); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(window.layoutlabTable.opened > 0 && !window.layoutlabTable.planning) || window.layoutlabTable.errors > 0`, chromedp.WithPollingTimeout(10*time.Minute))); err != nil {
		b.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("advise-open"))); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.layoutlabAdvise && window.layoutlabAdvise.preparedOpen === window.layoutlabTable.opened || window.layoutlabAdvise.errors > 0`, chromedp.WithPollingTimeout(5*time.Minute))); err != nil {
		b.Fatal(err)
	}
	cpu0, err := browserCPU(ctx)
	if err != nil {
		b.Fatal(err)
	}
	if err := chromedp.Do(ctx,
		chromedp.SetValue(chromedp.ID("advise-workload"), string(wl)),
		chromedp.SetValue(chromedp.ID("advise-keys"), f[1]),
		chromedp.SetValue(chromedp.ID("advise-max-file"), f[3]),
		chromedp.Click(chromedp.ID("advise-run"))); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.layoutlabAdvise.runs > 0 || window.layoutlabAdvise.errors > 0`, chromedp.WithPollingTimeout(20*time.Minute))); err != nil {
		b.Fatal(err)
	}
	cpu1, err := browserCPU(ctx)
	if err != nil {
		b.Fatal(err)
	}
	if v, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`window.layoutlabAdvise.errors`)); v > 0 {
		msg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("advise-error").textContent`))
		b.Fatal(msg)
	}
	var a bigAdvice
	a.cpu = cpu1 - cpu0
	a.ms, _ = chromedp.Run(ctx, chromedp.Evaluate[float64](`window.layoutlabAdvise.adviseMs`))
	a.longest, _ = chromedp.Run(ctx, chromedp.Evaluate[float64](`window.layoutlabAdvise.longestGo`))
	a.mem, _ = chromedp.Run(ctx, chromedp.Evaluate[float64](`window.layoutlabAdvise.wasmMemory()`))
	a.rec, _ = chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify(window.layoutlabAdvise.report.recommendation)`))
	a.candidates, _ = chromedp.Run(ctx, chromedp.Evaluate[int](`window.layoutlabAdvise.report.candidates.length`))
	a.what, _ = chromedp.Run(ctx, chromedp.Evaluate[string](`window.layoutlabAdvise.longestWhat || ""`))
	return a
}

// storedZip writes dir as a zip of stored entries (read by slices, as a folder's files are).
func storedZip(b *testing.B, dir string) string {
	out := filepath.Join(b.TempDir(), filepath.Base(dir)+".zip")
	fz, err := os.Create(out)
	if err != nil {
		b.Fatal(err)
	}
	defer fz.Close()
	zw := zip.NewWriter(fz)
	defer zw.Close()
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(filepath.Dir(dir), p)
		w, err := zw.CreateHeader(&zip.FileHeader{Name: filepath.ToSlash(rel), Method: zip.Store})
		if err != nil {
			return err
		}
		_, err = w.Write(data)
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	return out
}

// TestAdviseFromAFolder gives the event table's folder through the folder input (webkitdirectory:
// every file under it, data files too, by relative path) and checks the advice is the CLI's.
func TestAdviseFromAFolder(t *testing.T) {
	ctx := browser(t)
	dir, _ := filepath.Abs(filepath.Join(adviseTestdata, "events"))
	wfile := filepath.Join(adviseTestdata, "user_lookups.workload")
	wl, _ := os.ReadFile(wfile)
	want := cliAdvise(t, dir, wfile)
	openTablePage(t, ctx)
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("pick-dir"), []string{dir})); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(window.layoutlabTable.opened > 0 && !window.layoutlabTable.planning) || window.layoutlabTable.errors > 0`,
		chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatal(err)
	}
	openAdvise(t, ctx)
	if n := eval[int](t, ctx, `window.layoutlabAdvise.dataFiles`); n != 16 {
		t.Errorf("the advisor found %d data files in the folder, the table has 16", n)
	}
	if got := runAdvise(t, ctx, string(wl)); !reflect.DeepEqual(got, want) {
		t.Errorf("the page's report from the folder differs from the CLI's:\npage %v\nCLI %v", got, want)
	}
}
