//go:build js && wasm

// Command wasm is Layout Lab's browser program: it reads the engine, draws with Ebiten, binds the
// HTML controls (dom/v2) and keeps the scenario in the URL fragment. It holds no numbers of its
// own: every figure on screen comes from the engine.
package main

import (
	"log"

	"github.com/hajimehoshi/ebiten/v2"
)

func main() {
	// The controls are built and bound after the first frame is painted (app.firstPaint).
	app := newApp()
	ebiten.SetWindowTitle("Layout Lab")
	ebiten.SetScreenClearedEveryFrame(false)
	// Frames only when something changed: an input event on the canvas, or ScheduleFrame after a
	// control moved or a simulation finished (app.redraw). Ebiten otherwise runs Update and Draw
	// every frame and presents its screen four frames more after every change
	// (internal/ui/context.go drawGame, maxSkipCount); without a GPU each presented frame costs
	// tens of milliseconds of compositing that a slider's next frame then waits for.
	ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum)
	ebiten.SetRunnableOnUnfocused(true)
	createGLContext()
	if err := ebiten.RunGame(&game{app: app}); err != nil {
		log.Print(err)
	}
}
