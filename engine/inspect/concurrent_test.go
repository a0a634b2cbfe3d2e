package inspect

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path"
	"runtime"
	"testing"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/work"
)

// TestConcurrentOpenAsSerial: without a Yield on two cores (the CLI), Inspect decodes a
// checkpoint's stats column beside its other columns (parquetjson's readAddsConcurrent); with a
// Yield (the page) it decodes one column after another; likewise it computes the clustering
// health beside the next OPTIMIZE's plan (healthAndPlan). With -race it checks that neither
// writes what the other reads. Both give the same report, to the byte,
// on every real table of engine/deltalog's testdata (liquid, ZORDER, partitioned, Parquet
// checkpoints and sidecars) and on the health and benchmark tables.
func TestConcurrentOpenAsSerial(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	serial := work.Yield(func(work.Progress) error { return nil })
	same := func(name string, fsys fs.FS, where string) {
		t.Helper()
		got, gerr := Inspect(fsys, name, Options{Version: -1, Where: where})
		want, werr := Inspect(fsys, name, Options{Version: -1, Where: where, Yield: serial})
		if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
			t.Errorf("%s: concurrent %v, serial %v", name, gerr, werr)
			return
		}
		if gerr != nil {
			return
		}
		g, err := json.Marshal(got)
		if err != nil {
			t.Fatal(err)
		}
		w, err := json.Marshal(want)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(g, w) {
			t.Errorf("%s: the concurrent report differs from the serial one", name)
		}
	}
	const root = "../deltalog/testdata/tables"
	tables := 0
	err := fs.WalkDir(os.DirFS(root), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() || path.Base(p) != deltalog.LogDir {
			return err
		}
		same(path.Dir(p), os.DirFS(path.Join(root, path.Dir(p))), "")
		tables++
		return fs.SkipDir
	})
	if err != nil {
		t.Fatal(err)
	}
	if tables < 20 {
		t.Fatalf("only %d tables", tables)
	}
	same("health", healthTable(t, 3, 3000), "i > 100")
	bench, err := benchTable(20_000)
	if err != nil {
		t.Fatal(err)
	}
	same("bench", bench, "")
}
