//go:build browser

package e2e

import (
	"compress/gzip"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// gzipped writes a .tar of dir, gzip-compressed, named with ext (".tar.gz", ".tgz").
func gzipped(t *testing.T, dir, ext string) string {
	t.Helper()
	raw, err := os.ReadFile(archive(t, dir, "tar"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), filepath.Base(dir)+ext)
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	zw := gzip.NewWriter(f)
	if _, err := zw.Write(raw); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestAdviseFromATarGz gives the event table with its data files as a .tar.gz and as a .tgz:
// the advisor inflates it as a stream and holds its files, and its report is the CLI's, the SQL
// naming the table by its folder.
func TestAdviseFromATarGz(t *testing.T) {
	ctx := browser(t)
	dir, _ := filepath.Abs(filepath.Join(adviseTestdata, "events"))
	wfile := filepath.Join(adviseTestdata, "user_lookups.workload")
	wl, _ := os.ReadFile(wfile)
	want := cliAdvise(t, dir, wfile)
	for _, ext := range []string{".tar.gz", ".tgz"} {
		openTablePage(t, ctx)
		if msg := give(t, ctx, gzipped(t, dir, ext)); msg != "" {
			t.Fatalf("%s: opening events: %s", ext, msg)
		}
		openAdvise(t, ctx)
		if n := eval[int](t, ctx, `window.layoutlabAdvise.dataFiles`); n != 16 {
			t.Errorf("%s: the advisor found %d data files, the table has 16", ext, n)
		}
		got := runAdvise(t, ctx, string(wl))
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the page's report differs from the CLI's:\npage %v\nCLI %v", ext, got, want)
		}
		if sql := eval[string](t, ctx, `JSON.stringify(window.layoutlabAdvise.report.recommendation.sql)`); strings.Contains(sql, ext) {
			t.Errorf("%s: the SQL names the archive, not the table: %s", ext, sql)
		}
	}
}
