package boundary

// TableBoundary is window.layoutlabTable: what the table page's module (wasm/table) and its
// page (site/table.js, which makes the object and gathers the files the reader gives) exchange.
type TableBoundary struct {
	Program
	// The page's, for Go to call.
	Started, Status, Progress In
	// Go's functions, for the page and the tests to call.
	Wants, OpenArchive, Open, CellCentre Out
	// Counts the page starts at 0 (or false) and Go keeps.
	Opened, Errors, WhereRuns, Planning Out
	// Go's figures of the last table opened.
	OpenMs, LogRead, InspectMs, RenderMs, PlanMs, Version, LongestGo, Collections Out
}

// Table is window.layoutlabTable.
var Table = newTable()

func newTable() *TableBoundary {
	t := &TableBoundary{Program: Program{Global: "layoutlabTable", Main: "wasm/table", Script: "site/table.js",
		Ready: "`ready` turns true when the module calls `started`, its functions installed."}}
	p := &t.Program
	p.page("ready", Boolean, "the module has started and its functions are installed")
	p.page("loadStart", Number, "performance.now() when table.js began")
	p.page("wasmReady", Number, "ms from loadStart until the module started")
	p.page("wasmMemory", Function, "() → bytes of the module's linear memory, which holds the Go heap and never shrinks")
	p.page("source", Object, `the files the reader last picked, kept for the Advise view (site/advise.js): {kind: "archive"|"files"|"handle"|"entry", name, ...}, File handles only, never their bytes`)
	p.later()
	p.page("via", String, `which way the last table's files came: "directory handle", "dropped folder entry" or "files"`)
	p.later()
	t.Started = p.in("started", Function, "(): Go calls it once its functions are installed; it sets ready and wasmReady")
	t.Status = p.in("status", Function, "(text): the status line")
	t.Progress = p.in("progress", Function, "(done, total): the progress bar; a total of 0 hides it")

	t.Wants = p.out("wants", Go, Function, "(path) → whether the inspector reads that file of a folder (a log file; never a data file)")
	t.OpenArchive = p.out("openArchive", Go, Function, "(name, file): opens the table in a .zip or .tar the reader gave, read by slices")
	t.Open = p.out("open", Go, Function, "(name, paths, files): opens the table whose wanted files (File objects) the reader gave")
	t.CellCentre = p.out("cellCentre", Go, Function, "(i) → [clientX, clientY, file index] of the grid's cell i on the page, or [] when there is none (the browser tests' clicks)")

	t.Opened = p.out("opened", GoAndPage, Number, "tables opened")
	t.Errors = p.out("errors", GoAndPage, Number, "failures shown (a table that cannot be read, a bad archive)")
	t.WhereRuns = p.out("whereRuns", GoAndPage, Number, "WHEREs answered on the table shown")
	t.Planning = p.out("planning", GoAndPage, Boolean, "the next OPTIMIZE is being worked out for the table shown")

	t.OpenMs = p.out("openMs", Go, Number, "ms to open the last table, from its files to the table drawn")
	p.later()
	t.LogRead = p.out("logRead", Go, Number, "bytes of the log files read to open the last table")
	p.later()
	t.InspectMs = p.out("inspectMs", Go, Number, "ms the inspector took to replay the log and answer")
	p.later()
	t.RenderMs = p.out("renderMs", Go, Number, "ms drawing the table's views")
	p.later()
	t.PlanMs = p.out("planMs", Go, Number, "ms working out the next OPTIMIZE")
	p.later()
	t.Version = p.out("version", Go, Number, "the version of the table shown")
	p.later()
	t.LongestGo = p.out("longestGo", Go, Object, "[ms, status line as it began, status line as it ended]: the longest stretch of Go between two yields")
	p.later()
	t.Collections = p.out("collections", Go, Object, "[collections, ms in all, longest ms]: the garbage collections run at yields")
	p.later()
	return t
}
