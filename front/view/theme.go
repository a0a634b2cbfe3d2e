package view

import (
	"image/color"
	"math"
	"strings"

	"layoutlab/assets"
)

// Theme is the figure's colours by role (assets/palettes/theme.txt).
type Theme struct {
	Name                                     string
	Background, Text, Muted, Axis, Gridline  color.RGBA
	Frame, Bar, BarDay, Amp, Lookup, Event   color.RGBA
	Day, Read, Selected, Sealed, Open, Curve color.RGBA
	Cross                                    color.RGBA
	Dark                                     bool
}

// themeRoles are the roles of assets/palettes/theme.txt in the order of themeFields' fields.
const themeRoles = "background text muted axis gridline frame bar bar-day amp lookup event day read selected sealed open curve cross"

// themeFields are t's colours in themeRoles' order: one loop fills them (a call per role cost
// the widget's wasm 11 kB).
func themeFields(t *Theme) []*color.RGBA {
	return []*color.RGBA{&t.Background, &t.Text, &t.Muted, &t.Axis, &t.Gridline, &t.Frame, &t.Bar, &t.BarDay,
		&t.Amp, &t.Lookup, &t.Event, &t.Day, &t.Read, &t.Selected, &t.Sealed, &t.Open, &t.Curve, &t.Cross}
}

// ThemeNamed is the theme of that name ("light" or "dark"); any other name is light.
func ThemeNamed(name string) Theme {
	if name != "dark" {
		name = "light"
	}
	c := assets.Themes[name]
	t := Theme{Name: name, Dark: name == "dark"}
	fields := themeFields(&t)
	for i, r := range strings.Fields(themeRoles) {
		v, ok := c[r]
		if !ok {
			panic("view: theme " + name + " has no colour for " + r + " (assets/palettes/theme.txt)")
		}
		*fields[i] = v
	}
	return t
}

// Skipped is a skipped file's fill: its span colour three quarters of the way to the background.
func (t Theme) Skipped(c color.RGBA) color.RGBA {
	b := t.Background
	mix := func(x, y uint8) uint8 { return uint8((int(x) + 3*int(y) + 2) / 4) }
	return color.RGBA{mix(c.R, b.R), mix(c.G, b.G), mix(c.B, b.B), 0xff}
}

// On is the text colour legible on fill c: the theme's dark or light text, whichever contrasts
// more.
func On(c color.RGBA) color.RGBA {
	black, white := color.RGBA{0x1b, 0x1b, 0x1b, 0xff}, color.RGBA{0xff, 0xff, 0xff, 0xff}
	if Contrast(c, black) >= Contrast(c, white) {
		return black
	}
	return white
}

// Luminance is WCAG 2's relative luminance of an opaque colour.
func Luminance(c color.RGBA) float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// Contrast is WCAG 2's contrast ratio of two opaque colours, 1 to 21.
func Contrast(a, b color.RGBA) float64 {
	la, lb := Luminance(a), Luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

func pow(x, y float64) float64 { return math.Pow(x, y) }

func withAlpha(c color.RGBA, a uint8) color.RGBA { c.A = a; return c }
