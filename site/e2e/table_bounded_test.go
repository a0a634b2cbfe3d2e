//go:build browser

package e2e

import (
	"testing"

	"layoutlab/front/tablepage"
)

// TestTableReadsALargeCheckpointByBoundedWindows: a checkpoint over tablepage.MaxWholeBytes (the
// 300,000-file synthetic table's, about 70 MB) is never read whole: every read of it is a
// slice's stream of at most one window (picked.Bounded's 8 MiB), about twice over in all (the
// Parquet reader checks the page headers, then decodes), and the table opens with every file.
// Held whole, the 1M table's 238 MB checkpoint sat in the module's memory, which never shrinks.
func TestTableReadsALargeCheckpointByBoundedWindows(t *testing.T) {
	const n = 300_000
	const window = 8 << 20
	files, cp, cpSize := writeCheckpointedLog(t, n)
	if cpSize <= tablepage.MaxWholeBytes {
		t.Fatalf("the %d-file table's checkpoint is %d bytes, not over MaxWholeBytes (%d): the test needs a larger table", n, cpSize, tablepage.MaxWholeBytes)
	}
	reads, streams := openCountingReads(t, files, n)
	var sliced, streamed, largest int64
	count := 0
	for _, r := range reads {
		if r.Name == cp {
			sliced += r.N
		}
	}
	for _, r := range streams {
		if r.Name == cp {
			streamed += r.N
			largest = max(largest, r.N)
			count++
		}
	}
	t.Logf("%s: %d bytes; %d streams of its slices, %d bytes in all, the largest %d; %d bytes by arrayBuffer()", cp, cpSize, count, streamed, largest, sliced)
	if sliced != 0 {
		t.Errorf("%d bytes of the checkpoint were read by arrayBuffer(), want none: it is read by windows", sliced)
	}
	if largest > window {
		t.Errorf("a read of %d bytes of the checkpoint, over the %d-byte window", largest, window)
	}
	if streamed < cpSize || streamed > 5*cpSize/2 {
		t.Errorf("%d bytes of the %d-byte checkpoint were streamed, want it all, at most about twice over", streamed, cpSize)
	}
}
