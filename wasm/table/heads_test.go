//go:build js && wasm

package main

import (
	"bytes"
	"fmt"
	"io"
	"syscall/js"
	"testing"
)

// readHeads is table.js's heads for the tests, under Node: each file's first n bytes by a
// slice, under one promise.
func readHeads(t *testing.T) func(files []any, n int64) js.Value {
	toBytes := js.FuncOf(func(_ js.Value, args []js.Value) any { return js.Global().Get("Uint8Array").New(args[0]) })
	t.Cleanup(toBytes.Release)
	return func(files []any, n int64) js.Value {
		ps := make([]any, len(files))
		for i, f := range files {
			f := f.(js.Value)
			ps[i] = f.Call("slice", 0, min(n, int64(f.Get("size").Int()))).Call("arrayBuffer").Call("then", toBytes)
		}
		return js.Global().Get("Promise").Call("all", ps)
	}
}

// TestCommitHeadsAreFetchedByBatches: a log's commits read as DESCRIBE HISTORY and the replay
// read them (each commit's head, in version order, then the rest of those replayed) give the
// files' bytes, and their heads cost one promise per headsBatch commits, not one each (100 with
// a head per promise, as a stream's or a slice's each were).
func TestCommitHeadsAreFetchedByBatches(t *testing.T) {
	const n = 100
	var paths []string
	var files []js.Value
	var sizes []int64
	data := map[string][]byte{}
	for v := n - 1; v >= 0; v-- { // not in version order: commitHeads sorts them
		p := fmt.Sprintf("t/_delta_log/%020d.json", v)
		b := bytes.Repeat([]byte(fmt.Sprintf(`{"commitInfo":{"version":%d}}`+"\n", v)), 1+v*v*3)
		arr := js.Global().Get("Uint8Array").New(len(b))
		js.CopyBytesToJS(arr, b)
		paths, files, sizes = append(paths, p), append(files, js.Global().Get("Blob").New([]any{arr})), append(sizes, int64(len(b)))
		data[p] = b
	}
	paths, files, sizes = append(paths, "t/_delta_log/00000000000000000099.checkpoint.parquet"), append(files, js.Null()), append(sizes, 1)
	h := newCommitHeads(paths, files, sizes, readHeads(t))
	if sizes[0] <= headBytes || sizes[n-1] >= headBytes {
		t.Fatalf("the commits should be on both sides of a head: %d to %d bytes", sizes[n-1], sizes[0])
	}
	read := func(p string, whole bool) {
		t.Helper()
		r, ok := h.readerAt(p)
		if !ok {
			t.Fatalf("%s is not a commit", p)
		}
		want := data[p]
		got := make([]byte, min(len(want), headBytes))
		if k, err := r.ReadAt(got, 0); err != nil && !(err == io.EOF && k == len(got)) {
			t.Fatalf("%s: head: %d bytes, %v", p, k, err)
		}
		if whole {
			got = make([]byte, len(want))
			if k, err := r.ReadAt(got, 0); err != nil && !(err == io.EOF && k == len(got)) {
				t.Fatalf("%s: %d bytes, %v", p, k, err)
			}
		}
		if !bytes.Equal(got, want[:len(got)]) {
			t.Fatalf("%s: the bytes read are not the file's", p)
		}
	}
	for v := range n {
		read(fmt.Sprintf("t/_delta_log/%020d.json", v), false)
	}
	if h.Awaits > 4 { // 100 heads, 32 a batch
		t.Errorf("%d heads: %d promises waited for, want 4 at most", n, h.Awaits)
	}
	if len(h.batches) != 0 {
		t.Errorf("%d batches still held once every head is taken", len(h.batches))
	}
	// A commit read again (another version's replay) and whole, past its head.
	for _, v := range []int{3, 98, 99} {
		read(fmt.Sprintf("t/_delta_log/%020d.json", v), true)
	}
	if _, ok := h.readerAt(paths[n]); ok {
		t.Errorf("a checkpoint is read as a commit")
	}
}
