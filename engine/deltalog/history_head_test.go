package deltalog_test

import (
	"io"
	"io/fs"
	"testing"
	"testing/fstest"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/deltalog/parquetjson"
	"layoutlab/engine/inspect/inspecttest"
)

// countingFS counts the bytes read of each file.
type countingFS struct {
	fstest.MapFS
	read map[string]int64
}

func (c *countingFS) Open(name string) (fs.File, error) {
	f, err := c.MapFS.Open(name)
	if err != nil {
		return nil, err
	}
	return &countedFile{File: f, fs: c, name: name}, nil
}

type countedFile struct {
	fs.File
	fs   *countingFS
	name string
}

func (f *countedFile) Read(p []byte) (int, error) {
	n, err := f.File.Read(p)
	f.fs.read[f.name] += int64(n)
	return n, err
}

func (f *countedFile) ReadAt(p []byte, off int64) (int, error) {
	n, err := f.File.(io.ReaderAt).ReadAt(p, off)
	f.fs.read[f.name] += int64(n)
	return n, err
}

func (f *countedFile) Seek(off int64, whence int) (int64, error) {
	return f.File.(io.Seeker).Seek(off, whence)
}

// TestHistoryReadsACommitsHeadOnly: DESCRIBE HISTORY of the commits a checkpoint covers reads
// each commit's commitInfo line, the first Delta writes, and a few KB around it, not its adds:
// the table page reads each through a promise, and at 64 KB a commit the history was 6.4 MB of
// the 100,000-file table's 29.9 MB read.
func TestHistoryReadsACommitsHeadOnly(t *testing.T) {
	m, err := inspecttest.Table(20_000) // 100 commits of 200 adds (~75 KB each), checkpointed at 99
	if err != nil {
		t.Fatal(err)
	}
	c := &countingFS{MapFS: m, read: map[string]int64{}}
	s, err := deltalog.OpenSnapshot(c, deltalog.OpenOptions{Version: -1, Parquet: parquetjson.Rows})
	if err != nil {
		t.Fatal(err)
	}
	h := s.History()
	if len(h) != inspecttest.Commits+1 {
		t.Fatalf("%d commits in the history, want %d", len(h), inspecttest.Commits+1)
	}
	for v := range inspecttest.Commits - 1 { // the checkpoint at 99 covers 0 to 99
		name := "_delta_log/" + deltalog.CommitFileName(int64(v))
		if got, size := c.read[name], int64(len(m[name].Data)); got == 0 || got > 4<<10 || size <= 64<<10 {
			t.Errorf("%s: %d bytes read of its %d for its commitInfo", name, got, size)
		}
		if h[v].Version == nil || *h[v].Version != int64(v) {
			t.Errorf("history entry %d is not version %d", v, v)
		}
	}
}
