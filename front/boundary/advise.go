package boundary

// AdviseBoundary is window.layoutlabAdvise: what the table page's advisor (wasm/advise,
// advise.wasm, loaded on the first click of "Advise") and its script (site/advise.js, which
// makes the object before the module starts) exchange.
type AdviseBoundary struct {
	Program
	// The page's, for Go to call.
	Started, Failed, Prepared, Done, Stopped In
	// Go's functions, for the page and the tests to call.
	Prepare, Run, Cancel Out
	// Go's figures of the last run.
	AdviseMs, LongestGo, LongestWhat Out
}

// Advise is window.layoutlabAdvise.
var Advise = newAdvise()

func newAdvise() *AdviseBoundary {
	a := &AdviseBoundary{Program: Program{Global: "layoutlabAdvise", Main: "wasm/advise", Script: "site/advise.js",
		Ready: "`ready` turns true when the module calls `started`, its functions installed."}}
	p := &a.Program
	p.page("ready", Boolean, "the module has started and its functions are installed")
	p.page("runs", Number, "advice shown (done)")
	p.page("errors", Number, "failures shown (failed)")
	p.page("stops", Number, "runs cancelled (stopped)")
	p.page("report", Object, "the last advice, as `layoutlab advise --format json` prints it (null before the first)")
	p.page("wasmMemory", Function, "() → bytes of the module's linear memory, which holds the Go heap and never shrinks")
	p.page("loadMs", Number, "ms from the first click of Advise until the module started")
	p.later()
	p.page("preparedOpen", Number, "layoutlabTable.opened when the module was last given the table shown (prepared)")
	p.later()
	p.page("tableId", String, "the prepared table's metadata id, the key its workload is kept under in localStorage")
	p.later()
	p.page("dataFiles", Number, "the prepared table's data files given with its log")
	p.later()
	p.page("copied", String, "the recommendation's SQL last copied")
	p.later()
	a.Started = p.in("started", Function, "(): Go calls it once its functions are installed; it sets ready")
	a.Failed = p.in("failed", Function, "(message): shows a failure and counts it in errors")
	a.Prepared = p.in("prepared", Function, "({id, dataFiles, name}): the table is ready to advise on")
	a.Done = p.in("done", Function, "(report JSON): the advice is shown; it sets report and counts it in runs")
	a.Stopped = p.in("stopped", Function, "(): a run was cancelled; it counts it in stops")

	a.Prepare = p.out("prepare", Go, Function, `(source): gathers the table layoutlabTable.source names ({kind: "files", name, paths, files} or {kind: "archive", name, file}) with its data files, and replays its log`)
	a.Run = p.out("run", Go, Function, "({workload, keys, maxFileSize, ingestGBPerDay}): advises on the prepared table, the view's fields as text")
	a.Cancel = p.out("cancel", Go, Function, "(): stops the run under way at its next yield")

	a.AdviseMs = p.out("adviseMs", Go, Number, "ms the last advice took, from run to the report")
	p.later()
	a.LongestGo = p.out("longestGo", Go, Number, "ms of the longest stretch of Go between two yields")
	p.later()
	a.LongestWhat = p.out("longestWhat", Go, String, "the status lines as that stretch began and ended (\"from → to\")")
	p.later()
	return a
}
