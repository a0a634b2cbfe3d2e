package deltalog_test

import (
	"runtime"
	"testing"
	"unsafe"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/deltalog/parquetjson"
	"layoutlab/engine/inspect/inspecttest"
)

// TestSnapshotBytesPerFile: a snapshot of the synthetic table (inspecttest.Table: every add
// has a path of 30 bytes and statistics of about 190, no tags, deletion vector, row tracking
// or clustering provider) holds each file in its add, its two strings and its place in the
// sorted list, not in the add's rarely set fields: 112-byte adds were 343 bytes a file (40 MB
// of the 1,000,000-file table, in the CLI and in the page).
func TestSnapshotBytesPerFile(t *testing.T) {
	const n = 100_000
	m, err := inspecttest.Table(n)
	if err != nil {
		t.Fatal(err)
	}
	text := 0
	for i := range n {
		a := inspecttest.Add(i)
		text += len(a.Path) + len(a.Stats)
	}
	objects := inspecttest.HeapObjects
	before := objects()
	s, err := deltalog.OpenSnapshot(m, deltalog.OpenOptions{Version: -1, Parquet: parquetjson.Rows})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(s.AllFiles()); got != n {
		t.Fatalf("%d files, want %d", got, n)
	}
	perFile := (objects() - before) / n
	runtime.KeepAlive(s)
	runtime.KeepAlive(m)
	// The add, its text, a pointer in the sorted list, and 8 bytes for the rest (the
	// snapshot's own, its strings' slab blocks' unused tails).
	const addBytes = 72 // the path, partition values, size, time, statistics, extras and dataChange
	bound := addBytes + float64(text)/n + 8 + 8
	t.Logf("%.1f bytes a file held (text %.1f, add %d), at most %.1f", perFile, float64(text)/n, unsafe.Sizeof(deltalog.AddFile{}), bound)
	if unsafe.Sizeof(deltalog.AddFile{}) > addBytes {
		t.Errorf("AddFile is %d bytes, want at most %d: its rarely set fields are AddFileExtras", unsafe.Sizeof(deltalog.AddFile{}), addBytes)
	}
	if perFile > bound {
		t.Errorf("the snapshot holds %.1f bytes a file, more than %.1f", perFile, bound)
	}
}
