package inspect

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"layoutlab/engine/deltalog"
)

// TestReportWithoutWhereSharesFiles: the page's Report without a WHERE uses the Inspector's files
// instead of a copy (a million files are 190 MB), and Reports asked in any order answer as a
// fresh Inspector's do.
func TestReportWithoutWhereSharesFiles(t *testing.T) {
	in, fresh := pageInspector(t)
	all := in.Report("")
	if len(all.Files) == 0 || &all.Files[0] != &in.base.Files[0] {
		t.Fatal("the Report without a WHERE copied the Inspector's files")
	}
	for _, where := range []string{"letter = 'a'", "", "number > 3", "  ", "nope = 1", ""} {
		got, want := in.Report(where), fresh(where)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("WHERE %q after other Reports: %+v, want %+v", where, got, want)
		}
	}
	if !reflect.DeepEqual(all, fresh("")) {
		t.Error("the first Report without a WHERE changed as later WHEREs were answered")
	}
	if r := in.Report("letter = 'a'"); r.FilesRead == r.FilesTotal || r.FilesRead == 0 {
		t.Errorf("letter = 'a' reads %d of %d files: the test table no longer tells verdicts apart", r.FilesRead, r.FilesTotal)
	}
}

// pageInspector is an interactive Inspector on a small partitioned table, as the page holds one,
// and fresh, a new Inspector's Report for a WHERE: what a shared Report must answer as.
func pageInspector(t *testing.T) (in *Inspector, fresh func(where string) *Report) {
	t.Helper()
	const table = "dat/basic_partitioned/delta"
	s, err := deltalog.OpenSnapshot(os.DirFS(filepath.Join("../deltalog/testdata/tables", table)), deltalog.OpenOptions{Version: -1})
	if err != nil {
		t.Fatal(err)
	}
	fresh = func(where string) *Report {
		return mustInspector(newInspector(s, table, nil, Options{}, true)).Report(where)
	}
	return mustInspector(newInspector(s, table, nil, Options{}, true)), fresh
}
