package datafiles

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
	"time"
)

// sizedFS holds files that cannot be read at offsets (as a zip's deflated member) and that say
// they hold size bytes; reading one is an error the test would see.
type sizedFS struct{ size int64 }

func (s sizedFS) Open(name string) (fs.File, error) { return sizedFile{name, s.size}, nil }

type sizedFile struct {
	name string
	size int64
}

func (f sizedFile) Stat() (fs.FileInfo, error) { return f, nil }
func (f sizedFile) Read([]byte) (int, error) {
	return 0, errors.New("read before its size was checked")
}
func (f sizedFile) Close() error       { return nil }
func (f sizedFile) Name() string       { return f.name }
func (f sizedFile) Size() int64        { return f.size }
func (f sizedFile) Mode() fs.FileMode  { return 0o444 }
func (f sizedFile) ModTime() time.Time { return time.Time{} }
func (f sizedFile) IsDir() bool        { return false }
func (f sizedFile) Sys() any           { return nil }

// TestOpenAtChecksTheSizeFirst: a file whose size is not the add action's is refused before
// any of it is read or held (a zip member declaring a gigabyte is not inflated to find out).
func TestOpenAtChecksTheSizeFirst(t *testing.T) {
	_, _, _, err := openAt(sizedFS{1 << 30}, "part-0.parquet", 4096)
	if err == nil || !strings.Contains(err.Error(), "its add action says 4096") {
		t.Fatalf("got %v", err)
	}
	if _, _, _, err := openAt(sizedFS{4096}, "part-0.parquet", 4096); err == nil || !strings.Contains(err.Error(), "read before") {
		t.Fatalf("a file of the right size is read: got %v", err)
	}
}
