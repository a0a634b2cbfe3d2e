//go:build js && wasm

package main

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"layoutlab/assets"
	"layoutlab/wasm/view"
)

// game paints the app's current result. It redraws only when the result or the canvas size
// changed (SetScreenClearedEveryFrame(false), as Ebiten's skipdraw example does).
type game struct {
	app          *app
	drawn        int     // the app version last painted
	w, h         float64 // canvas size in device pixels
	lastW, lastH float64
	scale        float64 // device pixels per CSS pixel
}

func (g *game) Update() error { return nil }

var background = color.RGBA{0x10, 0x11, 0x14, 0xff}

func (g *game) Draw(screen *ebiten.Image) {
	a := g.app
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.version == g.drawn && g.w == g.lastW && g.h == g.lastH {
		return
	}
	g.drawn, g.lastW, g.lastH = a.version, g.w, g.h
	screen.Fill(background)
	s := g.scale
	pad := 12 * s
	// Legend ramp across the top: narrow span (dark) to whole range (yellow).
	rampH := 10 * s
	n := len(assets.Viridis)
	rw := (g.w - 2*pad) / float64(n)
	for i, c := range assets.Viridis {
		vector.DrawFilledRect(screen, float32(pad+float64(i)*rw), float32(pad), float32(rw+1), float32(rampH), c, false)
	}
	header := pad + rampH + pad
	key := a.colorKey()
	files := make([]view.FileCell, len(a.res.Files))
	for i, f := range a.res.Files {
		files[i] = view.FileCell{Span: f.Span[key], Read: f.Read}
	}
	for _, c := range view.GridLayout(files, g.w-2*pad, g.h-pad, header) {
		x, y := float32(pad+c.X), float32(c.Y)
		if c.Read {
			vector.DrawFilledRect(screen, x, y, float32(c.W), float32(c.H), c.Fill, false)
			vector.StrokeRect(screen, x+1, y+1, float32(c.W)-2, float32(c.H)-2, float32(2*s), color.White, false)
		} else {
			// Skipped files: the same hue, dimmed, crossed out.
			dim := color.RGBA{c.Fill.R / 4, c.Fill.G / 4, c.Fill.B / 4, 0xff}
			vector.DrawFilledRect(screen, x, y, float32(c.W), float32(c.H), dim, false)
			vector.StrokeLine(screen, x, y, x+float32(c.W), y+float32(c.H), float32(s), color.RGBA{0x80, 0x80, 0x80, 0xff}, false)
		}
	}
	a.markReady()
}

// LayoutF renders at device pixels so the grid is crisp on HiDPI screens.
func (g *game) LayoutF(outsideW, outsideH float64) (float64, float64) {
	g.scale = ebiten.Monitor().DeviceScaleFactor()
	g.w, g.h = outsideW*g.scale, outsideH*g.scale
	return g.w, g.h
}

func (g *game) Layout(outsideW, outsideH int) (int, int) {
	panic("LayoutF is used")
}
