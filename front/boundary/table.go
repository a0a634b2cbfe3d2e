package boundary

import "sync"

// TableBoundary is window.layoutlabTable: what the table page's module (wasm/table) and its
// page (site/table.js, which makes the object and gathers the files the reader gives) exchange.
type TableBoundary struct {
	Program
	// The page's, for Go to call.
	Started, Status, Progress, Idle, Heads, Fill In
	// Go's functions, for the page and the tests to call.
	Wants, OpenArchive, Open, CellCentre Out
	// Counts the page starts at 0 (or false) and Go keeps.
	Opened, Errors, WhereRuns, Planning Out
	// Go's figures of the last table opened.
	OpenMs, LogRead, InspectMs, RenderMs, PlanMs, Version, LongestGo, Collections, HeapPeak, TurnsToDraw Out
}

// Table is window.layoutlabTable.
//
// It is built on first use, so that a program which never asks for it (the widget for the
// table page's, the table page for the widget's) does not carry its declarations: Go's wasm
// code for them is tens of KB.
func Table() *TableBoundary {
	tableOnce.Do(func() { table = newTable() })
	return table
}

var (
	tableOnce sync.Once
	table     *TableBoundary
)

func newTable() *TableBoundary {
	b := &TableBoundary{Program: Program{Global: "layoutlabTable", Main: "wasm/table", Script: "site/table.js",
		Ready: "`ready` turns true when the module calls `started`, its functions installed."}}
	b.declare(tableProps[:])
	bind(b, &b.Program)
	return b
}

// tableProps is the declaration, as data: Go's wasm code for one call a property was 1 KB.
var tableProps = [...]Prop{
	{Name: "ready", SetBy: Page, Type: Boolean, Means: "the module has started and its functions are installed"},
	{Name: "loadStart", SetBy: Page, Type: Number, Means: "performance.now() when table.js began"},
	{Name: "wasmReady", SetBy: Page, Type: Number, Means: "ms from loadStart until the module started"},
	{Name: "wasmMemory", SetBy: Page, Type: Function, Means: "() → bytes of the module's linear memory, which holds the Go heap and never shrinks"},
	{Name: "source", SetBy: Page, Type: Object, Later: true, Means: `the files the reader last picked, kept for the Advise view (site/advise.js): {kind: "archive"|"files"|"handle"|"entry", name, ...}, File handles only, never their bytes`},
	{Name: "via", SetBy: Page, Type: String, Later: true, Means: `which way the last table's files came: "directory handle", "dropped folder entry" or "files"`},
	{Name: "started", SetBy: Page, Type: Function, Means: "(): Go calls it once its functions are installed; it sets ready and wasmReady"},
	{Name: "status", SetBy: Page, Type: Function, Means: "(text): the status line"},
	{Name: "progress", SetBy: Page, Type: Function, Means: "(done, total): the progress bar; a total of 0 hides it"},
	{Name: "heads", SetBy: Page, Type: Function, Means: "(files, n) → a promise of the first n bytes of each of files (fewer for a smaller file), as Uint8Arrays, read from the files' streams side by side: wasm/table's batch of commit heads"},
	{Name: "fill", SetBy: Page, Type: Function, Means: "(file, off, end, buf) → a promise of the file's bytes [off, end), streamed into the ArrayBuffer buf (a new one when buf is undefined or too small), as a Uint8Array over the buffer filled: wasm/table's bounded windows of a large checkpoint"},
	{Name: "idle", SetBy: Page, Type: Function, Means: "(): Go calls it once the table asked for is drawn and planned, or could not be: the module's work is done until the reader's next"},
	{Name: "wants", SetBy: Go, Type: Function, Means: "(path) → whether the inspector reads that file of a folder (a log file; never a data file)"},
	{Name: "openArchive", SetBy: Go, Type: Function, Means: "(name, file): opens the table in a .zip or .tar the reader gave, read by slices"},
	{Name: "open", SetBy: Go, Type: Function, Means: "(name, paths, files): opens the table whose wanted files (File objects) the reader gave"},
	{Name: "cellCentre", SetBy: Go, Type: Function, Means: "(i) → [clientX, clientY, file index] of the grid's cell i on the page, or [] when there is none (the browser tests' clicks)"},
	{Name: "opened", SetBy: GoAndPage, Type: Number, Means: "tables opened"},
	{Name: "errors", SetBy: GoAndPage, Type: Number, Means: "failures shown (a table that cannot be read, a bad archive)"},
	{Name: "whereRuns", SetBy: GoAndPage, Type: Number, Means: "WHEREs answered on the table shown"},
	{Name: "planning", SetBy: GoAndPage, Type: Boolean, Means: "the next OPTIMIZE is being worked out for the table shown"},
	{Name: "openMs", SetBy: Go, Type: Number, Later: true, Means: "ms to open the last table, from its files to the table drawn"},
	{Name: "logRead", SetBy: Go, Type: Number, Later: true, Means: "bytes of the log files read to open the last table"},
	{Name: "inspectMs", SetBy: Go, Type: Number, Later: true, Means: "ms the inspector took to replay the log and answer"},
	{Name: "renderMs", SetBy: Go, Type: Number, Later: true, Means: "ms drawing the table's views"},
	{Name: "planMs", SetBy: Go, Type: Number, Later: true, Means: "ms working out the next OPTIMIZE"},
	{Name: "version", SetBy: Go, Type: Number, Later: true, Means: "the version of the table shown"},
	{Name: "longestGo", SetBy: Go, Type: Object, Later: true, Means: "[ms, status line as it began, status line as it ended]: the longest stretch of Go between two yields"},
	{Name: "collections", SetBy: Go, Type: Object, Later: true, Means: "[collections, ms in all, longest ms]: the garbage collections run at yields"},
	{Name: "turnsToDraw", SetBy: Go, Type: Object, Later: true, Means: "[turns, of which waited for a painted frame, ms in all turns, ms in those]: the turns the page was given from the last table's files to the table drawn (browser.Yielder)"},
	{Name: "heapPeak", SetBy: Go, Type: Object, Later: true, Means: "[MiB, MiB, MiB, status line]: read at yields since the page loaded, the Go heap's objects at their most, what the last collection had marked live, and the memory the runtime holds (what the module's linear memory grows to), with the status line shown as that last grew"},
}
