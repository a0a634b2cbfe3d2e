package view

import (
	"bufio"
	"encoding/xml"
	"image/color"
	"io"
	"math"
	"strconv"
)

// Baseline is the y of the label's baseline: its line box is 1.25 times its size, as the DOM
// overlay sets it, and a sans-serif font's ascent is about 0.9 of its size.
func (l Label) Baseline() float64 { return l.Y + l.Size*1.025 }

// svgAnchor is text-anchor for an Anchor.
var svgAnchor = [...]string{"start", "middle", "end"}

// FontFamily is the figure's font, on the canvas's overlay and in the SVG.
const FontFamily = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"

// WriteSVG writes the scene as an SVG document at its CSS size (W/Scale × H/Scale), its
// coordinates in device pixels (the viewBox), the summary as its title, each label a <text>.
func (s *Scene) WriteSVG(w io.Writer) error {
	b := bufio.NewWriter(w)
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
	xml.EscapeText(b, []byte(s.Summary))
	b.WriteString("</title>\n")
	s.writeBody(b)
	b.WriteString("</svg>\n")
	return b.Flush()
}

// WriteSVGThemes writes one SVG holding the scene in two themes, light and dark, shown by the
// reader's prefers-color-scheme; both scenes must be the same figure at the same size.
func WriteSVGThemes(w io.Writer, light, dark *Scene) error {
	b := bufio.NewWriter(w)
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="summary" width="`)
	num(b, light.W/light.Scale)
	b.WriteString(`" height="`)
	num(b, light.H/light.Scale)
	b.WriteString(`" viewBox="0 0 `)
	num(b, light.W)
	b.WriteByte(' ')
	num(b, light.H)
	b.WriteString(`">`)
	b.WriteString("\n<title id=\"summary\">")
	xml.EscapeText(b, []byte(light.Summary))
	b.WriteString("</title>\n<style>.theme-dark{display:none}@media (prefers-color-scheme: dark){.theme-light{display:none}.theme-dark{display:inline}}</style>\n")
	for _, sc := range []*Scene{light, dark} {
		b.WriteString(`<g class="theme-` + sc.Theme.Name + `">` + "\n")
		sc.writeBody(b)
		b.WriteString("</g>\n")
	}
	b.WriteString("</svg>\n")
	return b.Flush()
}

// writeBody writes the shapes in paint order, then the labels.
func (s *Scene) writeBody(b *bufio.Writer) {
	for _, sh := range s.Shapes {
		r := sh.Rect
		switch sh.Kind {
		case FillRect:
			b.WriteString(`<rect x="`)
			num(b, r.X)
			b.WriteString(`" y="`)
			num(b, r.Y)
			b.WriteString(`" width="`)
			num(b, r.W)
			b.WriteString(`" height="`)
			num(b, r.H)
			b.WriteString(`"`)
			paint(b, "fill", sh.Color)
		case StrokeRect:
			b.WriteString(`<rect x="`)
			num(b, r.X)
			b.WriteString(`" y="`)
			num(b, r.Y)
			b.WriteString(`" width="`)
			num(b, r.W)
			b.WriteString(`" height="`)
			num(b, r.H)
			b.WriteString(`" fill="none"`)
			strokeAttrs(b, sh)
		case Line:
			b.WriteString(`<line x1="`)
			num(b, r.X)
			b.WriteString(`" y1="`)
			num(b, r.Y)
			b.WriteString(`" x2="`)
			num(b, r.X+r.W)
			b.WriteString(`" y2="`)
			num(b, r.Y+r.H)
			b.WriteString(`" stroke-linecap="square"`)
			strokeAttrs(b, sh)
		case Polyline:
			b.WriteString(`<polyline points="`)
			for i, p := range sh.Points {
				if i > 0 {
					b.WriteByte(' ')
				}
				num(b, p[0])
				b.WriteByte(',')
				num(b, p[1])
			}
			b.WriteString(`" fill="none" stroke-linejoin="round"`)
			strokeAttrs(b, sh)
		}
		b.WriteString("/>\n")
	}
	b.WriteString(`<g font-family="` + FontFamily + `">` + "\n")
	for _, l := range s.Labels {
		b.WriteString(`<text class="`)
		xml.EscapeText(b, []byte(l.Role))
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
		paint(b, "fill", l.Color)
		b.WriteString(">")
		xml.EscapeText(b, []byte(l.Text))
		b.WriteString("</text>\n")
	}
	b.WriteString("</g>\n")
}

func strokeAttrs(b *bufio.Writer, sh Shape) {
	paint(b, "stroke", sh.Color)
	b.WriteString(` stroke-width="`)
	num(b, sh.Width)
	b.WriteString(`"`)
}

// paint writes attr="#rrggbb", and attr-opacity when the colour is not opaque.
func paint(b *bufio.Writer, attr string, c color.RGBA) {
	b.WriteString(" " + attr + `="#`)
	const hex = "0123456789abcdef"
	for _, v := range []uint8{c.R, c.G, c.B} {
		b.WriteByte(hex[v>>4])
		b.WriteByte(hex[v&15])
	}
	b.WriteString(`"`)
	if c.A != 0xff {
		b.WriteString(" " + attr + `-opacity="`)
		b.WriteString(strconv.FormatFloat(math.Round(float64(c.A)/255*1000)/1000, 'f', -1, 64))
		b.WriteString(`"`)
	}
}

// num writes v to a tenth of a device pixel.
func num(b *bufio.Writer, v float64) {
	var buf [32]byte
	b.Write(strconv.AppendFloat(buf[:0], math.Round(v*10)/10, 'f', -1, 64))
}
