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

// headBytes is the first read of a commit: the first window of picked.Windows, which the
// history's reader (a 64 KiB bufio.Reader for a commit's first line) asks for.
const headBytes = 64 << 10

// headsAhead is how many of the next commits' heads are fetched while one is read.
const headsAhead = 8

// commitHeads reads the upload's commits by slices, as browser.Blob does, but fetches the
// first headBytes of the next headsAhead commits (in version order) as soon as one commit's
// head is read: DESCRIBE HISTORY reads the first line of every commit one after the other, and
// each slice is a round trip to the browser's file reader (about 2 ms, 6 under load: 100
// commits' heads were 186 ms of the 100,000-file open, the page waiting), which side by side
// overlap. What is fetched ahead is at most headsAhead × 64 KiB of commits the reader gave.
type commitHeads struct {
	files []js.Value // the commits, in version order
	sizes []int64
	at    map[string]int // a commit's index in files, by path
	ahead map[int]js.Value
}

// newCommitHeads keeps the upload's JSON log files (paths[i] is files[i]'s, sizes[i] its size).
func newCommitHeads(paths []string, files []js.Value, sizes []int64) *commitHeads {
	h := &commitHeads{at: map[string]int{}, ahead: map[int]js.Value{}}
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
	return h
}

// readerAt reads the commit at path by slices, its head perhaps fetched ahead; ok is false for
// a file that is not one of the commits.
func (h *commitHeads) readerAt(path string) (io.ReaderAt, bool) {
	i, ok := h.at[path]
	if !ok {
		return nil, false
	}
	return picked.NewWindows(h.sizes[i], func(off, end int64) ([]byte, error) { return h.fetch(i, off, end) }), true
}

func (h *commitHeads) headLen(i int) int64 { return min(h.sizes[i], headBytes) }

// fetch gives commit i's bytes [off, end): its head from what was fetched ahead when it is, and
// then fetches the next commits' heads.
func (h *commitHeads) fetch(i int, off, end int64) ([]byte, error) {
	p, ok := h.ahead[i]
	delete(h.ahead, i)
	if off != 0 {
		return sliceOf(h.files[i], off, end, js.Undefined())
	}
	for k := i + 1; k < min(len(h.files), i+1+headsAhead); k++ {
		if _, ok := h.ahead[k]; !ok {
			h.ahead[k] = h.files[k].Call("slice", 0, h.headLen(k)).Call("arrayBuffer")
		}
	}
	if !ok || end != h.headLen(i) {
		p = js.Undefined()
	}
	return sliceOf(h.files[i], off, end, p)
}

// sliceOf reads file's bytes [off, end), from the promise p of them when it is not undefined.
func sliceOf(file js.Value, off, end int64, p js.Value) ([]byte, error) {
	if p.IsUndefined() {
		p = file.Call("slice", off, end).Call("arrayBuffer")
	}
	buf, err := browser.Await(p)
	if err != nil {
		return nil, err
	}
	arr := js.Global().Get("Uint8Array").New(buf)
	if got := int64(arr.Get("length").Int()); got != end-off {
		return nil, fmt.Errorf("the file gave %d bytes at %d, not %d: did it change on disk?", got, off, end-off)
	}
	out := make([]byte, end-off)
	js.CopyBytesToGo(out, arr)
	return out, nil
}
