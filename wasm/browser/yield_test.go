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

// TestAsideWaitsLittleForAFrame: a preparation's turn (Aside) whose frame does not come goes on
// after AsideFrameWait, where Turn waits for the frame.
func TestAsideWaitsLittleForAFrame(t *testing.T) {
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
		t.Errorf("Aside waited %v for a frame %v late: want at most about %v", d, late, AsideFrameWait)
	}
	time.Sleep(late) // the late frame is painted

	go painter()
	start = time.Now()
	y.Turn()
	if d := time.Since(start); d < late {
		t.Errorf("Turn went on after %v, before the frame %v late", d, late)
	}
}

// TestCutEndsATurnWaitingForAFrame: a turn waiting for a frame that never comes ends at Cut (the
// widget's swap to the figure its preparation runs for), and a Cut with no turn under way ends
// the next one.
func TestCutEndsATurnWaitingForAFrame(t *testing.T) {
	stubFrames(t) // no frame is ever painted
	y := NewYielder(0)
	cut := false
	go func() {
		time.Sleep(50 * time.Millisecond)
		cut = true
		y.Cut()
	}()
	y.Turn()
	if !cut {
		t.Fatal("a turn waiting for a frame never painted ended before its Cut")
	}
	y.Cut()
	y.Turn() // ends at once: cut before it began
}
