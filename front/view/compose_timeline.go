package view

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"layoutlab/engine/readout"
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
)

// TimelineFigure is what the maintenance timeline's picture shows.
type TimelineFigure struct {
	Run      *timeline.Result
	Key      scenario.Timeline // the run's scenario (its event days)
	Day      int               // the day under the slider, 1-based
	Files    *timeline.DayFiles
	FilesGen int // changes whenever Files holds another day (the grid is regrouped)
	Selected int // the file selected (an index into Files.Files), -1 for none
}

// event is a marked day on the chart.
type event struct {
	day  int
	name string
}

// events are the run's marked days, named, those of one day joined.
func events(t scenario.Timeline, days int) []event {
	var out []event
	for _, e := range []event{{t.ChangeKeysDay, "keys changed"}, {t.FullDay, "OPTIMIZE FULL"}, {t.ClusterNoneDay, "CLUSTER BY NONE"}} {
		if e.day < 1 || e.day > days {
			continue
		}
		joined := false
		for i := range out {
			if out[i].day == e.day {
				out[i].name += " + " + e.name
				joined = true
			}
		}
		if !joined {
			out = append(out, e)
		}
	}
	return out
}

// SeriesOf is the chart's data for a run: one value a day, the day shown and the event days.
func SeriesOf(run *timeline.Result, t scenario.Timeline, day int, into Series) Series {
	ser := Series{Day: day, WrittenGB: into.WrittenGB[:0], WriteAmp: into.WriteAmp[:0], Lookup: into.Lookup[:0], MarkedDays: into.MarkedDays[:0]}
	for _, d := range run.Days {
		ser.WrittenGB = append(ser.WrittenGB, d.OptimizeWrittenGB)
		ser.WriteAmp = append(ser.WriteAmp, d.WriteAmplification)
		ser.Lookup = append(ser.Lookup, d.LookupFiles)
	}
	for _, d := range []int{t.ChangeKeysDay, t.FullDay, t.ClusterNoneDay} {
		if d > 0 {
			ser.MarkedDays = append(ser.MarkedDays, d)
		}
	}
	return ser
}

// minStripH is the least height, in CSS px, of a timeline strip's plot: its lowest and highest
// tick labels (10 px type, 12.5 px line boxes, centred on their gridlines) apart with room for a
// line between them.
const minStripH = 34

// Timeline composes the maintenance timeline's picture at w×h device pixels: above, three
// strips over a shared day axis (GiB each night's OPTIMIZE writes, the write amplification so
// far, the files a lookup opens), the day under the slider and the events marked; below, the
// files of that day grouped by ZCube or partition. The Scene is c's, valid until its next call.
func (c *Composer) Timeline(f TimelineFigure, w, h, scale float64, th Theme) *Scene {
	s := &c.scene
	s.reset(w, h, scale, th)
	s.fill(Rect{0, 0, w, h}, th.Background)
	if f.Run == nil || len(f.Run.Days) == 0 || f.Files == nil {
		return s
	}
	n := len(f.Run.Days)
	day := min(max(f.Day, 1), n)
	c.series = SeriesOf(f.Run, f.Key, day, c.series)
	s.Summary = timelineSummary(f, f.Run.Days[day-1])
	strips := timelineStrips(c.series, f.Files.LookupColumn, th)
	cf := chartFrameOf(strips, c.series, n, w, h, scale)
	// Event lines and the day's line first, under the strips' data.
	evs := events(f.Key, n)
	for _, e := range evs {
		s.line(cf.dayX(e.day), cf.plotTop, cf.dayX(e.day), cf.axisY, 2*scale, th.Event)
	}
	y := cf.plotTop
	for _, st := range strips {
		y = c.strip(cf, st, y, day)
	}
	c.dayAxis(cf, n)
	c.eventBand(cf, evs, day)
	pad := cf.pad
	c.dayGrid(f, Rect{pad, pad + cf.chartH + pad, w - 2*pad, h - (pad + cf.chartH + pad) - pad})
	return s
}

// strip is one of the timeline chart's three: a series drawn as bars or as a line, its ticks,
// and for a line, its colour and the label of its value on the day shown.
type strip struct {
	title  string
	ticks  []float64
	step   float64
	unit   string
	values []float64
	line   bool
	color  color.RGBA // a line's
	end    string     // a line's value on the day shown, as its readout rounds it
}

// tickLabel is the strip's tick at v, its unit on the top one.
func (st strip) tickLabel(v float64, top bool) string {
	t := FormatTick(v, st.step)
	if top {
		t += st.unit
	}
	return t
}

// timelineStrips are the chart's strips for ser. The lines' labels state the day under the
// slider, as its readouts do (engine/readout's rounding).
func timelineStrips(ser Series, lookupCol string, th Theme) []strip {
	day := ser.Day
	gbTicks, gbStep := NiceTicks(maxOf(ser.WrittenGB), 3)
	ampTicks, ampStep := NiceTicks(maxOf(ser.WriteAmp), 3)
	lkTicks, lkStep := NiceTicks(maxOf(ser.Lookup), 3)
	return []strip{
		{title: "GiB written by each night's OPTIMIZE", ticks: gbTicks, step: gbStep, unit: " GiB", values: ser.WrittenGB},
		{title: "write amplification so far", ticks: ampTicks, step: ampStep, unit: "x", values: ser.WriteAmp, line: true,
			color: th.Amp, end: readout.Number(ser.WriteAmp[day-1], 2) + "x"},
		{title: "files a lookup on " + lookupCol + " opens", ticks: lkTicks, step: lkStep, unit: " files", values: ser.Lookup, line: true,
			color: th.Lookup, end: readout.Number(ser.Lookup[day-1], 1) + " files"},
	}
}

// chartFrame is where the timeline chart's parts go, in device pixels.
type chartFrame struct {
	u, pad         float64 // a CSS pixel; the canvas's padding
	x0, x1         float64 // the plots' left and right
	plotTop, axisY float64 // the first strip's top (below the events' band); the day axis
	chartH, stripH float64 // the whole chart, and each strip's plot
	rowH, gap      float64 // a line of 11 px type; the space under each strip
	bw             float64 // a day's width
}

// tickCSS is the size, in CSS px, of the chart's tick labels.
const tickCSS = 10.0

// chartFrameOf lays the chart out on a w×h canvas: the widest tick label as its left margin,
// the line-end labels and "day" on the right.
func chartFrameOf(strips []strip, ser Series, n int, w, h, u float64) chartFrame {
	cf := chartFrame{u: u, pad: 12 * u, rowH: 11 * 1.25 * u, gap: 5 * u}
	lm := 0.0
	for _, st := range strips {
		lm = math.Max(lm, TextWidth(st.tickLabel(st.ticks[len(st.ticks)-1], true), tickCSS*u))
	}
	lm += 6 * u
	// The margin fits the largest value of each line, so it holds still as the day moves.
	widest := readout.Number(maxOf(ser.Lookup), 1) + " files"
	rm := math.Min(math.Max(TextWidth(readout.Number(maxOf(ser.WriteAmp), 2)+"x", 11*u), TextWidth(widest, 11*u))*1.1+8*u, w*0.25) // bold
	cf.x0, cf.x1 = cf.pad+lm, w-cf.pad-rm
	// The chart takes the top half, and on a short canvas (a phone's) what its strips need to be
	// read (minStripH each), up to all of it: the day's grid below shrinks first.
	bandH := 2 * cf.rowH
	titleH := cf.rowH
	axisH := (tickCSS*1.25 + 4) * u
	need := bandH + 3*(titleH+cf.gap+minStripH*u) + axisH
	cf.chartH = math.Min(math.Max((h-2*cf.pad)*0.5, need), h-2*cf.pad)
	cf.plotTop = cf.pad + bandH
	cf.axisY = cf.pad + cf.chartH - axisH
	cf.stripH = math.Max((cf.axisY-cf.plotTop-3*(titleH+cf.gap))/3, 4*u)
	cf.bw = (cf.x1 - cf.x0) / float64(n)
	return cf
}

// dayX is the middle of day's column.
func (cf chartFrame) dayX(day int) float64 { return cf.x0 + (float64(day)-0.5)*cf.bw }

// strip draws st with its title at y, the day shown marked, and returns the next strip's y.
func (c *Composer) strip(cf chartFrame, st strip, y float64, day int) float64 {
	s, th, u := &c.scene, c.scene.Theme, cf.u
	x0, x1 := cf.x0, cf.x1
	s.text(x0, y, st.title, 11, AnchorStart, th.Muted, "strip-title")
	top := y + cf.rowH
	area := Rect{x0, top, x1 - x0, cf.stripH}
	max := st.ticks[len(st.ticks)-1]
	vy := func(v float64) float64 {
		if !(max > 0) || math.IsNaN(v) {
			return area.Y + area.H
		}
		return area.Y + area.H - v/max*area.H
	}
	for ti, t := range st.ticks {
		ty := vy(t)
		s.line(x0, ty, x1, ty, u, th.Gridline)
		if ti == 0 || ti == len(st.ticks)-1 || cf.stripH > 40*u {
			s.text(x0-5*u, ty-tickCSS*1.25*u/2, st.tickLabel(t, ti == len(st.ticks)-1), tickCSS, AnchorEnd, th.Muted, "tick")
		}
	}
	if !st.line {
		for i, v := range st.values {
			col := th.Bar
			if i == day-1 {
				col = th.BarDay
			}
			t := vy(v)
			s.fill(Rect{x0 + float64(i)*cf.bw + cf.bw*0.1, t, math.Max(cf.bw*0.8, u), area.Y + area.H - t}, col)
		}
		return top + cf.stripH + cf.gap
	}
	pts := make([][2]float64, len(st.values))
	for i, v := range st.values {
		pts[i] = [2]float64{cf.dayX(i + 1), vy(v)}
	}
	s.polyline(pts, 2*u, st.color)
	// The line's value on the day shown, marked and named right of the plot at its height.
	s.fill(Rect{cf.dayX(day) - 3*u, vy(st.values[day-1]) - 3*u, 6 * u, 6 * u}, st.color)
	// Kept within its strip: a value at its top would otherwise put the label over the
	// strip's title, one at zero over the next one's.
	ey := math.Min(math.Max(vy(st.values[day-1])-cf.rowH/2, area.Y), area.Y+area.H+cf.gap-cf.rowH)
	s.text(x1+6*u, ey, st.end, 11, AnchorStart, th.Text, "line-end").Bold = true
	return top + cf.stripH + cf.gap
}

// dayAxis draws the day axis under the strips, its ticks as many as fit, and its name.
func (c *Composer) dayAxis(cf chartFrame, n int) {
	s, th, u := &c.scene, c.scene.Theme, cf.u
	s.line(cf.x0, cf.axisY, cf.x1, cf.axisY, u, th.Axis)
	k := int(math.Max((cf.x1-cf.x0)/(TextWidth("000", tickCSS*u)*2.5), 2))
	nameX := cf.x1 + 6*u // the axis's name, clear of its last tick's label
	for _, dd := range DayTicks(n, k) {
		x := cf.dayX(dd)
		s.line(x, cf.axisY, x, cf.axisY+3*u, u, th.Axis)
		s.text(x, cf.axisY+4*u, fmt.Sprint(dd), tickCSS, AnchorMiddle, th.Muted, "tick")
		nameX = math.Max(nameX, x+TextWidth(fmt.Sprint(dd), tickCSS*u)/2+5*u)
	}
	s.text(nameX, cf.axisY+4*u, "day", tickCSS, AnchorStart, th.Muted, "axis-name")
}

// eventBand names the events in the band's first row above the strips, and the day shown, with
// its line, in its second.
func (c *Composer) eventBand(cf chartFrame, evs []event, day int) {
	s, th, u := &c.scene, c.scene.Theme, cf.u
	clampX := func(x, tw float64) float64 { return math.Min(math.Max(x, cf.x0+tw/2), cf.x1-tw/2) }
	for _, e := range evs {
		tw := TextWidth(e.name, 11*u)
		s.text(clampX(cf.dayX(e.day), tw), cf.pad, e.name, 11, AnchorMiddle, th.Event, "event")
	}
	dl := fmt.Sprintf("day %d", day)
	s.line(cf.dayX(day), cf.plotTop, cf.dayX(day), cf.axisY, u, th.Day)
	s.text(clampX(cf.dayX(day), TextWidth(dl, 11*u)), cf.pad+cf.rowH, dl, 11, AnchorMiddle, th.Text, "day").Bold = true
}

// dayGrid draws the day's files grouped by ZCube (sealed ones closed, open ones open at the
// top) or partition, each group's column named below it.
func (c *Composer) dayGrid(f TimelineFigure, r Rect) {
	u := c.scene.Scale
	if !c.grouped || c.groupedFor != f.FilesGen {
		c.groups, c.groupOrder = c.dayGroups.Group(f.Files)
		c.groupedFor, c.grouped = f.FilesGen, true
	}
	y, ok := c.dayGridKey(f.Files, r)
	if !ok {
		return
	}
	area := Rect{r.X, y, r.W, r.Y + r.H - y - 14*u}
	if area.H <= 0 || len(c.groups) == 0 {
		return
	}
	c.cells, c.frames = AppendGroupedLayout(c.cells[:0], c.frames[:0], c.groups, area)
	c.dayCells(f.Selected)
	c.cubeFrames(ColumnWidth(len(c.groups), area) < 8*u)
	c.groupNames(f.Files, area)
}

// dayGridKey draws the day grid's title and, where they fit, its legend and the cells' colour
// ramp, and returns the top of the cells' area; false when the grid has no room for them.
func (c *Composer) dayGridKey(df *timeline.DayFiles, r Rect) (float64, bool) {
	s, th, u := &c.scene, c.scene.Theme, c.scene.Scale
	cubes, sealed, parts := 0, 0, 0
	for gi, g := range c.groups {
		switch {
		case g.Sealed || g.Open:
			cubes++
			if g.Sealed {
				sealed++
			}
		case df.Files[c.groupOrder[c.firstCell(gi)]].Partition != "":
			parts++
		}
	}
	title := Thousands(int64(len(df.Files))) + " files on day " + fmt.Sprint(df.Day)
	switch {
	case cubes > 0:
		title += fmt.Sprintf(" in %d ZCubes, %d sealed", cubes, sealed)
	case parts > 0:
		title += fmt.Sprintf(" in %d partitions", parts)
	}
	// On a canvas too short for the chart and the grid, the chart comes first: the grid's
	// title and legend only where they fit.
	if r.H < 15*u {
		return 0, false
	}
	s.text(r.X, r.Y, title, 12, AnchorStart, th.Text, "title").Bold = true
	key := []string{"outlined: read by " + df.LookupColumn + " = " + fmt.Sprint(df.ProbeValue)}
	if cubes > 0 {
		if r.H > 150*u { // a phone's short grid keeps its rows of files instead
			key = append(key, "Z1…Z"+fmt.Sprint(cubes)+": the ZCubes")
		}
		key = append(key, "boxed: sealed ZCube", "open top: open ZCube")
	}
	y := r.Y + 15*u
	// (TextWidth is a guess that runs short for wide fonts, DejaVu Sans: a tenth kept spare.)
	for _, line := range joinLines(key, "; ", r.W*0.9, 11*u) {
		if y+11*1.25*u > r.Y+r.H {
			return 0, false
		}
		s.text(r.X, y, line, 11, AnchorStart, th.Muted, "legend")
		y += 14 * u
	}
	// The cells' colour, under the key, where the grid keeps a row of files under it (a phone's
	// poster too: every figure says what its colours mean).
	if r.Y+r.H-y > 23*u+40*u {
		s.ramp(Rect{r.X, y + 15*u, math.Min(r.W, 320*u), 6 * u}, df.LookupColumn)
		y += 23 * u
	}
	return y + 4*u, true
}

// dayCells draws the day's files (c.cells), the read ones outlined, the selected one ringed.
func (c *Composer) dayCells(selected int) {
	s, th, u := &c.scene, c.scene.Theme, c.scene.Scale
	order := c.groupOrder
	// The read files' rims first, all in one colour (one path in an SVG), then a ring of the
	// background inside each, then every file's colour: an outline with a gap, which reads as an
	// outline in both themes whatever the file's colour (a dark rim on a dark purple file read
	// as a filled cell in the light theme, a light one as hollow in the dark).
	for i, cl := range c.cells {
		rr := Rect{cl.X, cl.Y, cl.W, cl.H}
		s.Hits = append(s.Hits, HitBox{Rect: rr, File: order[i]})
		if cl.Read {
			s.fill(Rect{rr.X - u, rr.Y - u, rr.W + 2*u, rr.H + 2*u}, th.Read)
			s.fill(rr, th.Background)
		}
	}
	for _, cl := range c.cells {
		if cl.Read {
			s.fill(Rect{cl.X + u, cl.Y + u, math.Max(cl.W-2*u, 0.5), math.Max(cl.H-2*u, 0.5)}, cl.Fill)
		} else {
			s.fill(Rect{cl.X, cl.Y, cl.W, cl.H}, th.Skipped(cl.Fill))
		}
	}
	if selected >= 0 {
		for i := range c.cells {
			if order[i] == selected {
				cl := c.cells[i]
				s.stroke(Rect{cl.X - u, cl.Y - u, cl.W + 2*u, cl.H + 2*u}, 2*u, th.Selected)
				break
			}
		}
	}
}

// cubeFrames draws the groups' frames: a sealed ZCube boxed, an open one open at the top. In
// columns a few pixels wide (narrow: 165 cubes across on large-batches) an outline would hide
// their files, so a sealed cube keeps only its lid and an open one nothing.
func (c *Composer) cubeFrames(narrow bool) {
	s, th, u := &c.scene, c.scene.Theme, c.scene.Scale
	for _, fr := range c.frames {
		switch {
		case narrow:
			if fr.Sealed {
				s.line(fr.X, fr.Y, fr.X+fr.W, fr.Y, u, th.Sealed)
			}
		case fr.Sealed:
			s.stroke(fr.Rect, 2*u, th.Sealed)
		case fr.Open:
			s.line(fr.X, fr.Y, fr.X, fr.Y+fr.H, 2*u, th.Open)
			s.line(fr.X, fr.Y+fr.H, fr.X+fr.W, fr.Y+fr.H, 2*u, th.Open)
			s.line(fr.X+fr.W, fr.Y+fr.H, fr.X+fr.W, fr.Y, 2*u, th.Open)
		default:
			s.stroke(fr.Rect, u, th.Frame)
		}
	}
}

// groupNames names the columns below the grid's area, as many as fit.
func (c *Composer) groupNames(df *timeline.DayFiles, area Rect) {
	s, th, u := &c.scene, c.scene.Theme, c.scene.Scale
	colW := ColumnWidth(len(c.groups), area)
	widest := 0.0
	names := make([]string, len(c.groups))
	for gi := range c.groups {
		names[gi] = c.groupName(df, gi)
		widest = math.Max(widest, TextWidth(names[gi], 10*u))
	}
	every := max(int(math.Ceil((widest+6*u)/colW)), 1)
	// Each under its column's middle, but inside the grid: a name wider than the first or the
	// last column is moved in, and one that would then touch the name before it is left out.
	right := math.Inf(-1)
	for gi := 0; gi < len(c.groups); gi += every {
		x := area.X + (float64(gi)+0.5)*colW
		half := TextWidth(names[gi], 10*u) * 1.1 / 2 // (a tenth spare, as for the legend)
		x = math.Min(math.Max(x, area.X+half), area.X+area.W-half)
		if x-half < right+4*u {
			continue
		}
		s.text(x, area.Y+area.H+2*u, names[gi], 10, AnchorMiddle, th.Muted, "group")
		right = x + half
	}
}

// firstCell is the index of group gi's first cell in the grouped order.
func (c *Composer) firstCell(gi int) int {
	i := 0
	for g := range gi {
		i += len(c.groups[g].Files)
	}
	return i
}

// groupName names group gi under its column: ZCube k (in order of first appearance), the
// partition's value, or "new" for files in no ZCube or partition.
func (c *Composer) groupName(df *timeline.DayFiles, gi int) string {
	g := c.groups[gi]
	if g.Sealed || g.Open {
		k := 0
		for j := 0; j <= gi; j++ {
			if c.groups[j].Sealed || c.groups[j].Open {
				k++
			}
		}
		return "Z" + fmt.Sprint(k)
	}
	fi := c.groupOrder[c.firstCell(gi)]
	if p := df.Files[fi].Partition; p != "" {
		if i := strings.LastIndexByte(p, '='); i >= 0 {
			return p[i+1:]
		}
		return p
	}
	return "not clustered"
}

// timelineSummary is the timeline picture's point as one sentence, from the engine's figures.
func timelineSummary(f TimelineFigure, d timeline.Day) string {
	name := scenario.StrategyLabel(f.Key.Strategy)
	// Each figure as its readout writes it; the day's ingest as the prose writes a knob's value.
	r := readout.Pick(readout.Day(d), []string{"optimize_written_gb", "write_amplification", "lookup_files"})
	s := fmt.Sprintf("%s over %d days of %s GiB a day: on day %d OPTIMIZE writes %s (write amplification %s so far) and a lookup on %s opens %s of %s files",
		name, len(f.Run.Days), readout.Trimmed(f.Key.IngestGB, 2), d.Day, r[0].Text(), r[1].Text(),
		f.Files.LookupColumn, r[2].Text(), Thousands(int64(d.Files)))
	var ev []string
	for _, e := range events(f.Key, len(f.Run.Days)) {
		ev = append(ev, fmt.Sprintf("%s on day %d", e.name, e.day))
	}
	if len(ev) > 0 {
		s += "; " + strings.Join(ev, ", ")
	}
	return s + "."
}

// oneDecimal prints v to at most one decimal (40, 12.5).
func oneDecimal(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }

// joinLines joins parts with sep into as few lines as fit width at size (a part wider than the
// width is a line of its own).
func joinLines(parts []string, sep string, width, size float64) []string {
	var out []string
	for _, p := range parts {
		if n := len(out); n > 0 && TextWidth(out[n-1]+sep+p, size) <= width {
			out[n-1] += sep + p
			continue
		}
		out = append(out, p)
	}
	return out
}
