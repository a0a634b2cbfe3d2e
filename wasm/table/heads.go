//go:build js && wasm

package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"syscall/js"

	"layoutlab/front/picked"
	"layoutlab/wasm/browser"
)

// headsBatch is how many commits' heads one promise fetches (headBytes each: 2 MB a batch).
const headsBatch = 32

// headBytes is a commit's head as fetched ahead: what DESCRIBE HISTORY reads first of a commit
// (deltalog's line buffer, for the commitInfo line).
const headBytes = 4 << 10

// commitHeads reads the upload's commits by slices, as browser.Blob does (picked.Windows), but
// fetches their heads (a read within a commit's first headBytes) headsBatch at a time, in
// version order: the
// page reads the batch's heads from the files' streams side by side (table.js, heads) and gives
// them under one promise, and the next batch is started as the first head of one is taken, so
// that the browser reads it while the replay parses. DESCRIBE HISTORY reads the first line of
// every commit one after the other: a head per promise (a stream's, 8 started ahead) was 100
// round trips through the page's event loop for 100 commits, ~0.4 s of the 100,000-file open
// under load. A stream rather than a slice: slice() costs the page a synchronous call to the
// browser's blob registry (100 slices were 185 ms of the page's thread). Batches hold at most
// 2 × headsBatch heads.
type commitHeads struct {
	files []js.Value // the commits, in version order
	sizes []int64
	at    map[string]int // a commit's index in files, by path
	// read gives a promise of the first n bytes of each of files, as Uint8Arrays (table.js's
	// heads).
	read func(files []any, n int64) js.Value
	// batches are the batches started and not all taken, by their first commit's index.
	batches map[int]*headBatch
	// Awaits counts the promises waited for (a batch's or a slice's), for the tests.
	Awaits int
}

// headBatch is the heads of commits [lo, lo+headsBatch) as one promise gives them.
type headBatch struct {
	promise js.Value   // of the heads (Uint8Arrays), in order
	heads   []js.Value // once it settled
	err     error
	left    int // heads not taken yet
}

// newCommitHeads keeps the upload's JSON log files (paths[i] is files[i]'s, sizes[i] its size),
// their heads read by read, and starts the first batch: the browser reads it while the replay
// reads the checkpoint.
func newCommitHeads(paths []string, files []js.Value, sizes []int64, read func(files []any, n int64) js.Value) *commitHeads {
	h := &commitHeads{at: map[string]int{}, batches: map[int]*headBatch{}, read: read}
	order := make([]int, 0, len(paths))
	for i, p := range paths {
		if strings.HasSuffix(p, ".json") {
			order = append(order, i)
		}
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(paths[a], paths[b]) })
	for _, i := range order {
		h.at[paths[i]] = len(h.files)
		h.files, h.sizes = append(h.files, files[i]), append(h.sizes, sizes[i])
	}
	if len(h.files) > 0 {
		h.start(0)
	}
	return h
}

// readerAt reads the commit at path: a read within its head from the head, fetched in a
// batch, any other by slices (picked.Windows); ok is false for a file that is not one of the
// commits.
func (h *commitHeads) readerAt(path string) (io.ReaderAt, bool) {
	i, ok := h.at[path]
	if !ok {
		return nil, false
	}
	w := picked.NewWindows(h.sizes[i], func(off, end int64) ([]byte, error) { return h.slice(i, off, end) })
	return &commitReader{h: h, i: i, rest: w}, true
}

// commitReader reads commit i.
type commitReader struct {
	h    *commitHeads
	i    int
	head []byte // once read
	rest *picked.Windows
}

func (r *commitReader) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 || off+int64(len(p)) > min(r.h.sizes[r.i], headBytes) {
		return r.rest.ReadAt(p, off)
	}
	if r.head == nil {
		head, err := r.h.head(r.i)
		if err != nil {
			return 0, err
		}
		r.head = head
	}
	return copy(p, r.head[off:]), nil
}

// head gives commit i's head from its batch, and then starts the next batch; a head taken
// before is read again by a slice.
func (h *commitHeads) head(i int) ([]byte, error) {
	lo := i - i%headsBatch
	end := min(h.sizes[i], headBytes)
	b := h.batches[lo]
	if b == nil {
		b = h.start(lo)
	}
	if b.heads == nil && b.err == nil {
		h.Awaits++
		all, err := browser.Await(b.promise)
		b.err = err
		if err == nil {
			b.heads = make([]js.Value, all.Length())
			for k := range b.heads {
				b.heads[k] = all.Index(k)
			}
		}
		// The next batch is read by the browser while this one's heads are parsed.
		if next := lo + headsBatch; next < len(h.files) && h.batches[next] == nil {
			h.start(next)
		}
	}
	if b.err != nil {
		return nil, b.err
	}
	arr := b.heads[i-lo]
	if !arr.Truthy() { // taken before: read again
		return h.slice(i, 0, end)
	}
	h.take(lo, i)
	if got := int64(arr.Get("length").Int()); got != end {
		return nil, fmt.Errorf("the file gave %d bytes, not %d: did it change on disk?", got, end)
	}
	out := make([]byte, end)
	js.CopyBytesToGo(out, arr)
	return out, nil
}

// start starts fetching the heads of the batch of commits from lo.
func (h *commitHeads) start(lo int) *headBatch {
	hi := min(len(h.files), lo+headsBatch)
	fs := make([]any, 0, hi-lo)
	for _, f := range h.files[lo:hi] {
		fs = append(fs, f)
	}
	b := &headBatch{promise: h.read(fs, headBytes), left: hi - lo}
	h.batches[lo] = b
	return b
}

// take lets go of commit i's head in the batch from lo, and of the batch once all are taken.
func (h *commitHeads) take(lo, i int) {
	b := h.batches[lo]
	b.heads[i-lo] = js.Null()
	if b.left--; b.left == 0 {
		delete(h.batches, lo)
	}
}

// slice reads commit i's bytes [off, end) by a slice of their own.
func (h *commitHeads) slice(i int, off, end int64) ([]byte, error) {
	h.Awaits++
	return sliceOf(h.files[i], off, end)
}

// sliceOf reads file's bytes [off, end) (readSlice).
func sliceOf(file js.Value, off, end int64) ([]byte, error) {
	out := make([]byte, end-off)
	if err := readSlice(out, file, off); err != nil {
		return nil, err
	}
	return out, nil
}
