package schedule

import "time"

// PrepareFrameEvery is how often a preparation's turn waits for a painted frame; its other
// turns are tasks (Yielder.Task: the input queued meanwhile, no frame). A preparation draws
// nothing: the figure it computes is not shown until its answer is drawn, before the swap or
// after (the frame stays transparent over the poster until ready, site/embed.js). A turn that
// waits for a frame waits for the renderer: in BenchmarkSwitch on a busy 2-core machine under
// SwiftShader, one turn of a heavy timeline's preparation (big-cube) waited 22.7 s of its
// 25.9 s run, where Node runs it in 184 ms of CPU (engine/timeline BenchmarkPresets). Once a
// second a turn still waits for a frame, so that the host page paints even where the browser
// would run the run's tasks before its rendering.
const PrepareFrameEvery = time.Second

// unseenTurns hands the browser a preparation's turns: a task each, and a frame's wait every
// PrepareFrameEvery.
type unseenTurns struct {
	y         Yielder
	clock     Clock
	lastFrame time.Time
}

func newUnseenTurns(y Yielder, c Clock) *unseenTurns {
	return &unseenTurns{y: y, clock: c, lastFrame: c.Now()}
}

// turn is one turn: Turn (which waits for a frame, as PaintEvery says) when a second has
// passed since the last frame's wait, Task otherwise.
func (u *unseenTurns) turn() {
	if now := u.clock.Now(); now.Sub(u.lastFrame) >= PrepareFrameEvery {
		u.y.Turn()
		u.lastFrame = u.clock.Now()
		return
	}
	u.y.Task()
}
