//go:build js && wasm

package browser

import (
	"syscall/js"
	"time"
)

// Yielder hands the page's one thread back to the browser for a moment, so it can take input
// and paint, and resumes as soon as it may: a MessageChannel message is a task of its own,
// queued behind input. (time.Sleep and setTimeout(0) go through timers, which browsers clamp to
// 4 ms once nested five deep.) A message does not wait for a frame, and Chromium produced none
// for a second of such yields in a million-row run; so at least every PaintEvery a turn waits
// for the next animation frame and resumes after it is drawn. The browser programs yield
// through it: the widget's scheduler worker, the table page between steps, the advisor at its
// Yield.
type Yielder struct {
	port      js.Value
	ch        chan int      // the numbers of the messages come back
	cut       chan struct{} // Cut: the turn under way ends
	seq       int           // the number of the message the turn under way waits for
	afterRAF  js.Func       // requestAnimationFrame callback: resume once the frame is done
	lastFrame time.Time
	// PaintEvery is the longest a run that yields goes without letting the page paint.
	PaintEvery time.Duration
	// FrameWait, when not 0, is the longest a turn waits for a frame: a hidden tab runs no
	// animation frames, and a page that must go on there (the table page) stops waiting. 0
	// waits for the frame, so a hidden widget does no work.
	FrameWait time.Duration
	// Frames counts the turns that waited for a frame, for the programs' figures.
	Frames int
}

// NewYielder makes a Yielder that paints at least every paintEvery.
func NewYielder(paintEvery time.Duration) *Yielder {
	mc := js.Global().Get("MessageChannel").New()
	y := &Yielder{port: mc.Get("port2"), ch: make(chan int, 16), cut: make(chan struct{}, 1), PaintEvery: paintEvery}
	mc.Get("port1").Set("onmessage", js.FuncOf(func(_ js.Value, args []js.Value) any {
		select {
		case y.ch <- args[0].Get("data").Int():
		default: // only messages of turns given up on are left in it
		}
		return nil
	}))
	// Posted from the frame's callbacks, the message runs after that frame's rendering.
	y.afterRAF = js.FuncOf(func(js.Value, []js.Value) any {
		y.port.Call("postMessage", y.seq)
		return nil
	})
	return y
}

// Turn resumes after the input queued meanwhile, and after a painted frame every PaintEvery.
func (y *Yielder) Turn() {
	if time.Since(y.lastFrame) >= y.PaintEvery {
		y.frame(y.FrameWait)
		return
	}
	y.Task()
}

// AsideFrameWait is the longest an Aside turn waits for a frame nobody asked for: about one
// frame of a 60 Hz screen, time enough for a renderer that is ready to paint.
const AsideFrameWait = 16 * time.Millisecond

// Aside is Turn for work the page does not show (the widget's preparation of a figure before
// it is shown): every PaintEvery it waits for a painted frame at most AsideFrameWait, then goes
// on. A busy renderer gave a turn's frame hundreds of milliseconds: BenchmarkSwitch under load,
// a timeline's preparation spent 3.6 of its 3.9 s in 14 such turns, its own work under 0.3 s.
// Nor does it wait longer for a frame the page asked for: what a switching figure needs at once
// (the swap, the answer) its page takes outside the frames (wasm/yield.go, frameNow), and the
// frames it asks for besides (the labels' digits warmed) would hold the run as long as the
// renderer holds them.
func (y *Yielder) Aside() {
	if time.Since(y.lastFrame) >= y.PaintEvery {
		y.frame(AsideFrameWait)
		return
	}
	y.Task()
}

// frame resumes after the next painted frame, or after d when d is not 0.
func (y *Yielder) frame(d time.Duration) {
	y.Frames++
	y.seq++
	js.Global().Call("requestAnimationFrame", y.afterRAF)
	y.wait(d)
	y.lastFrame = time.Now()
}

// Task resumes in a task of its own, after the input and frames queued before it, without
// waiting for a frame: for work between frames that the page's own frames already paint.
func (y *Yielder) Task() {
	y.seq++
	y.port.Call("postMessage", y.seq)
	y.wait(0)
}

// Cut ends the turn under way at once, or the next one when none is: the widget's scheduler, when
// a swap or a move changed what its preparation runs for (front/schedule's cutTurn), so that it
// decides at once rather than after a frame a busy renderer gives late.
func (y *Yielder) Cut() {
	select {
	case y.cut <- struct{}{}:
	default:
	}
}

// wait waits for message y.seq, at most d when d is not 0; the message of a turn given up on
// (a frame that came after the limit) is passed over when it comes.
func (y *Yielder) wait(d time.Duration) {
	var limit <-chan time.Time
	if d > 0 {
		limit = time.After(d)
	}
	for {
		select {
		case n := <-y.ch:
			if n == y.seq {
				return
			}
		case <-limit:
			return
		case <-y.cut:
			return
		}
	}
}
