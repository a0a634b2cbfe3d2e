//go:build browser

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"layoutlab/engine/inspect/inspecttest"
)

// TestTableReadsTheCheckpointOnce: opening the 100,000-file synthetic table (a 22.5 MB Parquet
// checkpoint, under tablepage.MaxWholeBytes) reads the checkpoint once, in one slice's
// arrayBuffer(), after at most its first and last 64 KiB by slices (its magic and footer,
// checked first), not about twice over by slices as before (the windows that followed the page
// headers' reads took in the pages between them and were gone by the decode: 47 MB of slices),
// nor as a stream (a round trip through the module per 64 KB chunk). Reads are counted in the
// page by wrapping Blob.prototype's slice, arrayBuffer and stream before the upload.
func TestTableReadsTheCheckpointOnce(t *testing.T) {
	const n = 100_000
	files, cp, cpSize := writeCheckpointedLog(t, n)
	reads, streams := openCountingReads(t, files, n)
	var sliced int64
	whole := 0
	for _, r := range reads {
		if r.Name == cp {
			sliced += r.N
			if r.N == cpSize {
				whole++
			}
		}
	}
	streamed := 0
	for _, s := range streams {
		if s.Name == cp {
			streamed++
		}
	}
	t.Logf("%s: %d bytes; %d bytes of it read by slices (%d of them whole), streamed %d times; %d slices and %d streams of the log in all", cp, cpSize, sliced, whole, streamed, len(reads), len(streams))
	if whole != 1 || streamed != 0 {
		t.Errorf("the checkpoint was read whole %d times and streamed %d times, want once whole and no stream", whole, streamed)
	}
	if sliced > cpSize+2*64<<10 {
		t.Errorf("%d bytes of the checkpoint were read by slices besides the whole, more than its first and last 64 KiB", sliced-cpSize)
	}
}

// writeCheckpointedLog writes inspecttest's n-file table's log and gives its files, its
// checkpoint's name and size.
func writeCheckpointedLog(t *testing.T, n int) (files []string, cp string, cpSize int64) {
	t.Helper()
	m, err := inspecttest.Table(n)
	if err != nil {
		t.Fatal(err)
	}
	files = writeLog(t, m)
	for _, f := range files {
		if strings.HasSuffix(f, ".checkpoint.parquet") {
			st, err := os.Stat(f)
			if err != nil {
				t.Fatal(err)
			}
			cp, cpSize = filepath.Base(f), st.Size()
		}
	}
	return files, cp, cpSize
}

// countedRead is one read of an upload: the file it came from and its bytes.
type countedRead struct {
	Name string
	N    int64
}

// openCountingReads opens the table page in a fresh browser and gives it the n-file table's
// files with every read of an upload counted: each slice's arrayBuffer() (reads) and each
// stream (streams). It checks the page shows n files.
func openCountingReads(t *testing.T, files []string, n int) (reads, streams []countedRead) {
	t.Helper()
	ctx := browser(t)
	openTablePage(t, ctx)
	eval[int](t, ctx, `window.reads = []; window.streams = [];
		const slice = Blob.prototype.slice, ab = Blob.prototype.arrayBuffer, stream = Blob.prototype.stream;
		Blob.prototype.slice = function (...a) { const b = slice.apply(this, a); b.from = this.name || this.from; return b; };
		Blob.prototype.arrayBuffer = function () {
			const name = this.name || this.from;
			return ab.call(this).then((buf) => { window.reads.push({name, n: buf.byteLength}); return buf; });
		};
		Blob.prototype.stream = function () { window.streams.push({name: this.name || this.from, n: this.size}); return stream.call(this); }; 0`)
	if msg := give(t, ctx, files...); msg != "" {
		t.Fatalf("opening the %d-file table: %s", n, msg)
	}
	if got := eval[int](t, ctx, `+document.querySelector("#summary [data-metric=files_total]").dataset.value`); got != n {
		t.Fatalf("the page shows %d files, want %d", got, n)
	}
	return eval[[]countedRead](t, ctx, `window.reads`), eval[[]countedRead](t, ctx, `window.streams`)
}
