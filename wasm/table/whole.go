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
// Read whole, it is one slice's arrayBuffer() copied into Go (readSlice), and each read is a
// copy in Go. Only a file of at most tablepage.MaxWholeBytes is: held whole, the 1M table's
// 238 MB checkpoint sat in the module's memory, which never shrinks, beside the columns decoded
// from it, and as one ArrayBuffer it stayed in the page's renderer until V8 collected its heap;
// a larger file is read by bounded windows (newBoundedFile).
type wholeFile struct {
	file js.Value
	size int64
	tail *browser.Blob // the magic's and the footer's reads, before the file is read whole
	data []byte        // the whole file once read; nil before and after
	err  error
}

// readerAt gives the replay a fresh reader of the reader's file f (size bytes) at path: a
// Parquet file of at most tablepage.MaxWholeBytes is read whole on its first read outside its
// magic and footer (wholeFile), a larger one by bounded windows that fill fills
// (newBoundedFile); any other by slices (browser.Blob).
func readerAt(path string, f js.Value, size int64, fill func(file js.Value, off, end int64, buf js.Value) js.Value) io.ReaderAt {
	if tablepage.ReadBounded(path, size) {
		return newBoundedFile(f, size, fill)
	}
	if !tablepage.ReadWhole(path, size) {
		return browser.NewBlob(f)
	}
	return &wholeFile{file: f, size: size, tail: browser.NewBlob(f)}
}

func (w *wholeFile) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, fmt.Errorf("read at %d, before the start", off)
	}
	if off >= w.size {
		return 0, io.EOF
	}
	if end := off + int64(len(p)); w.data == nil && w.err == nil && (end <= footerBytes || off >= w.size-footerBytes) {
		return w.tail.ReadAt(p, off)
	}
	if err := w.load(); err != nil {
		return 0, err
	}
	n := copy(p, w.data[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// load reads the whole file, once.
func (w *wholeFile) load() error {
	if w.data != nil || w.err != nil {
		return w.err
	}
	w.tail = nil
	data := make([]byte, w.size)
	if err := readSlice(data, w.file, 0); err != nil {
		w.err = err
		return err
	}
	w.data = data
	return nil
}

// Close drops the file's bytes as the replay is done with them.
func (w *wholeFile) Close() error {
	w.data, w.tail, w.err = nil, nil, io.ErrClosedPipe
	return nil
}
