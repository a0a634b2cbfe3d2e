//go:build !(js && wasm)

// Command advise is the table page's advisor (advise.wasm, loaded by site/table.html when the
// reader first asks for advice); it runs in a browser only. Its files without syscall/js
// (TableFS, the views' HTML) are tested natively.
package main

func main() {}
