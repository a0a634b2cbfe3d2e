package view

import (
	"image/color"
	"math"
)

// ShapeKind is how a Shape is drawn.
type ShapeKind uint8

const (
	FillRect   ShapeKind = iota // Rect filled
	StrokeRect                  // Rect's outline, Width wide, centred on its edges
	Line                        // from (X, Y) to (X+W, Y+H), Width wide, square-cut
	Polyline                    // Points joined, Width wide, round joins, anti-aliased
)

// Shape is one thing the canvas paints, in device pixels. Colours are straight (not
// premultiplied) alpha.
type Shape struct {
	Kind   ShapeKind
	Rect   Rect
	Width  float64
	Color  color.RGBA
	Points [][2]float64 // Polyline only
}

// Anchor is where a label's position is on its text, across.
type Anchor uint8

const (
	AnchorStart Anchor = iota
	AnchorMiddle
	AnchorEnd
)

// Label is a line of text on the figure: (X, Y) is its anchor point across and the top of its
// line box, in device pixels; Size is its font size in device pixels. Role names what it is
// (the DOM overlay's class and the SVG's), for tests, CSS and screen readers.
type Label struct {
	X, Y   float64
	Text   string
	Size   float64
	Anchor Anchor
	Color  color.RGBA
	Bold   bool
	Role   string
}

// HitBox is where file File is on the canvas, for the pointer and the keyboard.
type HitBox struct {
	Rect
	File int
}

// Scene is the whole canvas of one frame: its shapes in paint order (the first covers the
// canvas), its text labels, the files' hit boxes, and one sentence saying what the figure shows.
// The wasm program paints it (game.go), the SVG writer writes it (svg.go).
type Scene struct {
	W, H    float64 // device pixels
	Scale   float64 // device pixels per CSS pixel
	Theme   Theme
	Shapes  []Shape
	Labels  []Label
	Hits    []HitBox
	Summary string
}

// reset empties s for a new frame, keeping its arrays.
func (s *Scene) reset(w, h, scale float64, th Theme) {
	s.W, s.H, s.Scale, s.Theme = w, h, scale, th
	s.Shapes, s.Labels, s.Hits, s.Summary = s.Shapes[:0], s.Labels[:0], s.Hits[:0], ""
}

func (s *Scene) fill(r Rect, c color.RGBA) {
	if r.W > 0 && r.H > 0 {
		s.Shapes = append(s.Shapes, Shape{Kind: FillRect, Rect: r, Color: c})
	}
}

func (s *Scene) stroke(r Rect, width float64, c color.RGBA) {
	s.Shapes = append(s.Shapes, Shape{Kind: StrokeRect, Rect: r, Width: width, Color: c})
}

func (s *Scene) line(x0, y0, x1, y1, width float64, c color.RGBA) {
	s.Shapes = append(s.Shapes, Shape{Kind: Line, Rect: Rect{x0, y0, x1 - x0, y1 - y0}, Width: width, Color: c})
}

func (s *Scene) polyline(pts [][2]float64, width float64, c color.RGBA) {
	if len(pts) >= 2 {
		s.Shapes = append(s.Shapes, Shape{Kind: Polyline, Points: pts, Width: width, Color: c})
	}
}

// text adds a label of size css pixels (scaled to device pixels).
func (s *Scene) text(x, y float64, text string, css float64, a Anchor, c color.RGBA, role string) *Label {
	s.Labels = append(s.Labels, Label{X: x, Y: y, Text: text, Size: css * s.Scale, Anchor: a, Color: c, Role: role})
	return &s.Labels[len(s.Labels)-1]
}

// TextWidth estimates the width of text at size (device pixels) in the figure's sans-serif font:
// a layout guess for spacing labels, not a measurement.
func TextWidth(text string, size float64) float64 {
	w := 0.0
	for _, r := range text {
		switch {
		case r == ' ' || r == '.' || r == ',' || r == ':' || r == 'i' || r == 'l' || r == '1' || r == '|':
			w += 0.3
		case r >= 'A' && r <= 'Z' || r == 'm' || r == 'w':
			w += 0.68
		default:
			w += 0.56
		}
	}
	return w * size
}

// Hit is the file whose hit box holds the point (device pixels), -1 when none.
func (s *Scene) Hit(x, y float64) int {
	for _, h := range s.Hits {
		if x >= h.X && x < h.X+h.W && y >= h.Y && y < h.Y+h.H {
			return h.File
		}
	}
	return -1
}

// HitOf is file f's hit box, ok false when it has none.
func (s *Scene) HitOf(f int) (Rect, bool) {
	for _, h := range s.Hits {
		if h.File == f {
			return h.Rect, true
		}
	}
	return Rect{}, false
}

// Neighbour is the file next to file f on the canvas in direction (dx, dy) (one of them ±1):
// the nearest hit box whose centre lies that way, -1 when none does. With no file selected
// (f < 0), the first file.
func (s *Scene) Neighbour(f, dx, dy int) int {
	if len(s.Hits) == 0 {
		return -1
	}
	from, ok := s.HitOf(f)
	if !ok {
		return s.Hits[0].File
	}
	cx, cy := from.X+from.W/2, from.Y+from.H/2
	best, bestD := -1, math.Inf(1)
	for _, h := range s.Hits {
		ex, ey := h.X+h.W/2-cx, h.Y+h.H/2-cy
		along := ex*float64(dx) + ey*float64(dy)
		if h.File == f || along <= 0.5 {
			continue
		}
		across := math.Abs(ex*float64(dy)) + math.Abs(ey*float64(dx))
		if across > along*2 {
			continue // more beside than ahead
		}
		if d := along + 3*across; d < bestD {
			best, bestD = h.File, d
		}
	}
	return best
}
