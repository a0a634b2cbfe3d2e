//go:build !(js && wasm)

// Command embedthis is the widget's "Embed this" (embedthis.wasm, loaded by site/embedthis.js
// when the reader first asks to embed the scenario shown); it runs in a browser only. Its
// portable part is front/embedthis, tested natively.
package main

func main() {}
