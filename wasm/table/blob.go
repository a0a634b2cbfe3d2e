//go:build js && wasm

package main

import (
	"errors"
	"fmt"
	"io"
	"syscall/js"
)

// blobArchive reads the reader's File (a Blob) by slices, so that an archive of a table with
// gigabytes of data files costs the page its log's bytes only: zip reads its central directory
// and log entries, tar its headers and log entries, seeking past the rest. A loose log file is
// read the same way, one blobArchive for each open. Reads are served from a window of bytes, as
// each slice is a round trip through a promise: blobWindowMin at first (the history reads only a
// commit's first line), doubling as reads go on where the last ended, up to blobWindowMax.
type blobArchive struct {
	blob   js.Value
	size   int64
	off    int64 // for Read and Seek
	win    []byte
	winOff int64
	next   int64 // the next window's size
}

const (
	blobWindowMin = 64 << 10
	blobWindowMax = 4 << 20
)

func newBlobArchive(blob js.Value) *blobArchive {
	return &blobArchive{blob: blob, size: int64(blob.Get("size").Float())}
}

func (b *blobArchive) ReadAt(p []byte, off int64) (int, error) {
	if off >= b.size {
		return 0, io.EOF
	}
	want := min(int64(len(p)), b.size-off)
	if off < b.winOff || off+want > b.winOff+int64(len(b.win)) {
		switch {
		case b.next == 0 || off != b.winOff+int64(len(b.win)):
			b.next = blobWindowMin
		case b.next < blobWindowMax:
			b.next *= 2
		}
		end := min(b.size, off+max(want, b.next))
		buf, err := await(b.blob.Call("slice", off, end).Call("arrayBuffer"))
		if err != nil {
			return 0, fmt.Errorf("reading bytes %d to %d: %v", off, end, err)
		}
		arr := js.Global().Get("Uint8Array").New(buf)
		b.win = make([]byte, arr.Get("length").Int())
		js.CopyBytesToGo(b.win, arr)
		b.winOff = off
	}
	n := copy(p[:want], b.win[off-b.winOff:])
	if int64(n) < int64(len(p)) {
		return n, io.EOF
	}
	return n, nil
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
