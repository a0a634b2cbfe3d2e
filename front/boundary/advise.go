package boundary

import "sync"

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
//
// It is built on first use, so that a program which never asks for it (the widget for the
// table page's, the table page for the widget's) does not carry its declarations: Go's wasm
// code for them is tens of KB.
func Advise() *AdviseBoundary {
	adviseOnce.Do(func() { advise = newAdvise() })
	return advise
}

var (
	adviseOnce sync.Once
	advise     *AdviseBoundary
)

func newAdvise() *AdviseBoundary {
	b := &AdviseBoundary{Program: Program{Global: "layoutlabAdvise", Main: "wasm/advise", Script: "site/advise.js",
		Ready: "`ready` turns true when the module calls `started`, its functions installed."}}
	b.declare(adviseProps[:])
	bind(b, &b.Program)
	return b
}

// adviseProps is the declaration, as data: Go's wasm code for one call a property was 1 KB.
var adviseProps = [...]Prop{
	{Name: "ready", SetBy: Page, Type: Boolean, Means: "the module has started and its functions are installed"},
	{Name: "runs", SetBy: Page, Type: Number, Means: "advice shown (done)"},
	{Name: "errors", SetBy: Page, Type: Number, Means: "failures shown (failed)"},
	{Name: "stops", SetBy: Page, Type: Number, Means: "runs cancelled (stopped)"},
	{Name: "report", SetBy: Page, Type: Object, Means: "the last advice, as `layoutlab advise --format json` prints it (null before the first)"},
	{Name: "wasmMemory", SetBy: Page, Type: Function, Means: "() → bytes of the module's linear memory, which holds the Go heap and never shrinks"},
	{Name: "loadMs", SetBy: Page, Type: Number, Later: true, Means: "ms from the first click of Advise until the module started"},
	{Name: "preparedOpen", SetBy: Page, Type: Number, Later: true, Means: "layoutlabTable.opened when the module was last given the table shown (prepared)"},
	{Name: "tableId", SetBy: Page, Type: String, Later: true, Means: "the prepared table's metadata id, the key its workload is kept under in localStorage"},
	{Name: "dataFiles", SetBy: Page, Type: Number, Later: true, Means: "the prepared table's data files given with its log"},
	{Name: "copied", SetBy: Page, Type: String, Later: true, Means: "the recommendation's SQL last copied"},
	{Name: "started", SetBy: Page, Type: Function, Means: "(): Go calls it once its functions are installed; it sets ready"},
	{Name: "failed", SetBy: Page, Type: Function, Means: "(message): shows a failure and counts it in errors"},
	{Name: "prepared", SetBy: Page, Type: Function, Means: "({id, dataFiles, name}): the table is ready to advise on"},
	{Name: "done", SetBy: Page, Type: Function, Means: "(report JSON): the advice is shown; it sets report and counts it in runs"},
	{Name: "stopped", SetBy: Page, Type: Function, Means: "(): a run was cancelled; it counts it in stops"},
	{Name: "prepare", SetBy: Go, Type: Function, Means: `(source): gathers the table layoutlabTable.source names ({kind: "files", name, paths, files} or {kind: "archive", name, file}) with its data files, and replays its log`},
	{Name: "run", SetBy: Go, Type: Function, Means: "({workload, keys, maxFileSize, ingestGBPerDay}): advises on the prepared table, the view's fields as text"},
	{Name: "cancel", SetBy: Go, Type: Function, Means: "(): stops the run under way at its next yield"},
	{Name: "adviseMs", SetBy: Go, Type: Number, Later: true, Means: "ms the last advice took, from run to the report"},
	{Name: "longestGo", SetBy: Go, Type: Number, Later: true, Means: "ms of the longest stretch of Go between two yields"},
	{Name: "longestWhat", SetBy: Go, Type: String, Later: true, Means: "the status lines as that stretch began and ended (\"from → to\")"},
}
