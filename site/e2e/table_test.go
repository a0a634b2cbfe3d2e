//go:build browser

package e2e

import (
	"archive/tar"
	"archive/zip"
	"context"
	"fmt"
	"io/fs"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/chromedp/chromedp"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
	"layoutlab/engine/inspect/inspecttest"
	"layoutlab/site/host"
)

// tablesDir holds the real Delta tables engine/deltalog is tested on.
const tablesDir = "../../engine/deltalog/testdata/tables"

// openTablePage loads table.html and waits for its module.
func openTablePage(t *testing.T, ctx context.Context) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(server.URL+"/table.html")); err != nil {
		t.Fatalf("navigate: %v", err)
	}
	if err := waitTableReady(ctx); err != nil {
		t.Fatalf("table.html's module never started: %v; page says %q", err, eval[string](t, ctx, `document.getElementById("status").textContent + " " + document.getElementById("error").textContent`))
	}
}

// waitTableReady waits for table.html's module, as waitReady does for the widget: a poll begun
// as the new page replaces the old one is tried again.
func waitTableReady(ctx context.Context) error {
	var err error
	for try := 0; try < 3; try++ {
		_, err = chromedp.Run(ctx, chromedp.Poll[bool](`!!(window.layoutlabTable && window.layoutlabTable.ready)`,
			chromedp.WithPollingTimeout(2*time.Minute)))
		if err == nil || !strings.Contains(err.Error(), "Cannot find context") {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	return err
}

// archive writes the folder dir (data files too: the page must leave them out) as a .zip or
// .tar named after it into a temporary folder, entries under the folder's name.
func archive(t *testing.T, dir, kind string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), filepath.Base(dir)+"."+kind)
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var zw *zip.Writer
	var tw *tar.Writer
	if kind == "zip" {
		zw = zip.NewWriter(f)
		defer zw.Close()
	} else {
		tw = tar.NewWriter(f)
		defer tw.Close()
	}
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(filepath.Dir(dir), p)
		rel = filepath.ToSlash(rel)
		if zw != nil {
			w, err := zw.Create(rel)
			if err != nil {
				return err
			}
			_, err = w.Write(b)
			return err
		}
		if err := tw.WriteHeader(&tar.Header{Name: rel, Mode: 0o644, Size: int64(len(b)), Typeflag: tar.TypeReg}); err != nil {
			return err
		}
		_, err = tw.Write(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// give uploads files through the page's file input and waits until the page opened them (and
// planned their next OPTIMIZE) or said why not; it returns the error shown ("" when the table
// opened).
func give(t *testing.T, ctx context.Context, files ...string) string {
	t.Helper()
	opened := eval[int](t, ctx, `window.layoutlabTable.opened`)
	errs := eval[int](t, ctx, `window.layoutlabTable.errors`)
	abs := make([]string, len(files))
	for i, f := range files {
		abs[i], _ = filepath.Abs(f) // DevTools sets files by absolute path
	}
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("pick-files"), abs)); err != nil {
		t.Fatalf("upload: %v", err)
	}
	cond := fmt.Sprintf(`(window.layoutlabTable.opened > %d && !window.layoutlabTable.planning) || window.layoutlabTable.errors > %d`, opened, errs)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("the page neither opened %v nor said why: %v", files, err)
	}
	if eval[int](t, ctx, `window.layoutlabTable.errors`) > errs {
		return eval[string](t, ctx, `document.getElementById("error").textContent`)
	}
	return ""
}

// where runs a WHERE as a reader would: types it and presses Run.
func where(t *testing.T, ctx context.Context, pred string) {
	t.Helper()
	runs := eval[int](t, ctx, `window.layoutlabTable.whereRuns`)
	if err := chromedp.Do(ctx,
		chromedp.SetValue(chromedp.ID("where"), pred),
		chromedp.Click(chromedp.CSS("#where-form button"))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`window.layoutlabTable.whereRuns > %d`, runs),
		chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatalf("WHERE %s never ran: %v", pred, err)
	}
}

// pageFile is a file row as the page lists it.
type pageFile struct {
	Path   string `json:"path"`
	Read   bool   `json:"read"`
	Reason string `json:"reason"`
}

// agreesWithInspect checks the page against `layoutlab inspect --format json`'s Report for the same table,
// version and WHERE (engine/inspect run here, natively): files read and skipped, every file's
// verdict and reason, and the next OPTIMIZE's figures.
func agreesWithInspect(t *testing.T, ctx context.Context, want *inspect.Report) {
	t.Helper()
	num := func(sel string) int64 {
		s := eval[string](t, ctx, fmt.Sprintf(`(document.querySelector(%q) || {dataset: {value: "-1"}}).dataset.value`, sel))
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatalf("%s: %q", sel, s)
		}
		return n
	}
	if got := num(`#summary [data-metric=version]`); got != want.Version {
		t.Errorf("version %d, CLI %d", got, want.Version)
	}
	if got := num(`#where-summary [data-metric=files_read]`); got != int64(want.FilesRead) {
		t.Errorf("files read %d, CLI %d", got, want.FilesRead)
	}
	if got := num(`#where-summary [data-metric=files_total]`); got != int64(want.FilesTotal) {
		t.Errorf("files total %d, CLI %d", got, want.FilesTotal)
	}
	if want.Where != "" {
		if got := num(`#where-summary [data-metric=files_skipped]`); got != int64(want.FilesTotal-want.FilesRead) {
			t.Errorf("files skipped %d, CLI %d", got, want.FilesTotal-want.FilesRead)
		}
	}
	rows := eval[[]pageFile](t, ctx, `Array.from(document.querySelectorAll("#files tr[data-path]")).map((r) =>
		({path: r.dataset.path, read: r.dataset.read === "true", reason: r.querySelector(".reason").textContent}))`)
	if len(rows) != min(len(want.Files), fileRows) {
		t.Fatalf("the page lists %d files, the CLI %d", len(rows), len(want.Files))
	}
	for i, r := range rows {
		w := want.Files[i]
		if r.Path != w.Path || r.Read != w.Read || r.Reason != w.Reason {
			t.Errorf("file %d: page %+v, CLI {%s %t %s}", i, r, w.Path, w.Read, w.Reason)
		}
	}
	for _, p := range []struct {
		name string
		plan *inspect.OptimizePlan
	}{{"oss", want.NextOptimize.OSS}, {"fabric-runtime-2.0", want.NextOptimize.FabricRuntime20}} {
		n := eval[int](t, ctx, fmt.Sprintf(`document.querySelectorAll('#optimize .plan[data-platform=%q]').length`, p.name))
		if p.plan == nil {
			if n != 0 {
				t.Errorf("the page shows a %s plan the CLI does not", p.name)
			}
			continue
		}
		if n != 1 {
			t.Errorf("the page shows %d %s plans, the CLI one (platforms on the page: %s)", n, p.name,
				eval[string](t, ctx, `Array.from(document.querySelectorAll("#optimize .plan")).map((p) => p.dataset.platform).join(",")`))
			continue
		}
		sel := func(m string) string {
			return fmt.Sprintf(`#optimize .plan[data-platform=%q] [data-metric=%s]`, p.name, m)
		}
		for m, v := range map[string]int64{"candidate_files": p.plan.ConsideredFiles, "selected_files": int64(p.plan.SelectedFiles),
			"selected_bytes": p.plan.SelectedBytes, "bins": int64(len(p.plan.Bins)), "cubes_sealed": int64(p.plan.SealedCubes)} {
			if got := num(sel(m)); got != v {
				t.Errorf("%s plan: %s %d, CLI %d", p.name, m, got, v)
			}
		}
	}
}

func inspectNatively(t *testing.T, table string, version int64, pred string) *inspect.Report {
	t.Helper()
	r, err := inspect.Inspect(os.DirFS(filepath.Join(tablesDir, table)), table, inspect.Options{Version: version, Where: pred})
	if err != nil {
		t.Fatalf("inspect %s: %v", table, err)
	}
	return r
}

// TestOpenYourTableAgreesWithTheCLI opens real tables as a reader would (a zip of a partitioned
// table, a tar of a clustered one whose only log file is a Parquet checkpoint, the loose files of
// a log with multi-part checkpoints and deletion vectors), runs WHEREs, moves the version slider,
// and checks every figure against engine/inspect's answer for the same table.
func TestOpenYourTableAgreesWithTheCLI(t *testing.T) {
	ctx := browser(t)
	openTablePage(t, ctx)

	// A partitioned table, as a zip of its folder (data files and all).
	const part = "dat/basic_partitioned/delta"
	if msg := give(t, ctx, archive(t, filepath.Join(tablesDir, part), "zip")); msg != "" {
		t.Fatalf("opening %s: %s", part, msg)
	}
	if by := eval[string](t, ctx, `document.getElementById("group-by").value`); by != "partition" {
		t.Errorf("a partitioned table is grouped by %q", by)
	}
	agreesWithInspect(t, ctx, inspectNatively(t, part, -1, ""))
	where(t, ctx, "letter = 'a' OR number > 5")
	agreesWithInspect(t, ctx, inspectNatively(t, part, -1, "letter = 'a' OR number > 5"))
	where(t, ctx, "letter IS NULL")
	agreesWithInspect(t, ctx, inspectNatively(t, part, -1, "letter IS NULL"))

	// Time travel: the slider to version 0, and the WHERE still applies.
	setVersion(t, ctx, 0)
	agreesWithInspect(t, ctx, inspectNatively(t, part, 0, "letter IS NULL"))

	// A clustered table whose log is a single Parquet checkpoint, as a tar.
	const clustered = "delta-rs/table-with-domain-metadata"
	if msg := give(t, ctx, archive(t, filepath.Join(tablesDir, clustered), "tar")); msg != "" {
		t.Fatalf("opening %s: %s", clustered, msg)
	}
	if eval[string](t, ctx, `document.getElementById("where").value`) != "" {
		t.Error("a new table kept the last table's WHERE")
	}
	agreesWithInspect(t, ctx, inspectNatively(t, clustered, -1, ""))
	where(t, ctx, "id = 3")
	agreesWithInspect(t, ctx, inspectNatively(t, clustered, -1, "id = 3"))
	if got := eval[string](t, ctx, `document.getElementById("span-column").value`); got != "department" {
		t.Errorf("a table clustered by department is coloured by %q", got)
	}

	// Multi-part checkpoints and deletion vectors, the log's files chosen loose.
	const dv = "delta/kernel-defaults-kernel-pagination-multi-part-checkpoints"
	logs, _ := filepath.Glob(filepath.Join(tablesDir, dv, "_delta_log", "*"))
	if msg := give(t, ctx, logs...); msg != "" {
		t.Fatalf("opening %s: %s", dv, msg)
	}
	agreesWithInspect(t, ctx, inspectNatively(t, dv, -1, ""))
	want := inspectNatively(t, dv, -1, "")
	clickFirstFile(t, ctx, want)

	// A predicate Delta refuses: the message, and the table stays.
	where(t, ctx, "no_such_column = 1")
	if msg := eval[string](t, ctx, `document.getElementById("where-error").textContent`); !strings.Contains(msg, "no_such_column") {
		t.Errorf("an unknown column says %q", msg)
	}
	agreesWithInspect(t, ctx, inspectNatively(t, dv, -1, ""))
}

// TestOpenYourTableDecimalArithmetic: on a table partitioned by a decimal(12,5), WHEREs with
// decimal arithmetic read the files Spark's exact arithmetic keeps (#38), on the page as
// natively: part * 3 = 0.00012 reads part=0.00004's file (in double, 0.00004 * 3 is not 0.00012
// and it was skipped), a quotient rounded HALF_UP to 7 digits reads it too, and a product past
// 38 digits is NULL for every file.
func TestOpenYourTableDecimalArithmetic(t *testing.T) {
	ctx := browser(t)
	openTablePage(t, ctx)
	dir := "../../engine/skipping/testdata/tables/delta/basic-decimal-table"
	if msg := give(t, ctx, archive(t, dir, "zip")); msg != "" {
		t.Fatalf("opening %s: %s", dir, msg)
	}
	for _, c := range []struct {
		pred string
		read []string // the partition folders of the files read
	}{
		{"part * 3 = 0.00012", []string{"part=0.00004"}},
		{"part / 3 = 0.0000133", []string{"part=0.00004"}},
		{"part * 99999999999999999999999999999999999999 IS NULL", []string{"part=-2342342.23423", "part=0.00004", "part=234.00000", "part=2342222.23454"}},
	} {
		want, err := inspect.Inspect(os.DirFS(dir), "basic-decimal-table", inspect.Options{Version: -1, Where: c.pred})
		if err != nil {
			t.Fatal(err)
		}
		var read []string
		for _, f := range want.Files {
			if f.Read {
				read = append(read, strings.SplitN(f.Path, "/", 2)[0])
			}
		}
		slices.Sort(read)
		if !slices.Equal(read, c.read) {
			t.Errorf("%s: natively reads %v, want %v", c.pred, read, c.read)
		}
		where(t, ctx, c.pred)
		agreesWithInspect(t, ctx, want)
		if dir := os.Getenv("LAYOUTLAB_SCREENSHOTS"); dir != "" && c.pred == "part * 3 = 0.00012" {
			if buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
				os.WriteFile(filepath.Join(dir, "table-decimal-arith.png"), buf, 0o644)
			}
		}
	}
}

// setVersion moves the version slider as a reader's release of it would.
func setVersion(t *testing.T, ctx context.Context, v int) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(() => { const s = document.getElementById("version");
		s.value = %d; s.dispatchEvent(new Event("input")); s.dispatchEvent(new Event("change")); return true; })()`, v))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`window.layoutlabTable.version === %d && !window.layoutlabTable.planning`, v),
		chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatalf("the page never showed version %d: %v", v, err)
	}
}

// clickFirstFile clicks the grid at its first cell and checks the add action shown is that
// file's.
func clickFirstFile(t *testing.T, ctx context.Context, want *inspect.Report) {
	t.Helper()
	pos := eval[[]float64](t, ctx, `window.layoutlabTable.cellCentre(0)`)
	if len(pos) != 3 {
		t.Fatalf("no cell 0 on the grid")
	}
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(pos[0], pos[1])); err != nil {
		t.Fatal(err)
	}
	path := want.Files[int(pos[2])].Path
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.getElementById("add-action").textContent.includes(%q)`, `"path": "`+path+`"`),
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Errorf("after a click on %s the add action shown is %q", path, eval[string](t, ctx, `document.getElementById("add-action").textContent`))
	}
}

// brokenCopy copies a test table into a temporary folder and lets break change its log.
func brokenCopy(t *testing.T, table string, breakIt func(log string)) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(table))
	err := filepath.WalkDir(filepath.Join(tablesDir, table), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(filepath.Join(tablesDir, table), p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	breakIt(filepath.Join(dst, "_delta_log"))
	return dst
}

// TestBrokenLogsSayWhatIsWrong: a folder that is no Delta table, a truncated commit, a missing
// commit and a garbage checkpoint each get a message naming the file (and line), and the page
// then opens a good table.
func TestBrokenLogsSayWhatIsWrong(t *testing.T) {
	ctx := browser(t)
	openTablePage(t, ctx)
	const table = "delta/spark-delta-1.2.1"
	commit := func(v int) string { return fmt.Sprintf("%020d.json", v) }
	notDelta := filepath.Join(t.TempDir(), "photos")
	os.MkdirAll(notDelta, 0o755)
	os.WriteFile(filepath.Join(notDelta, "cat.jpg"), []byte("not a table"), 0o644)
	cases := []struct {
		name  string
		dir   string
		wants []string
	}{
		{"not a Delta table", notDelta, []string{"photos.zip", "no _delta_log files"}},
		{"a truncated commit", brokenCopy(t, "dat/basic_partitioned/delta", func(log string) {
			p := filepath.Join(log, commit(1))
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.SplitN(string(b), "\n", 3) // the second line cut in the middle
			os.WriteFile(p, []byte(lines[0]+"\n"+lines[1][:len(lines[1])/2]), 0o644)
		}), []string{"_delta_log/" + commit(1) + ":2:", "invalid JSON"}},
		{"a missing commit", brokenCopy(t, "dat/basic_partitioned/delta", func(log string) {
			b, _ := os.ReadFile(filepath.Join(log, commit(1)))
			os.WriteFile(filepath.Join(log, commit(2)), b, 0o644)
			os.Remove(filepath.Join(log, commit(1)))
		}), []string{"_delta_log/" + commit(1), "missing"}},
		{"a garbage checkpoint", brokenCopy(t, table, func(log string) {
			cps, _ := filepath.Glob(filepath.Join(log, "*.checkpoint.parquet"))
			if len(cps) == 0 {
				t.Fatalf("%s has no Parquet checkpoint", table)
			}
			os.WriteFile(cps[len(cps)-1], []byte("PAR1 this is not a checkpoint PAR1"), 0o644)
		}), []string{"checkpoint.parquet"}},
	}
	for _, c := range cases {
		msg := give(t, ctx, archive(t, c.dir, "zip"))
		if msg == "" {
			t.Errorf("%s: opened without a word", c.name)
			continue
		}
		for _, w := range c.wants {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: the message %q does not name %q", c.name, msg, w)
			}
		}
		t.Logf("%s: %s", c.name, msg)
		if eval[bool](t, ctx, `!!window.layoutlabTable.ready`) != true {
			t.Fatalf("%s: the page stopped", c.name)
		}
	}
	// The page still works.
	if msg := give(t, ctx, archive(t, filepath.Join(tablesDir, table), "zip")); msg != "" {
		t.Fatalf("after the broken logs, %s does not open: %s", table, msg)
	}
	agreesWithInspect(t, ctx, inspectNatively(t, table, -1, ""))
	if !eval[bool](t, ctx, `document.getElementById("error").hidden`) {
		t.Error("the last error is still shown over a table that opened")
	}
}

// clusteredWithZCubes writes a liquid-clustered table's log (the real tables in testdata have
// no ZCube tags): ZCubes of 4 GiB files on id, the large ones sealed (at or over the default
// minCubeSize of 100 GiB), a few open ones, files appended since without a clusteringProvider,
// and a second commit.
func clusteredWithZCubes(t *testing.T) string {
	t.Helper()
	root := filepath.Join(t.TempDir(), "clustered_events")
	schema := `{"type":"struct","fields":[{"name":"id","type":"long","nullable":true,"metadata":{}},{"name":"name","type":"string","nullable":true,"metadata":{}}]}`
	acts := []deltalog.Action{
		deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2}.WithClustering(),
		deltalog.Metadata{ID: "clustered-events", SchemaString: schema},
		deltalog.ClusteringDomainForColumns("id"),
	}
	file := 0
	add := func(lo, hi int64) deltalog.AddFile {
		file++
		return deltalog.AddFile{Path: fmt.Sprintf("part-%05d.parquet", file), Size: 4 << 30, DataChange: true, ModificationTime: 1767225600000,
			Stats: fmt.Sprintf(`{"numRecords":1000000,"minValues":{"id":%d,"name":"a%d"},"maxValues":{"id":%d,"name":"z%d"},"nullCount":{"id":0,"name":0}}`, lo, file, hi, file)}
	}
	for c, n := range []int{30, 28, 26, 30, 12, 6, 3} {
		base := int64(c) * 100_000
		for k := 0; k < n; k++ {
			step := int64(100_000 / n)
			acts = append(acts, add(base+int64(k)*step, base+int64(k+1)*step+step/3).WithZCube(fmt.Sprintf("cube-%d", c), []string{"id"}))
		}
	}
	var later []deltalog.Action
	for k := 0; k < 24; k++ {
		later = append(later, add(int64(k)*20_000, int64(k)*20_000+400_000))
	}
	ci := deltalog.CommitInfo{Timestamp: 1767225600000, Operation: "WRITE"}
	for v, body := range [][]deltalog.Action{acts, later} {
		var b strings.Builder
		if err := deltalog.WriteCommit(&b, deltalog.Commit{Version: int64(v), Actions: append([]deltalog.Action{ci}, body...)}); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(root, deltalog.LogDir, deltalog.CommitFileName(int64(v)))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestTableScreenshots opens a clustered table with ZCubes at desktop and phone sizes, runs a
// WHERE, checks the page against engine/inspect and that the grid is drawn; with
// LAYOUTLAB_SCREENSHOTS set it saves the grid's view and the whole page there.
func TestTableScreenshots(t *testing.T) {
	ctx := browser(t)
	dir := clusteredWithZCubes(t)
	want, err := inspect.Inspect(os.DirFS(dir), "t", inspect.Options{Version: -1, Where: "id BETWEEN 120000 AND 160000"})
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range []viewport{{"table-desktop", 1200, 900, false, 1}, {"table-phone", 390, 844, true, 2}} {
		emulate(t, ctx, size)
		openTablePage(t, ctx)
		if msg := give(t, ctx, archive(t, dir, "zip")); msg != "" {
			t.Fatalf("opening the clustered table: %s", msg)
		}
		if by := eval[string](t, ctx, `document.getElementById("group-by").value`); by != "zcube" {
			t.Errorf("a table of ZCubes is grouped by %q", by)
		}
		where(t, ctx, want.Where)
		agreesWithInspect(t, ctx, want)
		clickFirstFile(t, ctx, want)
		// The grid and what is under it, in the viewport.
		eval[bool](t, ctx, `(document.getElementById("grid").scrollIntoView({block: "start"}), true)`)
		if n := distinctColours(canvasPixels(t, ctx, size.name)); n < 5 {
			t.Errorf("%s: the grid shows %d colours", size.name, n)
		}
		if dir := os.Getenv("LAYOUTLAB_SCREENSHOTS"); dir != "" {
			if buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
				os.WriteFile(filepath.Join(dir, size.name+"-full.png"), buf, 0o644)
			}
		}
	}
}

// TestTableWorksOfflineAfterOneVisit: after one visit of table.html the service worker has the
// page and its module; with the server gone the page starts and opens a table.
func TestTableWorksOfflineAfterOneVisit(t *testing.T) {
	dist, _ := filepath.Abs("../../dist")
	srv := httptest.NewServer(host.Framed(dist, host.SelfOnly))
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/table.html")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(caches.match("table.wasm.gz").then(r => window.__cached = !!r),
		navigator.serviceWorker.controller !== null && window.__cached === true)`, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("the service worker never cached table.wasm.gz: %v", err)
	}
	srv.Close()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank"), chromedp.Navigate(srv.URL+"/table.html")); err != nil {
		t.Fatalf("offline navigation failed: %v", err)
	}
	if err := waitTableReady(ctx); err != nil {
		t.Fatalf("table.html did not start offline: %v", err)
	}
	const table = "dat/basic_partitioned/delta"
	if msg := give(t, ctx, archive(t, filepath.Join(tablesDir, table), "zip")); msg != "" {
		t.Fatalf("offline, %s does not open: %s", table, msg)
	}
	agreesWithInspect(t, ctx, inspectNatively(t, table, -1, ""))
}

// writeLog writes a synthetic table's log (inspecttest.Table) into a temporary folder and returns
// its files' paths, for the page's file picker.
func writeLog(t testing.TB, m fstest.MapFS) []string {
	dir := t.TempDir()
	var files []string
	for name, f := range m {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	return files
}

// fileRows is how many files table.html lists at first, and adds on each "Show more"
// (front/tablepage's FileRows).
const fileRows = 200

// TestTheFileListShowsMoreOnRequest: a table of more files than the list shows at first lists
// the first fileRows, then fileRows more on each press of "Show more", in the CLI's order with
// the CLI's verdicts, until every file is listed and the button is gone.
func TestTheFileListShowsMoreOnRequest(t *testing.T) {
	const n = 2*fileRows + 100 // a multiple of inspecttest.Commits
	m, err := inspecttest.Table(n)
	if err != nil {
		t.Fatal(err)
	}
	files := writeLog(t, m)
	const pred = "id < 30000"
	want, err := inspect.Inspect(m, "synthetic", inspect.Options{Version: -1, Where: pred})
	if err != nil || want.Error != nil || want.FilesTotal != n || want.FilesRead == 0 || want.FilesRead == n {
		t.Fatalf("the CLI's inspection: %v %+v, reads %d of %d files", err, want.Error, want.FilesRead, n)
	}
	ctx := browser(t)
	openTablePage(t, ctx)
	if msg := give(t, ctx, files...); msg != "" {
		t.Fatalf("opening the synthetic table: %s", msg)
	}
	where(t, ctx, pred)
	rows := func() []pageFile {
		return eval[[]pageFile](t, ctx, `Array.from(document.querySelectorAll("#files tr[data-path]")).map((r) =>
			({path: r.dataset.path, read: r.dataset.read === "true", reason: r.querySelector(".reason").textContent}))`)
	}
	for _, step := range []struct {
		shown  int
		button string
	}{{fileRows, "Show 200 more"}, {2 * fileRows, "Show 100 more"}, {n, ""}} {
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.querySelectorAll("#files tr[data-path]").length === %d`, step.shown),
			chromedp.WithPollingTimeout(time.Minute))); err != nil {
			t.Fatalf("the list never showed %d files: it shows %d", step.shown, len(rows()))
		}
		if got := eval[string](t, ctx, `(document.getElementById("files-more") || {textContent: ""}).textContent`); got != step.button {
			t.Errorf("with %d files listed the button says %q, want %q", step.shown, got, step.button)
		}
		if step.button != "" {
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("files-more"))); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i, r := range rows() {
		w := want.Files[i]
		if r.Path != w.Path || r.Read != w.Read || r.Reason != w.Reason {
			t.Errorf("file %d: page %+v, CLI {%s %t %s}", i, r, w.Path, w.Read, w.Reason)
		}
	}
}
