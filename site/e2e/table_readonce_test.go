//go:build browser

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"layoutlab/engine/inspect/inspecttest"
)

// TestTableReadsTheCheckpointOnceAndFreesIt: opening the 100,000-file synthetic table (a 22.5 MB
// Parquet checkpoint) reads the checkpoint's bytes once, not about twice as Blob slices did
// (the windows that followed the page headers' reads took in the pages between them and were
// gone by the decode: 47 MB of slices), and every copy of it the page read whole is given back
// (detached) once the replay is done, rather than left for V8 to collect some time (reopening
// the table kept about 20 MiB of PSS more each time). Reads are counted in the page by wrapping
// Blob.prototype.slice and arrayBuffer before the upload.
func TestTableReadsTheCheckpointOnceAndFreesIt(t *testing.T) {
	const n = 100_000
	m, err := inspecttest.Table(n)
	if err != nil {
		t.Fatal(err)
	}
	files := writeLog(t, m)
	var cp string
	var cpSize int64
	for _, f := range files {
		if strings.HasSuffix(f, ".checkpoint.parquet") {
			st, err := os.Stat(f)
			if err != nil {
				t.Fatal(err)
			}
			cp, cpSize = filepath.Base(f), st.Size()
		}
	}
	ctx := browser(t)
	openTablePage(t, ctx)
	eval[int](t, ctx, `window.reads = [];
		const slice = Blob.prototype.slice, ab = Blob.prototype.arrayBuffer;
		Blob.prototype.slice = function (...a) { const b = slice.apply(this, a); b.from = this.name || this.from; return b; };
		Blob.prototype.arrayBuffer = function () {
			const name = this.name || this.from;
			return ab.call(this).then((buf) => { window.reads.push({name, n: buf.byteLength, buf}); return buf; });
		}; 0`)
	if msg := give(t, ctx, files...); msg != "" {
		t.Fatalf("opening the %d-file table: %s", n, msg)
	}
	if got := eval[int](t, ctx, `+document.querySelector("#summary [data-metric=files_total]").dataset.value`); got != n {
		t.Fatalf("the page shows %d files, want %d", got, n)
	}
	type read struct {
		Name     string
		N        int64
		Detached bool
	}
	reads := eval[[]read](t, ctx, `window.reads.map((r) => ({name: r.name, n: r.n, detached: r.buf.byteLength === 0}))`)
	var cpRead int64
	whole := 0
	for _, r := range reads {
		if r.Name != cp {
			continue
		}
		cpRead += r.N
		if r.N == cpSize {
			whole++
			if !r.Detached {
				t.Errorf("the checkpoint read whole (%d bytes) is still held after the open", r.N)
			}
		}
	}
	t.Logf("%s: %d bytes; read %d bytes of it in all, %d times whole; %d reads of the log", cp, cpSize, cpRead, whole, len(reads))
	if cpRead > cpSize+cpSize/20 {
		t.Errorf("the checkpoint (%d bytes) was read %d bytes' worth, %.2f times over", cpSize, cpRead, float64(cpRead)/float64(cpSize))
	}
	if whole != 1 {
		t.Errorf("the checkpoint was read whole %d times, want once", whole)
	}
}
