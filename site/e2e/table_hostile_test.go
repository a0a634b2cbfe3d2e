//go:build browser

package e2e

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"layoutlab/engine/deltalog"
)

// Budgets every hostile input is held to on table.html (issue #49): the page stays responsive
// (no task longer than maxTaskMs) and grows by at most maxGrowth, and the table shown before
// stays shown.
const (
	maxTaskMs = 200
	maxGrowth = 1 << 30
)

// shownTable is what the page shows of the table open: its name and file count.
type shownTable struct {
	Name  string `json:"name"`
	Files string `json:"files"`
}

func tableShownNow(t *testing.T, ctx context.Context) shownTable {
	t.Helper()
	return eval[shownTable](t, ctx, `({name: document.getElementById("table-name").textContent,
		files: (document.querySelector("#summary [data-metric=files_total]") || {dataset: {value: ""}}).dataset.value})`)
}

// watchTasks starts recording the page's long tasks (Long Tasks API: every task over 50 ms).
func watchTasks(t *testing.T, ctx context.Context) {
	t.Helper()
	eval[bool](t, ctx, `(window.longTasks = [], new PerformanceObserver((l) => {
		for (const e of l.getEntries()) window.longTasks.push(e.duration); }).observe({type: "longtask"}), true)`)
}

// hostile gives the page files that must be refused, after a good table was opened, and checks
// the budgets: an error naming each of wants, the good table still shown, the status not
// "Opened", no task over maxTaskMs, and the module's memory and the browser's PSS grown by at
// most maxGrowth.
func hostile(t *testing.T, ctx context.Context, name string, wants []string, files ...string) {
	t.Helper()
	before := tableShownNow(t, ctx)
	mem0 := eval[float64](t, ctx, `window.layoutlabTable.wasmMemory()`)
	pss0, _, err := browserPSS(ctx)
	if err != nil {
		t.Fatal(err)
	}
	watchTasks(t, ctx)
	msg := give(t, ctx, files...)
	if msg == "" {
		t.Errorf("%s: opened without a word", name)
	}
	for _, w := range wants {
		if !strings.Contains(msg, w) {
			t.Errorf("%s: the message %q does not name %q", name, msg, w)
		}
	}
	t.Logf("%s: %s", name, msg)
	if now := tableShownNow(t, ctx); now != before || before.Files == "" {
		t.Errorf("%s: the page showed %+v before and %+v after", name, before, now)
	}
	if st := eval[string](t, ctx, `document.getElementById("status").textContent`); strings.HasPrefix(st, "Opened") {
		t.Errorf("%s: the status says %q", name, st)
	}
	longest := eval[float64](t, ctx, `Math.max(0, ...window.longTasks)`)
	mem := eval[float64](t, ctx, `window.layoutlabTable.wasmMemory()`)
	pss, _, err := browserPSS(ctx)
	if err != nil {
		t.Fatal(err)
	}
	goLongest := eval[string](t, ctx, `JSON.stringify(window.layoutlabTable.longestGo || null)`)
	t.Logf("%s: longest task %.0f ms (the longest stretch of Go since the page loaded, and its status lines: %s); wasm memory %.0f → %.0f MiB; browser PSS %.0f → %.0f MiB", name, longest, goLongest, mib(mem0), mib(mem), mib(float64(pss0)), mib(float64(pss)))
	if longest > maxTaskMs {
		t.Errorf("%s: a task of %.0f ms, over %d ms", name, longest, maxTaskMs)
	}
	if mem-mem0 > maxGrowth || pss-pss0 > maxGrowth {
		t.Errorf("%s: the module grew by %.0f MiB and the browser by %.0f MiB, over %d MiB", name, mib(mem-mem0), mib(float64(pss-pss0)), maxGrowth>>20)
	}
}

// openGoodTable opens a small real table, the one each hostile input must leave shown.
func openGoodTable(t *testing.T, ctx context.Context) {
	t.Helper()
	const good = "dat/basic_partitioned/delta"
	if msg := give(t, ctx, archive(t, filepath.Join(tablesDir, good), "zip")); msg != "" {
		t.Fatalf("opening %s: %s", good, msg)
	}
}

// commitWith copies a real table and adds a commit after its last holding actions.
func commitWith(t *testing.T, table string, actions ...string) (dir, file string) {
	t.Helper()
	lst, err := deltalog.List(os.DirFS(filepath.Join(tablesDir, table)))
	if err != nil {
		t.Fatal(err)
	}
	file = deltalog.LogDir + "/" + deltalog.CommitFileName(lst.MaxVersion+1)
	dir = brokenCopy(t, table, func(log string) {
		body := `{"commitInfo":{"timestamp":1767225600000,"operation":"SET TBLPROPERTIES"}}` + "\n" + strings.Join(actions, "\n") + "\n"
		if err := os.WriteFile(filepath.Join(log, deltalog.CommitFileName(lst.MaxVersion+1)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	})
	return dir, file
}

// TestTableRefusalKeepsTheTableShown: a table Delta refuses (an unknown reader feature) and one
// whose schema does not parse, each opened after a good table, are refused naming the commit
// that holds the action and its field; the good table stays shown, and the status never says
// "Opened" (#49: it showed "Version 0: 0 files").
func TestTableRefusalKeepsTheTableShown(t *testing.T) {
	ctx := browser(t)
	openTablePage(t, ctx)
	openGoodTable(t, ctx)
	const table = "dat/basic_append/delta"
	feature, featureFile := commitWith(t, table,
		`{"protocol":{"minReaderVersion":3,"minWriterVersion":7,"readerFeatures":["futureFeature"],"writerFeatures":["futureFeature"]}}`)
	hostile(t, ctx, "an unknown reader feature", []string{featureFile, "protocol.readerFeatures", "futureFeature"}, archive(t, feature, "zip"))
	schema, schemaFile := commitWith(t, table,
		`{"metaData":{"id":"broken-schema","format":{"provider":"parquet","options":{}},"schemaString":"{\"type\":\"struct\",\"fields\":[{\"name\":","partitionColumns":[],"configuration":{}}}`)
	hostile(t, ctx, "a schema that does not parse", []string{schemaFile, "metaData.schemaString"}, archive(t, schema, "zip"))

	// Time travel to a version Delta refuses: the version shown stays, and the slider with it.
	dir := filepath.Join(t.TempDir(), "downgraded")
	os.MkdirAll(filepath.Join(dir, deltalog.LogDir), 0o755)
	for v, body := range []string{
		`{"commitInfo":{"timestamp":1767225600000,"operation":"CREATE TABLE"}}
{"protocol":{"minReaderVersion":3,"minWriterVersion":7,"readerFeatures":["futureFeature"],"writerFeatures":["futureFeature"]}}
{"metaData":{"id":"d","format":{"provider":"parquet","options":{}},"schemaString":"{\"type\":\"struct\",\"fields\":[{\"name\":\"id\",\"type\":\"long\",\"nullable\":true,\"metadata\":{}}]}","partitionColumns":[],"configuration":{}}}`,
		`{"commitInfo":{"timestamp":1767225700000,"operation":"SET TBLPROPERTIES"}}
{"protocol":{"minReaderVersion":1,"minWriterVersion":2}}
{"add":{"path":"a.parquet","partitionValues":{},"size":1,"modificationTime":1,"dataChange":true}}`,
	} {
		if err := os.WriteFile(filepath.Join(dir, deltalog.LogDir, deltalog.CommitFileName(int64(v))), []byte(body+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if msg := give(t, ctx, archive(t, dir, "zip")); msg != "" {
		t.Fatalf("opening the downgraded table: %s", msg)
	}
	before := tableShownNow(t, ctx)
	errs := eval[int](t, ctx, `window.layoutlabTable.errors`)
	eval[bool](t, ctx, `(() => { const s = document.getElementById("version");
		s.value = 0; s.dispatchEvent(new Event("input")); s.dispatchEvent(new Event("change")); return true; })()`)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`window.layoutlabTable.errors > %d`, errs),
		chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatalf("version 0 of the downgraded table was not refused: %v", err)
	}
	msg := eval[string](t, ctx, `document.getElementById("error").textContent`)
	if !strings.Contains(msg, deltalog.LogDir+"/"+deltalog.CommitFileName(0)) || !strings.Contains(msg, "protocol.readerFeatures") {
		t.Errorf("version 0 refused with %q", msg)
	}
	if now := tableShownNow(t, ctx); now != before {
		t.Errorf("the page showed %+v before and %+v after", before, now)
	}
	if v := eval[string](t, ctx, `document.getElementById("version").value + " " + document.querySelector("#summary [data-metric=version]").dataset.value`); v != "1 1" {
		t.Errorf("after the refusal the slider and the summary say %q, want version 1", v)
	}
}

// zerosArchive writes an archive (zip or tar.gz) of the log entries names, each size bytes of
// zeros: a few MB that inflate to gigabytes.
func zerosArchive(t *testing.T, kind string, size int64, names ...string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "zeros."+kind)
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	switch kind {
	case "zip":
		zw := zip.NewWriter(f)
		for _, n := range names {
			w, err := zw.Create(n)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := io.Copy(w, io.LimitReader(zeroReader{}, size)); err != nil {
				t.Fatal(err)
			}
		}
		err = zw.Close()
	case "tar.gz":
		gw, _ := gzip.NewWriterLevel(f, gzip.BestSpeed)
		tw := tar.NewWriter(gw)
		for _, n := range names {
			if err := tw.WriteHeader(&tar.Header{Name: n, Mode: 0o644, Size: size, Typeflag: tar.TypeReg}); err != nil {
				t.Fatal(err)
			}
			if _, err := io.Copy(tw, io.LimitReader(zeroReader{}, size)); err != nil {
				t.Fatal(err)
			}
		}
		if err = tw.Close(); err == nil {
			err = gw.Close()
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	return out
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestTableHostileArchivesAndLooseFiles: archives and loose files that would take gigabytes
// (#49) are refused naming the file, with the page responsive and the good table kept: a zip
// of two 1 GiB commits of zeros (refused on their size before a byte is inflated), a zip of one
// 200 MiB commit of zeros (under the commit limit: inflated as it is read, and refused on its
// first line's length), a .tar.gz of two 1 GiB commits (refused on the entry's header before it
// is held), and two loose 1.1 GB files (refused on File.size before they are read).
func TestTableHostileArchivesAndLooseFiles(t *testing.T) {
	ctx := browser(t)
	openTablePage(t, ctx)
	openGoodTable(t, ctx)
	c0, c1 := "t/_delta_log/"+deltalog.CommitFileName(0), "t/_delta_log/"+deltalog.CommitFileName(1)
	hostile(t, ctx, "a zip of two 1 GiB commits of zeros", []string{"_delta_log/" + deltalog.CommitFileName(0), "1073741824 bytes"},
		zerosArchive(t, "zip", 1<<30, c0, c1))
	hostile(t, ctx, "a zip of a 200 MiB commit of zeros", []string{"_delta_log/" + deltalog.CommitFileName(0) + ":1:", "longer than"},
		zerosArchive(t, "zip", 200<<20, c0))
	hostile(t, ctx, "a .tar.gz of two 1 GiB commits of zeros", []string{"zeros.tar.gz", c0, "1073741824 bytes"},
		zerosArchive(t, "tar.gz", 1<<30, c0, c1))
	// Loose files: sparse, so they cost the disk nothing.
	dir := t.TempDir()
	var loose []string
	for v := range 2 {
		p := filepath.Join(dir, deltalog.CommitFileName(int64(v)))
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Truncate(1_100_000_000); err != nil {
			t.Fatal(err)
		}
		f.Close()
		loose = append(loose, p)
	}
	hostile(t, ctx, "two loose 1.1 GB files", []string{"_delta_log/" + deltalog.CommitFileName(0), "1100000000 bytes"}, loose...)
	// The page still opens a table.
	openGoodTable(t, ctx)
	if got := tableShownNow(t, ctx); got.Name != "delta" {
		t.Errorf("after the hostile inputs the page shows %+v", got)
	}
}
