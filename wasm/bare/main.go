//go:build js && wasm

// Command bare is the baseline for Layout Lab's size and first-frame budgets: an Ebiten game and
// one dom/v2 call, nothing else. `./build.sh bench` builds it beside the widget and times both.
package main

import (
	"image/color"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"
	"honnef.co/go/js/dom/v2"
)

type game struct{ ready bool }

func (g *game) Update() error { return nil }
func (g *game) Draw(screen *ebiten.Image) {
	screen.Fill(color.RGBA{0x30, 0x60, 0x90, 0xff})
	if !g.ready {
		g.ready = true
		ll := js.Global().Get("Object").New()
		ll.Set("firstFrame", js.Global().Get("performance").Call("now"))
		ll.Set("ready", true)
		js.Global().Set("layoutlab", ll)
	}
}
func (g *game) Layout(w, h int) (int, int) { return w, h }

func main() {
	dom.GetWindow().Document().GetElementByID("loading").SetTextContent("bare")
	ebiten.SetScreenClearedEveryFrame(false)
	ebiten.RunGame(&game{})
}
