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
	"io/fs"
	"strings"
	"sync"
	"syscall/js"
	"time"

	"layoutlab/engine/advise"
	"layoutlab/engine/datafiles"
	"layoutlab/engine/inspect"
	deltalog "layoutlab/engine/log"
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
}

// taskBudget is how long the advisor works before it lets the page answer input, as wasm/table's.
const taskBudget = 50 * time.Millisecond

func main() {
	a := &app{ll: js.Global().Get("layoutlabAdvise")}
	a.ll.Set("prepare", js.FuncOf(func(_ js.Value, args []js.Value) any {
		src := args[0]
		go a.locked(func() { a.prepare(src) })
		return nil
	}))
	a.ll.Set("run", js.FuncOf(func(_ js.Value, args []js.Value) any {
		w := args[0].String()
		a.stop = false
		go a.locked(func() { a.run(w) })
		return nil
	}))
	a.ll.Set("cancel", js.FuncOf(func(js.Value, []js.Value) any { a.stop = true; return nil }))
	a.ll.Call("started")
	select {}
}

func (a *app) locked(f func()) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.lastYield = time.Now()
	f()
	a.busy()
}

func (a *app) el(id string) js.Value { return js.Global().Get("document").Call("getElementById", id) }

func (a *app) status(s string) { a.el("advise-status").Set("textContent", s) }

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
	a.lastYield = time.Now()
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
	a.status("Replaying the log of " + name + "…")
	base, in, err := inspect.Open(t, name, inspect.Options{Version: -1,
		Progress: func(done, total int) { a.progress(done, total); a.yield() },
		Step:     func(string) { a.yield() },
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
func (a *app) run(workload string) {
	if a.fsys == nil {
		a.fail("Open a table first.")
		return
	}
	t0 := time.Now()
	rep, err := a.advise(workload)
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

// advise is `layoutlab advise DIR --workload FILE`'s work with its defaults (engine/cmd/layoutlab
// advise.go): the rows of the columns the workload and candidates need, then engine/advise.
func (a *app) advise(workload string) (*advise.Report, error) {
	if a.in == nil { // a table Delta refuses to read: the refusal is the answer
		e := a.base.Error
		return &advise.Report{Version: a.base.Version, Health: []any{}, Candidates: []advise.Candidate{}, Pareto: []int{},
			Error: &advise.ErrorInfo{Class: e.Class, Message: e.Message}}, nil
	}
	if len(workload) > advise.MaxWorkloadBytes {
		return nil, fmt.Errorf("the workload is %d bytes; the limit is %d", len(workload), advise.MaxWorkloadBytes)
	}
	rows, err := a.rows(workload)
	if err != nil {
		return nil, err
	}
	var health any = a.base.ClusteringHealth
	if len(a.base.ClusteringHealth) == 0 {
		health = []any{}
	}
	a.status("Laying out the candidates…")
	return advise.Advise(advise.Input{Inspector: a.in, Workload: workload, Rows: rows, Health: health},
		advise.Options{MaxKeys: advise.DefaultMaxKeys, IngestBytesPerDay: -1, Table: "delta.`" + strings.ReplaceAll(a.name, "`", "``") + "`",
			Progress: func(done, total int) bool {
				a.status(fmt.Sprintf("Laying out candidate %d of %d…", min(done+1, total), total))
				a.progress(done, total)
				a.yield()
				return !a.stop
			}})
}

// rows reads the columns the advice needs, nil when none of the table's data files was given.
func (a *app) rows(workload string) (*advise.Rows, error) {
	snap := a.in.Snapshot()
	files := snap.AllFiles()
	if len(files) == 0 || !anyGiven(a.fsys, files) {
		return nil, nil
	}
	leaves, err := advise.Leaves(snap)
	if err != nil {
		return nil, err
	}
	cols, err := advise.ReadColumns(leaves, workload, nil)
	if err != nil {
		return nil, err
	}
	r, err := datafiles.Read(a.fsys, snap, datafiles.Options{Columns: cols, MaxRows: datafiles.DefaultMaxRows, Seed: 1,
		Progress: func(done, total int) bool {
			a.status(fmt.Sprintf("Reading the data files: row group %d of %d", min(done+1, total), total))
			a.progress(done, total)
			a.yield()
			return !a.stop
		}})
	if err != nil {
		return nil, err
	}
	return &advise.Rows{Table: r.Table, File: r.File,
		Sample: advise.Sample{RowsRead: r.Sample.RowsRead, RowsTotal: r.Sample.RowsTotal, Fraction: r.Sample.Fraction}}, nil
}

// anyGiven reports whether any of the snapshot's data files is among the files given.
func anyGiven(fsys fs.StatFS, files []*deltalog.AddFile) bool {
	for _, f := range files {
		if _, err := fsys.Stat(f.Path); err == nil {
			return true
		}
	}
	return false
}
