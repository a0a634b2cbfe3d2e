//go:build js && wasm

// Command advise is the table page's advisor: engine/advise on the table the reader picked,
// with its rows read from the Parquet data files (engine/datafiles). It is a module of its own
// (advise.wasm), which site/table.js loads on the first click of "Advise", so that neither the
// docs widget nor the table page's first load carries the Parquet data reader and the advisor.
// It reads the same File handles the page already has, by slices (browser.Blob), and runs the
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

	"layoutlab/engine/inspect"
	"layoutlab/engine/work"
	"layoutlab/front/advisepage"
	"layoutlab/front/boundary"
	"layoutlab/front/figures"
	"layoutlab/wasm/browser"
)

// ab is the advisor's boundary: what it sets on and calls of window.layoutlabAdvise.
var ab = boundary.Advise()

type app struct {
	mu      sync.Mutex
	ll      *browser.Global // window.layoutlabAdvise, as front/boundary declares it (ab)
	yielder *browser.Yielder
	fsys    *advisepage.TableFS
	name    string
	in      *inspect.Inspector
	base    *inspect.Report
	// stop is set by cancel(); the next yield returns errCancelled.
	stop      bool
	lastYield time.Time
	// shown is the status line shown, for the stretches of Go between yields (fig).
	shown string
	// fig is what the browser tests read: the last advice timed, and the longest stretch of Go
	// between two yields, with the status lines as it began and ended.
	fig *figures.Advise
}

// errCancelled is the page's Yield's error once the reader cancelled: the advisor returns it as it is.
var errCancelled = errors.New("cancelled")

// taskBudget is how long the advisor works before it lets the page answer input, as wasm/table's.
const taskBudget = 50 * time.Millisecond

func main() {
	a := &app{ll: browser.Find(&ab.Program)}
	a.fig = figures.NewAdvise(a.ll)
	a.yielder = browser.NewYielder(4 * taskBudget)
	a.yielder.FrameWait = 100 * time.Millisecond // a hidden tab runs no animation frames
	a.ll.Set(ab.Prepare, js.FuncOf(func(_ js.Value, args []js.Value) any {
		src := args[0]
		go a.locked(func() { a.prepare(src) })
		return nil
	}))
	a.ll.Set(ab.Run, js.FuncOf(func(_ js.Value, args []js.Value) any {
		// run({workload, keys, maxFileSize, ingestGBPerDay}): the view's fields, as text.
		o := args[0]
		w := o.Get("workload").String()
		k := advisepage.Knobs{Keys: o.Get("keys").String(), MaxFileSize: o.Get("maxFileSize").String(), IngestGBPerDay: o.Get("ingestGBPerDay").String()}
		a.stop = false
		go a.locked(func() { a.run(w, k) })
		return nil
	}))
	a.ll.Set(ab.Cancel, js.FuncOf(func(js.Value, []js.Value) any { a.stop = true; return nil }))
	a.ll.Call(ab.Started)
	select {}
}

func (a *app) locked(f func()) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.began("(the click)")
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

// began notes that a stretch of Go begins now, while the status line says from.
func (a *app) began(from string) {
	a.lastYield = time.Now()
	a.fig.StretchBegins(from)
}

// busy notes the stretch of Go since the last yield (fig).
func (a *app) busy() { a.fig.StretchEnds(time.Since(a.lastYield), a.shown) }

// turn lets the page run a task of its own, and paint every 4×taskBudget (browser.Yielder),
// once Go has worked taskBudget since the last.
func (a *app) turn() {
	if time.Since(a.lastYield) < taskBudget {
		return
	}
	a.busy()
	a.yielder.Turn()
	a.began(a.shown)
}

// yield is the page's work.Yield for the replay of the log and the advisor: once the advisor
// has worked taskBudget (by the clock: the work yields far more often than that, every few
// thousand rows), it shows the step and how far it has got and lets the page run a task of its
// own (browser.Yielder); it stops the work once the reader cancelled. The status line is only
// written when the page is let in to paint it: a DOM write a call cost the page more than the
// yields.
func (a *app) yield(p work.Progress) error {
	if time.Since(a.lastYield) >= taskBudget {
		a.status(p.String() + "…")
		a.progress(p.Done, p.Total)
		a.turn()
	}
	if a.stop {
		return errCancelled
	}
	return nil
}

func (a *app) fail(msg string) {
	a.progress(0, 0)
	a.status("")
	a.ll.Call(ab.Failed, msg)
}

// blob reads the reader's File by slices; each slice's wait ended the page's task, so the
// measure of the longest task starts again after it.
func (a *app) blob(f js.Value) *browser.Blob {
	b := browser.NewBlob(f)
	b.Awaited = func() {
		a.busy()
		a.began(a.shown + " (after a read)")
	}
	return b
}

// prepare gathers the table the page opened (src: {kind: "files", name, paths, files} or
// {kind: "archive", name, file}) with its data files, and replays its log.
func (a *app) prepare(src js.Value) {
	a.in, a.base, a.fsys = nil, nil, nil
	name := src.Get("name").String()
	a.status("Listing " + name + "…")
	var t *advisepage.TableFS
	var err error
	if src.Get("kind").String() == "archive" {
		r := a.blob(src.Get("file"))
		t, err = advisepage.NewTableFSFromArchive(name, r, r.Size(), func(work.Progress) error { a.turn(); return nil })
	} else {
		paths, files := src.Get("paths"), src.Get("files")
		ps, sizes := make([]string, paths.Length()), make([]int64, paths.Length())
		for i := range ps {
			ps[i], sizes[i] = paths.Index(i).String(), int64(files.Index(i).Get("size").Float())
		}
		t, err = advisepage.NewTableFS(name, ps, sizes, func(i int) (func() io.ReaderAt, func() (io.ReadCloser, error)) {
			f := files.Index(i)
			return func() io.ReaderAt { return a.blob(f) }, nil
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
		for _, ext := range []string{".zip", ".tar", ".tar.gz", ".tgz"} {
			name = strings.TrimSuffix(name, ext)
		}
	}
	a.status("Replaying the log of " + name + "…")
	base, in, err := inspect.Open(t, name, inspect.Options{Version: -1, Yield: a.replaying})
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
	a.ll.Call(ab.Prepared, map[string]any{"id": id, "dataFiles": t.Data, "name": name})
}

// run advises on the prepared table for a workload, and shows the advice.
func (a *app) run(workload string, k advisepage.Knobs) {
	if a.fsys == nil {
		a.fail("Open a table first.")
		return
	}
	t0 := time.Now()
	rep, err := advisepage.Advise(a.fsys, a.name, a.in, a.base, workload, k, a.yield)
	if errors.Is(err, errCancelled) {
		a.progress(0, 0)
		a.status("Stopped.")
		a.ll.Call(ab.Stopped)
		return
	}
	if err != nil {
		a.fail(err.Error())
		return
	}
	d := time.Since(t0)
	var health []inspect.ColumnHealth
	if a.base != nil {
		health = a.base.ClusteringHealth
	}
	a.el("advise-result").Set("innerHTML", advisepage.ReportHTML(rep, health))
	b, _ := json.Marshal(rep)
	a.progress(0, 0)
	done := fmt.Sprintf("Advised in %.0f ms", float64(d.Microseconds())/1000)
	if rep.Sample != nil {
		done += fmt.Sprintf(" (%d candidates on %d rows)", len(rep.Candidates), rep.Sample.RowsRead)
	}
	a.status(done + ".")
	a.fig.Advised(d)
	a.ll.Call(ab.Done, string(b))
}

// replaying is inspect's Yield while the log is replayed: the status line stays the replay's
// (its steps are the inspector's own), the bar shows the files opened; the replay is not
// cancelled (the view has no cancel before a run).
func (a *app) replaying(p work.Progress) error {
	if p.Total > 0 {
		a.progress(p.Done, p.Total)
	}
	a.turn()
	return nil
}
