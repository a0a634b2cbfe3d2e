package tablepage

import (
	"runtime"
	"testing"
	"unsafe"

	"layoutlab/engine/inspect"
	"layoutlab/engine/inspect/inspecttest"
)

// TestRunWhereCopiesNoFiles: the page's WHERE after the open allocates less than a tenth of a
// copy of the table's files, and reads the one file that can hold id 5000.
func TestRunWhereCopiesNoFiles(t *testing.T) {
	const n = 5_000
	m, err := inspecttest.Table(n)
	if err != nil {
		t.Fatal(err)
	}
	_, in, err := inspect.Open(m, "t", inspect.Options{Version: -1, PlanLater: true})
	if err != nil {
		t.Fatal(err)
	}
	in.Report("") // the Report the page shows after the open
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r, err := RunWhere{"id = 5000"}.Run(in, nil)
	runtime.ReadMemStats(&after)
	if err != nil || r.FilesRead != 1 || r.FilesTotal != n {
		t.Fatalf("id = 5000: %v, %d of %d files read, want 1 of %d", err, r.FilesRead, r.FilesTotal, n)
	}
	copyBytes := uint64(n) * uint64(unsafe.Sizeof(inspect.File{}))
	if got := after.TotalAlloc - before.TotalAlloc; got > copyBytes/10 {
		t.Errorf("the WHERE allocated %d bytes, more than a tenth of a copy of the files (%d)", got, copyBytes)
	}
}
