//go:build js && wasm

package main

import (
	"image/color"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"layoutlab/engine/timeline"
	"layoutlab/wasm/view"
)

var (
	barColor    = color.RGBA{0x5b, 0x8d, 0xd6, 0xff}
	barDayColor = color.RGBA{0xff, 0xff, 0xff, 0xff}
	ampColor    = color.RGBA{0xff, 0x8c, 0x00, 0xff}
	lookupColor = color.RGBA{0x4f, 0xc3, 0xf7, 0xff}
	markColor   = color.RGBA{0xe0, 0x40, 0x60, 0xff}
	openColor   = color.RGBA{0xc0, 0xc0, 0xc0, 0xff}
)

// drawTimeline draws the chart (a bar per night, two lines, the day marked) above the file grid
// of the day under the slider, grouped by ZCube or partition.
func (g *game) drawTimeline(screen *ebiten.Image, top float64) {
	m, s, pad := &g.m, g.scale, g.pad
	g.cells = nil
	if m.sim.Result == nil || m.simErr() != nil || m.dayFiles == nil {
		return
	}
	ser := m.series()
	chartH := (g.h - top - pad) * 0.38
	c := view.TimelineChart(ser, view.Rect{X: pad, Y: top, W: g.w - 2*pad, H: chartH})
	// Axis, bars and marks in one draw, not a vector call each.
	g.batch.hline(float32(pad), float32(g.w-pad), float32(top+chartH), float32(s), frameColor)
	for i, b := range c.Bars {
		col := barColor
		if i == m.day-1 {
			col = barDayColor
		}
		if g.batch.full() {
			g.batch.flush(screen)
		}
		g.batch.add(float32(b.X), float32(b.Y), float32(b.W), float32(b.H), col)
	}
	for _, x := range c.Marks {
		g.batch.vline(float32(x), float32(top), float32(top+chartH), float32(2*s), markColor)
	}
	g.batch.flush(screen)
	// The lines move with the run and the chart's place only, not with the day under the slider.
	g.chartLines.draw(screen, chartKey{m.sim.Result, c.Area, s}, c.Area, 2*s, func(b *rectBatch) {
		b.stroke(c.AmpLine, float32(2*s), ampColor)
		b.stroke(c.LookupLine, float32(2*s), lookupColor)
	})
	g.batch.vline(float32(c.DayX), float32(top), float32(top+chartH), float32(s), white)

	// The day's files, grouped.
	area := view.Rect{X: pad, Y: top + chartH + 2*pad, W: g.w - 2*pad, H: g.h - (top + chartH + 3*pad)}
	if g.groupedFor != m.dayGen { // a redraw of the same day (hover, resize) keeps them
		g.groups, g.groupOrder = g.dayGroups.Group(m.dayFiles)
		g.groupedFor = m.dayGen
	}
	groups, order := g.groups, g.groupOrder
	g.gridCells, g.gridFrames = view.AppendGroupedLayout(g.gridCells[:0], g.gridFrames[:0], groups, area)
	cells, frames := g.gridCells, g.gridFrames
	g.hitCells = slices.Grow(g.hitCells[:0], len(m.dayFiles.Files))[:len(m.dayFiles.Files)]
	clear(g.hitCells)
	g.cells = g.hitCells
	for i, cl := range cells {
		fi := order[i]
		g.cells[fi] = view.Cell{X: cl.X - pad, Y: cl.Y, W: cl.W, H: cl.H} // hit boxes share the grid's pad offset
		x, y, w, h := float32(cl.X), float32(cl.Y), float32(cl.W), float32(cl.H)
		if g.batch.full() {
			g.batch.flush(screen)
		}
		if cl.Read {
			// Read files: a white rim around the colour, unmistakable even on tiny cells.
			g.batch.add(x-0.5, y-0.5, w+1, h+1, color.RGBA{0xff, 0xff, 0xff, 0xff})
			g.batch.add(x+0.5, y+0.5, max(w-1, 0.5), max(h-1, 0.5), cl.Fill)
		} else {
			g.batch.add(x, y, w, h, color.RGBA{cl.Fill.R / 4, cl.Fill.G / 4, cl.Fill.B / 4, 0xff})
		}
	}
	if m.selected >= 0 && m.selected < len(g.cells) {
		c := g.cells[m.selected]
		g.batch.strokeRect(float32(c.X+pad)-1, float32(c.Y)-1, float32(c.W)+2, float32(c.H)+2, float32(2*s), highlight)
	}
	// Columns a few pixels wide (165 cubes across the canvas on large-batches): an outline would
	// be most of a column and hide its files, so a sealed cube keeps only its lid and an open one
	// none. Decided by the column's width, the same for every group of the grid.
	narrow := len(groups) > 0 && view.ColumnWidth(len(groups), area) < 8*s
	for _, f := range frames {
		x, y, w, h := float32(f.X), float32(f.Y), float32(f.W), float32(f.H)
		if g.batch.fullFor(4) {
			g.batch.flush(screen)
		}
		switch {
		case narrow:
			if f.Sealed {
				g.batch.hline(x, x+w, y, float32(s), white)
			}
		case f.Sealed: // closed: a sealed ZCube is never a candidate again
			g.batch.strokeRect(x, y, w, h, float32(2*s), white)
		case f.Open: // open at the top: the next OPTIMIZE may add to it
			g.batch.vline(x, y, y+h, float32(2*s), openColor)
			g.batch.hline(x, x+w, y+h, float32(2*s), openColor)
			g.batch.vline(x+w, y+h, y, float32(2*s), openColor)
		default:
			g.batch.strokeRect(x, y, w, h, float32(s), frameColor)
		}
	}
	g.batch.flush(screen)
}

// chartKey is what the timeline chart's lines depend on.
type chartKey struct {
	run   *timeline.Result
	area  view.Rect
	scale float64
}

// series is the chart's data for the simulation shown: one value per day, the slider's day, and
// the key-change, FULL and CLUSTER BY NONE days marked.
func (m *model) series() view.Series {
	ser := view.Series{Day: m.day}
	for _, d := range m.sim.Result.Days {
		ser.WrittenGB = append(ser.WrittenGB, d.OptimizeWrittenGB)
		ser.WriteAmp = append(ser.WriteAmp, d.WriteAmplification)
		ser.Lookup = append(ser.Lookup, d.LookupFiles)
	}
	t := m.sim.Key
	for _, d := range []int{t.ChangeKeysDay, t.FullDay, t.ClusterNoneDay} {
		if d > 0 {
			ser.MarkedDays = append(ser.MarkedDays, d)
		}
	}
	return ser
}
