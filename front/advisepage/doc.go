// Package advisepage is the portable front of the table page's "Advise" view: the table's
// files as the reader picked them (TableFS, read by slices), engine/advise run on them as
// `layoutlab advise` runs it (Advise), and the view's HTML and Pareto chart, tested natively.
// wasm/advise is its js adapter.
package advisepage
