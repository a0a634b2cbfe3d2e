// Package picked is what the browser pages read of the files the reader picked (a folder's
// Files, a .zip or a .tar), portable and tested natively: reads at offsets served by windows of
// slices fetched from a File (Windows), each fetch a round trip. It imports the standard
// library only, so that every browser program may use it (wasm/browser.Blob) at no cost.
package picked
