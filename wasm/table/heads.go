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

// headsAhead is how many of the next commits' heads are started while one is read.
const headsAhead = 8

// commitHeads reads the upload's commits by slices, as browser.Blob does (picked.Windows), but
// each commit's head (a read at its start) from a stream of the file (File.stream()), and it starts the next headsAhead commits'
// streams (in version order) as soon as one commit's head is read: DESCRIBE HISTORY reads the
// first line of every commit one after the other, and each was a Blob slice's round trip (100
// commits' heads were 186 ms of the 100,000-file open, the page waiting), whose slice() also
// costs the page a synchronous call to the browser's blob registry (1.7 ms each under load;
// 50 streams started cost 0.6 ms in all). A stream is cancelled once the head is taken: what is
// read ahead is the first chunk or so of at most headsAhead commits the reader gave.
type commitHeads struct {
	files []js.Value // the commits, in version order
	sizes []int64
	at    map[string]int // a commit's index in files, by path
	ahead map[int]head
}

// head is a commit's stream and the promise of its first chunk.
type head struct{ reader, first js.Value }

// newCommitHeads keeps the upload's JSON log files (paths[i] is files[i]'s, sizes[i] its size).
func newCommitHeads(paths []string, files []js.Value, sizes []int64) *commitHeads {
	h := &commitHeads{at: map[string]int{}, ahead: map[int]head{}}
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

// fetch gives commit i's bytes [off, end): a head from the commit's stream, started ahead when
// it was, and then starts the next commits'; any other read by a slice.
func (h *commitHeads) fetch(i int, off, end int64) ([]byte, error) {
	hd, ok := h.ahead[i]
	delete(h.ahead, i)
	if off != 0 {
		if ok {
			hd.reader.Call("cancel")
		}
		return sliceOf(h.files[i], off, end)
	}
	for k := i + 1; k < min(len(h.files), i+1+headsAhead); k++ {
		if _, ok := h.ahead[k]; !ok {
			h.ahead[k] = startHead(h.files[k])
		}
	}
	if !ok {
		hd = startHead(h.files[i])
	}
	return readHead(hd, end)
}

// startHead starts reading file as a stream.
func startHead(file js.Value) head {
	r := file.Call("stream").Call("getReader")
	return head{reader: r, first: r.Call("read")}
}

// readHead reads the first n bytes of hd's stream, then cancels it.
func readHead(hd head, n int64) ([]byte, error) {
	defer hd.reader.Call("cancel")
	out := make([]byte, n)
	var got int64
	for p := hd.first; got < n; p = hd.reader.Call("read") {
		res, err := browser.Await(p)
		if err != nil {
			return nil, err
		}
		if res.Get("done").Bool() {
			return nil, fmt.Errorf("the file gave %d bytes, not %d: did it change on disk?", got, n)
		}
		chunk := res.Get("value")
		if k := int64(chunk.Get("length").Int()); k > n-got {
			chunk = chunk.Call("subarray", 0, n-got)
		}
		got += int64(js.CopyBytesToGo(out[got:], chunk))
	}
	return out, nil
}

// sliceOf reads file's bytes [off, end).
func sliceOf(file js.Value, off, end int64) ([]byte, error) {
	buf, err := browser.Await(file.Call("slice", off, end).Call("arrayBuffer"))
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
