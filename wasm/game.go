//go:build js && wasm

package main

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"layoutlab/engine/timeline"
	"layoutlab/front/figures"
	"layoutlab/front/schedule"
	"layoutlab/front/view"
	"layoutlab/front/widget"
)

// game is the widget's Ebiten game: Update takes the controls' news and the scheduler's
// answers into the model (model.go), Draw paints the model. Draw redraws only when the model's
// version, the canvas size or the theme changed (SetScreenClearedEveryFrame(false), as Ebiten's
// skipdraw example does). What it draws is composed by front/view (a Scene, the same the posters
// are written from); Draw only paints it (painter.go) and hands its labels to the page.
type game struct {
	m        widget.Model // what the frame shows; only widget.Update changes it
	page     *page
	in       *inbox
	sched    *schedule.Scheduler
	controls *controls

	fig *figures.Widget // what the browser tests and the timing script read
	// dayBuf holds the files of the timeline's day shown (m.DayFiles), its array reused from
	// day to day.
	dayBuf timeline.DayFiles

	wantPNG bool // Draw exports the frame's Scene as PNG
	// boundFirst: the controls were bound before the first frame (a figure's, main), not after
	// it (firstPaint).
	boundFirst bool

	drawn        int     // the model version last painted
	w, h         float64 // canvas size in device pixels
	lastW, lastH float64
	scale        float64 // device pixels per CSS pixel
	theme        string  // the theme last painted
	compose      view.Composer
	scene        *view.Scene // the Scene last painted: its hit boxes answer the pointer and keys
	painter      painter
	labels       labelImages

	cursorX, cursorY int // the pointer at the last Update
}

// Update takes the controls' news and the scheduler's answers into the model (update), and turns
// pointer input into a selection (hover with a mouse, tap on a touch screen) and arrow keys, when
// the canvas has the focus, into moves of the selection.
func (g *game) Update() error {
	mark("update")
	g.fig.Updated()
	g.update()
	x, y := ebiten.CursorPosition()
	touched := false
	for _, id := range inpututil.AppendJustPressedTouchIDs(nil) {
		x, y = ebiten.TouchPosition(id)
		touched = true
	}
	if x != g.cursorX || y != g.cursorY || touched {
		// A pointer moving over the canvas is a reader at work: idle work waits.
		g.cursorX, g.cursorY = x, y
		g.sched.Touch()
		if g.scene != nil {
			// The cursor is in the screen's pixels (LayoutF's), as the Scene is.
			if i := g.scene.Hit(float64(x), float64(y)); i >= 0 && i != g.m.Selected {
				g.selectFile(i)
			}
		}
	}
	g.arrowKeys()
	if g.drawn == g.m.Version && g.labels.warm() {
		scheduleFrame() // nothing new to draw: the next digit a drag will need
	}
	return nil
}

// arrowKeys moves the selection to the file beside it on the canvas, when the canvas has the
// keyboard's focus (the page's controls take their own arrow keys), and Escape clears it.
func (g *game) arrowKeys() {
	if g.scene == nil {
		return
	}
	focused := -1 // unknown until a key asks
	for _, k := range []struct {
		key    ebiten.Key
		dx, dy int
	}{{ebiten.KeyArrowLeft, -1, 0}, {ebiten.KeyArrowRight, 1, 0}, {ebiten.KeyArrowUp, 0, -1}, {ebiten.KeyArrowDown, 0, 1}} {
		if inpututil.IsKeyJustPressed(k.key) {
			if focused < 0 {
				focused = b2i(g.page.canvasFocused())
			}
			if focused == 0 {
				return
			}
			g.sched.Touch()
			if i := g.scene.Neighbour(g.m.Selected, k.dx, k.dy); i >= 0 && i != g.m.Selected {
				g.selectFile(i)
			}
		}
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyEscape) && g.m.Selected >= 0 && g.page.canvasFocused() {
		g.selectFile(-1)
	}
}

// Draw composes the model's Scene (front/view) and paints it: its shapes here, its labels, the
// selected file's tip and the summary in the page (page.showScene).
func (g *game) Draw(screen *ebiten.Image) {
	g.fig.DrawCalled()
	m := &g.m
	theme := g.page.theme(m.Scenario.Figure.Theme)
	if m.Version == g.drawn && g.w == g.lastW && g.h == g.lastH && theme == g.theme {
		return
	}
	g.drawn, g.lastW, g.lastH, g.theme = m.Version, g.w, g.h, theme
	g.fig.DrawBegins()
	mark("draw")
	defer g.afterDraw(screen)
	th := view.ThemeNamed(theme)
	switch {
	case m.Scenario.View == "timeline" && m.Sim.Result != nil && m.SimErr() == nil && m.DayFiles != nil:
		g.scene = g.compose.Timeline(view.TimelineFigure{Run: m.Sim.Result, Key: m.Sim.Key, Day: m.Day,
			Files: m.DayFiles, FilesGen: m.DayGen, Selected: m.Selected}, g.w, g.h, g.scale, th)
	case m.Scenario.View != "timeline" && m.Answer.Result != nil:
		g.scene = g.compose.Panel(view.PanelFigure{Result: m.Answer.Result, ColorKey: m.ColorKey(), Selected: m.Selected},
			g.w, g.h, g.scale, th)
	default: // nothing to show yet: the background
		g.scene = g.compose.Panel(view.PanelFigure{}, g.w, g.h, g.scale, th)
	}
	g.painter.paint(screen, g.scene)
	g.labels.draw(screen, g.scene)
	if g.labels.warming {
		scheduleFrame() // whose Update warms the digits
	}
	tip, box := g.tip()
	g.page.showScene(g.scene, tip, box)
}

// afterDraw runs once the frame is complete: the timing script's figures, and the PNG export.
func (g *game) afterDraw(screen *ebiten.Image) {
	mark("drawn")
	if g.fig.Painted() {
		g.firstPaint()
	}
	// Answered once the engine's answer for the controls' scenario is on screen (a run may
	// still be going on): the model says when (widget.Drawn).
	g.apply(widget.Drawn{})
	if g.wantPNG {
		g.wantPNG = false
		exportPNG(g.scene)
	}
}

// LayoutF renders at device pixels so the grid is crisp on HiDPI screens.
func (g *game) LayoutF(outsideW, outsideH float64) (float64, float64) {
	g.scale = ebiten.Monitor().DeviceScaleFactor()
	g.w, g.h = outsideW*g.scale, outsideH*g.scale
	return g.w, g.h
}

func (g *game) Layout(outsideW, outsideH int) (int, int) {
	panic("unreachable: LayoutF is used")
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
