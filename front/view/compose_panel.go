package view

import (
	"math"
	"strings"

	"layoutlab/engine/panel"
	"layoutlab/engine/readout"
)

// Composer composes the widget's Scene frame after frame, reusing its arrays: a files-slider
// drag composes thousands of cells a frame, and a day-slider drag thousands of files.
type Composer struct {
	scene  Scene
	files  []FileCell
	curves map[string][][2]float64 // layout → CurvePath(layout, 4), in [0,1]²
	curve  [][2]float64            // the curve in device pixels
	// The timeline's day grid: its groups, kept while the day is the same (dayGen).
	groupedFor int
	grouped    bool
	dayGroups  DayGroups
	groups     []Group
	groupOrder []int
	cells      []Cell
	frames     []Frame
	series     Series
}

// PanelFigure is what the statistics panel's picture shows.
type PanelFigure struct {
	Result   *panel.Result
	ColorKey string // the key whose span colours the files ("" = the first key)
	Selected int    // the file selected, -1 for none
}

// layoutNames are the panel's layouts as the pictures name them.
var layoutNames = map[string]string{
	"hilbert": "the Hilbert curve (liquid clustering)",
	"zorder":  "Z-order",
	"orderby": "ORDER BY",
	"append":  "append order",
}

// Panel composes the statistics panel's picture at w×h device pixels, scale device pixels per
// CSS pixel: a legend ramp, the file grid (a cell per file, coloured by its span of the colour
// key, read files outlined, skipped ones dimmed and crossed out) and the key space (each file's
// min/max box on the first two keys, with the keys' names and values on its axes). The Scene
// is c's, valid until its next call.
func (c *Composer) Panel(f PanelFigure, w, h, scale float64, th Theme) *Scene {
	s := &c.scene
	s.reset(w, h, scale, th)
	res := f.Result
	u := scale
	pad := 12 * u
	if res == nil {
		s.fill(Rect{0, 0, w, h}, th.Background)
		return s
	}
	key := f.ColorKey
	if key == "" && len(res.Keys) > 0 {
		key = res.Keys[0]
	}
	s.Summary = panelSummary(res, key)
	pf := panelFrameOf(res, w, h, u)

	// Background: everything but the grid, then the grid's gaps, so no pixel is painted twice
	// under the cells (each pass over the canvas costs a frame without a GPU).
	c.files = c.files[:0]
	for i := range res.Files {
		fl := &res.Files[i]
		c.files = append(c.files, FileCell{Span: fl.Span(key), Read: fl.Read})
	}
	grid := Rect{X: pad, Y: pf.gridTop, W: pf.gridW, H: pf.gridH - pf.gridTop}
	for _, r := range Around(Rect{W: w, H: h}, grid) {
		s.fill(r, th.Background)
	}
	for _, r := range GridGaps(len(c.files), pf.gridW, pf.gridH, pf.gridTop, 1) {
		s.fill(Rect{pad + r.X, r.Y, r.W, r.H}, th.Background)
	}
	s.ramp(Rect{pad, pf.rampY, w - 2*pad, 8 * u}, key)
	c.gridTitle(res, pf)
	c.gridCells(f, pf)
	c.keySpace(f, pf.ks, pf.lm, panelTickCSS)
	return s
}

// panelTickCSS is the size, in CSS px, of the key space's tick labels.
const panelTickCSS = 10.0

// panelFrame is where the panel's parts go, in device pixels: the legend's ramp across the
// top, the grid's title under it, the grid, and the key space beside the grid (below it on a
// narrow canvas) with room for its axes' labels.
type panelFrame struct {
	pad, rampY, headerB, gridTop float64
	gridW, gridH                 float64 // the grid's lattice is laid out below gridTop in [0,gridH]
	ks                           Rect    // the key space's square
	lm                           float64 // its left margin, for the second key's values
}

func panelFrameOf(res *panel.Result, w, h, u float64) panelFrame {
	pf := panelFrame{pad: 12 * u}
	pad := pf.pad
	pf.rampY = pad + 15*u
	pf.headerB = pf.rampY + 8*u + 8*u
	pf.gridTop = pf.headerB + 18*u
	const tick = panelTickCSS
	lm := 0.0
	if len(res.Keys) >= 2 {
		for _, t := range axisTicksOf(res.Axes, res.Keys[1]) {
			lm = math.Max(lm, TextWidth(t.Value, tick*u))
		}
		lm += 6 * u
	}
	tm, bm := 18*u, (tick*1.25+4+12*1.25+2)*u
	pf.gridW, pf.gridH = w-2*pad, h-pad
	if w >= h*0.8 && w >= 560*u { // side by side
		lm = math.Min(lm, w*0.15)
		side := math.Max(math.Min(h-pf.gridTop-pad-bm, w*0.42-lm), 0)
		pf.gridW = w - 3*pad - lm - side
		pf.ks = Rect{X: w - pad - side, Y: pf.gridTop, W: side, H: side}
	} else {
		lm = math.Min(lm, w*0.3)
		side := math.Max(math.Min(w-2*pad-lm, (h-pf.gridTop)*0.5-tm-bm), 0)
		pf.gridH = h - 2*pad - side - tm - bm
		pf.ks = Rect{X: pad + lm, Y: pf.gridH + pad + tm, W: side, H: side}
	}
	pf.lm = lm
	return pf
}

// gridTitle draws the grid's title (files, read) and, right-aligned where it fits beside it,
// the key to the cells' marks: a read file's swatch, then a skipped one's.
func (c *Composer) gridTitle(res *panel.Result, pf panelFrame) {
	s, th, u := &c.scene, c.scene.Theme, c.scene.Scale
	pad, gridW, headerB := pf.pad, pf.gridW, pf.headerB
	title := Thousands(int64(res.FilesTotal)) + " files, " + Thousands(int64(res.FilesRead)) + " read"
	if strings.TrimSpace(res.Where) == "" {
		title = Thousands(int64(res.FilesTotal)) + " files, all read (no WHERE)"
	}
	if res.Error != nil && res.Layout == "append" && len(res.Files) > 0 && TextWidth(title+" · unclustered", 12*u) <= gridW {
		title += " · unclustered" // Delta refused the layout: the table as written
	}
	s.text(pad, headerB, title, 12, AnchorStart, th.Text, "title").Bold = true
	kx := pad + gridW
	sw := 10 * u
	for _, k := range []struct {
		name string
		read bool
	}{{"skipped: crossed", false}, {"read: outlined", true}} {
		tw := TextWidth(k.name, 11*u)
		if kx-tw-sw-10*u < pad+TextWidth(title, 12*u)+8*u {
			break // no room beside the title
		}
		kx -= tw
		s.text(kx, headerB+u, k.name, 11, AnchorStart, th.Muted, "legend")
		kx -= sw + 4*u
		// The marks alone, as the cells carry them over their span colour (the ramp's).
		r := Rect{kx, headerB + 2*u, sw, sw}
		if k.read {
			s.stroke(Rect{r.X + u, r.Y + u, r.W - 2*u, r.H - 2*u}, 2*u, th.Read)
		} else {
			s.stroke(r, u, th.Frame)
			s.line(r.X, r.Y, r.X+r.W, r.Y+r.H, u, th.Cross)
		}
		kx -= 10 * u
	}
}

// gridCells draws the files' cells (c.files), the read ones outlined, the skipped crossed, the
// selected ringed, and a partitioned table's named by their partition where the name fits.
func (c *Composer) gridCells(f PanelFigure, pf panelFrame) {
	s, th, u := &c.scene, c.scene.Theme, c.scene.Scale
	res := f.Result
	cells := GridLayout(c.files, pf.gridW, pf.gridH, pf.gridTop)
	showNames := len(cells) > 0 && cells[0].W >= 34*u && cells[0].H >= 18*u && len(res.Files) > 0 && strings.Contains(res.Files[0].Path, "/")
	for i, cl := range cells {
		r := Rect{pf.pad + cl.X, cl.Y, cl.W, cl.H}
		s.Hits = append(s.Hits, HitBox{Rect: r, File: i})
		fill := cl.Fill
		if cl.Read {
			s.fill(r, fill)
			s.stroke(Rect{r.X + u, r.Y + u, r.W - 2*u, r.H - 2*u}, 2*u, th.Read)
		} else {
			fill = th.Skipped(fill)
			s.fill(r, fill)
			s.line(r.X, r.Y, r.X+r.W, r.Y+r.H, u, th.Cross)
		}
		if i == f.Selected {
			s.stroke(Rect{r.X - 2*u, r.Y - 2*u, r.W + 4*u, r.H + 4*u}, 3*u, th.Selected)
		}
		if showNames {
			name := fileName(&res.Files[i])
			if TextWidth(name, 10*u) < r.W-8*u {
				s.text(r.X+4*u, r.Y+3*u, name, 10, AnchorStart, On(fill), "file")
			}
		}
	}
}

// fileName is how a grid cell names its file: its partition directory.
func fileName(f *panel.File) string {
	if j := strings.LastIndexByte(f.Path, '/'); j > 0 {
		return strings.ReplaceAll(f.Path[:j], "/", " ")
	}
	return ""
}

// axisTicksOf is the key's axis ticks (nil when the engine gave none).
func axisTicksOf(axes []panel.Axis, key string) []panel.AxisTick {
	for _, a := range axes {
		if a.Column == key {
			return a.Ticks
		}
	}
	return nil
}

// keySpace draws each file's [min,max] box on the first two keys (rank positions) over the
// layout's curve, the keys named on the axes with their values at the ticks; with one key,
// each file is a bar at its own height.
func (c *Composer) keySpace(f PanelFigure, r Rect, lm, tick float64) {
	s, th, u := &c.scene, c.scene.Theme, c.scene.Scale
	res := f.Result
	if r.W < 40*u || len(res.Keys) == 0 {
		return
	}
	s.stroke(r, u, th.Frame)
	if len(res.Keys) >= 2 {
		c.keySpaceCurve(res.Layout, r)
	}
	n := c.keySpaceBoxes(f, r)
	c.lookupMark(res, r, n)
	c.keySpaceAxes(res, r, lm, tick)
}

// keySpaceCurve draws layout's curve (CurvePath, kept for each layout) across the square r.
func (c *Composer) keySpaceCurve(layout string, r Rect) {
	if c.curves == nil {
		c.curves = map[string][][2]float64{}
	}
	unit, ok := c.curves[layout]
	if !ok {
		unit = CurvePath(layout, 4)
		c.curves[layout] = unit
	}
	if unit == nil {
		return
	}
	c.curve = c.curve[:0]
	for _, q := range unit {
		c.curve = append(c.curve, [2]float64{r.X + q[0]*r.W, r.Y + r.H - q[1]*r.H})
	}
	c.scene.polyline(c.curve, c.scene.Scale, c.scene.Theme.Curve)
}

// keySpaceBoxes draws each file's box in r, coloured by its span on the colour key, and
// returns how many it drew: none when Delta keeps no statistics on the first key.
func (c *Composer) keySpaceBoxes(f PanelFigure, r Rect) int {
	s, th, u := &c.scene, c.scene.Theme, c.scene.Scale
	res := f.Result
	kx, ck := res.Keys[0], f.ColorKey
	if ck == "" {
		ck = kx
	}
	n := len(res.Files)
	if len(res.NoStats) > 0 && res.NoStats[0] == kx {
		// Delta keeps no min/max on the key: no box to draw, whatever the rows hold.
		t := "no statistics: no boxes"
		if TextWidth(t, 11*u) > r.W {
			t = t[:13]
		}
		s.text(r.X+r.W/2, r.Y+r.H/2, t, 11, AnchorMiddle, th.Text, "legend")
		return 0
	}
	px := func(v float64) float64 { return r.X + v*r.W }
	py := func(v float64) float64 { return r.Y + r.H - v*r.H }
	for i := range n {
		fl := &res.Files[i]
		bx, _ := fl.Box(kx)
		var y0, y1 float64
		if len(res.Keys) >= 2 {
			by, _ := fl.Box(res.Keys[1])
			y0, y1 = by[0], by[1]
		} else {
			y0, y1 = float64(i)/float64(n), float64(i+1)/float64(n)
		}
		col := viridisAt(fl.Span(ck))
		x, y := px(bx[0]), py(y1)
		b := Rect{x, y, math.Max(px(bx[1])-x, 1), math.Max(py(y0)-y, 1)}
		if fl.Read {
			s.fill(b, withAlpha(col, 0x50))
			s.stroke(b, 1.5*u, col)
		} else {
			s.stroke(b, u, th.Skipped(col))
		}
		if i == f.Selected {
			s.stroke(Rect{b.X - u, b.Y - u, b.W + 2*u, b.H + 2*u}, 2.5*u, th.Selected)
		}
	}
	return n
}

// keySpaceAxes draws the key space's axes: the first key across, its values at the ticks that
// fit; the second up (with one key, the files in layout order), and the curve's name.
func (c *Composer) keySpaceAxes(res *panel.Result, r Rect, lm, tick float64) {
	s, th, u := &c.scene, c.scene.Theme, c.scene.Scale
	kx := res.Keys[0]
	for _, t := range fitTicks(axisTicksOf(res.Axes, kx), r.W, tick*u, 8*u, true) {
		x := r.X + t.At*r.W
		s.line(x, r.Y+r.H, x, r.Y+r.H+4*u, u, th.Axis)
		a := AnchorMiddle
		switch t.At {
		case 0:
			a = AnchorStart
		case 1:
			a = AnchorEnd
		}
		s.text(x, r.Y+r.H+5*u, t.Value, tick, a, th.Muted, "tick")
	}
	// Under the square's middle, or moved right to start no further left than the y axis's name
	// (on a phone the square is narrower than its name).
	xn := kx + " (by rank) →"
	s.text(math.Max(r.X+r.W/2, r.X-lm+TextWidth(xn, 12*u)/2), r.Y+r.H+(5+tick*1.25+2)*u, xn, 12, AnchorMiddle, th.Text, "axis-name")
	if len(res.Keys) < 2 {
		s.text(r.X-lm, r.Y-16*u, "↑ files in layout order", 12, AnchorStart, th.Text, "axis-name")
		return
	}
	ky := res.Keys[1]
	for _, t := range fitTicks(axisTicksOf(res.Axes, ky), r.H, 1.25*tick*u, 4*u, false) {
		if TextWidth(t.Value, tick*u) > lm-2*u {
			continue
		}
		y := r.Y + r.H - t.At*r.H
		s.line(r.X-4*u, y, r.X, y, u, th.Axis)
		ly := y - tick*1.25*u/2
		switch t.At {
		case 0:
			ly = y - tick*1.25*u
		case 1:
			ly = y
		}
		s.text(r.X-5*u, ly, t.Value, tick, AnchorEnd, th.Muted, "tick")
	}
	yn := "↑ " + ky + " (by rank)"
	s.text(r.X-lm, r.Y-16*u, yn, 12, AnchorStart, th.Text, "axis-name")
	c.curveLabel(res.Layout, r, r.X-lm+TextWidth(yn, 12*u))
}

// lookupMark draws a point lookup's value (WHERE col = v, col an axis' key, as the widget's
// Filter writes it) across the key space: the middle of the band where every read file's box
// overlaps, which holds v's rank, since a file is read when its [min, max] holds v. The WHERE
// names it inside the square where it fits, else its value: the mark's legend.
func (c *Composer) lookupMark(res *panel.Result, r Rect, n int) {
	s, th, u := &c.scene, c.scene.Theme, c.scene.Scale
	col, v, _ := strings.Cut(res.Where, " = ")
	axis := 0
	for axis < len(res.Keys) && res.Keys[axis] != col {
		axis++
	}
	lo, hi, read := 0.0, 1.0, false
	for i := range n {
		if b, has := res.Files[i].Box(col); res.Files[i].Read && has {
			lo, hi, read = math.Max(lo, b[0]), math.Min(hi, b[1]), true
		}
	}
	// A lookup that reads every file places no value: the band is then the whole range.
	if v == "" || strings.ContainsRune(v, ' ') || axis > 1 || lo > hi || !read || res.FilesRead == res.FilesTotal {
		return
	}
	m := (lo + hi) / 2
	// Across (the first key) a vertical line, named at its top right, or left past the middle;
	// up, a horizontal one, named at its right end, above it in the lower half.
	x0, y0, x1, y1 := r.X+m*r.W, r.Y, r.X+m*r.W, r.Y+r.H
	lx, ly, a := x0+4*u, r.Y+2*u, AnchorStart
	if axis == 1 {
		y0 = r.Y + r.H - m*r.H
		x0, x1, y1, lx, ly, a = r.X, r.X+r.W, y0, r.X+r.W-4*u, y0+3*u, AnchorEnd
		if m < 0.5 {
			ly -= 20 * u
		}
	}
	// A vertical line's label on its roomier side: right, to the canvas's margin (a phone's
	// square leaves the canvas's right empty), or left inside the square.
	room := s.W - 16*u - x0
	if left := x0 - r.X - 8*u; axis == 0 && left > room {
		lx, a, room = x0-4*u, AnchorEnd, left
	}
	s.line(x0, y0, x1, y1, 2*u, th.Read)
	t := res.Where
	if axis == 1 {
		room = r.W - 8*u
	}
	if TextWidth(t, 11*u) > room {
		t = v // the value alone where the WHERE does not fit
	}
	if TextWidth(t, 11*u) <= room {
		s.text(lx, ly, t, 11, a, th.Text, "legend")
	}
}

// fitTicks keeps the ticks whose labels fit along a length without touching: all when they
// do, else every other one, else the ends, else the first. A label is centred on its tick, the
// first starts at it and the last ends at it (as the axes place them); size is the labels' size
// along the axis, their width across (across true) or their height.
func fitTicks(ts []panel.AxisTick, length, size, gap float64, across bool) []panel.AxisTick {
	if len(ts) == 0 {
		return nil
	}
	extent := func(t panel.AxisTick) float64 {
		if across {
			return TextWidth(t.Value, size)
		}
		return size
	}
	fits := func(sel []panel.AxisTick) bool {
		end := math.Inf(-1)
		for i, t := range sel {
			e := extent(t)
			x := t.At * length
			switch {
			case i == 0 && t.At == 0:
			case i == len(sel)-1 && t.At == 1:
				x -= e
			default:
				x -= e / 2
			}
			if x < end+gap {
				return false
			}
			end = x + e
		}
		return true
	}
	var every2 []panel.AxisTick
	for i := 0; i < len(ts); i += 2 {
		every2 = append(every2, ts[i])
	}
	for _, sel := range [][]panel.AxisTick{ts, every2, {ts[0], ts[len(ts)-1]}} {
		if fits(sel) {
			return sel
		}
	}
	return ts[:1]
}

// panelSummary is the panel picture's point as one sentence, from the engine's figures.
func panelSummary(res *panel.Result, key string) string {
	if res.Error != nil {
		return "Delta refuses this setting (" + res.Error.Class + "): " + res.Error.Message + " The table is shown as written."
	}
	lay := layoutNames[res.Layout]
	if lay == "" {
		lay = res.Layout
	}
	on := ""
	if len(res.Keys) > 0 {
		on = " on " + strings.Join(res.Keys, ", ")
	}
	span := ""
	if v, ok := res.Spans[key]; ok {
		span = ", each file spanning on average " + percent(v) + " of " + key + "'s range"
	}
	if strings.TrimSpace(res.Where) == "" {
		return Thousands(int64(res.FilesTotal)) + " files laid out by " + lay + on + span + "; without a WHERE every file is read."
	}
	return "WHERE " + res.Where + " reads " + Thousands(int64(res.FilesRead)) + " of " + Thousands(int64(res.FilesTotal)) + " files (" +
		Thousands(res.RowsRead) + " of " + Thousands(res.RowsTotal) + " rows) laid out by " + lay + on + span + "."
}

// percent prints a fraction as a percentage with two significant digits at most, from 0.01%
// (readout.Number, the one number format).
func percent(v float64) string {
	p, d := v*100, 2
	if p >= 10 {
		d = 0
	} else if p >= 1 {
		d = 1
	}
	return readout.Number(p, d) + "%"
}

// curveNames name the line drawn through the key space, the order the layout gives the cells.
var curveNames = map[string]string{"zorder": "Z-order curve", "hilbert": "Hilbert curve"}

// curveLabel names the key space's curve above the square's right end, a stroke of its colour
// before the name, where it fits right of the y axis's name (which ends at x0).
func (c *Composer) curveLabel(layout string, r Rect, x0 float64) {
	s, u := &c.scene, c.scene.Scale
	name, ok := curveNames[layout]
	if !ok || c.curves[layout] == nil { // keySpace drew no curve
		return
	}
	sw, tw := 12*u, TextWidth(name, 11*u)
	x := r.X + r.W - tw
	if x-sw-4*u < x0+8*u {
		return // no room beside the axis's name
	}
	s.text(r.X+r.W, r.Y-15*u, name, 11, AnchorEnd, s.Theme.Muted, "legend")
	y := r.Y - 15*u + 11*1.25*u/2
	s.line(x-sw-4*u, y, x-4*u, y, 1.5*u, s.Theme.Curve)
}

// ramp is the colour legend of a file's span of key: viridis across r, named at its ends above
// it (15 CSS px), as the panel and the timeline's grid colour their files.
func (s *Scene) ramp(r Rect, key string) {
	const steps = 64
	for i := range steps {
		x0 := r.X + r.W*float64(i)/steps
		x1 := r.X + r.W*float64(i+1)/steps
		s.fill(Rect{x0, r.Y, x1 - x0 + 0.5, r.H}, viridisAt(float64(i)/(steps-1)))
	}
	s.text(r.X, r.Y-15*s.Scale, "narrow span of "+key, 11, AnchorStart, s.Theme.Muted, "legend")
	s.text(r.X+r.W, r.Y-15*s.Scale, "whole range", 11, AnchorEnd, s.Theme.Muted, "legend")
}
