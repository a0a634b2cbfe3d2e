//go:build js && wasm

package browser

import (
	"syscall/js"
	"testing"
	"time"
)

// stubFrames replaces requestAnimationFrame with one whose frames come only when the test paints
// them (the returned func), as a busy renderer's come late; it gives the real one back on
// cleanup. Under Node, which has no frames, it is the only one.
func stubFrames(t *testing.T) (paint func()) {
	g := js.Global()
	was := g.Get("requestAnimationFrame")
	var queued []js.Value
	raf := js.FuncOf(func(_ js.Value, args []js.Value) any {
		queued = append(queued, args[0])
		return len(queued)
	})
	g.Set("requestAnimationFrame", raf)
	t.Cleanup(func() {
		g.Set("requestAnimationFrame", was)
		raf.Release()
	})
	return func() {
		cbs := queued
		queued = nil
		for _, cb := range cbs {
			cb.Invoke(0)
		}
	}
}

// TestAsideWaitsLittleForAFrameNobodyAsked: a preparation's turn (Aside) whose frame does not
// come goes on after AsideFrameWait, where Turn waits for the frame; when the page asked for a
// frame (FrameWanted) Aside waits for it too.
func TestAsideWaitsLittleForAFrameNobodyAsked(t *testing.T) {
	paint := stubFrames(t)
	y := NewYielder(0) // a frame every turn
	const late = time.Second
	painter := func() { // the renderer's frame, late
		time.Sleep(late)
		paint()
	}

	go painter()
	start := time.Now()
	y.Aside()
	if d := time.Since(start); d >= late {
		t.Errorf("Aside with no frame asked for waited %v for a frame %v late: want at most about %v", d, late, AsideFrameWait)
	}
	time.Sleep(late) // the late frame is painted

	wanted := true
	y.FrameWanted = func() bool { return wanted }
	go painter()
	start = time.Now()
	y.Aside()
	if d := time.Since(start); d < late {
		t.Errorf("Aside with a frame asked for went on after %v, before the frame %v late", d, late)
	}

	wanted = false
	go painter()
	start = time.Now()
	y.Turn()
	if d := time.Since(start); d < late {
		t.Errorf("Turn went on after %v, before the frame %v late", d, late)
	}
	if y.Frames != 3 {
		t.Errorf("Frames = %d after three turns that waited for a frame, want 3", y.Frames)
	}
}
