//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// main: the table page's module runs in the browser only (GOOS=js GOARCH=wasm); natively its
// files are tested, and `layoutlab inspect` is the same inspector on the command line.
func main() {
	fmt.Fprintln(os.Stderr, "wasm/table runs in the browser (GOOS=js GOARCH=wasm); natively, use `layoutlab inspect`")
	os.Exit(2)
}
