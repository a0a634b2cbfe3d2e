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

// chunkBytes is the most the browser gives at a time as a file read whole is streamed into Go.
const chunkBytes = 4 << 20

// wholeFile is a Parquet checkpoint or sidecar the reader gave, read in one piece: the reader
// checks each page's header before it decodes any (two passes over the file, columns side by
// side), and read by Blob slices the file was fetched about twice over (the windows that
// follow the headers' reads take in the pages between them, and are gone by the second pass),
// a slice and a promise every few MB: 131 round trips and 54 MB to open a 22.5 MB checkpoint.
// Read whole, it is streamed once (File.stream(), into one 4 MiB buffer the browser fills
// again and again where it can: a "byob" reader) into Go, and each read is a copy in Go. It is
// held in the module's memory, not the browser's: a File.arrayBuffer() of the 1M table's 238 MB
// checkpoint stayed in the page's renderer until V8 collected its heap, even detached, which
// work in the module never asks V8 to do; held in Go, its memory is the collector's to reuse
// once the replay closes the file (the module's memory is highest later, at the next OPTIMIZE).
type wholeFile struct {
	file js.Value
	size int64
	tail *browser.Blob // the magic's and the footer's reads, before the file is read whole
	data []byte        // the whole file once read; nil before and after
	err  error
}

// readerAt gives the replay a fresh reader of the reader's file f (size bytes) at path: a
// Parquet file of at most tablepage.MaxWholeBytes is read whole on its first read outside its
// magic and footer (wholeFile), a larger one by bounded windows (newBoundedFile); any other by
// slices (browser.Blob).
func readerAt(path string, f js.Value, size int64) io.ReaderAt {
	if tablepage.ReadBounded(path, size) {
		return newBoundedFile(f, size)
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
	data, err := streamInto(w.file, w.size)
	if err != nil {
		w.err = err
		return err
	}
	w.data = data
	return nil
}

// streamInto reads file (size bytes) whole into Go through its stream: a "byob" reader fills
// one buffer of chunkBytes at each read; where the browser has none, the default reader's
// chunks are copied as they come.
func streamInto(file js.Value, size int64) ([]byte, error) {
	stream := file.Call("stream")
	var r js.Value
	byob := true
	func() {
		defer func() {
			if recover() != nil {
				byob = false
			}
		}()
		r = stream.Call("getReader", map[string]any{"mode": "byob"})
	}()
	if !byob {
		r = stream.Call("getReader")
	}
	defer r.Call("releaseLock")
	data := make([]byte, size)
	var got int64
	buf := js.Undefined()
	if byob {
		buf = js.Global().Get("ArrayBuffer").New(min(size, chunkBytes))
	}
	for {
		p := js.Undefined()
		if byob {
			p = r.Call("read", js.Global().Get("Uint8Array").New(buf, 0, min(int64(buf.Get("byteLength").Int()), max(size-got, 1))))
		} else {
			p = r.Call("read")
		}
		res, err := browser.Await(p)
		if err != nil {
			return nil, err
		}
		v := res.Get("value")
		if byob && !v.IsUndefined() {
			buf = v.Get("buffer") // the same memory, given back
		}
		if res.Get("done").Bool() {
			break
		}
		k := int64(v.Get("length").Int())
		if k > size-got {
			return nil, fmt.Errorf("the file gave more than its %d bytes: did it change on disk?", size)
		}
		got += int64(js.CopyBytesToGo(data[got:], v))
	}
	if got != size {
		return nil, fmt.Errorf("the file gave %d bytes, not %d: did it change on disk?", got, size)
	}
	return data, nil
}

// Close drops the file's bytes as the replay is done with them.
func (w *wholeFile) Close() error {
	w.data, w.tail, w.err = nil, nil, io.ErrClosedPipe
	return nil
}
