//go:build js && wasm

package main

import (
	"image/color"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"layoutlab/front/view"
)

// painter paints a view.Scene's shapes with Ebiten: rectangles and lines into one batch drawn
// in one DrawTriangles call (thousands of file cells cost one draw, not a vector path each),
// copied rather than blended when every colour in it is opaque (the GPU then reads nothing back
// from the screen), and each run of polylines stroked anti-aliased once into an image of its own
// (polyLayer), redrawn only when its lines change.
type painter struct {
	batch  rectBatch
	opaque bool // every shape in the batch is opaque
	layers []polyLayer
}

func (p *painter) paint(screen *ebiten.Image, s *view.Scene) {
	p.opaque = true
	layer := 0
	sh := s.Shapes
	for i := 0; i < len(sh); i++ {
		x := &sh[i]
		r := x.Rect
		switch x.Kind {
		case view.FillRect:
			p.room(screen, 1, x.Color)
			p.batch.add(float32(r.X), float32(r.Y), float32(r.W), float32(r.H), x.Color)
		case view.StrokeRect:
			p.room(screen, 4, x.Color)
			p.batch.strokeRect(float32(r.X), float32(r.Y), float32(r.W), float32(r.H), float32(x.Width), x.Color)
		case view.Line:
			p.room(screen, 1, x.Color)
			w := float32(x.Width)
			switch {
			case r.W == 0:
				p.batch.vline(float32(r.X), float32(r.Y), float32(r.Y+r.H), w, x.Color)
			case r.H == 0:
				p.batch.hline(float32(r.X), float32(r.X+r.W), float32(r.Y), w, x.Color)
			default:
				p.batch.line(float32(r.X), float32(r.Y), float32(r.X+r.W), float32(r.Y+r.H), w, x.Color)
			}
		case view.Polyline:
			p.flush(screen)
			j := i + 1
			for j < len(sh) && sh[j].Kind == view.Polyline {
				j++
			}
			if layer == len(p.layers) {
				p.layers = append(p.layers, polyLayer{})
			}
			p.layers[layer].draw(screen, sh[i:j])
			layer++
			i = j - 1
		}
	}
	p.flush(screen)
}

// room makes room in the batch for n more rectangles of colour c.
func (p *painter) room(screen *ebiten.Image, n int, c color.RGBA) {
	if p.batch.fullFor(n) {
		p.flush(screen)
	}
	p.opaque = p.opaque && c.A == 0xff
}

// flush draws the batch.
func (p *painter) flush(screen *ebiten.Image) {
	if p.opaque {
		p.batch.flushOpaque(screen)
	} else {
		p.batch.flush(screen)
	}
	p.opaque = true
}

// polyLayer keeps polylines that change less often than the frames drawn over them (the
// key-space view's curve, the timeline chart's lines), stroked anti-aliased into an image of
// their own: a frame then draws one image, not their triangles through Ebiten's double-size
// anti-aliasing offscreen, which it fits to the lines' bounds, fills, scales down and clears at
// every draw (internal/ui/image.go, bigOffscreenImage).
type polyLayer struct {
	lines []view.Shape // a copy of the lines stroked into img
	pts   [][2]float64 // their points' array
	img   *ebiten.Image
	at    [2]float64 // the image's top-left on the screen
	batch rectBatch
}

// draw draws lines onto dst, stroking them first when they are not the ones it holds.
func (l *polyLayer) draw(dst *ebiten.Image, lines []view.Shape) {
	if !l.holds(lines) {
		l.keep(lines)
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		margin := 0.0
		for _, s := range lines {
			margin = math.Max(margin, s.Width)
			for _, q := range s.Points {
				x0, y0, x1, y1 = math.Min(x0, q[0]), math.Min(y0, q[1]), math.Max(x1, q[0]), math.Max(y1, q[1])
			}
		}
		// Its origin is on whole pixels, so it is drawn without resampling.
		m := math.Ceil(margin) + 1
		x0, y0 = math.Floor(x0)-m, math.Floor(y0)-m
		w, h := int(math.Ceil(x1+m-x0)), int(math.Ceil(y1+m-y0))
		if l.img == nil || l.img.Bounds().Dx() != w || l.img.Bounds().Dy() != h {
			if l.img != nil {
				l.img.Deallocate()
			}
			l.img = ebiten.NewImage(max(w, 1), max(h, 1))
		} else {
			l.img.Clear()
		}
		l.at = [2]float64{x0, y0}
		for _, s := range lines {
			l.batch.stroke(s.Points, float32(s.Width), s.Color)
		}
		for i := range l.batch.vs {
			l.batch.vs[i].DstX -= float32(x0)
			l.batch.vs[i].DstY -= float32(y0)
		}
		l.batch.flushAA(l.img)
	}
	var op ebiten.DrawImageOptions
	op.GeoM.Translate(l.at[0], l.at[1])
	dst.DrawImage(l.img, &op)
}

// holds reports whether the layer's image shows exactly these lines.
func (l *polyLayer) holds(lines []view.Shape) bool {
	if l.img == nil || len(lines) != len(l.lines) {
		return false
	}
	for i, s := range lines {
		k := l.lines[i]
		if s.Color != k.Color || s.Width != k.Width || !slices.Equal(s.Points, k.Points) {
			return false
		}
	}
	return true
}

// keep copies the lines, their points into the layer's own array: the Scene's are reused.
func (l *polyLayer) keep(lines []view.Shape) {
	l.lines, l.pts = l.lines[:0], l.pts[:0]
	for _, s := range lines {
		l.pts = append(l.pts, s.Points...)
	}
	at := 0
	for _, s := range lines {
		n := len(s.Points)
		s.Points = l.pts[at : at+n : at+n]
		at += n
		l.lines = append(l.lines, s)
	}
}
