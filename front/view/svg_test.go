package view

import (
	"bytes"
	"image/color"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestSVGPathsPaintEveryRectOnce: the poster's paths (filled rects of one colour grouped) hold
// every filled rect of the Scene once, at its place to a tenth of a pixel, in its colour, and a
// rect is grouped ahead of a shape painted before it only where the two do not overlap.
func TestSVGPathsPaintEveryRectOnce(t *testing.T) {
	red, blue := color.RGBA{200, 0, 0, 255}, color.RGBA{0, 0, 200, 255}
	s := &Scene{W: 100, H: 100, Scale: 1}
	// A grid of cells alternating colours, then a blue rect over a red cell, and a red one
	// painted over that blue one, which must stay above it.
	for i := 0; i < 20; i++ {
		c := red
		if i%2 == 1 {
			c = blue
		}
		s.fill(Rect{X: float64(i%5) * 10.33, Y: float64(i/5) * 7.25, W: 9.5, H: 6.5}, c)
	}
	s.fill(Rect{X: 0, Y: 0, W: 5, H: 5}, blue)
	s.fill(Rect{X: 1, Y: 1, W: 2, H: 2}, red)
	var b bytes.Buffer
	if err := s.WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	type placed struct {
		r    [4]float64
		fill string
	}
	var got []placed
	const n = `-?[0-9]*\.?[0-9]+`
	for _, m := range regexp.MustCompile(`<path d="([^"]*)" fill="(#[0-9a-f]+)"`).FindAllStringSubmatch(b.String(), -1) {
		var x, y float64
		for _, sub := range regexp.MustCompile(`([Mm])(`+n+`) ?(`+n+`)h(`+n+`)v(`+n+`)h(`+n+`)z`).FindAllStringSubmatch(m[1], -1) {
			f := func(k int) float64 { v, _ := strconv.ParseFloat(strings.TrimSpace(sub[k]), 64); return v }
			if sub[1] == "M" {
				x, y = f(2), f(3)
			} else {
				x, y = x+f(2), y+f(3)
			}
			got = append(got, placed{[4]float64{round1(x), round1(y), f(4), f(5)}, m[2]})
		}
	}
	if len(got) != len(s.Shapes) {
		t.Fatalf("%d rects in the paths, want %d:\n%s", len(got), len(s.Shapes), b.String())
	}
	hex := func(c color.RGBA) string {
		return "#" + strconv.FormatUint(uint64(c.R)<<16|uint64(c.G)<<8|uint64(c.B), 16)
	}
	at := map[[4]float64]int{}
	for k, p := range got {
		at[p.r] = k
	}
	for i, sh := range s.Shapes {
		r := [4]float64{round1(sh.Rect.X), round1(sh.Rect.Y), round1(sh.Rect.W), round1(sh.Rect.H)}
		k, ok := at[r]
		if !ok {
			t.Errorf("rect %d %v is in no path", i, r)
			continue
		}
		if want := strings.TrimLeft(hex(sh.Color), "#"); strings.TrimLeft(strings.TrimLeft(got[k].fill, "#"), "0") != strings.TrimLeft(want, "0") {
			t.Errorf("rect %d painted %s, want %s", i, got[k].fill, hex(sh.Color))
		}
	}
	// The last red rect lies on the blue one before it: painted after it.
	if at[[4]float64{1, 1, 2, 2}] < at[[4]float64{0, 0, 5, 5}] {
		t.Error("a rect was grouped ahead of a shape it overlaps")
	}
}

// TestSVGThemesShareTheShapes: two themes of one figure are written once, each element with
// one class attribute (a label's role and its colour's class together), its colours in the
// style sheet, light then dark under prefers-color-scheme.
func TestSVGThemesShareTheShapes(t *testing.T) {
	scene := func(bg, ink color.RGBA, name string) *Scene {
		s := &Scene{W: 100, H: 50, Scale: 1, Theme: Theme{Name: name}}
		s.fill(Rect{W: 100, H: 50}, bg)
		s.line(0, 10, 100, 10, 1, ink)
		s.text(5, 20, "day 60", 12, AnchorStart, ink, "axis")
		return s
	}
	light := scene(color.RGBA{255, 255, 255, 255}, color.RGBA{17, 17, 17, 255}, "light")
	dark := scene(color.RGBA{22, 24, 28, 255}, color.RGBA{238, 238, 238, 255}, "dark")
	var b bytes.Buffer
	if err := WriteSVGThemes(&b, light, dark); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	if n := strings.Count(svg, "<text"); n != 1 {
		t.Errorf("%d labels, want the one written once:\n%s", n, svg)
	}
	if regexp.MustCompile(`<[a-z]+[^>]* class="[^"]*"[^>]* class=`).MatchString(svg) {
		t.Errorf("an element has two class attributes:\n%s", svg)
	}
	if !regexp.MustCompile(`<text class="axis c[0-9]+"`).MatchString(svg) {
		t.Errorf("the label's class is not its role and its colour's:\n%s", svg)
	}
	for _, want := range []string{"fill:#ffffff", "fill:#111111", "@media (prefers-color-scheme: dark){", "fill:#16181c", "fill:#eeeeee", "stroke:#eeeeee"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the style sheet lacks %s:\n%s", want, svg)
		}
	}
}
