//go:build js && wasm

package main

import (
	"fmt"
	"syscall/js"

	"layoutlab/front/picked"
	"layoutlab/wasm/browser"
)

// chunkBytes is the most the browser gives at a time as a window is streamed into Go.
const chunkBytes = 4 << 20

// newBoundedFile reads the reader's file f (size bytes, a Parquet log file over
// tablepage.MaxWholeBytes) through picked.Bounded: each window a Blob slice's stream read into
// one ArrayBuffer, given back and filled again ("byob"), and copied into one of a few Go buffers
// filled again in place. So the file costs the module's memory, which never shrinks, a few
// windows however large it is, and neither heap any garbage: a slice's arrayBuffer() per window
// left the 1M table's windows in the renderer until V8 collected (readSlice).
func newBoundedFile(f js.Value, size int64) *picked.Bounded {
	var buf js.Value // the ArrayBuffer the streams fill, handed back at each read
	return picked.NewBounded(size, func(dst []byte, off int64) error {
		end := off + int64(len(dst))
		stream := f.Call("slice", off, end).Call("stream")
		r, ok := byobReader(stream)
		if !ok {
			return readSlice(dst, f, off)
		}
		defer r.Call("releaseLock")
		if buf.IsUndefined() {
			buf = js.Global().Get("ArrayBuffer").New(min(size, chunkBytes))
		}
		got := 0
		for {
			view := js.Global().Get("Uint8Array").New(buf, 0, min(buf.Get("byteLength").Int(), max(len(dst)-got, 1)))
			res, err := browser.Await(r.Call("read", view))
			if err != nil {
				return err
			}
			v := res.Get("value")
			if !v.IsUndefined() {
				buf = v.Get("buffer") // the same memory, given back
			}
			if res.Get("done").Bool() {
				break
			}
			if k := v.Get("length").Int(); k > len(dst)-got {
				return fmt.Errorf("the file gave more than %d bytes at %d: did it change on disk?", len(dst), off)
			}
			got += js.CopyBytesToGo(dst[got:], v)
		}
		if got != len(dst) {
			return fmt.Errorf("the file gave %d bytes at %d, not %d: did it change on disk?", got, off, len(dst))
		}
		return nil
	})
}

// byobReader is a reader of stream that fills the buffers it is given, where the browser has one.
func byobReader(stream js.Value) (r js.Value, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return stream.Call("getReader", map[string]any{"mode": "byob"}), true
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
