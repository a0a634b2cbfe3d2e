//go:build browser

package e2e

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"

	"layoutlab/engine/scenario"
)

// TestAChangeCostsOneDrawnFrame checks what each knob's answer costs the GPU: the canvas's WebGL
// context has no multisampled drawing buffer (createGLContext), and after the frame that draws a
// control's change no other Ebiten frame runs, as each one presents the canvas again even when it
// draws nothing (schedule.Scheduler.Wait). Without a GPU, either had doubled the compositing a key press
// waited behind. Every frame runs Update once (ebiten.SyncWithFPS): at Ebiten's 60 ticks a
// frame could run none and spend the ScheduleFrame that asked for it, which left the digit
// warm-up unfinished until this test's first change, whose frame then went on warming.
func TestAChangeCostsOneDrawnFrame(t *testing.T) {
	ctx := browser(t)
	open(t, ctx, "")
	attrs := eval[map[string]any](t, ctx, `document.querySelector("body > canvas").getContext("webgl2").getContextAttributes()`)
	if attrs["antialias"] != false || attrs["alpha"] != false {
		t.Errorf("canvas context attributes %v: want antialias and alpha false", attrs)
	}
	// Wait for the idle rehearsals, so that each change below is a kept layout or a quick re-cut
	// and is answered in the frame that asked for it.
	waitRehearsed(t, ctx)
	time.Sleep(time.Second) // the column generation that follows them
	for _, c := range []struct{ id, value, event string }{
		{"layout", "zorder", "change"},
		{"layout", "hilbert", "change"},
		{"files", "33", "input"},
		{"files", "32", "input"},
	} {
		frames := eval[float64](t, ctx, `window.layoutlab.frames`)
		setControl(t, ctx, c.id, c.value, c.event)
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.layoutlab.frames > `+strconv.FormatFloat(frames, 'f', -1, 64), chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			t.Fatalf("%s=%s: no frame drawn: %v", c.id, c.value, err)
		}
		// Well past a frame, and short of prepareAfterIdle (1 s) after which rehearsals may run.
		time.Sleep(400 * time.Millisecond)
		got := eval[[]float64](t, ctx, `[window.layoutlab.updates, window.layoutlab.updatesAtFrame, window.layoutlab.draws]`)
		if got[0] != got[1] {
			t.Errorf("%s=%s: %v Ebiten frames ran after the one that drew the change, want none", c.id, c.value, got[0]-got[1])
		}
		if got[0] != got[2] {
			t.Errorf("%s=%s: %v Update calls in %v frames, want one a frame", c.id, c.value, got[0], got[2])
		}
	}
}

// TestAFrameForcesNoLayout: Ebiten reads the body's size at the start of every frame
// (internal/ui/ui_js.go, outsideSize). After a dragged slider's input that read laid the page out
// synchronously, inside the frame that answers the input; loader.js keeps the size until a
// resize. A trace of a drag shows no layout inside an animation frame, and after a resize the
// canvas still takes the body's new size.
func TestAFrameForcesNoLayout(t *testing.T) {
	ctx := browser(t)
	open(t, ctx, "")
	var frames, forced int
	for _, e := range mainThreadTrace(t, ctx, func() {
		if _, err := dragSlider(ctx, "files", 12); err != nil {
			t.Fatalf("drag: %v", err)
		}
	}) {
		switch e.Name {
		case "FireAnimationFrame":
			frames++
		case "Layout":
			if e.inFrame {
				forced++
			}
		}
	}
	if frames < 6 {
		t.Fatalf("the trace holds %d animation frames for a 12-move drag: the trace missed the drag", frames)
	}
	if forced > 0 {
		t.Errorf("%d of %d animation frames laid the page out (a read of a layout size after the slider moved)", forced, frames)
	}

	if err := chromedp.Do(ctx, chromedp.EmulateViewport(900, 640)); err != nil {
		t.Fatal(err)
	}
	// The canvas's drawing buffer, set by Ebiten on resize, against the body's size read past the cache.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => {
		const c = document.querySelector("body > canvas");
		const get = (p) => Object.getOwnPropertyDescriptor(Element.prototype, p).get.call(document.body);
		const w = Math.floor(get("clientWidth") * devicePixelRatio), h = Math.floor(get("clientHeight") * devicePixelRatio);
		return w === 900 - 320 && c.width === w && c.height === h && document.body.clientWidth === get("clientWidth");
	})()`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		sizes := eval[[]float64](t, ctx, `[document.querySelector("body > canvas").width, document.querySelector("body > canvas").height, document.body.clientWidth, document.body.clientHeight]`)
		t.Fatalf("after a resize to 900x640 the canvas is %vx%v and the body %vx%v: %v", sizes[0], sizes[1], sizes[2], sizes[3], err)
	}
}

// TestTheAnswerIsDrawnBeforeTheControlsAreBuilt: the first frame shows the engine's answer
// before the controls' HTML is built (game.firstPaint), and the widget says it is ready only
// once they are there, set from the link.
func TestTheAnswerIsDrawnBeforeTheControlsAreBuilt(t *testing.T) {
	ctx := browser(t)
	// Record, from before the page's own scripts run, when the form gets its controls: controls.bind
	// writes them with one insertAdjacentHTML (a MutationObserver would report it only once the
	// wasm's task ends, after a first frame drawn in that task).
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `
		const insert = Element.prototype.insertAdjacentHTML;
		Element.prototype.insertAdjacentHTML = function (...args) {
			if (this.id === "controls" && !window.__controlsBuilt) window.__controlsBuilt = performance.now();
			return insert.apply(this, args);
		};`}); err != nil {
		t.Fatal(err)
	}
	p, ok := scenario.PresetByName("larger-files")
	if !ok {
		t.Fatal("no preset larger-files")
	}
	open(t, ctx, scenario.Link(p.Scenario))
	got := eval[[]float64](t, ctx, `[window.layoutlab.firstFrame, window.__controlsBuilt || 0, +document.getElementById("files").value]`)
	if got[1] == 0 {
		t.Fatal("the widget is ready but no control was built")
	}
	if got[1] <= got[0] {
		t.Errorf("the controls were built at %.0f ms, before the first frame with the answer at %.0f ms", got[1], got[0])
	}
	if want := float64(p.Scenario.Panel.Files); got[2] != want {
		t.Errorf("files slider shows %v once ready, want the link's %v", got[2], want)
	}
}

// traceEvent is a complete ("X") event of the renderer's main thread in a Chromium trace;
// inFrame says it ran inside an animation frame's callbacks.
type traceEvent struct {
	Name    string          `json:"name"`
	Ph      string          `json:"ph"`
	Ts      float64         `json:"ts"`
	Dur     float64         `json:"dur"`
	Tid     int             `json:"tid"`
	Pid     int             `json:"pid"`
	Args    json.RawMessage `json:"args"`
	inFrame bool
}

// mainThreadTrace records the devtools timeline while during runs and returns the renderer main
// thread's complete events in time order.
func mainThreadTrace(t *testing.T, ctx context.Context, during func()) []traceEvent {
	t.Helper()
	var mu sync.Mutex
	var all []traceEvent
	done := make(chan struct{})
	var once sync.Once
	lctx, stop := context.WithCancel(ctx)
	defer stop()
	if err := chromedp.Listen(lctx, func(ev any) {
		switch e := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			for _, v := range e.Value {
				var te traceEvent
				if json.Unmarshal(v, &te) == nil {
					all = append(all, te)
				}
			}
			mu.Unlock()
		case *tracing.EventTracingComplete:
			once.Do(func() { close(done) })
		}
	}); err != nil {
		t.Fatalf("trace: %v", err)
	}
	if _, err := chromedp.Call(ctx, tracing.Start, tracing.StartParams{TraceConfig: &tracing.TraceConfig{
		IncludedCategories: []string{"devtools.timeline"}}}); err != nil {
		t.Fatalf("trace: %v", err)
	}
	during()
	if _, err := chromedp.Call(ctx, tracing.End, struct{}{}); err != nil {
		t.Fatalf("trace: %v", err)
	}
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("trace: not complete after 30 s")
	}
	mu.Lock()
	defer mu.Unlock()
	tid, pid := -1, -1
	for _, e := range all {
		if e.Ph == "M" && e.Name == "thread_name" && strings.Contains(string(e.Args), "CrRendererMain") {
			tid, pid = e.Tid, e.Pid
		}
	}
	var main []traceEvent
	for _, e := range all {
		if e.Ph == "X" && e.Tid == tid && e.Pid == pid {
			main = append(main, e)
		}
	}
	slices.SortFunc(main, func(a, b traceEvent) int { return cmp.Compare(a.Ts, b.Ts) })
	end := -1.0 // the end of the animation frame under way
	for i := range main {
		if main[i].Name == "FireAnimationFrame" {
			end = max(end, main[i].Ts+main[i].Dur)
		} else {
			main[i].inFrame = main[i].Ts < end
		}
	}
	return main
}
