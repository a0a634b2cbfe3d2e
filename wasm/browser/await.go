//go:build js && wasm

package browser

import "syscall/js"

// Await blocks the calling goroutine (never an event handler's) until the promise p settles,
// and gives its value or its rejection as an error.
func Await(p js.Value) (js.Value, error) { return await(p) }
