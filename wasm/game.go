//go:build js && wasm

package main

import (
	"image/color"
	"reflect"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"layoutlab/assets"
	"layoutlab/engine/scenario"
	"layoutlab/wasm/schedule"
	"layoutlab/wasm/view"
)

// game is the widget's Ebiten game: Update takes the controls' news and the scheduler's
// answers into the model (model.go), Draw paints the model. Draw redraws only when the model's
// version or the canvas size changed (SetScreenClearedEveryFrame(false), as Ebiten's skipdraw
// example does), and computes nothing but where its shapes go.
type game struct {
	m        model
	page     *page
	in       *inbox
	sched    *schedule.Scheduler
	controls *controls

	// The scenario package firstrun answered while Go initialised the program, and the time it
	// took there (0 when it answered none): the first answer's stages were computed then.
	firstAsked scenario.Panel
	firstMs    float64

	updates   int  // Ebiten frames run (frameRun)
	aheadHits int  // the scheduler's count last written (aheadHits)
	painted   bool // the first frame is drawn (afterDraw)
	answered  bool // a frame showed the engine's first answer
	ready     bool // announced (announceReady)
	wantPNG   bool // Draw reads the frame back for the PNG export
	drawMs    float64

	drawn        int     // the model version last painted
	w, h         float64 // canvas size in device pixels
	lastW, lastH float64
	scale        float64 // device pixels per CSS pixel
	cells        []view.Cell
	batch        rectBatch
	drawStart    time.Time // for the timing script: Go time spent issuing a frame's draws
	pad          float64
	// The day's files grouped by ZCube or partition, kept while the day is the same.
	groupedFor int // the model's dayGen grouped
	dayGroups  view.DayGroups
	groups     []view.Group
	groupOrder []int
	// The key-space view's curve path and the timeline chart's lines, each stroked once for
	// what it depends on.
	path       strokeLayer[pathKey]
	chartLines strokeLayer[chartKey]
	// The timeline grid's buffers, reused from frame to frame.
	gridCells  []view.Cell
	gridFrames []view.Frame
	hitCells   []view.Cell

	cursorX, cursorY int // the pointer at the last Update
}

// Update takes the controls' news and the scheduler's answers into the model (update), and turns
// pointer input into a selection: hover with a mouse, tap on a touch screen.
func (g *game) Update() error {
	g.updates++
	frameRun(g.updates)
	g.update()
	x, y := ebiten.CursorPosition()
	for _, id := range inpututil.AppendJustPressedTouchIDs(nil) {
		x, y = ebiten.TouchPosition(id)
	}
	if x != g.cursorX || y != g.cursorY {
		// A pointer moving over the canvas is a reader at work: idle work waits.
		g.cursorX, g.cursorY = x, y
		g.sched.Touch()
	}
	fx, fy := float64(x), float64(y)
	for i, c := range g.cells {
		if fx >= g.pad+c.X && fx < g.pad+c.X+c.W && fy >= c.Y && fy < c.Y+c.H {
			if i != g.m.selected {
				g.selectFile(i)
			}
			break
		}
	}
	return nil
}

var (
	background = color.RGBA{0x10, 0x11, 0x14, 0xff}
	crossGrey  = color.RGBA{0x80, 0x80, 0x80, 0xff}
	highlight  = color.RGBA{0xff, 0x8c, 0x00, 0xff}
	white      = color.RGBA{0xff, 0xff, 0xff, 0xff}
)

func (g *game) Draw(screen *ebiten.Image) {
	m := &g.m
	if m.version == g.drawn && g.w == g.lastW && g.h == g.lastH {
		return
	}
	g.drawn, g.lastW, g.lastH = m.version, g.w, g.h
	g.drawStart = time.Now()
	s := g.scale
	g.pad = 12 * s
	pad := g.pad
	rampH := 10 * s
	header := pad + rampH + pad
	defer g.afterDraw(screen)
	res := m.answer.Result
	if m.sc.View == "timeline" || res == nil {
		screen.Fill(background)
		g.drawRamp(screen, rampH)
		g.batch.flush(screen)
		if m.sc.View == "timeline" {
			g.drawTimeline(screen, header)
		}
		return
	}
	// The grid takes the left part; the key-space view a square on the right (or below on a
	// narrow canvas).
	gridW, gridH := g.w-2*pad, g.h-pad
	var ks view.Rect
	if g.w >= g.h*1.2 {
		side := min(g.h-header-pad, g.w*0.42)
		gridW = g.w - 3*pad - side
		ks = view.Rect{X: g.w - pad - side, Y: header, W: side, H: side}
	} else {
		side := min(g.w-2*pad, (g.h-header)*0.45)
		gridH = g.h - 2*pad - side
		ks = view.Rect{X: pad, Y: gridH + pad, W: side, H: side}
	}
	key := m.colorKey()
	files := make([]view.FileCell, len(res.Files))
	for i := range res.Files {
		f := &res.Files[i]
		files[i] = view.FileCell{Span: f.Span(key), Read: f.Read}
	}
	g.cells = view.GridLayout(files, gridW, gridH, header)
	// Everything up to the key-space view is opaque, so it goes in one draw that copies its
	// colours (BlendCopy), and the background only where no cell covers it: the canvas around
	// the grid, then the grid's gaps. Without a GPU every pass over the canvas costs the
	// browser's GPU process milliseconds a frame, which a drag's next frame then waits for.
	grid := view.Rect{X: pad, Y: header, W: gridW, H: gridH - header}
	for _, r := range view.Around(view.Rect{W: g.w, H: g.h}, grid) {
		g.batch.add(float32(r.X), float32(r.Y), float32(r.W), float32(r.H), background)
	}
	for _, r := range view.GridGaps(len(files), gridW, gridH, header, 1) {
		if g.batch.full() {
			g.batch.flushOpaque(screen)
		}
		g.batch.add(float32(pad+r.X), float32(r.Y), float32(r.W), float32(r.H), background)
	}
	g.drawRamp(screen, rampH)
	// Every cell in one draw, not a vector call per cell.
	for i, c := range g.cells {
		x, y, w, h := float32(pad+c.X), float32(c.Y), float32(c.W), float32(c.H)
		if g.batch.fullFor(12) {
			g.batch.flushOpaque(screen)
		}
		if c.Read {
			g.batch.add(x, y, w, h, c.Fill)
			g.batch.strokeRect(x+1, y+1, w-2, h-2, float32(2*s), white)
		} else {
			// Skipped files: the same hue, dimmed to a quarter, crossed out.
			g.batch.add(x, y, w, h, color.RGBA{c.Fill.R / 4, c.Fill.G / 4, c.Fill.B / 4, 0xff})
			g.batch.line(x, y, x+w, y+h, float32(s), crossGrey)
		}
		if i == m.selected {
			g.batch.strokeRect(x-2, y-2, w+4, h+4, float32(3*s), highlight)
		}
	}
	g.batch.flushOpaque(screen)
	g.drawKeySpace(screen, ks)
}

// drawRamp adds the legend's ramp across the top to the batch: narrow span (dark) to whole
// range (yellow).
func (g *game) drawRamp(screen *ebiten.Image, rampH float64) {
	pad := g.pad
	rw := (g.w - 2*pad) / float64(len(assets.Viridis))
	for i, c := range assets.Viridis {
		if g.batch.full() {
			g.batch.flushOpaque(screen)
		}
		g.batch.add(float32(pad+float64(i)*rw), float32(pad), float32(rw+1), float32(rampH), c)
	}
}

// afterDraw runs once the frame is complete: the timing script's figures, and the PNG export's
// read-back.
func (g *game) afterDraw(screen *ebiten.Image) {
	if !g.painted {
		g.painted = true
		g.firstPaint()
	}
	// Answered once the engine's answer for the controls' scenario is on screen (a run may
	// still be going on).
	if g.answerShown() {
		if !g.answered {
			g.answered = true
			engineMs, initMs := g.m.engineMs, 0.0
			if g.firstMs > 0 && g.m.answer.Result != nil && reflect.DeepEqual(g.m.answer.Panel, g.firstAsked) {
				engineMs, initMs = engineMs+g.firstMs, g.firstMs
			}
			firstAnswered(engineMs, initMs)
			if g.page.bound {
				ebiten.ScheduleFrame() // whose Update announces the widget ready
			}
		}
		g.drawMs = float64(time.Since(g.drawStart).Microseconds()) / 1000
		frameDrawn(g.updates, g.m.engineMs, g.drawMs)
	}
	if g.wantPNG {
		g.wantPNG = false
		b := screen.Bounds()
		pix := make([]byte, 4*b.Dx()*b.Dy())
		screen.ReadPixels(pix)
		exportPNG(pix, b.Dx(), b.Dy())
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

var (
	pathColor  = color.RGBA{0xff, 0xff, 0xff, 0x30}
	frameColor = color.RGBA{0x60, 0x60, 0x68, 0xff}
)

// pathKey is what the key-space view's curve path depends on.
type pathKey struct {
	layout string
	r      view.Rect
	scale  float64
}

// drawKeySpace draws each file's [min,max] box on the first two keys (rank positions), over the
// layout's curve drawn faintly, so one sees why the layouts tile the key plane differently. With
// one key, each file is a horizontal bar at its own height.
func (g *game) drawKeySpace(screen *ebiten.Image, r view.Rect) {
	m, s := &g.m, g.scale
	res := m.answer.Result
	if r.W < 40 || res == nil || len(res.Keys) == 0 {
		return
	}
	// The frame goes into the batch: vector.StrokeRect is a path, a draw call of its own.
	g.batch.strokeRect(float32(r.X), float32(r.Y), float32(r.W), float32(r.H), float32(s), frameColor)
	px := func(u float64) float32 { return float32(r.X + u*r.W) }
	py := func(v float64) float32 { return float32(r.Y + r.H - v*r.H) }
	if len(res.Keys) >= 2 {
		// The path depends only on the layout and the view's place and scale: stroked once, not
		// sorted and stroked again on every frame of a files-slider drag.
		g.path.draw(screen, pathKey{res.Layout, r, s}, r, 2*s, func(b *rectBatch) {
			pts := view.CurvePath(res.Layout, 4)
			for i, q := range pts {
				pts[i] = [2]float64{float64(px(q[0])), float64(py(q[1]))}
			}
			b.stroke(pts, float32(s), pathColor)
		})
	}
	kx, ck := res.Keys[0], m.colorKey()
	n := len(res.Files)
	for i := range res.Files {
		f := &res.Files[i]
		bx, _ := f.Box(kx)
		var y0, y1 float64
		if len(res.Keys) >= 2 {
			by, _ := f.Box(res.Keys[1])
			y0, y1 = by[0], by[1]
		} else {
			y0, y1 = float64(i)/float64(n), float64(i+1)/float64(n)
		}
		c := assets.At(assets.Viridis, f.Span(ck))
		x, y := px(bx[0]), py(y1)
		w, h := max(px(bx[1])-x, 1), max(py(y0)-y, 1)
		if g.batch.fullFor(12) {
			g.batch.flush(screen)
		}
		if f.Read {
			g.batch.add(x, y, w, h, color.RGBA{c.R, c.G, c.B, 0x50})
			g.batch.strokeRect(x, y, w, h, float32(1.5*s), c)
		} else {
			g.batch.strokeRect(x, y, w, h, float32(s), color.RGBA{c.R / 3, c.G / 3, c.B / 3, 0xff})
		}
		if i == m.selected {
			g.batch.strokeRect(x-1, y-1, w+2, h+2, float32(2.5*s), highlight)
		}
	}
	g.batch.flush(screen)
}
