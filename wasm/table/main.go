//go:build js && wasm

// Command table is "Open your table": the browser's front of engine/inspect, the code behind
// `layoutlab inspect`, so the page and the CLI agree file for file. It is a module of its own
// (table.wasm, loaded by site/table.html) because the Parquet reader and the inspector would
// make the docs widget heavier. site/table.js gathers the files the reader gives; this reads
// them as a log (LogFS), replays it (inspect.Open) and draws the views.
package main

import (
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"path"
	"runtime"
	"runtime/metrics"
	"slices"
	"strconv"
	"sync"
	"syscall/js"
	"time"

	"honnef.co/go/js/dom/v2"

	"layoutlab/engine/inspect"
	deltalog "layoutlab/engine/log"
	"layoutlab/wasm/view"
)

type app struct {
	mu  sync.Mutex
	doc dom.Document
	ll  js.Value // window.layoutlabTable

	log  *LogFS
	name string
	// filesOpened counts the log files the replay has opened, for the progress bar.
	filesOpened int
	lo, hi      int64

	in     *inspect.Inspector
	rep    *inspect.Report
	where  string
	column string
	spans  []float64
	by     GroupBy
	// filesShown is how many rows the file list shows (FileRows at first, more on request).
	filesShown int

	grid      *Grid
	img       *image.RGBA
	pinned    int // the clicked cell, -1 none
	scale     float64
	lastYield time.Time
	// The longest stretch of Go between two yields so far, and the status lines shown as it
	// began and as it ended: the timing script reads them (window.layoutlabTable.longestGo) to
	// say which step holds the page longest.
	longestGo   time.Duration
	statusShown string
	stretchFrom string // the status line shown when the current stretch began
	lastFrame   time.Time
	// The collections run at yields (collectDue), how long they took in all, and the longest.
	collected     int
	collectedFor  time.Duration
	collectedMost time.Duration
}

func main() {
	a := &app{doc: dom.GetWindow().Document(), ll: js.Global().Get("layoutlabTable"), pinned: -1}
	a.ll.Set("wants", js.FuncOf(func(_ js.Value, args []js.Value) any { return Wants(args[0].String()) }))
	// openArchive(name, file): a .zip or .tar the reader gave, read by slices (blobArchive).
	a.ll.Set("openArchive", js.FuncOf(func(_ js.Value, args []js.Value) any {
		name, blob := args[0].String(), args[1]
		go a.gather(name, func(l *LogFS) error {
			a.status("Reading the log out of " + name + "…")
			a.yield()
			ar := newBlobArchive(blob)
			return l.AddArchiveFrom(name, ar, ar.size)
		})
		return nil
	}))
	a.ll.Set("open", js.FuncOf(func(_ js.Value, args []js.Value) any {
		name, paths, files := args[0].String(), args[1], args[2]
		// The reader's Files, known by their sizes (File.size) only: each is read by slices
		// when the replay opens it, and most never are (data files, commits a checkpoint covers).
		go a.gather(name, func(l *LogFS) error {
			for i := range paths.Length() {
				f := files.Index(i)
				l.AddFile(paths.Index(i).String(), int64(f.Get("size").Float()), func() io.ReaderAt { return newBlobArchive(f) })
			}
			return nil
		})
		return nil
	}))
	// cellCentre(i) is where cell i is on the page, and which file it shows, for the browser
	// tests' clicks: [clientX, clientY, file index], or [] when there is no such cell.
	a.ll.Set("cellCentre", js.FuncOf(func(_ js.Value, args []js.Value) any {
		i := args[0].Int()
		if a.grid == nil || i < 0 || i >= len(a.grid.Cells) {
			return []any{}
		}
		canvas := a.el("grid").Underlying()
		canvas.Call("scrollIntoView", map[string]any{"block": "center"})
		r := canvas.Call("getBoundingClientRect")
		c := a.grid.Cells[i]
		return []any{r.Get("left").Float() + (c.X+c.W/2)/a.scale, r.Get("top").Float() + (c.Y+c.H/2)/a.scale, a.grid.File[i]}
	}))
	a.bind()
	a.ll.Call("started")
	select {}
}

func (a *app) el(id string) dom.Element { return a.doc.GetElementByID(id) }

func (a *app) setText(id, s string) { a.el(id).SetTextContent(s) }
func (a *app) setHTML(id, s string) { a.el(id).SetInnerHTML(s) }
func (a *app) show(id string, on bool) {
	a.el(id).Underlying().Set("hidden", !on)
}

func (a *app) status(s string) {
	a.statusShown = s
	a.ll.Call("status", s)
}

// busy notes the stretch of Go since the last yield; the page's task ends after it.
func (a *app) busy() {
	if d := time.Since(a.lastYield); d > a.longestGo {
		a.longestGo = d
		a.ll.Set("longestGo", []any{float64(d.Microseconds()) / 1000, a.stretchFrom, a.statusShown})
	}
}

// fail shows what went wrong; the table already shown (if any) stays.
func (a *app) fail(msg string) {
	a.setText("error", msg)
	a.show("error", true)
	a.ll.Call("progress", 0, 0)
	a.status("")
	a.ll.Set("planning", false)
	a.ll.Set("error", msg)
	a.ll.Set("errors", a.ll.Get("errors").Int()+1)
}

// taskBudget is how long the module works before it lets the page answer input (the Go side
// runs on the page's one thread; a Web Worker would need the views' DOM code moved out).
const taskBudget = 50 * time.Millisecond

// yield ends the page's current task when the module has worked taskBudget since the last
// one: every few yields it waits for an animation frame, so the status line and the progress
// bar are painted; otherwise for a zero timeout, which lets pending input run at less cost.
// When the heap is near the size at which the runtime would start a collection by itself, it
// collects then, in a task of its own (collectDue).
func (a *app) yield() {
	if time.Since(a.lastYield) < taskBudget {
		return
	}
	a.endStep()
}

// endStep ends the page's task however long it has run: at the boundary of a step (the sort, the
// statistics, a plan, a view), so that a short rest of one step and the next are not one task.
func (a *app) endStep() {
	a.busy()
	a.endTask()
	if collectDue() {
		t0 := time.Now()
		runtime.GC()
		d := time.Since(t0)
		a.collected, a.collectedFor, a.collectedMost = a.collected+1, a.collectedFor+d, max(a.collectedMost, d)
		a.ll.Set("collections", []any{a.collected, float64(a.collectedFor.Microseconds()) / 1000, float64(a.collectedMost.Microseconds()) / 1000})
		a.endTask()
	}
	a.lastYield, a.stretchFrom = time.Now(), a.statusShown
}

// endTask waits for the page to run a task of its own: an animation frame, or a zero timeout.
func (a *app) endTask() {
	done := make(chan struct{})
	var cb js.Func
	cb = js.FuncOf(func(js.Value, []js.Value) any { cb.Release(); close(done); return nil })
	if time.Since(a.lastFrame) >= 4*taskBudget {
		js.Global().Call("requestAnimationFrame", cb)
		a.lastFrame = time.Now()
	} else {
		js.Global().Call("setTimeout", cb, 0)
	}
	select {
	case <-done:
	case <-time.After(100 * time.Millisecond): // a hidden tab runs no animation frames
	}
}

// gcSamples are what collectDue reads: the heap marked live by the last collection, the goal
// the runtime set from it, and the heap now.
var gcSamples = []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/heap/goal:bytes"}, {Name: "/memory/classes/heap/objects:bytes"}}

// collectDue says whether the heap has grown 60% of the way from what the last collection
// marked to the goal: the runtime starts a collection by itself at 70% to 95% of that way
// (runtime/mgcpacer.go, minTriggerRatioNum). Under js/wasm that collection would mark inside
// whichever stretch of work allocates next (its assists and write barriers slow it down), and
// at a yield until it is done; run at a yield instead, it is a task of its own, and what
// follows runs without it (docs/performance.md, "collections at yields, steps as tasks").
func collectDue() bool {
	metrics.Read(gcSamples)
	live, goal, heap := gcSamples[0].Value.Uint64(), gcSamples[1].Value.Uint64(), gcSamples[2].Value.Uint64()
	return goal > live && heap >= live+(goal-live)/10*6
}

// opened shows each log file the replay opens, and counts it for the progress bar.
func (a *app) opened(name string, size int64) {
	a.filesOpened++
	sz := ""
	if size > 1<<20 {
		sz = fmt.Sprintf(" (%.1f MB)", float64(size)/(1<<20))
	}
	a.status(fmt.Sprintf("Replaying the log: %s%s", path.Base(name), sz))
	a.ll.Call("progress", min(a.filesOpened, a.log.Len()), a.log.Len())
	a.yield()
}

// gather opens the table whose log files add puts into a new LogFS.
func (a *app) gather(name string, add func(*LogFS) error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	t0 := time.Now()
	a.lastYield, a.stretchFrom = t0, "(the upload)" // the page's task began with the event that asked
	defer a.busy()
	a.show("error", false)
	l := NewLogFS()
	l.Yield = a.yield
	err := add(l)
	if err == nil {
		err = l.Check(name)
	}
	if err != nil {
		a.fail(err.Error())
		return
	}
	lst, err := deltalog.List(l)
	if err != nil {
		a.fail(err.Error())
		return
	}
	if lst.MaxVersion < 0 {
		a.fail(fmt.Sprintf("%s: %s has no commit files or checkpoints", name, deltalog.LogDir))
		return
	}
	table := name
	if l.Table != "" {
		table = l.Table
	}
	prevLog, prevName, prevLo, prevHi, prevWhere, prevColumn := a.log, a.name, a.lo, a.hi, a.where, a.column
	a.log, a.name, a.lo, a.hi = l, table, lst.Earliest(), lst.MaxVersion
	a.where, a.column = "", ""
	if !a.read(-1, true) {
		// The table shown before stays what the controls act on.
		a.log, a.name, a.lo, a.hi, a.where, a.column = prevLog, prevName, prevLo, prevHi, prevWhere, prevColumn
		return
	}
	a.pinned = -1
	a.el("where").(*dom.HTMLInputElement).SetValue("")
	ms := float64(time.Since(t0).Microseconds()) / 1000
	a.ll.Set("openMs", ms)
	a.ll.Set("opened", a.ll.Get("opened").Int()+1)
	a.ll.Set("logRead", float64(l.Read()))
	opened := fmt.Sprintf("Opened %s: %.1f MB read of its %d log files' %.1f MB, in %.0f ms", table, float64(l.Read())/(1<<20), l.Len(), float64(l.Size())/(1<<20), ms)
	a.status(opened + "; working out the next OPTIMIZE…")
	planMs := a.plan()
	a.status(fmt.Sprintf("%s; the next OPTIMIZE's plan in %.0f ms.", opened, planMs))
}

// plan works out the next OPTIMIZE once the table is drawn, so that the reader sees the files
// first, and shows it; it returns how long the plans took in ms.
func (a *app) plan() float64 {
	t0 := time.Now()
	a.endStep()
	n := a.in.NextOptimize(inspect.Progress{Step: func(what string) {
		a.status("Working out " + what)
		a.endStep()
	}, Yield: a.yield})
	a.rep.NextOptimize = n
	a.setHTML("optimize", OptimizeHTML(n))
	a.el("optimize").SetAttribute("aria-busy", "false")
	ms := float64(time.Since(t0).Microseconds()) / 1000
	a.ll.Set("planMs", ms)
	a.ll.Set("planning", false)
	return ms
}

// read replays the log at version (-1: the latest) and shows it; it reports whether it could.
func (a *app) read(version int64, fresh bool) bool {
	a.filesOpened = 0
	a.log.Opened = a.opened
	defer func() { a.log.Opened = nil }()
	t0 := time.Now()
	a.ll.Set("planning", true) // until plan shows the next OPTIMIZE, or fail says why not
	rep, in, err := inspect.Open(a.log, a.name, inspect.Options{Version: version, Where: a.where, PlanLater: true,
		Progress: func(done, total int) {
			a.status(fmt.Sprintf("Reading the statistics of %d files: %d done", total, done))
			a.ll.Call("progress", done, total)
			a.yield()
		},
		Step: func(what string) {
			a.status("Working out " + what)
			a.endStep()
		},
		VerdictProgress: a.verdictProgress,
		CheckpointProgress: func(done, total int) {
			a.status(fmt.Sprintf("Reading the checkpoint: %d of %d actions", done, total))
			a.ll.Call("progress", done, total)
			a.yield()
		}})
	a.ll.Set("inspectMs", float64(time.Since(t0).Microseconds())/1000)
	a.ll.Call("progress", 0, 0)
	if err != nil {
		var le *deltalog.LogError
		if errors.As(err, &le) {
			a.fail(fmt.Sprintf("%s: the log is broken at %s", a.name, le.Error()))
		} else {
			a.fail(fmt.Sprintf("%s: %v", a.name, err))
		}
		return false
	}
	// A refusal of the table itself (Delta would not read it, or its schema does not parse),
	// not of the WHERE: the table shown before stays.
	if in == nil || rep.Error != nil && a.where == "" {
		a.fail(a.refusal(version, rep.Error))
		return false
	}
	if rep.Error != nil {
		if base := in.Report(""); base.Error != nil {
			a.fail(a.refusal(version, base.Error))
			return false
		}
	}
	a.in = in
	a.spans = nil
	if fresh {
		a.by = DefaultGroupBy(rep)
		a.el("group-by").(*dom.HTMLSelectElement).SetValue(string(a.by))
	}
	a.setReport(rep)
	a.status("Drawing the table…")
	a.endStep()
	t1 := time.Now()
	a.renderTable()
	a.ll.Set("renderMs", float64(time.Since(t1).Microseconds())/1000)
	return true
}

// refusal says why the table at version cannot be shown, naming the file and field.
func (a *app) refusal(version int64, e *inspect.ErrorInfo) string {
	return RefusalText(a.log, a.name, version, e)
}

// verdictProgress shows how many files the WHERE has been checked against, and lets the page
// paint and take input: a WHERE on 100,000 files is several tasks' worth.
func (a *app) verdictProgress(done, total int) {
	a.status(fmt.Sprintf("Checking %d files against the WHERE: %d done", total, done))
	a.ll.Call("progress", done, total)
	a.yield()
}

// setReport takes a Report, falling back to no WHERE when the WHERE is refused (the refusal is
// shown under the field).
func (a *app) setReport(rep *inspect.Report) {
	a.show("where-error", false)
	if rep.Error != nil && a.where != "" {
		a.setText("where-error", fmt.Sprintf("[%s] %s", rep.Error.Class, rep.Error.Message))
		a.show("where-error", true)
		a.ll.Set("whereError", rep.Error.Message)
		rep = a.in.Report("")
	} else if rep.Error != nil {
		a.fail(fmt.Sprintf("%s: [%s] %s", a.name, rep.Error.Class, rep.Error.Message))
	}
	a.rep = rep
}

func (a *app) renderTable() {
	r := a.rep
	a.show("table", true)
	a.setText("table-name", a.name)
	a.setHTML("summary", SummaryHTML(r))
	v := a.el("version").(*dom.HTMLInputElement)
	v.SetAttribute("min", strconv.FormatInt(a.lo, 10))
	v.SetAttribute("max", strconv.FormatInt(a.hi, 10))
	v.SetValue(strconv.FormatInt(r.Version, 10))
	a.setText("version-label", fmt.Sprintf("v%d of [%d, %d]", r.Version, a.lo, a.hi))
	cols := a.in.SpanColumns()
	if !slices.Contains(cols, a.column) {
		a.column = a.in.DefaultSpanColumn() // its statistics are kept from the open
	}
	var opts string
	for _, c := range cols {
		opts += fmt.Sprintf(`<option value="%s">%s</option>`, esc(c), esc(c))
	}
	sel := a.el("span-column").(*dom.HTMLSelectElement)
	sel.SetInnerHTML(opts)
	sel.SetValue(a.column)
	if r.NextOptimize == nil {
		a.setHTML("optimize", `<p class="pending">Working out the next OPTIMIZE once the table is drawn…</p>`)
		a.el("optimize").SetAttribute("aria-busy", "true")
	} else {
		a.setHTML("optimize", OptimizeHTML(r.NextOptimize))
	}
	a.setText("describe-detail", DetailText(r.DescribeDetail))
	a.setHTML("history", HistoryHTML(r.History))
	a.endStep()
	a.renderWhere()
	a.ll.Set("version", r.Version)
}

func (a *app) renderWhere() {
	r := a.rep
	a.setHTML("where-summary", WhereHTML(r))
	a.setHTML("reasons", ReasonsHTML(r))
	a.endStep()
	a.filesShown = min(len(r.Files), FileRows)
	a.setHTML("files", FilesHTML(r, a.filesShown))
	a.endStep()
	a.drawGrid()
}

func (a *app) drawGrid() {
	if a.rep == nil {
		return
	}
	if a.spans == nil && a.column != "" {
		a.spans, _ = a.in.Spans(a.column)
		a.endStep()
	}
	canvas := a.el("grid").Underlying()
	dpr := js.Global().Get("devicePixelRatio").Float()
	if dpr <= 0 || math.IsNaN(dpr) {
		dpr = 1
	}
	cssW := canvas.Get("parentElement").Get("clientWidth").Float()
	cssH := math.Min(560, math.Max(220, cssW*0.55))
	w, h := int(cssW*dpr), int(cssH*dpr)
	if w <= 0 || h <= 0 {
		return
	}
	canvas.Set("width", w)
	canvas.Set("height", h)
	canvas.Get("style").Set("height", fmt.Sprintf("%.0fpx", cssH))
	a.scale = dpr
	a.grid = BuildGrid(a.rep, a.spans, a.by, float64(w), float64(h))
	if a.img == nil || a.img.Rect.Dx() != w || a.img.Rect.Dy() != h {
		a.img = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	a.paint()
}

func (a *app) paint() {
	theme := "light"
	if js.Global().Call("matchMedia", "(prefers-color-scheme: dark)").Get("matches").Bool() {
		theme = "dark"
	}
	a.grid.Paint(a.img, a.pinned, view.ThemeNamed(theme))
	arr := js.Global().Get("Uint8ClampedArray").New(len(a.img.Pix))
	js.CopyBytesToJS(arr, a.img.Pix)
	id := js.Global().Get("ImageData").New(arr, a.img.Rect.Dx(), a.img.Rect.Dy())
	a.el("grid").Underlying().Call("getContext", "2d").Call("putImageData", id, 0, 0)
	a.ll.Set("drawn", a.ll.Get("drawn").Int()+1)
}

// cellAt is the grid cell under a mouse event, -1 for none.
func (a *app) cellAt(ev dom.Event) int {
	if a.grid == nil {
		return -1
	}
	u := ev.Underlying()
	return a.grid.At(u.Get("offsetX").Float()*a.scale, u.Get("offsetY").Float()*a.scale)
}

func (a *app) showFile(cell int) {
	if cell < 0 {
		return
	}
	a.setText("hover-info", HoverText(a.rep, a.grid, cell, a.spans, a.column))
	// The snapshot's file by path: Files() would copy every add action on each hover.
	if f, ok := a.in.Snapshot().File(a.rep.Files[a.grid.File[cell]].Path); ok {
		a.setText("add-action", AddActionText(f))
	}
}

// act runs f off the event handler (which must not block) under the lock.
func (a *app) act(f func()) {
	go func() {
		a.mu.Lock()
		defer a.mu.Unlock()
		if a.rep == nil {
			return
		}
		a.lastYield, a.stretchFrom = time.Now(), "(a control)"
		f()
		a.busy()
	}()
}

func (a *app) bind() {
	a.el("where-form").AddEventListener("submit", false, func(ev dom.Event) {
		ev.PreventDefault()
		where := a.el("where").(*dom.HTMLInputElement).Value()
		a.act(func() {
			a.where = where
			shown := a.statusShown
			r := a.in.ReportProgress(where, a.verdictProgress)
			a.ll.Call("progress", 0, 0)
			a.status(shown)
			a.ll.Set("whereError", "")
			a.setReport(r)
			a.renderWhere()
			a.ll.Set("whereRuns", a.ll.Get("whereRuns").Int()+1)
		})
	})
	a.el("version").AddEventListener("change", false, func(dom.Event) {
		v, _ := strconv.ParseInt(a.el("version").(*dom.HTMLInputElement).Value(), 10, 64)
		a.act(func() {
			a.pinned = -1
			if a.read(v, false) {
				a.status(fmt.Sprintf("Showing version %d; working out the next OPTIMIZE…", v))
				a.plan()
				a.status(fmt.Sprintf("Showing version %d.", v))
				return
			}
			// The version shown before stays, and the slider says so.
			a.el("version").(*dom.HTMLInputElement).SetValue(strconv.FormatInt(a.rep.Version, 10))
			a.setText("version-label", fmt.Sprintf("v%d of [%d, %d]", a.rep.Version, a.lo, a.hi))
		})
	})
	a.el("version").AddEventListener("input", false, func(dom.Event) {
		a.setText("version-label", fmt.Sprintf("v%s of [%d, %d]", a.el("version").(*dom.HTMLInputElement).Value(), a.lo, a.hi))
	})
	a.el("span-column").AddEventListener("change", false, func(dom.Event) {
		c := a.el("span-column").(*dom.HTMLSelectElement).Value()
		a.act(func() { a.column, a.spans = c, nil; a.drawGrid() })
	})
	a.el("group-by").AddEventListener("change", false, func(dom.Event) {
		by := GroupBy(a.el("group-by").(*dom.HTMLSelectElement).Value())
		a.act(func() { a.by, a.pinned = by, -1; a.drawGrid() })
	})
	// The file list's "Show more" button is made anew with the list: listened for on #files.
	a.el("files").AddEventListener("click", false, func(ev dom.Event) {
		if ev.Target().ID() != "files-more" {
			return
		}
		a.act(func() {
			r := a.rep
			hi := min(len(r.Files), a.filesShown+FileRows)
			tbody := a.doc.QuerySelector("#files tbody")
			tbody.Underlying().Call("insertAdjacentHTML", "beforeend", FileRowsHTML(r, a.filesShown, hi))
			a.filesShown = hi
			a.doc.QuerySelector("#files .files-more").Underlying().Set("outerHTML", FilesMoreHTML(r, hi))
			if more := a.doc.QuerySelector("#files-more"); more != nil {
				more.(dom.HTMLElement).Focus() // the keyboard stays on the button
			}
		})
	})
	grid := a.el("grid")
	grid.AddEventListener("mousemove", false, func(ev dom.Event) {
		if a.pinned >= 0 || !a.mu.TryLock() {
			return
		}
		defer a.mu.Unlock()
		a.showFile(a.cellAt(ev))
	})
	grid.AddEventListener("click", false, func(ev dom.Event) {
		if !a.mu.TryLock() {
			return
		}
		defer a.mu.Unlock()
		c := a.cellAt(ev)
		if c == a.pinned {
			c = -1
		}
		a.pinned = c
		a.showFile(c)
		a.paint()
	})
	var resize *time.Timer
	dom.GetWindow().AddEventListener("resize", false, func(dom.Event) {
		if resize != nil {
			resize.Stop()
		}
		resize = time.AfterFunc(150*time.Millisecond, func() { a.act(a.drawGrid) })
	})
}
