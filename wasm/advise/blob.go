//go:build js && wasm

package main

import (
	"errors"
	"fmt"
	"io"
	"syscall/js"
)

// blobBlock is how much of a Blob one read brings in: the Parquet reader asks for a page header
// or a footer a few KiB at a time, and each slice is a round trip through a promise.
const blobBlock = 1 << 20

// blobReader reads the reader's File (a Blob) at offsets by slices, never whole: a file's size
// (File.size) is known before any of it is read. The last block read is kept.
type blobReader struct {
	blob     js.Value
	size     int64
	blockOff int64
	block    []byte
}

func newBlobReader(blob js.Value) *blobReader {
	return &blobReader{blob: blob, size: int64(blob.Get("size").Float()), blockOff: -1}
}

func (b *blobReader) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, errors.New("read before the start")
	}
	n := 0
	for n < len(p) {
		at := off + int64(n)
		if at >= b.size {
			return n, io.EOF
		}
		if b.blockOff < 0 || at < b.blockOff || at >= b.blockOff+int64(len(b.block)) {
			if len(p)-n >= blobBlock { // a column chunk: straight into p
				end := min(b.size, at+int64(len(p)-n))
				m, err := b.slice(p[n:], at, end)
				n += m
				if err != nil {
					return n, err
				}
				continue
			}
			start := at / blobBlock * blobBlock
			buf := make([]byte, min(b.size, start+blobBlock)-start)
			if _, err := b.slice(buf, start, start+int64(len(buf))); err != nil {
				return n, err
			}
			b.blockOff, b.block = start, buf
		}
		n += copy(p[n:], b.block[at-b.blockOff:])
	}
	return n, nil
}

// slice copies the Blob's bytes [off, end) into dst.
func (b *blobReader) slice(dst []byte, off, end int64) (int, error) {
	buf, err := await(b.blob.Call("slice", off, end).Call("arrayBuffer"))
	if err != nil {
		return 0, err
	}
	arr := js.Global().Get("Uint8Array").New(buf)
	if got := arr.Get("length").Int(); int64(got) != end-off {
		return 0, fmt.Errorf("the file gave %d bytes at %d, not %d: did it change on disk?", got, off, end-off)
	}
	return js.CopyBytesToGo(dst, arr), nil
}

// awaited, when set, is called after each promise settles: the wait ended the page's task (Go's
// scheduler returns to the browser while every goroutine waits), so the advisor's measure of
// its longest task starts again there.
var awaited func()

// await blocks the calling goroutine (never an event handler's) until the promise settles.
func await(p js.Value) (js.Value, error) {
	if awaited != nil {
		defer awaited()
	}
	done := make(chan struct{})
	var v js.Value
	var err error
	ok := js.FuncOf(func(_ js.Value, a []js.Value) any { v = a[0]; close(done); return nil })
	fail := js.FuncOf(func(_ js.Value, a []js.Value) any {
		err = errors.New(a[0].Call("toString").String())
		close(done)
		return nil
	})
	defer ok.Release()
	defer fail.Release()
	p.Call("then", ok, fail)
	<-done
	return v, err
}
