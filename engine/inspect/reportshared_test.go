package inspect

import (
	"reflect"
	"runtime"
	"testing"
	"unsafe"
)

// TestReportSharedAnswersAsFresh: the page's WHEREs (ReportShared) set the verdicts in the
// Inspector's own files, and each Report, a shared one or not, in any order, answers as a fresh
// Inspector's does.
func TestReportSharedAnswersAsFresh(t *testing.T) {
	in, fresh := pageInspector(t)
	for _, where := range []string{"letter = 'a'", "nope = 1", "", "number > 3", "nope = 1", "  ", "letter = 'a'", "number > 3"} {
		got, err := in.ReportShared(where, nil)
		if err != nil {
			t.Fatal(err)
		}
		if want := fresh(where); !reflect.DeepEqual(got, want) {
			t.Errorf("shared WHERE %q after other Reports differs from a fresh Inspector's (the files' verdicts, or: %d of %d files read, error %v; fresh: %d, %v)",
				where, got.FilesRead, got.FilesTotal, got.Error, want.FilesRead, want.Error)
		}
		if got.Error == nil && &got.Files[0] != &in.base.Files[0] {
			t.Errorf("shared WHERE %q copied the Inspector's files", where)
		}
		// A Report that copies, asked between shared ones, answers as a fresh one too.
		if got, want := in.Report("number > 3"), fresh("number > 3"); !reflect.DeepEqual(got, want) {
			t.Errorf("number > 3 after the shared %q: %d files read, a fresh Inspector's %d", where, got.FilesRead, want.FilesRead)
		}
	}
	if r, _ := in.ReportShared("letter = 'a'", nil); r.FilesRead == r.FilesTotal || r.FilesRead == 0 {
		t.Errorf("letter = 'a' reads %d of %d files: the test table no longer tells verdicts apart", r.FilesRead, r.FilesTotal)
	}
}

// TestReportSharedCopiesNoFiles: the page's WHERE on an opened table allocates less than a
// tenth of a copy of its files (a copy of the 1M table's was 160 MB, and in js/wasm the
// collection it set off was 1.5 s of a 2.1 s WHERE), where ReportYield allocates at least one.
func TestReportSharedCopiesNoFiles(t *testing.T) {
	m, err := benchTable(testFiles)
	if err != nil {
		t.Fatal(err)
	}
	_, in, err := Open(m, "t", Options{Version: -1, PlanLater: true})
	if err != nil {
		t.Fatal(err)
	}
	const where = "id = 5000"
	copyBytes := uint64(testFiles) * uint64(unsafe.Sizeof(File{}))
	allocated := func(report func(string, func()) (*Report, error)) uint64 {
		var before, after runtime.MemStats
		in.ReportShared("", nil) // the columns id reads, read, as after the page's open
		runtime.ReadMemStats(&before)
		r, err := report(where, nil)
		runtime.ReadMemStats(&after)
		if err != nil || r.FilesRead != 1 || r.FilesTotal != testFiles {
			t.Fatalf("%s: %v, %d of %d files read, want 1 of %d", where, err, r.FilesRead, r.FilesTotal, testFiles)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	shared := allocated(func(w string, _ func()) (*Report, error) { return in.ReportShared(w, nil) })
	copied := allocated(func(w string, _ func()) (*Report, error) { return in.ReportYield(w, nil) })
	if copied < copyBytes {
		t.Fatalf("ReportYield allocated %d bytes, less than a copy of the files (%d): the measure no longer sees one", copied, copyBytes)
	}
	if shared > copyBytes/10 {
		t.Errorf("ReportShared allocated %d bytes, more than a tenth of a copy of the files (%d)", shared, copyBytes)
	}
}
