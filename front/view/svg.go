package view

import (
	"bufio"
	"bytes"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"
)

// Baseline is the y of the label's baseline: its line box is 1.25 times its size, as the DOM
// overlay sets it, and a sans-serif font's ascent is about 0.9 of its size.
func (l Label) Baseline() float64 { return l.Y + l.Size*1.025 }

// escape writes text as XML character data or an attribute's value (encoding/xml would add
// its whole package to the widget's wasm for this).
var escape = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

// svgAnchor is text-anchor for an Anchor.
var svgAnchor = [...]string{"start", "middle", "end"}

// FontFamily is the figure's font, on the canvas's overlay and in the SVG.
const FontFamily = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"

// WriteSVG writes the scene as an SVG document at its CSS size (W/Scale × H/Scale), its
// coordinates in device pixels (the viewBox), the summary as its title, each label a <text>.
func (s *Scene) WriteSVG(w io.Writer) error {
	b := bufio.NewWriter(w)
	svgHeader(b, s)
	s.writeBody(b, inline{s})
	b.WriteString("</svg>\n")
	return b.Flush()
}

// svgHeader opens the document: its CSS size, its viewBox in device pixels, the summary as its
// title.
func svgHeader(b *bufio.Writer, s *Scene) {
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="summary" width="`)
	num(b, s.W/s.Scale)
	b.WriteString(`" height="`)
	num(b, s.H/s.Scale)
	b.WriteString(`" viewBox="0 0 `)
	num(b, s.W)
	b.WriteByte(' ')
	num(b, s.H)
	b.WriteString(`">`)
	b.WriteString("\n<title id=\"summary\">")
	escape.WriteString(b, s.Summary)
	b.WriteString("</title>\n")
}

// WriteSVGThemes writes one SVG holding the scene in two themes, light and dark, shown by the
// reader's prefers-color-scheme; both scenes must be the same figure at the same size. When the
// two differ only in colour (the themes' usual case) the shapes and labels are written once,
// each coloured by a class whose colour the style sheet sets for each theme: the poster is
// about the size of one theme's, not two.
func WriteSVGThemes(w io.Writer, light, dark *Scene) error {
	b := bufio.NewWriter(w)
	svgHeader(b, light)
	if sameButColour(light, dark) {
		c := &classes{light: light, dark: dark, names: map[classKey]string{}}
		var body bytes.Buffer
		bb := bufio.NewWriter(&body)
		light.writeBody(bb, c)
		bb.Flush()
		b.WriteString("<style>")
		c.writeCSS(b)
		b.WriteString("</style>\n")
		b.Write(body.Bytes())
		b.WriteString("</svg>\n")
		return b.Flush()
	}
	b.WriteString("<style>.theme-dark{display:none}@media (prefers-color-scheme: dark){.theme-light{display:none}.theme-dark{display:inline}}</style>\n")
	for _, sc := range []*Scene{light, dark} {
		b.WriteString(`<g class="theme-` + sc.Theme.Name + `">` + "\n")
		sc.writeBody(b, inline{sc})
		b.WriteString("</g>\n")
	}
	b.WriteString("</svg>\n")
	return b.Flush()
}

// sameButColour: the two scenes draw the same shapes and labels, in the same order, but for
// their colours.
func sameButColour(a, b *Scene) bool {
	if len(a.Shapes) != len(b.Shapes) || len(a.Labels) != len(b.Labels) {
		return false
	}
	for i, s := range a.Shapes {
		t := b.Shapes[i]
		if s.Kind != t.Kind || s.Rect != t.Rect || s.Width != t.Width || len(s.Points) != len(t.Points) {
			return false
		}
		for k, p := range s.Points {
			if p != t.Points[k] {
				return false
			}
		}
	}
	for i, l := range a.Labels {
		m := b.Labels[i]
		m.Color = l.Color
		if l != m {
			return false
		}
	}
	return true
}

// painter colours what writeBody writes: shape i's attr (fill or stroke), label i's fill.
type painter interface {
	shape(b *bufio.Writer, attr string, i int)
	label(b *bufio.Writer, i int)
	labelClass(i int) string // a class to add to the label's own (its role), "" for none
	sameShapeColour(i, j int) bool
}

// inline writes each colour as the element's own attributes.
type inline struct{ s *Scene }

func (p inline) shape(b *bufio.Writer, attr string, i int) { paint(b, attr, p.s.Shapes[i].Color) }
func (p inline) label(b *bufio.Writer, i int)              { paint(b, "fill", p.s.Labels[i].Color) }
func (p inline) labelClass(int) string                     { return "" }
func (p inline) sameShapeColour(i, j int) bool             { return p.s.Shapes[i].Color == p.s.Shapes[j].Color }

// classes writes each colour as a class named for its pair of colours, light and dark.
type classes struct {
	light, dark *Scene
	names       map[classKey]string
	order       []classKey
}

type classKey struct {
	attr        string
	light, dark color.RGBA
}

func (c *classes) class(b *bufio.Writer, k classKey) {
	b.WriteString(` class="` + c.name(k) + `"`)
}

func (c *classes) name(k classKey) string {
	n, ok := c.names[k]
	if !ok {
		n = "c" + strconv.Itoa(len(c.order))
		c.names[k] = n
		c.order = append(c.order, k)
	}
	return n
}

func (c *classes) shape(b *bufio.Writer, attr string, i int) {
	c.class(b, classKey{attr, c.light.Shapes[i].Color, c.dark.Shapes[i].Color})
}

func (c *classes) label(*bufio.Writer, int) {} // its class says (labelClass)

func (c *classes) labelClass(i int) string {
	return c.name(classKey{"fill", c.light.Labels[i].Color, c.dark.Labels[i].Color})
}

func (c *classes) sameShapeColour(i, j int) bool {
	return c.light.Shapes[i].Color == c.light.Shapes[j].Color && c.dark.Shapes[i].Color == c.dark.Shapes[j].Color
}

// writeCSS writes every class's light colour, then its dark one for prefers-color-scheme: dark.
func (c *classes) writeCSS(b *bufio.Writer) {
	rules := func(dark bool) {
		for _, k := range c.order {
			col := k.light
			if dark {
				col = k.dark
			}
			b.WriteString("." + c.names[k] + "{" + k.attr + ":")
			hexColour(b, col)
			if col.A != 0xff {
				b.WriteString(";" + k.attr + "-opacity:" + opacity(col))
			}
			b.WriteString("}")
		}
	}
	rules(false)
	b.WriteString("@media (prefers-color-scheme: dark){")
	rules(true)
	b.WriteString("}")
}

// writeBody writes the shapes in paint order, then the labels. Filled rects of one colour are
// one <path> of relative moves (a timeline's 2,400 files, a poster of a few KB instead of a few
// hundred): a rect joins an earlier one's path when no shape painted between the two overlaps
// it, so every pixel is painted as in the Scene's order.
func (s *Scene) writeBody(b *bufio.Writer, pt painter) {
	done := make([]bool, len(s.Shapes))
	for i := 0; i < len(s.Shapes); i++ {
		if done[i] {
			continue
		}
		sh := s.Shapes[i]
		switch sh.Kind {
		case FillRect:
			s.writeFills(b, s.fillGroup(i, done, pt))
			pt.shape(b, "fill", i)
		case StrokeRect:
			writeRectOutline(b, sh.Rect)
			strokeAttrs(b, sh, pt, i)
		case Line:
			writeLine(b, sh.Rect)
			strokeAttrs(b, sh, pt, i)
		case Polyline:
			writePolyline(b, sh.Points)
			strokeAttrs(b, sh, pt, i)
		}
		b.WriteString("/>\n")
	}
	s.writeLabels(b, pt)
}

// writeFills opens a path of the filled rects group (indexes into s.Shapes), one subpath each.
func (s *Scene) writeFills(b *bufio.Writer, group []int) {
	b.WriteString(`<path d="`)
	var x, y float64 // the pen: each rect's subpath ends where it began
	for k, j := range group {
		r := s.Shapes[j].Rect
		rx, ry, rw, rh := round1(r.X), round1(r.Y), round1(r.W), round1(r.H)
		if k == 0 {
			b.WriteByte('M')
		} else {
			b.WriteByte('m')
		}
		pathNum(b, rx-x)
		if round1(ry-y) >= 0 { // a minus sign separates the two numbers itself
			b.WriteByte(' ')
		}
		pathNum(b, ry-y)
		b.WriteByte('h')
		pathNum(b, rw)
		b.WriteByte('v')
		pathNum(b, rh)
		b.WriteByte('h')
		pathNum(b, -rw)
		b.WriteByte('z')
		x, y = rx, ry
	}
	b.WriteString(`"`)
}

// writeRectOutline opens a rect element of r, unfilled.
func writeRectOutline(b *bufio.Writer, r Rect) {
	b.WriteString(`<rect x="`)
	num(b, r.X)
	b.WriteString(`" y="`)
	num(b, r.Y)
	b.WriteString(`" width="`)
	num(b, r.W)
	b.WriteString(`" height="`)
	num(b, r.H)
	b.WriteString(`" fill="none"`)
}

// writeLine opens a line element from r's corner to its opposite one.
func writeLine(b *bufio.Writer, r Rect) {
	b.WriteString(`<line x1="`)
	num(b, r.X)
	b.WriteString(`" y1="`)
	num(b, r.Y)
	b.WriteString(`" x2="`)
	num(b, r.X+r.W)
	b.WriteString(`" y2="`)
	num(b, r.Y+r.H)
	b.WriteString(`" stroke-linecap="square"`)
}

// writePolyline opens a polyline element through points.
func writePolyline(b *bufio.Writer, points [][2]float64) {
	b.WriteString(`<polyline points="`)
	for i, p := range points {
		if i > 0 {
			b.WriteByte(' ')
		}
		num(b, p[0])
		b.WriteByte(',')
		num(b, p[1])
	}
	b.WriteString(`" fill="none" stroke-linejoin="round"`)
}

// writeLabels writes the scene's labels, in one group of the page's font.
func (s *Scene) writeLabels(b *bufio.Writer, pt painter) {
	b.WriteString(`<g font-family="` + FontFamily + `">` + "\n")
	for i, l := range s.Labels {
		b.WriteString(`<text class="`)
		escape.WriteString(b, l.Role)
		if c := pt.labelClass(i); c != "" {
			b.WriteString(" " + c)
		}
		b.WriteString(`" x="`)
		num(b, l.X)
		b.WriteString(`" y="`)
		num(b, l.Baseline())
		b.WriteString(`" font-size="`)
		num(b, l.Size)
		b.WriteString(`"`)
		if l.Anchor != AnchorStart {
			b.WriteString(` text-anchor="` + svgAnchor[l.Anchor] + `"`)
		}
		if l.Bold {
			b.WriteString(` font-weight="600"`)
		}
		pt.label(b, i)
		b.WriteString(">")
		escape.WriteString(b, l.Text)
		b.WriteString("</text>\n")
	}
	b.WriteString("</g>\n")
}

// fillGroup is the filled rect i and the later filled rects of its colour that may be painted
// with it (none of the shapes between overlaps them), marked done; it looks at most
// groupWindow shapes ahead.
func (s *Scene) fillGroup(i int, done []bool, pt painter) []int {
	const groupWindow = 4096
	group := []int{i}
	done[i] = true
	var between []Rect
	for j := i + 1; j < len(s.Shapes) && j < i+groupWindow; j++ {
		if done[j] {
			continue
		}
		sh := s.Shapes[j]
		if sh.Kind == FillRect && pt.sameShapeColour(i, j) && !overlapsAny(sh.Rect, between) {
			group = append(group, j)
			done[j] = true
			continue
		}
		between = append(between, sh.bounds())
		if len(between) > 256 {
			break
		}
	}
	return group
}

// bounds is the box the shape paints in, its stroke included.
func (sh Shape) bounds() Rect {
	x0, y0, x1, y1 := sh.Rect.X, sh.Rect.Y, sh.Rect.X+sh.Rect.W, sh.Rect.Y+sh.Rect.H
	if sh.Kind == Polyline && len(sh.Points) > 0 {
		x0, y0, x1, y1 = sh.Points[0][0], sh.Points[0][1], sh.Points[0][0], sh.Points[0][1]
		for _, p := range sh.Points {
			x0, y0, x1, y1 = min(x0, p[0]), min(y0, p[1]), max(x1, p[0]), max(y1, p[1])
		}
	}
	x0, x1 = min(x0, x1), max(x0, x1)
	y0, y1 = min(y0, y1), max(y0, y1)
	if sh.Kind != FillRect {
		x0, y0, x1, y1 = x0-sh.Width, y0-sh.Width, x1+sh.Width, y1+sh.Width
	}
	return Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

// overlapsAny: r's inside meets one of rs's (rects that only touch do not overlap).
func overlapsAny(r Rect, rs []Rect) bool {
	for _, q := range rs {
		if r.X < q.X+q.W && q.X < r.X+r.W && r.Y < q.Y+q.H && q.Y < r.Y+r.H {
			return true
		}
	}
	return false
}

func strokeAttrs(b *bufio.Writer, sh Shape, pt painter, i int) {
	pt.shape(b, "stroke", i)
	b.WriteString(` stroke-width="`)
	num(b, sh.Width)
	b.WriteString(`"`)
}

// paint writes attr="#rrggbb", and attr-opacity when the colour is not opaque.
func paint(b *bufio.Writer, attr string, c color.RGBA) {
	b.WriteString(" " + attr + `="`)
	hexColour(b, c)
	b.WriteString(`"`)
	if c.A != 0xff {
		b.WriteString(" " + attr + `-opacity="` + opacity(c) + `"`)
	}
}

// hexColour writes #rrggbb.
func hexColour(b *bufio.Writer, c color.RGBA) {
	const hex = "0123456789abcdef"
	b.WriteByte('#')
	for _, v := range []uint8{c.R, c.G, c.B} {
		b.WriteByte(hex[v>>4])
		b.WriteByte(hex[v&15])
	}
}

// opacity is the colour's alpha as a fraction, to three decimals.
func opacity(c color.RGBA) string {
	return strconv.FormatFloat(math.Round(float64(c.A)/255*1000)/1000, 'f', -1, 64)
}

// round1 is v to a tenth of a device pixel, as num writes it: relative moves between rounded
// points add up to the rounded point, with no drift.
func round1(v float64) float64 { return math.Round(v*10) / 10 }

// pathNum is num without a leading zero (".3", "-.3"), as path data allows.
func pathNum(b *bufio.Writer, v float64) {
	var buf [32]byte
	t := strconv.AppendFloat(buf[:0], math.Round(v*10)/10, 'f', -1, 64)
	switch {
	case len(t) > 1 && t[0] == '0' && t[1] == '.':
		t = t[1:]
	case len(t) > 2 && t[0] == '-' && t[1] == '0' && t[2] == '.':
		t = append(t[:1], t[2:]...)
	}
	b.Write(t)
}

// num writes v to a tenth of a device pixel.
func num(b *bufio.Writer, v float64) {
	var buf [32]byte
	b.Write(strconv.AppendFloat(buf[:0], math.Round(v*10)/10, 'f', -1, 64))
}
