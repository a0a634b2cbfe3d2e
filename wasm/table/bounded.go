//go:build js && wasm

package main

import (
	"fmt"
	"syscall/js"

	"layoutlab/front/picked"
	"layoutlab/wasm/browser"
)

// boundedFile reads the reader's file (a Parquet log file over tablepage.MaxWholeBytes) through
// picked.Bounded, each window filled by the page (table.js, fill) under one promise: the file's
// slice streamed into one ArrayBuffer, given back and filled again ("byob"), then copied into
// one of a few Go buffers filled again in place. So the file costs the module's memory, which
// never shrinks, a few windows however large it is, and neither heap any garbage: a slice's
// arrayBuffer() per window left the 1M table's windows in the renderer until V8 collected
// (readSlice). The stream read chunk by chunk in Go was a round trip through the page's event
// loop per chunk the browser gave (a few hundred per 8 MiB window): in the 1,000,000-file
// open, 1.2 s of the page's thread under load.
type boundedFile struct {
	*picked.Bounded
	// Awaits counts the promises waited for, for the tests.
	Awaits int
}

// newBoundedFile reads f (size bytes) by windows that fill (table.js's fill) fills.
func newBoundedFile(f js.Value, size int64, fill func(file js.Value, off, end int64, buf js.Value) js.Value) *boundedFile {
	b := &boundedFile{}
	buf := js.Undefined() // the ArrayBuffer the stream fills, handed back at each fill
	b.Bounded = picked.NewBounded(size, func(dst []byte, off int64) error {
		b.Awaits++
		v, err := browser.Await(fill(f, off, off+int64(len(dst)), buf))
		if err != nil {
			return err
		}
		buf = v.Get("buffer")
		if got := v.Get("length").Int(); got != len(dst) {
			return fmt.Errorf("the file gave %d bytes at %d, not %d: did it change on disk?", got, off, len(dst))
		}
		js.CopyBytesToGo(dst, v)
		return nil
	})
	return b
}

// readSlice fills dst with f's bytes at off: one slice's arrayBuffer(), one round trip, copied
// into Go, then its memory given up (ArrayBuffer.transfer(0)) rather than left to V8's next
// collection, which work in the module rarely brings about. A file read whole so (ReadWhole):
// its stream was a round trip through the module per chunk the browser gave, about 64 KB (22.5
// MB for the 100,000-file table's checkpoint), and in that open the page's thread spent 0.5 s
// in the browser's data-pipe handling, the commits' heads included (3 opens each way: upload to
// drawn 2,246 ms against 2,335, the browser's CPU 3.81 s against 4.09). Bounded windows keep the stream (newBoundedFile): the 1M table's
// 8 MiB windows by arrayBuffer() had the browser's PSS 40-80 MiB higher in 3 opens of 3.
func readSlice(dst []byte, f js.Value, off int64) error {
	buf, err := browser.Await(f.Call("slice", off, off+int64(len(dst))).Call("arrayBuffer"))
	if err != nil {
		return err
	}
	arr := js.Global().Get("Uint8Array").New(buf)
	if got := arr.Get("length").Int(); got != len(dst) {
		return fmt.Errorf("the file gave %d bytes at %d, not %d: did it change on disk?", got, off, len(dst))
	}
	js.CopyBytesToGo(dst, arr)
	if buf.Get("transfer").Type() == js.TypeFunction {
		buf.Call("transfer", 0)
	}
	return nil
}
