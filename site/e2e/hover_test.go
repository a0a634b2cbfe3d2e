//go:build browser

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"layoutlab/engine/scenario"
)

// TestHoverShowsTheFilesAddAction: the mouse over a file of the grid shows that file's add
// action, its statistics the ones `layoutlab layout` writes for the file of the same path (the
// widget builds them only for the file shown).
func TestHoverShowsTheFilesAddAction(t *testing.T) {
	ctx := browser(t)
	open(t, ctx, "")
	hoveredFileAgrees(t, ctx, scenario.Link(scenario.Default()))
}

// TestIdlePreparationKeepsTheAnswer: once nobody has moved a control for a second, the widget
// rehearses each other layout on an engine of its own, which the panel's engine then adopts
// (front/schedule, runRehearse), and fills columns. Nothing of it may show: the readouts and a hovered
// file's statistics stay the CLI's. A flip of the layout select then shows the answer rehearsed
// for it, and a file hovered there its own statistics, from the adopted layout; the next
// files-slider move, and a flip of the layout select, which finds a kept layout, agree with the
// CLI too.
// no-stats is an answer Delta refuses (ZORDER BY a column without statistics) that still shows
// its files: its moves are rehearsed too.
func TestIdlePreparationKeepsTheAnswer(t *testing.T) {
	for _, p := range scenario.Presets() {
		if p.Name == "one-key" || p.Name == "no-stats" {
			t.Run(p.Name, func(t *testing.T) { idlePreparationKeepsTheAnswer(t, scenario.Link(p.Scenario)) })
		}
	}
}

// waitRehearsed waits until the widget has rehearsed every move it prepares while idle, and has
// handed the round's layouts over to the panel's engine (front/schedule, runRehearse).
func waitRehearsed(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.layoutlab.rehearsalsDue > 0 && window.layoutlab.rehearsals === window.layoutlab.rehearsalsDue &&
		window.layoutlab.rehearsalRounds > 0`, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		t.Fatalf("the moves were not all rehearsed while idle and adopted (%s rehearsed, %s adopted, of %s): %v", eval[string](t, ctx, `String(window.layoutlab.rehearsals)`),
			eval[string](t, ctx, `String(window.layoutlab.adopted)`), eval[string](t, ctx, `String(window.layoutlab.rehearsalsDue)`), err)
	}
}

func idlePreparationKeepsTheAnswer(t *testing.T, link string) {
	ctx := browser(t)
	open(t, ctx, link)
	waitRehearsed(t, ctx)
	// no-stats' Hilbert rehearsal, which Delta refuses, lays nothing out: two there, three elsewhere.
	if n := eval[int](t, ctx, `window.layoutlab.adopted`); n < 2 {
		t.Fatalf("the panel's engine adopted %d rehearsed layouts, want 2 or more", n)
	}
	time.Sleep(1500 * time.Millisecond) // and a column or two filled after it
	agree(t, "after the rehearsals", readouts(t, ctx), panelWant(t, link))
	hoveredFileAgrees(t, ctx, link)
	want, _ := scenario.ParseLink(link)
	other := "zorder"
	if want.Panel.Layout == other {
		other = "hilbert"
	}

	// The flip to another layout shows the answer rehearsed for it; a file hovered then has the
	// engine, left at the layout shown before, run on the one shown.
	hits := eval[int](t, ctx, `window.layoutlab.aheadHits || 0`)
	setControl(t, ctx, "layout", other, "change")
	rehearsed := settle(t, ctx, eval[string](t, ctx, `location.hash`))
	agree(t, "the flip to a rehearsed layout", readouts(t, ctx), panelWant(t, rehearsed))
	if got := eval[int](t, ctx, `window.layoutlab.aheadHits || 0`); got != hits+1 {
		t.Fatalf("the flip to %s was not answered from its rehearsal (%d answers taken ahead, want %d)", other, got, hits+1)
	}
	hoveredFileAgrees(t, ctx, rehearsed)
	setControl(t, ctx, "layout", want.Panel.Layout, "change")
	back := settle(t, ctx, rehearsed)
	if sc, err := scenario.ParseLink(back); err != nil || sc.Panel.Layout != want.Panel.Layout {
		t.Fatalf("the flip back gave %q (%v), want %s", sc.Panel.Layout, err, want.Panel.Layout)
	}
	agree(t, "the flip back", readouts(t, ctx), panelWant(t, back))

	prev := eval[string](t, ctx, `location.hash`)
	noteChange(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.ID("files")), chromedp.KeyEvent(kb.ArrowUp)); err != nil {
		t.Fatal(err)
	}
	moved := settle(t, ctx, prev)
	sc, err := scenario.ParseLink(moved)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Panel.Files != want.Panel.Files+1 {
		t.Fatalf("ArrowUp on the files slider gave %d files, want %d", sc.Panel.Files, want.Panel.Files+1)
	}
	agree(t, "the files move after the rehearsals", readouts(t, ctx), panelWant(t, moved))

	setControl(t, ctx, "layout", other, "change")
	flipped := settle(t, ctx, moved)
	if sc, err := scenario.ParseLink(flipped); err != nil || sc.Panel.Layout != other {
		t.Fatalf("the layout select gave %q (%v), want %s", sc.Panel.Layout, err, other)
	}
	agree(t, "the layout flip after the rehearsals", readouts(t, ctx), panelWant(t, flipped))
}

// hoveredFileAgrees hovers the grid until a file's add action shows and checks its statistics
// against the ones `layoutlab layout` writes, for link, for the file of the same path.
func hoveredFileAgrees(t *testing.T, ctx context.Context, link string) {
	t.Helper()
	box := eval[[]float64](t, ctx, `(() => { const r = document.querySelector("canvas").getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()`)
	var shown string
	// A few places on the grid in turn until one shows a file. Seconds may pass on a loaded
	// machine before the freshly loaded page's first frames are presented and it takes pointer
	// input; that wait is timed by the timing script, not here.
	start := time.Now()
	at := [][2]float64{{0.1, 0.3}, {0.2, 0.5}, {0.3, 0.7}, {0.15, 0.2}, {0.4, 0.4}}
	for i := 0; time.Since(start) < 10*time.Second; i++ {
		x, y := box[0]+at[i%len(at)][0]*box[2], box[1]+at[i%len(at)][1]*box[3]
		if err := chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(300 * time.Millisecond)
		if shown = eval[string](t, ctx, `document.getElementById("add-action").textContent`); strings.Contains(shown, `"add"`) {
			break
		}
	}
	t.Logf("a file's add action shown %.1f s after the first hover", time.Since(start).Seconds())
	var act struct {
		Add struct {
			Path  string
			Stats struct {
				NumRecords                      float64
				MinValues, MaxValues, NullCount map[string]any
			}
		}
	}
	if err := json.Unmarshal([]byte(shown), &act); err != nil {
		t.Fatalf("no add action shown after hovering the grid: %v\n%s\n(%s)", err, shown, eval[string](t, ctx, `JSON.stringify([Math.round(performance.now() - window.layoutlab.firstFrame), window.layoutlab.frames, window.layoutlab.rehearsals, document.getElementById("progress").textContent, document.getElementById("readouts").getAttribute("aria-busy"), window.layoutlab.lastFrame - window.layoutlab.firstFrame, location.hash.length])`))
	}
	st := act.Add.Stats
	if len(st.MinValues) == 0 || len(st.MaxValues) == 0 || len(st.NullCount) == 0 {
		t.Fatalf("the add action of %s has no statistics: %s", act.Add.Path, shown)
	}
	files, _ := cli(t, "layout", link)["files"].([]any)
	for _, f := range files {
		f := f.(map[string]any)
		if f["path"] != act.Add.Path {
			continue
		}
		if f["numRecords"] != st.NumRecords || !reflect.DeepEqual(f["minValues"], st.MinValues) ||
			!reflect.DeepEqual(f["maxValues"], st.MaxValues) || !reflect.DeepEqual(f["nullCount"], st.NullCount) {
			t.Fatalf("%s: the widget shows other statistics than the CLI writes:\nwidget %v\ncli    %v", act.Add.Path, st, f)
		}
		return
	}
	t.Fatalf("the hovered file %s is not among the CLI's %d files", act.Add.Path, len(files))
}

// TestFilesAnsweredAheadAgreeWithTheCLI: while the files slider moves one way, the widget runs
// the engine on the next file counts between two moves (front/schedule, runAhead) and answers a move that
// lands on one from there. Those answers must be the CLI's for the link, up the slider and back
// down it; and a file hovered right after, with the engine left at another count, must show
// the statistics `layoutlab layout` writes for that file.
func TestFilesAnsweredAheadAgreeWithTheCLI(t *testing.T) {
	var one scenario.Scenario
	for _, p := range scenario.Presets() {
		if p.Name == "one-key" {
			one = p.Scenario
		}
	}
	link := scenario.Link(one)
	ctx := browser(t)
	open(t, ctx, link)
	waitRehearsed(t, ctx) // the engine warm: a move's run is well under a frame
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.ID("files"))); err != nil {
		t.Fatal(err)
	}
	n := eval[int](t, ctx, `Number(document.getElementById("files").value)`)
	// A key press every 100-200 ms, as a key held down repeats: the readouts of each are kept
	// and compared with the CLI's after the last (a second without input would start the idle
	// rehearsals, which hold the engine).
	shown := map[int]map[string]float64{}
	step := func(key string, d int) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.KeyEvent(key)); err != nil {
			t.Fatal(err)
		}
		n += d
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.querySelector('[data-metric="files_total"]').dataset.value === "%d"`, n),
			chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			t.Fatalf("the readout never showed %d files", n)
		}
		shown[n] = readouts(t, ctx)
		time.Sleep(100 * time.Millisecond)
	}
	for range 6 {
		step(kb.ArrowUp, 1)
	}
	for range 2 {
		step(kb.ArrowDown, -1)
	}
	hits := eval[int](t, ctx, `window.layoutlab.aheadHits || 0`)
	runs := eval[int](t, ctx, `window.layoutlab.aheadRuns || 0`)
	t.Logf("8 moves: %d answered ahead, %d runs ahead", hits, runs)
	// The counts each side of the first answer are run ahead once the page is ready, so the
	// first move finds its answer; each later one up is run ahead by the time the next comes;
	// both moves down find answers shown. One may find the engine busy.
	if hits < 7 {
		t.Fatalf("%d of 8 moves were answered ahead, want 7 or more (%d runs ahead)", hits, runs)
	}
	want := one
	want.Panel.Files, want.Panel.RowsPerFile = n, 0
	hoveredFileAgrees(t, ctx, scenario.Link(want))
	for files, got := range shown {
		want.Panel.Files = files
		agree(t, fmt.Sprintf("%d files", files), got, panelWant(t, scenario.Link(want)))
	}
	if syncs := eval[int](t, ctx, `window.layoutlab.aheadSyncs || 0`); syncs < 1 {
		t.Fatalf("the engine, left at another file count, was never brought back to the answer shown")
	}
}

// TestIdleTimelinePreparationKeepsTheDays: once the widget has readied the timeline's day grids
// while idle (front/schedule, runDays), a day before the key change, whose grid looks up
// another column than the day shown, still shows the engine's numbers for that day.
func TestIdleTimelinePreparationKeepsTheDays(t *testing.T) {
	p, _ := scenario.PresetByName("change-keys")
	link := scenario.Link(p.Scenario)
	ctx := browser(t)
	open(t, ctx, link)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.layoutlab.timelinePrepared >= 1`, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		t.Fatalf("the timeline's day grids were not readied while idle: %v", err)
	}
	day := p.Scenario.Timeline.ChangeKeysDay - 1
	h := eval[string](t, ctx, `location.hash`)
	setControl(t, ctx, "day", itoa(day), "input")
	settle(t, ctx, h)
	d := cli(t, "run", link)["days"].([]any)[day-1].(map[string]any)
	want := map[string]float64{"day": float64(day)}
	for _, k := range []string{"lookup_files", "optimize_written_gb", "write_amplification", "files", "zcubes", "sealed_zcubes"} {
		want[k] = d[k].(float64)
	}
	agree(t, fmt.Sprintf("change-keys, day %d", day), readouts(t, ctx), want)
}
