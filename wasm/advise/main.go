//go:build js && wasm

// Command advise is the table page's advisor: engine/advise on the table the reader picked,
// with its rows read from the Parquet data files (engine/datafiles). It is a module of its own
// (advise.wasm), which site/table.js loads on the first click of "Advise", so that neither the
// docs widget nor the table page's first load carries the Parquet data reader and the advisor.
// It reads the same File handles the page already has, by slices (blobReader), and runs the
// same steps as `layoutlab advise` with its defaults, so the page and the CLI agree.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"sync"
	"syscall/js"
	"time"

	"layoutlab/engine/advise"
	"layoutlab/engine/datafiles"
	"layoutlab/engine/inspect"
	"layoutlab/engine/work"
)

type app struct {
	mu   sync.Mutex
	ll   js.Value // window.layoutlabAdvise
	fsys *TableFS
	name string
	in   *inspect.Inspector
	base *inspect.Report
	// stop is set by cancel(); each progress call reads it.
	stop      bool
	lastYield time.Time
	longest   time.Duration
	// shown is the status line shown; from, the one shown as the current stretch began: the
	// longest stretch is reported with both (window.layoutlabAdvise.longestWhat).
	shown, from string
}

// taskBudget is how long the advisor works before it lets the page answer input, as wasm/table's.
const taskBudget = 50 * time.Millisecond

func main() {
	a := &app{ll: js.Global().Get("layoutlabAdvise")}
	awaited = func() {
		a.busy()
		a.lastYield, a.from = time.Now(), a.shown+" (after a read)"
	}
	a.ll.Set("prepare", js.FuncOf(func(_ js.Value, args []js.Value) any {
		src := args[0]
		go a.locked(func() { a.prepare(src) })
		return nil
	}))
	a.ll.Set("run", js.FuncOf(func(_ js.Value, args []js.Value) any {
		// run({workload, keys, maxFileSize, ingestGBPerDay}): the view's fields, as text.
		o := args[0]
		w := o.Get("workload").String()
		k := Knobs{Keys: o.Get("keys").String(), MaxFileSize: o.Get("maxFileSize").String(), IngestGBPerDay: o.Get("ingestGBPerDay").String()}
		a.stop = false
		go a.locked(func() { a.run(w, k) })
		return nil
	}))
	a.ll.Set("cancel", js.FuncOf(func(js.Value, []js.Value) any { a.stop = true; return nil }))
	a.ll.Call("started")
	select {}
}

func (a *app) locked(f func()) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.lastYield, a.from = time.Now(), "(the click)"
	f()
	a.busy()
}

func (a *app) el(id string) js.Value { return js.Global().Get("document").Call("getElementById", id) }

func (a *app) status(s string) {
	a.shown = s
	a.el("advise-status").Set("textContent", s)
}

func (a *app) progress(done, total int) {
	p := a.el("advise-progress")
	p.Set("hidden", total <= 0)
	p.Set("max", max(total, 1))
	p.Set("value", done)
}

// busy notes the longest stretch of Go between two yields (window.layoutlabAdvise.longestGo, ms).
func (a *app) busy() {
	if d := time.Since(a.lastYield); d > a.longest {
		a.longest = d
		a.ll.Set("longestGo", float64(d.Microseconds())/1000)
		a.ll.Set("longestWhat", a.from+" → "+a.shown)
	}
}

// yield lets the page run a task of its own once the advisor has worked taskBudget.
func (a *app) yield() {
	if time.Since(a.lastYield) < taskBudget {
		return
	}
	a.busy()
	done := make(chan struct{})
	var cb js.Func
	cb = js.FuncOf(func(js.Value, []js.Value) any { cb.Release(); close(done); return nil })
	js.Global().Call("setTimeout", cb, 0)
	<-done
	a.lastYield, a.from = time.Now(), a.shown
}

func (a *app) fail(msg string) {
	a.progress(0, 0)
	a.status("")
	a.ll.Call("failed", msg)
}

// prepare gathers the table the page opened (src: {kind: "files", name, paths, files} or
// {kind: "archive", name, file}) with its data files, and replays its log.
func (a *app) prepare(src js.Value) {
	a.in, a.base, a.fsys = nil, nil, nil
	name := src.Get("name").String()
	a.status("Listing " + name + "…")
	var t *TableFS
	var err error
	if src.Get("kind").String() == "archive" {
		r := newBlobReader(src.Get("file"))
		t, err = NewTableFSFromArchive(name, r, r.size)
	} else {
		paths, files := src.Get("paths"), src.Get("files")
		ps, sizes := make([]string, paths.Length()), make([]int64, paths.Length())
		for i := range ps {
			ps[i], sizes[i] = paths.Index(i).String(), int64(files.Index(i).Get("size").Float())
		}
		t, err = NewTableFS(name, ps, sizes, func(i int) (func() io.ReaderAt, func() (io.ReadCloser, error)) {
			f := files.Index(i)
			return func() io.ReaderAt { return newBlobReader(f) }, nil
		})
	}
	if err != nil {
		a.fail(err.Error())
		return
	}
	// The SQL names the table by its folder, as `layoutlab advise events` run beside it does.
	if t.Root != "" {
		name = path.Base(t.Root)
	} else {
		name = strings.TrimSuffix(strings.TrimSuffix(name, ".zip"), ".tar")
	}
	a.status("Replaying the log of " + name + "…")
	base, in, err := inspect.Open(t, name, inspect.Options{Version: -1,
		Yield: func(p work.Progress) error {
			if p.Total > 0 {
				a.progress(p.Done, p.Total)
			}
			a.yield()
			return nil
		},
	})
	if err != nil {
		a.fail(fmt.Sprintf("%s: %v", name, err))
		return
	}
	a.fsys, a.name, a.in, a.base = t, name, in, base
	id := ""
	if in != nil {
		id = in.Snapshot().Metadata().ID
	}
	a.progress(0, 0)
	a.status("")
	a.ll.Call("prepared", map[string]any{"id": id, "dataFiles": t.Data, "name": name})
}

// run advises on the prepared table for a workload, and shows the advice.
func (a *app) run(workload string, k Knobs) {
	if a.fsys == nil {
		a.fail("Open a table first.")
		return
	}
	t0 := time.Now()
	rep, err := a.advise(workload, k)
	if errors.Is(err, datafiles.ErrStopped) || errors.Is(err, advise.ErrStopped) {
		a.progress(0, 0)
		a.status("Stopped.")
		a.ll.Call("stopped")
		return
	}
	if err != nil {
		a.fail(err.Error())
		return
	}
	ms := float64(time.Since(t0).Microseconds()) / 1000
	var health []inspect.ColumnHealth
	if a.base != nil {
		health = a.base.ClusteringHealth
	}
	a.el("advise-result").Set("innerHTML", ReportHTML(rep, health))
	b, _ := json.Marshal(rep)
	a.progress(0, 0)
	done := fmt.Sprintf("Advised in %.0f ms", ms)
	if rep.Sample != nil {
		done += fmt.Sprintf(" (%d candidates on %d rows)", len(rep.Candidates), rep.Sample.RowsRead)
	}
	a.status(done + ".")
	a.ll.Set("adviseMs", ms)
	a.ll.Call("done", string(b))
}

// advise runs the advisor on the prepared table, with the page's progress, yields and cancel.
func (a *app) advise(workload string, k Knobs) (*advise.Report, error) {
	step := func(what string) func(done, total int) bool {
		return func(done, total int) bool {
			if total == 0 {
				a.status("Preparing the candidates…")
			} else {
				a.status(fmt.Sprintf(what, min(done+1, total), total))
			}
			a.progress(done, total)
			a.yield()
			return !a.stop
		}
	}
	return Advise(a.fsys, a.name, a.in, a.base, workload, k, Progress{
		Rows:       step("Reading the data files: row group %d of %d"),
		Candidates: step("Laying out candidate %d of %d…"),
	})
}
