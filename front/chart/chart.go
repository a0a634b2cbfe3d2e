// Package chart draws several timeline runs in one chart, natively, as SVG in both themes: the
// explainer's comparisons (the strategies side by side, a key change against none), which no
// single live figure shows. site/gen draws them at build time from the engine's runs, so they
// cost the widget nothing; the prose quotes the same runs (engine/explainer).
package chart

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"slices"

	"layoutlab/engine/readout"
	"layoutlab/engine/timeline"
	"layoutlab/front/view"
)

// Series is one run on the chart, named as the legend names it.
type Series struct {
	Label string
	Run   *timeline.Result
}

// Strip is one of the chart's plots over the shared day axis: a metric of every series.
type Strip struct {
	Title  string
	Unit   string // after each end label's figure: " GiB", " files"
	Digits int    // the end labels' decimals, the readouts' (engine/readout)
	Value  func(timeline.Day) float64
}

// Chart is the comparison: its strips, its series and a day to mark (0 for none).
type Chart struct {
	Summary string
	Strips  []Strip
	Series  []Series
	Mark    int
	MarkAs  string
}

// colours are the series' colours in a theme, in order: Okabe and Ito's, as the live figure's
// lines are (assets/palettes/theme.txt).
func colours(th view.Theme) []color.RGBA { return []color.RGBA{th.Amp, th.Lookup, th.Event, th.Text} }

// SVG draws the chart at width×height CSS pixels, one SVG in both themes (the reader's
// prefers-color-scheme picks one).
func (c Chart) SVG(width, height float64) ([]byte, error) {
	if len(c.Series) == 0 || len(c.Series) > 4 || len(c.Strips) == 0 {
		return nil, fmt.Errorf("chart: %d series and %d strips (1 to 4 series, at least 1 strip)", len(c.Series), len(c.Strips))
	}
	var b bytes.Buffer
	err := view.WriteSVGThemes(&b, c.scene(width, height, view.ThemeNamed("light")), c.scene(width, height, view.ThemeNamed("dark")))
	return b.Bytes(), err
}

type painter struct{ s *view.Scene }

func (p painter) fill(r view.Rect, c color.RGBA) {
	p.s.Shapes = append(p.s.Shapes, view.Shape{Kind: view.FillRect, Rect: r, Color: c})
}

func (p painter) line(x0, y0, x1, y1, w float64, c color.RGBA) {
	p.s.Shapes = append(p.s.Shapes, view.Shape{Kind: view.Line, Rect: view.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}, Width: w, Color: c})
}

func (p painter) text(x, y float64, t string, size float64, a view.Anchor, c color.RGBA, role string, bold bool) {
	p.s.Labels = append(p.s.Labels, view.Label{X: x, Y: y, Text: t, Size: size, Anchor: a, Color: c, Role: role, Bold: bold})
}

// scene composes the chart: the legend (a swatch and a name per series) over the strips, each
// with its title, its gridlines and ticks, a line per series and each line's last value named
// at its end, then the day axis.
func (c Chart) scene(w, h float64, th view.Theme) *view.Scene {
	s := &view.Scene{W: w, H: h, Scale: 1, Theme: th, Summary: c.Summary}
	p := painter{s}
	p.fill(view.Rect{W: w, H: h}, th.Background)
	cols := colours(th)
	top := c.legend(p, w, cols)
	if c.Mark > 0 && c.MarkAs != "" {
		top += row // a row for the marked day's name
	}
	f := c.frameOf(w, h, top)
	if c.Mark > 0 && c.Mark <= f.n {
		p.line(f.dayX(c.Mark), top, f.dayX(c.Mark), f.axisY, 2, th.Event)
	}
	y := top
	for si, st := range c.Strips {
		y = c.strip(p, f, st, f.ticks[si], y, cols)
	}
	f.dayAxis(p)
	if c.Mark > 0 && c.MarkAs != "" {
		tw := view.TextWidth(c.MarkAs, 11)
		p.text(math.Min(math.Max(f.dayX(c.Mark), f.x0+tw/2), f.x1-tw/2), top-row, c.MarkAs, 11, view.AnchorMiddle, th.Event, "event", false)
	}
	return s
}

// The chart's padding, tick labels' size and a row of 11 px type, in CSS px.
const pad, tick, row = 12.0, 10.0, 11 * 1.25

// legend draws the series' names with their colours, as many to a line as fit, and returns the
// top of the plots below it.
func (c Chart) legend(p painter, w float64, cols []color.RGBA) float64 {
	x, y := pad, pad
	for i, se := range c.Series {
		tw := 22 + view.TextWidth(se.Label, 11)*1.1
		if x > pad && x+tw > w-pad {
			x, y = pad, y+row+2
		}
		p.line(x, y+row/2, x+16, y+row/2, 3, cols[i])
		p.text(x+22, y, se.Label, 11, view.AnchorStart, p.s.Theme.Text, "legend", false)
		x += tw + 14
	}
	return y + row + 8
}

// stripTicks are a strip's ticks and their step.
type stripTicks struct {
	ticks []float64
	step  float64
}

// frame is where the chart's strips and day axis go.
type frame struct {
	x0, x1, axisY, stripH float64
	n                     int // days on the axis: the longest series'
	ticks                 []stripTicks
}

const stripGap = 8.0

// frameOf lays the strips out below top: tick labels on the left, the lines' end labels on the
// right.
func (c Chart) frameOf(w, h, top float64) frame {
	lm, rm := 0.0, 0.0
	f := frame{ticks: make([]stripTicks, len(c.Strips))}
	for si, st := range c.Strips {
		m := 0.0
		for _, se := range c.Series {
			for _, d := range se.Run.Days {
				m = math.Max(m, st.Value(d))
			}
			rm = math.Max(rm, view.TextWidth(c.end(st, se), 11)*1.1)
		}
		f.ticks[si].ticks, f.ticks[si].step = view.NiceTicks(m, 3)
		lm = math.Max(lm, view.TextWidth(view.FormatTick(f.ticks[si].ticks[len(f.ticks[si].ticks)-1], f.ticks[si].step)+st.Unit, tick))
	}
	rm = math.Min(rm+8, w*0.35)
	f.x0, f.x1 = pad+lm+6, w-pad-rm
	axisH := tick*1.25 + 4
	f.stripH = (h - pad - axisH - top - float64(len(c.Strips))*(row+stripGap)) / float64(len(c.Strips))
	for _, se := range c.Series {
		f.n = max(f.n, len(se.Run.Days))
	}
	f.axisY = h - pad - axisH
	return f
}

// dayX is the middle of day d's column.
func (f frame) dayX(d int) float64 { return f.x0 + (float64(d)-0.5)*(f.x1-f.x0)/float64(f.n) }

// strip draws st's title at y, its ticks and every series' line with its end value labelled,
// and returns the next strip's y.
func (c Chart) strip(p painter, f frame, st Strip, sts stripTicks, y float64, cols []color.RGBA) float64 {
	th := p.s.Theme
	x0, x1 := f.x0, f.x1
	p.text(x0, y, st.Title, 11, view.AnchorStart, th.Muted, "strip-title", false)
	area := view.Rect{X: x0, Y: y + row, W: x1 - x0, H: f.stripH}
	ticks := sts.ticks
	topV := ticks[len(ticks)-1]
	vy := func(v float64) float64 { return area.Y + area.H - v/topV*area.H }
	for ti, t := range ticks {
		p.line(x0, vy(t), x1, vy(t), 1, th.Gridline)
		l := view.FormatTick(t, sts.step)
		if ti == len(ticks)-1 {
			l += st.Unit
		}
		p.text(x0-5, vy(t)-tick*1.25/2, l, tick, view.AnchorEnd, th.Muted, "tick", false)
	}
	ends := make([]float64, len(c.Series))
	for i, se := range c.Series {
		pts := make([][2]float64, len(se.Run.Days))
		for k, d := range se.Run.Days {
			pts[k] = [2]float64{f.dayX(d.Day), vy(st.Value(d))}
		}
		p.s.Shapes = append(p.s.Shapes, view.Shape{Kind: view.Polyline, Points: pts, Width: 2, Color: cols[i]})
		ends[i] = pts[len(pts)-1][1] - row/2
	}
	for i, ey := range spread(ends, row, area.Y-row/2, area.Y+area.H) {
		p.text(x1+6, ey, c.end(st, c.Series[i]), 11, view.AnchorStart, cols[i], "line-end", true)
	}
	return area.Y + area.H + stripGap
}

// dayAxis draws the day axis under the strips, its ticks as many as fit, and its name.
func (f frame) dayAxis(p painter) {
	th := p.s.Theme
	p.line(f.x0, f.axisY, f.x1, f.axisY, 1, th.Axis)
	nameX := f.x1 + 6 // the axis's name, clear of its last tick's label
	for _, d := range view.DayTicks(f.n, int(math.Max((f.x1-f.x0)/60, 2))) {
		p.line(f.dayX(d), f.axisY, f.dayX(d), f.axisY+3, 1, th.Axis)
		p.text(f.dayX(d), f.axisY+4, fmt.Sprint(d), tick, view.AnchorMiddle, th.Muted, "tick", false)
		nameX = math.Max(nameX, f.dayX(d)+view.TextWidth(fmt.Sprint(d), tick)/2+5)
	}
	p.text(nameX, f.axisY+4, "day", tick, view.AnchorStart, th.Muted, "axis-name", false)
}

// end is a series' last value on a strip as its end label states it: the readouts' rounding and
// thousands separators (readout.Thousands).
func (c Chart) end(st Strip, se Series) string {
	d := se.Run.Days[len(se.Run.Days)-1]
	return readout.Number(st.Value(d), st.Digits) + st.Unit
}

// spread moves labels' tops (ys) apart to at least gap, in their order down the page, within
// [lo, hi]: lines ending at the same value get their labels one under the other.
func spread(ys []float64, gap, lo, hi float64) []float64 {
	idx := make([]int, len(ys))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case ys[a] < ys[b]:
			return -1
		case ys[a] > ys[b]:
			return 1
		}
		return 0
	})
	out := slices.Clone(ys)
	prev := math.Inf(-1)
	for _, i := range idx {
		out[i] = math.Max(math.Max(out[i], lo), prev+gap)
		prev = out[i]
	}
	// Pushed past the bottom: move the stack up as a whole.
	if len(idx) > 0 {
		if over := out[idx[len(idx)-1]] - hi; over > 0 {
			for _, i := range idx {
				out[i] -= over
			}
		}
	}
	return out
}
