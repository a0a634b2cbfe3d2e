//go:build js && wasm

package main

import (
	"fmt"
	"io"
	"syscall/js"

	"layoutlab/front/tablepage"
	"layoutlab/wasm/browser"
)

// footerBytes is how much of a Parquet file's start and end is read by slices before the file
// is read whole: the reader checks the magic at its start and the footer (its last 8 bytes, then
// the footer itself, a few KB) before it reads a page, so a file whose footer is refused is
// never read whole.
const footerBytes = 64 << 10

// wholeFile is a Parquet checkpoint or sidecar the reader gave, read in one piece: the reader
// checks each page's header before it decodes any (two passes over the file, columns side by
// side), and read by Blob slices the file was fetched about twice over (the windows that
// follow the headers' reads take in the pages between them, and are gone by the second pass),
// a slice and a promise every few MB: 131 round trips and 54 MB to open a 22.5 MB checkpoint.
// Read whole, it is one File.arrayBuffer(), held by the browser (never in the module's memory,
// which would keep its size for good) until the replay closes the file, and each read is one
// copy out of it into Go.
type wholeFile struct {
	file js.Value
	size int64
	tail *browser.Blob // the magic's and the footer's reads, before the file is read whole
	buf  js.Value      // the whole file (an ArrayBuffer) once read; undefined before and after
	data js.Value      // a Uint8Array of buf
	err  error
}

// readerAt gives the replay a fresh reader of the reader's file f (size bytes) at path: a
// Parquet file of at most tablepage.MaxHeldBytes is read whole on its first read before its
// footer (wholeFile); any other by slices (browser.Blob: a commit's first line is all
// DESCRIBE HISTORY reads of most).
func readerAt(path string, f js.Value, size int64) io.ReaderAt {
	if !tablepage.ReadWhole(path, size) {
		return browser.NewBlob(f)
	}
	return &wholeFile{file: f, size: size, tail: browser.NewBlob(f), buf: js.Undefined(), data: js.Undefined()}
}

func (w *wholeFile) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, fmt.Errorf("read at %d, before the start", off)
	}
	if off >= w.size {
		return 0, io.EOF
	}
	if end := off + int64(len(p)); w.data.IsUndefined() && w.err == nil && (end <= footerBytes || off >= w.size-footerBytes) {
		return w.tail.ReadAt(p, off)
	}
	if err := w.load(); err != nil {
		return 0, err
	}
	n := int(min(int64(len(p)), w.size-off))
	js.CopyBytesToGo(p[:n], w.data.Call("subarray", off, off+int64(n)))
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// load reads the whole file, once.
func (w *wholeFile) load() error {
	if !w.data.IsUndefined() || w.err != nil {
		return w.err
	}
	w.tail = nil
	buf, err := browser.Await(w.file.Call("arrayBuffer"))
	if err != nil {
		w.err = err
		return err
	}
	data := js.Global().Get("Uint8Array").New(buf)
	if got := int64(data.Get("length").Int()); got != w.size {
		w.err = fmt.Errorf("the file gave %d bytes, not %d: did it change on disk?", got, w.size)
		return w.err
	}
	w.buf, w.data = buf, data
	return nil
}

// Close frees the file's bytes as the replay is done with them. Unreferenced, a buffer stays
// until V8 collects its heap, which an idle page or one whose work is in the module's memory
// does not need to: reopening the 100,000-file table kept about 20 MiB more each time. An
// ArrayBuffer transferred to a length of 0 (ArrayBuffer.prototype.transfer, where the browser
// has it) gives its memory back at once.
func (w *wholeFile) Close() error {
	if !w.buf.IsUndefined() && w.buf.Get("transfer").Type() == js.TypeFunction {
		w.buf.Call("transfer", 0)
	}
	w.buf, w.data, w.tail, w.err = js.Undefined(), js.Undefined(), nil, io.ErrClosedPipe
	return nil
}
