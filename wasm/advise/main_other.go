//go:build !(js && wasm)

// Command advise is the table page's advisor (advise.wasm, loaded by site/table.html when the
// reader first asks for advice); it runs in a browser only. Its portable parts (TableFS, the
// run, the views' HTML) are front/advisepage's, tested natively.
package main

func main() {}
