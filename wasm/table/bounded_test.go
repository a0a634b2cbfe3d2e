//go:build js && wasm

package main

import (
	"bytes"
	"io"
	"syscall/js"
	"testing"
)

// TestBoundedFileFillsEachWindowUnderOnePromise: a large file read as the Parquet reader reads
// a checkpoint (its footer, then columns side by side, runs that grow their windows) gives the
// file's bytes, and each window the reader fills is one promise waited for (not one per chunk
// of the file's stream).
func TestBoundedFileFillsEachWindowUnderOnePromise(t *testing.T) {
	const size = 40<<20 + 12345
	data := make([]byte, size)
	for i := range data {
		data[i] = byte(i*7 + i>>16)
	}
	arr := js.Global().Get("Uint8Array").New(size)
	js.CopyBytesToJS(arr, data)
	blob := js.Global().Get("Blob").New([]any{arr})
	toBytes := js.FuncOf(func(_ js.Value, args []js.Value) any { return js.Global().Get("Uint8Array").New(args[0]) })
	defer toBytes.Release()
	fills := 0
	fill := func(file js.Value, off, end int64, _ js.Value) js.Value { // table.js's fill, by a slice
		fills++
		return file.Call("slice", off, end).Call("arrayBuffer").Call("then", toBytes)
	}
	f := newBoundedFile(blob, size, fill)
	read := func(off, n int64) {
		t.Helper()
		p := make([]byte, n)
		k, err := f.ReadAt(p, off)
		if err != nil && !(err == io.EOF && int64(k) == min(n, size-off)) {
			t.Fatalf("ReadAt(%d bytes at %d): %d, %v", n, off, k, err)
		}
		if !bytes.Equal(p[:k], data[off:off+int64(k)]) {
			t.Fatalf("ReadAt(%d bytes at %d): not the file's bytes", n, off)
		}
	}
	read(size-8, 8)
	read(size-4096, 4096)
	for off := int64(0); off < 20<<20; off += 1 << 20 { // two columns side by side
		read(off, 1<<20)
		read(20<<20+off, 1<<20)
	}
	read(0, 12<<20) // longer than a window: filled directly
	if f.Awaits != f.Fetches || f.Awaits != fills || fills == 0 {
		t.Errorf("%d promises waited for, %d windows filled, %d fills asked for: want one promise a window", f.Awaits, f.Fetches, fills)
	}
}
