//go:build js && wasm

// Command bare is the baseline for Layout Lab's size, first-frame and slider budgets: an Ebiten
// game and a few dom/v2 calls, nothing else. `./build.sh bench` builds it beside the widget and
// times both. On a page with a range input #files (bare-slider.html) it also redraws on each of
// its input events, as the widget does (FPSModeVsyncOffMinimum, a frame asked for per input),
// drawing a bar of the slider's length: the floor of the time from a slider input to the next
// drawn frame on this browser, with no engine and no readouts.
package main

import (
	"image"
	"image/color"
	"strconv"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"
	"honnef.co/go/js/dom/v2"
)

type game struct {
	ready   bool
	value   float64 // the slider's position in [0, 1]
	version int     // bumped per input
	drawn   int
	w, h    float64
}

var (
	background = color.RGBA{0x30, 0x60, 0x90, 0xff}
	bar        = color.RGBA{0xfd, 0xe7, 0x25, 0xff}
)

func (g *game) Update() error { return nil }

func (g *game) Draw(screen *ebiten.Image) {
	if g.ready && g.drawn == g.version {
		return
	}
	g.drawn = g.version
	screen.Fill(background)
	screen.SubImage(imageRect(0, 0, int(g.value*g.w), int(g.h/10))).(*ebiten.Image).Fill(bar)
	now := js.Global().Get("performance").Call("now")
	if !g.ready {
		g.ready = true
		ll := js.Global().Get("Object").New()
		ll.Set("firstFrame", now)
		ll.Set("frames", 0)
		ll.Set("ready", true)
		js.Global().Set("layoutlab", ll)
		return
	}
	ll := js.Global().Get("layoutlab")
	ll.Set("frames", ll.Get("frames").Int()+1)
	ll.Set("lastFrame", now)
}

func (g *game) LayoutF(w, h float64) (float64, float64) {
	g.w, g.h = w, h
	return w, h
}

func (g *game) Layout(w, h int) (int, int) { panic("unreachable: LayoutF is used") }

func main() {
	doc := dom.GetWindow().Document()
	doc.GetElementByID("loading").SetTextContent("bare")
	g := &game{}
	if el, ok := doc.GetElementByID("files").(*dom.HTMLInputElement); ok {
		read := func() {
			v, _ := strconv.ParseFloat(el.Value(), 64)
			g.value = v / 256
		}
		read() // the first frame's bar matches the slider
		el.AddEventListener("input", false, func(dom.Event) {
			read()
			g.version++
			ebiten.ScheduleFrame()
		})
		ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum)
		ebiten.SetTPS(ebiten.SyncWithFPS) // as the widget (wasm/main.go)
	}
	ebiten.SetScreenClearedEveryFrame(false)
	ebiten.RunGame(g)
}

func imageRect(x0, y0, x1, y1 int) image.Rectangle { return image.Rect(x0, y0, max(x1, x0+1), y1) }
