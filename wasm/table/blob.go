//go:build js && wasm

package main

import (
	"errors"
	"io"
	"syscall/js"

	"layoutlab/front/tablepage"
)

// blobArchive reads the reader's File (a Blob) by slices, so that an archive of a table with
// gigabytes of data files costs the page its log's bytes only: zip reads its central directory
// and log entries, tar its headers and log entries, seeking past the rest. A loose log file is
// read the same way, one blobArchive for each open. Reads are served from Windows, as each
// slice is a round trip through a promise.
type blobArchive struct {
	*tablepage.Windows
	blob js.Value
	size int64
	off  int64 // for Read and Seek
}

func newBlobArchive(blob js.Value) *blobArchive {
	b := &blobArchive{blob: blob, size: int64(blob.Get("size").Float())}
	b.Windows = tablepage.NewWindows(b.size, func(off, end int64) ([]byte, error) {
		buf, err := await(blob.Call("slice", off, end).Call("arrayBuffer"))
		if err != nil {
			return nil, err
		}
		arr := js.Global().Get("Uint8Array").New(buf)
		out := make([]byte, arr.Get("length").Int())
		js.CopyBytesToGo(out, arr)
		return out, nil
	})
	return b
}

func (b *blobArchive) Read(p []byte) (int, error) {
	n, err := b.ReadAt(p, b.off)
	b.off += int64(n)
	if n > 0 && errors.Is(err, io.EOF) {
		err = nil
	}
	return n, err
}

func (b *blobArchive) Seek(off int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		off += b.off
	case io.SeekEnd:
		off += b.size
	}
	if off < 0 {
		return 0, errors.New("seek before the start")
	}
	b.off = off
	return off, nil
}

// await blocks the calling goroutine (never an event handler's) until the promise settles.
func await(p js.Value) (js.Value, error) {
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
