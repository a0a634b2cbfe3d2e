// Package tablepage is the portable part of "Open your table" (site/table.html): the log read
// from the files the reader gives, by slices (LogFS, over front/picked), the grid of files and the views'
// HTML, and what a refused table says. It builds natively and is tested natively; wasm/table is
// the page's js main, which gathers the files and shows these.
package tablepage
