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
	app := newApp()
	app.bindControls()
	app.bindCopyLink()
	app.bindExports()
	app.bindDetails()
	ebiten.SetWindowTitle("Layout Lab")
	ebiten.SetScreenClearedEveryFrame(false)
	ebiten.SetRunnableOnUnfocused(true)
	if err := ebiten.RunGame(&game{app: app}); err != nil {
		log.Print(err)
	}
}
