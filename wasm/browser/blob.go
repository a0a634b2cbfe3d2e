//go:build js && wasm

package browser

import (
	"errors"
	"fmt"
	"io"
	"syscall/js"

	"layoutlab/front/picked"
)

// Blob reads the reader's File (a Blob) by slices, never whole, so that a table with gigabytes
// of data files costs a page only what it reads: zip reads its central directory and the
// entries asked for, tar its headers, seeking past the rest; the advisor's Parquet reader a
// data file's footer and column chunks. A file's size (File.size) is known before any of it is
// read. Reads are served from Windows, as each slice is a round trip through a promise. Both
// browser programs that read the reader's files (wasm/table, wasm/advise) read them so.
type Blob struct {
	*picked.Windows
	blob js.Value
	size int64
	off  int64 // for Read and Seek
	// Awaited, when set, is called after each slice's promise settles: the wait ended the
	// page's task (Go's scheduler returns to the browser while every goroutine waits), so a
	// program's measure of its longest task starts again there.
	Awaited func()
}

// NewBlob reads blob (a File) by slices.
func NewBlob(blob js.Value) *Blob {
	b := &Blob{blob: blob, size: int64(blob.Get("size").Float())}
	b.Windows = picked.NewWindows(b.size, b.slice)
	return b
}

// Size is the Blob's size in bytes.
func (b *Blob) Size() int64 { return b.size }

// slice gives the Blob's bytes [off, end).
func (b *Blob) slice(off, end int64) ([]byte, error) {
	buf, err := await(b.blob.Call("slice", off, end).Call("arrayBuffer"))
	if b.Awaited != nil {
		b.Awaited()
	}
	if err != nil {
		return nil, err
	}
	arr := js.Global().Get("Uint8Array").New(buf)
	if got := arr.Get("length").Int(); int64(got) != end-off {
		return nil, fmt.Errorf("the file gave %d bytes at %d, not %d: did it change on disk?", got, off, end-off)
	}
	out := make([]byte, arr.Get("length").Int())
	js.CopyBytesToGo(out, arr)
	return out, nil
}

func (b *Blob) Read(p []byte) (int, error) {
	n, err := b.ReadAt(p, b.off)
	b.off += int64(n)
	if n > 0 && errors.Is(err, io.EOF) {
		err = nil
	}
	return n, err
}

func (b *Blob) Seek(off int64, whence int) (int64, error) {
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
