//go:build js && wasm

package main

import (
	"image"
	"image/color"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// rectBatch collects filled rectangles and draws them in one DrawTriangles call: thousands of
// file cells cost one draw instead of one vector path each.
type rectBatch struct {
	vs []ebiten.Vertex
	is []uint16
}

var whitePixel = func() *ebiten.Image {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	return img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
}()

func (b *rectBatch) add(x, y, w, h float32, c color.RGBA) {
	b.quad([4][2]float32{{x, y}, {x + w, y}, {x, y + h}, {x + w, y + h}}, c)
}

// quad adds the quadrilateral p[0] p[1] p[3] p[2] (two triangles sharing p[1]-p[2]) in one colour,
// its corners written in place: a day of a large table is thousands of cells a frame.
func (b *rectBatch) quad(p [4][2]float32, c color.RGBA) {
	// Index buffers are uint16: flush before they overflow.
	if len(b.vs)+4 > 65535 {
		panic("rectBatch: flush before adding more than 16383 rectangles")
	}
	n := len(b.vs)
	b.vs = slices.Grow(b.vs, 4)[:n+4]
	v := b.vs[n : n+4 : n+4]
	v[0] = ebiten.Vertex{SrcX: 1, SrcY: 1,
		ColorR: float32(c.R) / 255, ColorG: float32(c.G) / 255, ColorB: float32(c.B) / 255, ColorA: float32(c.A) / 255}
	v[1], v[2], v[3] = v[0], v[0], v[0]
	for k := range v {
		v[k].DstX, v[k].DstY = p[k][0], p[k][1]
	}
	i := uint16(n)
	b.is = append(b.is, i, i+1, i+2, i+1, i+3, i+2)
}

// fullFor reports whether n more rectangles (or segments) might overflow the index type.
func (b *rectBatch) fullFor(n int) bool { return len(b.vs)+8*n > 65535 }

// strokeRect adds a rectangle's outline, width wide and centred on its edges, as
// vector.StrokeRect draws it (four rectangles, without its corner joins).
func (b *rectBatch) strokeRect(x, y, w, h, width float32, c color.RGBA) {
	hw := width / 2
	b.add(x-hw, y-hw, w+width, width, c)
	b.add(x-hw, y+h-hw, w+width, width, c)
	b.add(x-hw, y+hw, width, max(h-width, 0), c)
	b.add(x+w-hw, y+hw, width, max(h-width, 0), c)
}

// line adds a straight segment from (x0, y0) to (x1, y1), width wide with square-cut ends, as
// one quad: the grid crosses out every skipped file, which a vector path each would draw one
// by one.
func (b *rectBatch) line(x0, y0, x1, y1, width float32, c color.RGBA) {
	dx, dy := x1-x0, y1-y0
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if l == 0 {
		return
	}
	nx, ny := -dy/l*width/2, dx/l*width/2 // half the width, across the segment
	b.quad([4][2]float32{{x0 + nx, y0 + ny}, {x1 + nx, y1 + ny}, {x0 - nx, y0 - ny}, {x1 - nx, y1 - ny}}, c)
}

// vline and hline add an axis-aligned line, width wide and centred on it.
func (b *rectBatch) vline(x, y0, y1, width float32, c color.RGBA) {
	b.add(x-width/2, min(y0, y1), width, max(y0, y1)-min(y0, y1), c)
}

func (b *rectBatch) hline(x0, x1, y, width float32, c color.RGBA) {
	b.add(min(x0, x1), y-width/2, max(x0, x1)-min(x0, x1), width, c)
}

// flush draws what was added in one call, blended over dst (source-over).
func (b *rectBatch) flush(dst *ebiten.Image) { b.draw(dst, nil) }

// flushOpaque draws what was added in one call that copies its colours rather than blending
// them: for opaque colours the same pixels, and the GPU reads nothing back from dst.
func (b *rectBatch) flushOpaque(dst *ebiten.Image) {
	b.draw(dst, &ebiten.DrawTrianglesOptions{Blend: ebiten.BlendCopy})
}

// draw draws what was added in one DrawTriangles call with op, and empties the batch.
func (b *rectBatch) draw(dst *ebiten.Image, op *ebiten.DrawTrianglesOptions) {
	if len(b.is) > 0 {
		dst.DrawTriangles(b.vs, b.is, whitePixel, op)
	}
	b.vs, b.is = b.vs[:0], b.is[:0]
}

// stroke adds a polyline of the given width and colour. Several polylines then go to the screen
// in one anti-aliased draw (flushAA): Ebiten renders anti-aliased triangles through a double-size
// offscreen fitted to each call's bounds (internal/ui/image.go, bigOffscreenImage), so a call per
// segment meant an offscreen per segment, hundreds a frame.
func (b *rectBatch) stroke(pts [][2]float64, width float32, c color.RGBA) {
	if len(pts) < 2 {
		return
	}
	var p vector.Path
	p.MoveTo(float32(pts[0][0]), float32(pts[0][1]))
	for _, q := range pts[1:] {
		p.LineTo(float32(q[0]), float32(q[1]))
	}
	n := len(b.vs)
	b.vs, b.is = p.AppendVerticesAndIndicesForStroke(b.vs, b.is, &vector.StrokeOptions{Width: width, LineJoin: vector.LineJoinRound})
	r, g, bl, a := float32(c.R)/255, float32(c.G)/255, float32(c.B)/255, float32(c.A)/255
	for i := n; i < len(b.vs); i++ {
		v := &b.vs[i]
		v.SrcX, v.SrcY, v.ColorR, v.ColorG, v.ColorB, v.ColorA = 1, 1, r, g, bl, a
	}
}

// flushAA draws what was added in one anti-aliased call.
func (b *rectBatch) flushAA(dst *ebiten.Image) {
	b.draw(dst, &ebiten.DrawTrianglesOptions{AntiAlias: true})
}
