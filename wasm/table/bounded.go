//go:build js && wasm

package main

import (
	"fmt"
	"syscall/js"

	"layoutlab/front/picked"
	"layoutlab/wasm/browser"
)

// newBoundedFile reads the reader's file f (size bytes, a Parquet log file over
// tablepage.MaxWholeBytes) through picked.Bounded: each window a Blob slice's stream read into
// one ArrayBuffer, given back and filled again ("byob"), and copied into one of a few Go buffers
// filled again in place. So the file costs the module's memory, which never shrinks, a few
// windows however large it is, and neither heap any garbage: a slice's arrayBuffer() per window
// left the 1M table's 476 MB of windows in the renderer until V8 collected, which work in the
// module never asks it to do (the browser's PSS 240 MiB higher than the file read whole).
func newBoundedFile(f js.Value, size int64) *picked.Bounded {
	var buf js.Value // the ArrayBuffer the streams fill, handed back at each read
	return picked.NewBounded(size, func(dst []byte, off int64) error {
		end := off + int64(len(dst))
		stream := f.Call("slice", off, end).Call("stream")
		r, ok := byobReader(stream)
		if !ok {
			return sliceInto(dst, f, off)
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

// sliceInto fills dst with f's bytes at off by a slice's arrayBuffer().
func sliceInto(dst []byte, f js.Value, off int64) error {
	buf, err := browser.Await(f.Call("slice", off, off+int64(len(dst))).Call("arrayBuffer"))
	if err != nil {
		return err
	}
	arr := js.Global().Get("Uint8Array").New(buf)
	if got := arr.Get("length").Int(); got != len(dst) {
		return fmt.Errorf("the file gave %d bytes at %d, not %d: did it change on disk?", got, off, len(dst))
	}
	js.CopyBytesToGo(dst, arr)
	return nil
}
