//go:build js && wasm

package main

import "syscall/js"

// holdUntilGo waits, in a frame site/embed.js made warm ahead of the reader's touch, until a
// figure goes live in it (window.layoutlab.go): by then Go's runtime and every package are
// initialised (Ebiten's shaders compiled from Kage source among them: the most of a start's
// time before main on a phone, BenchmarkPhoneTap), and main reads the figure's fragment the
// host gave the frame meanwhile. Elsewhere (loader.js's hold reports false) it returns at once.
func holdUntilGo() {
	hold := ll.Func(wb.Hold)
	if hold.IsUndefined() {
		return
	}
	done := make(chan struct{})
	resume := js.FuncOf(func(js.Value, []js.Value) any {
		close(done)
		return nil
	})
	defer resume.Release()
	if !hold.Invoke(resume).Bool() {
		return
	}
	<-done
}
