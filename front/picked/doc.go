// Package picked is what the browser pages read of the files the reader picked (a folder's
// Files, a .zip or a .tar), portable and tested natively: an archive's files listed from its
// directory or headers and read by slices (ListArchive), their fs.FileInfo and folders (Info,
// Dir), and reads at offsets served by windows of slices fetched from a File (Windows), or by a
// few buffers filled again in place for a large file (Bounded), each fetch a round trip. front/tablepage's LogFS (the log files only) and front/advisepage's
// TableFS (log and data files) are built on it. It imports the standard library only, so that
// every browser program may use it (wasm/browser.Blob) at no cost.
package picked
