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
// after AsideFrameWait, where Turn waits for the frame. Whether a turn waited is read from whether
// the late frame had been painted when it went on, not from a clock: on a loaded machine a 16 ms
// wait can take seconds, and a test that read the clock failed there (3 runs of 6 under load 17).
func TestAsideWaitsLittleForAFrame(t *testing.T) {
	paint := stubFrames(t)
	y := NewYielder(0) // a frame every turn
	const late = time.Second
	painted := false
	release := make(chan struct{})
	// The renderer's frame, painted late: on release, or after late at the latest.
	painter := func(release <-chan struct{}) {
		select {
		case <-release:
		case <-time.After(late):
		}
		painted = true
		paint()
	}

	go painter(release)
	y.Aside()
	if painted {
		t.Errorf("Aside went on only after the frame was painted: want it to go on after about %v", AsideFrameWait)
	}
	close(release) // the late frame is painted
	for !painted {
		time.Sleep(time.Millisecond)
	}

	painted = false
	go painter(nil)
	y.Turn()
	if !painted {
		t.Errorf("Turn went on before the frame was painted")
	}
	if y.Frames != 2 {
		t.Errorf("Frames = %d after two turns that waited for a frame, want 2", y.Frames)
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
