package view

import "testing"

// The line through the key space is named, by the curve its layout orders cells along, where
// it fits beside the y axis's name; append order draws no curve and names none.
func TestKeySpaceNamesItsCurve(t *testing.T) {
	base := panelAnswer(t, "two-keys")
	var c Composer
	for _, tc := range []struct{ layout, name string }{{"zorder", "Z-order curve"}, {"hilbert", "Hilbert curve"}, {"append", ""}} {
		res := *base
		res.Layout = tc.layout
		for _, size := range [][3]float64{{1280 - 320, 900, 1}, {390, 464, 3}, {320, 400, 2}} {
			s := c.Panel(PanelFigure{Result: &res, Selected: -1}, size[0]*size[2], size[1]*size[2], size[2], ThemeNamed("light"))
			var named *Label
			for _, l := range labelsOf(s, "legend") {
				if l.Text == "Z-order curve" || l.Text == "Hilbert curve" {
					named = &l
				}
			}
			switch {
			case tc.name == "" && named != nil:
				t.Errorf("%s %gpx: names a curve %q it does not draw", tc.layout, size[0], named.Text)
			case tc.name != "" && named == nil && size[0] >= 960:
				t.Errorf("%s %gpx: the curve is not named; legends %v", tc.layout, size[0], labelsOf(s, "legend"))
			case named != nil && named.Text != tc.name:
				t.Errorf("%s %gpx: the curve is named %q", tc.layout, size[0], named.Text)
			case named != nil:
				e := named.Extent()
				for _, a := range labelsOf(s, "axis-name") {
					ea := a.Extent()
					if e.X < ea.X+ea.W && ea.X < e.X+e.W && e.Y < ea.Y+ea.H && ea.Y < e.Y+e.H {
						t.Errorf("%s %gpx: the curve's name overlaps %q", tc.layout, size[0], a.Text)
					}
				}
				if e.X+e.W > s.W+1 {
					t.Errorf("%s %gpx: the curve's name leaves the canvas", tc.layout, size[0])
				}
			}
		}
	}
	one := *base
	one.Layout, one.Keys = "zorder", base.Keys[:1]
	s := c.Panel(PanelFigure{Result: &one, Selected: -1}, 960, 900, 1, ThemeNamed("light"))
	if hasText(s, "Z-order curve") {
		t.Error("one key draws no curve, yet one is named")
	}
}
