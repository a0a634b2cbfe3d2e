package timeline

import (
	"testing"
	"unsafe"
)

// TestFileRecordSize keeps the per-file record at the size fileStore's comment gives: a run
// writes tens of thousands of them, a chunk of 1,024 at a time, and the collector scans them.
func TestFileRecordSize(t *testing.T) {
	if s := unsafe.Sizeof(file{}); s > 176 {
		t.Fatalf("file is %d bytes, more than 176: keep what only one strategy reads beside it (fileStore.ranges)", s)
	}
}
