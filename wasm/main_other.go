//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// The widget runs only in a browser; natively this package is built for its tests.
func main() {
	fmt.Fprintln(os.Stderr, "layoutlab's widget runs in the browser: ./build.sh serve, then open /widget.html")
	os.Exit(2)
}
