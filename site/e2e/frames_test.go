//go:build browser

package e2e

import (
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestAChangeCostsOneDrawnFrame checks what each knob's answer costs the GPU: the canvas's WebGL
// context has no multisampled drawing buffer (createGLContext), and after the frame that draws a
// control's change no other Ebiten frame runs, as each one presents the canvas again even when it
// draws nothing (app.pn.waiting). Without a GPU, either had doubled the compositing a key press
// waited behind.
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
		got := eval[[]float64](t, ctx, `[window.layoutlab.updates, window.layoutlab.updatesAtFrame]`)
		if got[0] != got[1] {
			t.Errorf("%s=%s: %v Ebiten frames ran after the one that drew the change, want none", c.id, c.value, got[0]-got[1])
		}
	}
}
