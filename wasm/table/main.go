//go:build js && wasm

// Command table is "Open your table": the browser's front of engine/inspect, the code behind
// `layoutlab inspect`, so the page and the CLI agree file for file. It is a module of its own
// (table.wasm, loaded by site/table.html) because the Parquet reader and the inspector would
// make the docs widget heavier. site/table.js gathers the files the reader gives; this reads
// them as a log (LogFS), replays it (inspect.Open) and draws the views. What the page shows is
// front/tablepage's model, which only tablepage.Update changes: this program is its adapter,
// turning the page's events into the model's events and carrying its effects out (apply).
package main

import (
	"fmt"
	"image"
	"io"
	"math"
	"runtime"
	"runtime/metrics"
	"strconv"
	"sync"
	"syscall/js"
	"time"

	"honnef.co/go/js/dom/v2"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
	"layoutlab/engine/work"
	"layoutlab/front/boundary"
	"layoutlab/front/figures"
	"layoutlab/front/tablepage"
	"layoutlab/front/view"
	"layoutlab/wasm/browser"
)

// tb is the table page's boundary: what it sets on and calls of window.layoutlabTable.
var tb = boundary.Table()

type app struct {
	mu      sync.Mutex
	doc     dom.Document
	ll      *browser.Global // window.layoutlabTable, as front/boundary declares it (tb)
	yielder *browser.Yielder

	// m is what the page shows; only tablepage.Update changes it (apply).
	m tablepage.Model

	// The open under way: when it began and the log it gathered, for the status line once the
	// table is drawn.
	openT0  time.Time
	openLog *tablepage.LogFS

	// What the grid is drawn from: the colour column's spans (read when the grid is drawn),
	// the grid laid out, its pixels and the device pixels per CSS pixel.
	spans     []float64
	grid      *tablepage.Grid
	img       *image.RGBA
	scale     float64
	lastYield time.Time
	// statusShown is the status line shown, for the stretches of Go between yields (fig) and
	// for a WHERE to restore.
	statusShown string
	pending     pendingProgress // what progress asked to show in this task
	// fig is what the browser tests and the timing script read: each step timed, and the
	// longest stretch of Go between two yields, with the status lines as it began and ended.
	fig *figures.Table
}

func main() {
	a := &app{doc: dom.GetWindow().Document(), ll: browser.Find(&tb.Program), m: tablepage.New()}
	a.fig = figures.NewTable(a.ll)
	a.yielder = browser.NewYielder(paintEvery)
	a.yielder.FrameWait = 100 * time.Millisecond // a hidden tab runs no animation frames
	a.ll.Set(tb.Wants, js.FuncOf(func(_ js.Value, args []js.Value) any { return tablepage.Wants(args[0].String()) }))
	// openArchive(name, file): a .zip or .tar the reader gave, read by slices (browser.Blob).
	a.ll.Set(tb.OpenArchive, js.FuncOf(func(_ js.Value, args []js.Value) any {
		name, blob := args[0].String(), args[1]
		go a.gather(name, func(l *tablepage.LogFS) error {
			a.status(tablepage.ReadingArchive(name))
			a.yield()
			ar := browser.NewBlob(blob)
			return l.AddArchiveFrom(name, ar, ar.Size())
		})
		return nil
	}))
	a.ll.Set(tb.Open, js.FuncOf(func(_ js.Value, args []js.Value) any {
		name, paths, files := args[0].String(), args[1], args[2]
		// The reader's Files, known by their sizes (File.size) only: each is read when the
		// replay opens it (readerAt), and most never are (data files, commits a checkpoint covers).
		go a.gather(name, func(l *tablepage.LogFS) error {
			n := paths.Length()
			ps, fs, sizes := make([]string, n), make([]js.Value, n), make([]int64, n)
			for i := range n {
				ps[i], fs[i] = paths.Index(i).String(), files.Index(i)
				sizes[i] = int64(fs[i].Get("size").Float())
			}
			heads := newCommitHeads(ps, fs, sizes, func(files []any, n int64) js.Value { return a.ll.Func(tb.Heads).Invoke(files, n) })
			for i := range n {
				p, f, size := ps[i], fs[i], sizes[i]
				l.AddFile(p, size, func() io.ReaderAt {
					if r, ok := heads.readerAt(p); ok {
						return r
					}
					return readerAt(p, f, size, a.fill)
				})
			}
			return nil
		})
		return nil
	}))
	// cellCentre(i) is where cell i is on the page, and which file it shows, for the browser
	// tests' clicks: [clientX, clientY, file index], or [] when there is no such cell.
	a.ll.Set(tb.CellCentre, js.FuncOf(func(_ js.Value, args []js.Value) any {
		i := args[0].Int()
		if a.grid == nil || i < 0 || i >= a.grid.Len() {
			return []any{}
		}
		canvas := a.el("grid").Underlying()
		canvas.Call("scrollIntoView", map[string]any{"block": "center"})
		r := canvas.Call("getBoundingClientRect")
		c := a.grid.Cell(i)
		return []any{r.Get("left").Float() + (c.X+c.W/2)/a.scale, r.Get("top").Float() + (c.Y+c.H/2)/a.scale, a.grid.File[i]}
	}))
	a.bind()
	a.ll.Call(tb.Started)
	select {}
}

func (a *app) el(id string) dom.Element { return a.doc.GetElementByID(id) }

func (a *app) setText(id, s string) { a.el(id).SetTextContent(s) }
func (a *app) setHTML(id, s string) { a.el(id).SetInnerHTML(s) }
func (a *app) show(id string, on bool) {
	a.el(id).Underlying().Set("hidden", !on)
}

func (a *app) status(s string) {
	a.pending.statusSet = false
	a.statusShown = s
	a.ll.Call(tb.Status, s)
}

// busy notes the stretch of Go since the last yield; the page's task ends after it.
func (a *app) busy() {
	a.fig.StretchEnds(time.Since(a.lastYield), a.statusShown)
}

// fail shows what went wrong; the table already shown (if any) stays.
func (a *app) fail(msg string) {
	a.setText("error", msg)
	a.show("error", true)
	a.bar(0, 0)
	a.status("")
	a.fig.Failed()
	a.ll.Call(tb.Idle)
}

// taskBudget is how long the module works before it lets the page answer input (the Go side
// runs on the page's one thread; a Web Worker would need the views' DOM code moved out).
const taskBudget = 50 * time.Millisecond

// yield ends the page's current task when the module has worked taskBudget since the last
// one: every few yields it waits for an animation frame, so the status line and the progress
// bar are painted; otherwise for a task of its own, which lets pending input run at less cost
// (browser.Yielder).
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
	a.showPending()
	a.busy()
	a.notePeak()
	a.endTask()
	if collectDue() {
		t0 := time.Now()
		runtime.GC()
		d := time.Since(t0)
		a.fig.Collected(d)
		a.endTask()
	}
	a.lastYield = time.Now()
	a.fig.StretchBegins(a.statusShown)
}

// paintEvery is how often a turn waits for a painted frame (browser.Yielder), so that the status
// line and the bar move: at 4×taskBudget, the 100,000-file open waited for 14 frames before the
// table was drawn, 0.2 to 0.5 s of 2.7 to 4 s on busy cores (a frame came 16 to 35 ms after it
// was asked for), the 1,000,000-file open for 86 frames and 2.4 s. Each turn still ends the
// page's task, which lets input in.
const paintEvery = 8 * taskBudget

// endTask lets the page run a task of its own, and paint every paintEvery (browser.Yielder).
func (a *app) endTask() {
	f, t0 := a.yielder.Frames, time.Now()
	a.yielder.Turn()
	a.fig.Turned(time.Since(t0), a.yielder.Frames > f)
}

// gcSamples are what collectDue reads: the heap marked live by the last collection, the goal
// the runtime set from it, and the heap now.
var gcSamples = []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/heap/goal:bytes"}, {Name: "/memory/classes/heap/objects:bytes"}}

// collectDue says whether the heap has grown 60% of the way from what the last collection
// marked to the goal: the runtime starts a collection by itself at 70% to 95% of that way
// (runtime/mgcpacer.go, minTriggerRatioNum). Under js/wasm that collection would mark inside
// whichever stretch of work allocates next (its assists and write barriers slow it down), and
// at a yield until it is done; run at a yield instead, it is a task of its own, and what
// follows runs without it.
func collectDue() bool {
	metrics.Read(gcSamples)
	live, goal, heap := gcSamples[0].Value.Uint64(), gcSamples[1].Value.Uint64(), gcSamples[2].Value.Uint64()
	return goal > live && heap >= live+(goal-live)/10*6
}

// gather opens the table whose log files add puts into a new LogFS.
func (a *app) gather(name string, add func(*tablepage.LogFS) error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	t0 := time.Now()
	a.lastYield = t0
	a.fig.OpenBegins()
	a.fig.StretchBegins("(the upload)") // the page's task began with the event that asked
	defer a.busy()
	a.apply(tablepage.Picked{})
	l := tablepage.NewLogFS()
	l.Yield = a.progress
	err := add(l)
	if err == nil {
		err = l.Check(name)
	}
	var lst *deltalog.Listing
	if err == nil {
		lst, err = deltalog.List(l)
	}
	if err != nil {
		a.apply(tablepage.OpenFailed{Text: err.Error()})
		return
	}
	a.openT0, a.openLog = t0, l
	listed := tablepage.Listed{Log: l, Picked: name, Table: l.Table, Hi: lst.MaxVersion}
	if lst.MaxVersion >= 0 {
		listed.Lo = lst.Earliest()
	}
	a.apply(listed)
}

// apply gives ev to the page's model (front/tablepage.Update) and carries out its effects, in
// order; an effect whose answer is an event (Inspect, RunWhere, Plan) gives it to the model.
func (a *app) apply(ev tablepage.Event) {
	var fx []tablepage.Effect
	a.m, fx = tablepage.Update(a.m, ev)
	for _, e := range fx {
		a.do(e)
	}
}

func (a *app) do(e tablepage.Effect) {
	switch e := e.(type) {
	case tablepage.HideError:
		a.show("error", false)
	case tablepage.ShowError:
		a.fail(e.Text)
	case tablepage.Inspect:
		a.inspect(e)
	case tablepage.ShowWhereError:
		if e.Text != "" {
			a.setText("where-error", e.Text)
		}
		a.show("where-error", e.Text != "")
	case tablepage.ShowGroupBy:
		a.el("group-by").(*dom.HTMLSelectElement).SetValue(string(e.By))
	case tablepage.ClearWhereField:
		a.el("where").(*dom.HTMLInputElement).SetValue("")
	case tablepage.Status:
		a.status(e.Text)
	case tablepage.Render:
		a.endStep()
		a.collectFirst()
		t1 := time.Now()
		a.spans = nil // another snapshot's
		a.renderTable()
		a.fig.Rendered(time.Since(t1))
	case tablepage.RenderWhere:
		a.renderWhere()
	case tablepage.DrawGrid:
		if e.Spans {
			a.spans = nil
		}
		a.drawGrid()
	case tablepage.Paint:
		a.paint()
	case tablepage.ShowFile:
		a.showFile(e.Cell)
	case tablepage.AppendFiles:
		a.appendFiles(e.From, e.To)
	case tablepage.Plan:
		a.plan(e.Opened)
	case tablepage.ShowHealth:
		a.setHTML("health", tablepage.HealthHTML(a.m.Rep))
		a.el("health").SetAttribute("aria-busy", "false")
	case tablepage.ShowOptimize:
		a.setHTML("optimize", tablepage.OptimizeHTML(a.m.Rep.NextOptimize))
		a.el("optimize").SetAttribute("aria-busy", "false")
	case tablepage.ShowVersion:
		a.el("version").(*dom.HTMLInputElement).SetValue(strconv.FormatInt(a.m.Rep.Version, 10))
		a.setText("version-label", tablepage.VersionLabel(strconv.FormatInt(a.m.Rep.Version, 10), a.m.Lo, a.m.Hi))
	case tablepage.RunWhere:
		shown := a.statusShown
		// a.mu is held: no reader of the last Report's files, which the verdicts replace, runs.
		r, _ := e.Run(a.m.In, a.progress) // the page's Yield stops nothing
		a.bar(0, 0)
		a.status(shown)
		a.apply(tablepage.WhereRan{Rep: r})
		a.fig.WhereRun()
	}
}

// inspect replays the log at a version and reads its report (inspect.Open), showing its
// progress, and gives the answer to the model.
func (a *app) inspect(e tablepage.Inspect) {
	l := e.Log.(*tablepage.LogFS)
	l.CountOpens()
	t0 := time.Now()
	a.fig.Planning() // until plan shows the next OPTIMIZE, or fail says why not
	rep, in, err := inspect.Open(l, e.Name, inspect.Options{Version: e.Version, Where: e.Where, PlanLater: true, HealthLater: true, Yield: a.progress,
		CompactStatsFrom: tablepage.CompactStatsFrom})
	if err == nil && in != nil && heapLarge() {
		// A large table's health is worked out before its views, as Open would: worked out
		// after, its sort arrays came on top of the grid's, and the 1,000,000-file table's
		// module memory (which never shrinks) was 946 MiB against 835 (the runtime's memory last
		// grew in the health of its string column). plan asks again, for nothing.
		rep.ClusteringHealth, _ = in.HealthYield(a.progress) // the page's Yield stops nothing
	}
	a.fig.Inspected(time.Since(t0))
	a.bar(0, 0)
	a.apply(tablepage.Inspected{Rep: rep, In: in, Err: err})
}

// heapLarge says whether the Go heap holds collectFrom or more once a table is read: the
// 100,000-file table's stays under 128 MiB, the 1,000,000-file table's is over 700 MiB.
func heapLarge() bool {
	metrics.Read(gcSamples)
	return gcSamples[2].Value.Uint64() >= collectFrom
}

// plan works out the clustering health and the next OPTIMIZE once the table is drawn, so that
// the reader sees the files first, and shows them, the status line saying what was opened
// (opened) or shown.
func (a *app) plan(opened bool) {
	o := tablepage.Opening{Switched: !opened, Version: a.m.Rep.Version}
	if opened {
		l := a.openLog
		o.Took, o.Name, o.Read, o.Size, o.Files = time.Since(a.openT0), a.m.Name, l.Read(), l.Size(), l.Len()
		a.fig.Opened(o.Took, l.Read())
	}
	a.status(o.Status())
	a.healthNext()
	// A large table's statistics text (tablepage.CompactStatsFrom) is compacted once the table
	// is drawn and its health worked out, before the plans: compacted before the views, the
	// 1,000,000-file table was drawn 4.5-8.5 s later (the pass and the collection before it,
	// BenchmarkTableOpen1M), for no lower peak: the health's sort sets it.
	_ = a.m.In.CompactStats(a.progress) // the page's Yield stops nothing
	o.PlanTook, o.Planned = a.planNext(), true
	a.status(o.Status())
	a.ll.Call(tb.Idle)
}

// healthNext works out the clustering health once the table is drawn (inspect.Options.
// HealthLater) and gives it to the model: in the 100,000-file open it was a fifth of the Go
// work before the table could be drawn (V8's profile, 1.1 s of 5.2 s on busy cores). A large
// table's was worked out before its views (inspect, heapLarge): then this only shows it.
func (a *app) healthNext() {
	a.endStep()
	h, _ := a.m.In.HealthYield(a.progress) // the page's Yield stops nothing
	a.apply(tablepage.HealthMeasured{Health: h})
}

// planNext works out the next OPTIMIZE and gives it to the model; it returns how long the plans
// took.
func (a *app) planNext() time.Duration {
	t0 := time.Now()
	a.endStep()
	// The compaction's text is garbage, however recent the last collection (collectFirst).
	a.collectFirst()
	n, _ := a.m.In.NextOptimize(a.progress) // the page's Yield stops nothing
	a.apply(tablepage.Planned{Next: n})
	took := time.Since(t0)
	a.fig.Planned(took)
	return took
}

// fill is table.js's fill: a promise of f's bytes [off, end), read into buf (an ArrayBuffer,
// or a new one when it is undefined or too small), as a Uint8Array over the buffer filled.
func (a *app) fill(f js.Value, off, end int64, buf js.Value) js.Value {
	return a.ll.Func(tb.Fill).Invoke(f, off, end, buf)
}

// turn is the page's Yield for work that shows no progress (the grid's spans): it ends the
// page's task once the task has run taskBudget. It stops nothing.
func (a *app) turn(work.Progress) error {
	a.yield()
	return nil
}

// progress is the page's Yield for the open and inspect: it shows what tablepage.ShowProgress
// says of p as the page's task ends (pendingProgress), and ends the page's task as a step
// begins, or once the task has run taskBudget.
// It stops nothing: the page runs one thing at a time.
func (a *app) progress(p work.Progress) error {
	sh := tablepage.ShowProgress(p)
	if sh.Status != "" {
		a.pending.status, a.pending.statusSet = sh.Status, true
	}
	if sh.Bar {
		a.pending.bar, a.pending.done, a.pending.total = true, sh.Done, sh.Total
	}
	if sh.EndStep {
		a.endStep()
	} else {
		a.yield()
	}
	if sh.Collect {
		a.collectBefore()
	}
	return nil
}

func (a *app) renderTable() {
	m := &a.m
	r := m.Rep
	a.show("table", true)
	a.setText("table-name", m.Name)
	a.setHTML("summary", tablepage.SummaryHTML(r))
	v := a.el("version").(*dom.HTMLInputElement)
	v.SetAttribute("min", strconv.FormatInt(m.Lo, 10))
	v.SetAttribute("max", strconv.FormatInt(m.Hi, 10))
	v.SetValue(strconv.FormatInt(r.Version, 10))
	a.setText("version-label", tablepage.VersionLabel(strconv.FormatInt(r.Version, 10), m.Lo, m.Hi))
	sel := a.el("span-column").(*dom.HTMLSelectElement)
	sel.SetInnerHTML(tablepage.ColumnOptionsHTML(m.Cols))
	sel.SetValue(m.Column)
	if r.NextOptimize == nil {
		a.setHTML("optimize", tablepage.PendingOptimizeHTML)
		a.el("optimize").SetAttribute("aria-busy", "true")
	} else {
		a.setHTML("optimize", tablepage.OptimizeHTML(r.NextOptimize))
	}
	if r.ClusteringHealth == nil {
		a.setHTML("health", tablepage.PendingHealthHTML)
		a.el("health").SetAttribute("aria-busy", "true")
	} else {
		a.setHTML("health", tablepage.HealthHTML(r))
	}
	a.setText("describe-detail", tablepage.DetailText(r.DescribeDetail))
	a.setHTML("history", tablepage.HistoryHTML(r.History))
	a.endStep()
	a.renderWhere()
	a.fig.Shown(r.Version)
}

func (a *app) renderWhere() {
	r := a.m.Rep
	a.setHTML("where-summary", tablepage.WhereHTML(r))
	a.setHTML("reasons", tablepage.ReasonsHTML(r))
	a.endStep()
	a.setHTML("files", tablepage.FilesHTML(r, a.m.FilesShown))
	a.endStep()
	a.drawGrid()
}

// appendFiles adds the file list's rows lo to hi, and the button for the rest.
func (a *app) appendFiles(lo, hi int) {
	r := a.m.Rep
	tbody := a.doc.QuerySelector("#files tbody")
	tbody.Underlying().Call("insertAdjacentHTML", "beforeend", tablepage.FileRowsHTML(r, lo, hi))
	a.doc.QuerySelector("#files .files-more").Underlying().Set("outerHTML", tablepage.FilesMoreHTML(r, hi))
	if more := a.doc.QuerySelector("#files-more"); more != nil {
		more.(dom.HTMLElement).Focus() // the keyboard stays on the button
	}
}

func (a *app) drawGrid() {
	m := &a.m
	if m.Rep == nil {
		return
	}
	if a.spans == nil && m.Column != "" {
		a.spans, _ = m.In.SpansYield(m.Column, a.turn) // a.turn stops nothing
		a.endStep()
	}
	canvas := a.el("grid").Underlying()
	dpr := js.Global().Get("devicePixelRatio").Float()
	if dpr <= 0 || math.IsNaN(dpr) {
		dpr = 1
	}
	cssW := canvas.Get("parentElement").Get("clientWidth").Float()
	cssH := math.Min(560, math.Max(220, cssW*0.55)) // the most: SizedGrid lowers it to the table
	w, h := int(cssW*dpr), int(cssH*dpr)
	if w <= 0 || h <= 0 {
		return
	}
	a.grid = tablepage.SizedGrid(a.grid, m.Rep, a.spans, m.By, float64(w), float64(h), dpr)
	h = int(math.Ceil(a.grid.H))
	cssH = float64(h) / dpr
	canvas.Set("width", w)
	canvas.Set("height", h)
	canvas.Get("style").Set("height", fmt.Sprintf("%.2fpx", cssH))
	a.scale = dpr
	a.setHTML("grid-tags", tablepage.TagsSVG(a.grid, cssW, cssH, dpr))
	if a.img == nil || a.img.Rect.Dx() != w || a.img.Rect.Dy() != h {
		a.img = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	a.paint()
}

func (a *app) paint() {
	if a.grid == nil {
		return
	}
	theme := "light"
	if js.Global().Call("matchMedia", "(prefers-color-scheme: dark)").Get("matches").Bool() {
		theme = "dark"
	}
	a.grid.Paint(a.img, a.m.Pinned, view.ThemeNamed(theme))
	arr := js.Global().Get("Uint8ClampedArray").New(len(a.img.Pix))
	js.CopyBytesToJS(arr, a.img.Pix)
	id := js.Global().Get("ImageData").New(arr, a.img.Rect.Dx(), a.img.Rect.Dy())
	a.el("grid").Underlying().Call("getContext", "2d").Call("putImageData", id, 0, 0)
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
	if cell < 0 || a.grid == nil {
		return
	}
	m := &a.m
	a.setText("hover-info", tablepage.HoverText(m.Rep, a.grid, cell, a.spans, m.Column))
	// The Inspector's add (its statistics text given back), not the snapshot's, which a large
	// table's compaction empties (tablepage.CompactStatsFrom).
	a.setText("add-action", tablepage.AddActionText(m.In.AddAction(int(a.grid.File[cell]))))
}

// act gives ev to the model off the event handler (which must not block), under the lock.
func (a *app) act(ev tablepage.Event) {
	go func() {
		a.mu.Lock()
		defer a.mu.Unlock()
		if a.m.Rep == nil {
			return
		}
		a.lastYield = time.Now()
		a.fig.StretchBegins("(a control)")
		a.apply(ev)
		a.busy()
	}()
}

// bind turns the page's events into the model's.
func (a *app) bind() {
	a.el("where-form").AddEventListener("submit", false, func(ev dom.Event) {
		ev.PreventDefault()
		a.act(tablepage.WhereSubmitted{Where: a.el("where").(*dom.HTMLInputElement).Value()})
	})
	a.el("version").AddEventListener("change", false, func(dom.Event) {
		v, _ := strconv.ParseInt(a.el("version").(*dom.HTMLInputElement).Value(), 10, 64)
		a.act(tablepage.VersionChosen{Version: v})
	})
	a.el("version").AddEventListener("input", false, func(dom.Event) {
		a.setText("version-label", tablepage.VersionLabel(a.el("version").(*dom.HTMLInputElement).Value(), a.m.Lo, a.m.Hi))
	})
	a.el("span-column").AddEventListener("change", false, func(dom.Event) {
		a.act(tablepage.ColumnChosen{Column: a.el("span-column").(*dom.HTMLSelectElement).Value()})
	})
	a.el("group-by").AddEventListener("change", false, func(dom.Event) {
		a.act(tablepage.GroupByChosen{By: tablepage.GroupBy(a.el("group-by").(*dom.HTMLSelectElement).Value())})
	})
	// The file list's "Show more" button is made anew with the list: listened for on #files.
	a.el("files").AddEventListener("click", false, func(ev dom.Event) {
		if ev.Target().ID() == "files-more" {
			a.act(tablepage.MoreFiles{})
		}
	})
	grid := a.el("grid")
	grid.AddEventListener("mousemove", false, func(ev dom.Event) {
		if !a.mu.TryLock() {
			return
		}
		defer a.mu.Unlock()
		a.apply(tablepage.CellHovered{Cell: a.cellAt(ev)})
	})
	grid.AddEventListener("click", false, func(ev dom.Event) {
		if !a.mu.TryLock() {
			return
		}
		defer a.mu.Unlock()
		a.apply(tablepage.CellClicked{Cell: a.cellAt(ev)})
	})
	var resize *time.Timer
	dom.GetWindow().AddEventListener("resize", false, func(dom.Event) {
		if resize != nil {
			resize.Stop()
		}
		resize = time.AfterFunc(150*time.Millisecond, func() { a.act(tablepage.Resized{}) })
	})
}
