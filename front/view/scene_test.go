package view

import (
	"bytes"
	"encoding/xml"
	"io"
	"slices"
	"strings"
	"testing"

	"layoutlab/engine/panel"
	"layoutlab/engine/readout"
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
)

func presetScenario(t testing.TB, name string) scenario.Scenario {
	t.Helper()
	p, ok := scenario.PresetByName(name)
	if !ok {
		t.Fatalf("no preset %s", name)
	}
	return p.Scenario
}

func panelAnswer(t *testing.T, name string) *panel.Result {
	t.Helper()
	res, err := panel.NewStore().Answer(presetScenario(t, name).Panel, panel.Shown, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func labelsOf(s *Scene, role string) []Label {
	var out []Label
	for _, l := range s.Labels {
		if l.Role == role {
			out = append(out, l)
		}
	}
	return out
}

func hasText(s *Scene, text string) bool {
	return slices.ContainsFunc(s.Labels, func(l Label) bool { return l.Text == text })
}

// The key space names both keys and writes, at its axes' ends, the keys' smallest and largest
// values in the table, as the engine read them back from its rows.
func TestPanelAxesCarryTheEnginesValues(t *testing.T) {
	res := panelAnswer(t, "two-keys")
	if len(res.Axes) != 2 {
		t.Fatalf("the engine gave %d axes for keys %v", len(res.Axes), res.Keys)
	}
	var c Composer
	for _, size := range [][3]float64{{1280 - 320, 900, 1}, {390, 464, 3}, {320, 400, 2}} {
		s := c.Panel(PanelFigure{Result: res, Selected: -1}, size[0]*size[2], size[1]*size[2], size[2], ThemeNamed("light"))
		for _, a := range res.Axes {
			lo, hi := a.Ticks[0].Value, a.Ticks[len(a.Ticks)-1].Value
			if !hasText(s, lo) || !hasText(s, hi) {
				t.Errorf("%gx%g: %s's axis lacks its range %s to %s; labels %v", size[0], size[1], a.Column, lo, hi, s.Labels)
			}
		}
		if !hasText(s, res.Keys[0]+" (by rank) →") || !hasText(s, "↑ "+res.Keys[1]+" (by rank)") {
			t.Errorf("%gx%g: axes unnamed", size[0], size[1])
		}
		// No two tick labels overlap, and each is inside the canvas.
		ticks := labelsOf(s, "tick")
		for i, a := range ticks {
			ea := a.Extent()
			if ea.X < 0 || ea.X+ea.W > s.W+1 {
				t.Errorf("%gx%g: tick %q leaves the canvas: %+v", size[0], size[1], a.Text, ea)
			}
			for _, b := range ticks[i+1:] {
				eb := b.Extent()
				if ea.X < eb.X+eb.W && eb.X < ea.X+ea.W && ea.Y < eb.Y+eb.H && eb.Y < ea.Y+ea.H {
					t.Errorf("%gx%g: ticks %q and %q overlap", size[0], size[1], a.Text, b.Text)
				}
			}
		}
	}
	// The values at the ticks rise with the rank (event_date is a date: its text sorts).
	for _, a := range res.Axes {
		if a.Column != "event_date" {
			continue
		}
		for i := 1; i < len(a.Ticks); i++ {
			if a.Ticks[i].Value < a.Ticks[i-1].Value || a.Ticks[i].At <= a.Ticks[i-1].At {
				t.Errorf("event_date's ticks are not monotone: %+v", a.Ticks)
			}
		}
	}
}

// Every file has a hit box on the canvas, where its cell is; the keyboard moves between them.
func TestPanelHitBoxes(t *testing.T) {
	res := panelAnswer(t, "two-keys")
	var c Composer
	s := c.Panel(PanelFigure{Result: res, Selected: 3}, 960, 900, 1, ThemeNamed("dark"))
	if len(s.Hits) != len(res.Files) {
		t.Fatalf("%d hit boxes for %d files", len(s.Hits), len(res.Files))
	}
	for _, h := range s.Hits {
		if h.X < 0 || h.Y < 0 || h.X+h.W > s.W || h.Y+h.H > s.H {
			t.Fatalf("file %d's hit box %+v leaves the canvas", h.File, h.Rect)
		}
		if got := s.Hit(h.X+h.W/2, h.Y+h.H/2); got != h.File {
			t.Fatalf("the centre of file %d's box hits %d", h.File, got)
		}
	}
	if s.Hit(1, 1) != -1 {
		t.Fatal("the corner of the canvas hits a file")
	}
	right, down := s.Neighbour(0, 1, 0), s.Neighbour(0, 0, 1)
	r0, _ := s.HitOf(0)
	rr, _ := s.HitOf(right)
	rd, _ := s.HitOf(down)
	if !(rr.X > r0.X && rr.Y == r0.Y) || !(rd.Y > r0.Y && rd.X == r0.X) {
		t.Fatalf("neighbours of file 0: right %d at %+v, down %d at %+v (file 0 at %+v)", right, rr, down, rd, r0)
	}
	if s.Neighbour(0, -1, 0) != -1 || s.Neighbour(-1, 1, 0) != s.Hits[0].File {
		t.Fatal("left of the first file should be none, and no selection starts at the first")
	}
}

// The two themes draw the same figure in other colours.
func TestThemesDiffer(t *testing.T) {
	res := panelAnswer(t, "one-key")
	var a, b Composer
	l := a.Panel(PanelFigure{Result: res, Selected: -1}, 800, 500, 1, ThemeNamed("light"))
	d := b.Panel(PanelFigure{Result: res, Selected: -1}, 800, 500, 1, ThemeNamed("dark"))
	if len(l.Shapes) != len(d.Shapes) || len(l.Labels) != len(d.Labels) {
		t.Fatalf("light %d shapes %d labels, dark %d shapes %d labels", len(l.Shapes), len(l.Labels), len(d.Shapes), len(d.Labels))
	}
	if l.Shapes[0].Color == d.Shapes[0].Color || l.Labels[0].Color == d.Labels[0].Color {
		t.Fatal("the themes paint the background or the text alike")
	}
	for i := range l.Labels {
		if l.Labels[i].Text != d.Labels[i].Text {
			t.Fatalf("label %d: %q in light, %q in dark", i, l.Labels[i].Text, d.Labels[i].Text)
		}
	}
}

// Text is legible on the background (WCAG AA, 4.5:1) and lines and marks stand out from it
// (3:1, WCAG's non-text contrast), in both themes.
func TestPaletteContrast(t *testing.T) {
	for _, name := range []string{"light", "dark"} {
		th := ThemeNamed(name)
		for role, c := range map[string]struct {
			v   [4]uint8
			min float64
		}{
			"text": {rgba(th.Text), 4.5}, "muted": {rgba(th.Muted), 4.5}, "event": {rgba(th.Event), 4.5},
			"amp": {rgba(th.Amp), 3}, "lookup": {rgba(th.Lookup), 3}, "selected": {rgba(th.Selected), 3},
			"day": {rgba(th.Day), 3}, "read": {rgba(th.Read), 3}, "sealed": {rgba(th.Sealed), 3}, "axis": {rgba(th.Axis), 3},
		} {
			col := th.Text
			col.R, col.G, col.B = c.v[0], c.v[1], c.v[2]
			if r := Contrast(col, th.Background); r < c.min {
				t.Errorf("%s theme: %s contrasts %.2f:1 with the background, want %.1f:1", name, role, r, c.min)
			}
		}
		if Contrast(th.Amp, th.Lookup) < 1.2 && th.Amp == th.Lookup {
			t.Errorf("%s theme: the two lines share a colour", name)
		}
	}
}

func rgba(c interface{ RGBA() (r, g, b, a uint32) }) [4]uint8 {
	r, g, b, a := c.RGBA()
	return [4]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}

func timelineFigure(t testing.TB, name string) TimelineFigure {
	t.Helper()
	sc := presetScenario(t, name)
	var eng timeline.Engine
	run, err := eng.Run(sc.Timeline)
	if err != nil {
		t.Fatal(err)
	}
	var df timeline.DayFiles
	if err := run.DayFilesInto(&df, 45); err != nil {
		t.Fatal(err)
	}
	return TimelineFigure{Run: run, Key: sc.Timeline, Day: 45, Files: &df, Selected: -1}
}

// The timeline names its strips' units, the day under the slider, the events, and each line's
// value on that day right of the plot, as the day's readouts state it; its day ticks rise from
// left to right.
func TestTimelineLabels(t *testing.T) {
	f := timelineFigure(t, "full")
	var c Composer
	for _, size := range [][3]float64{{960, 900, 1}, {390, 464, 3}, {320, 420, 2}} {
		s := c.Timeline(f, size[0]*size[2], size[1]*size[2], size[2], ThemeNamed("dark"))
		d := f.Run.Days
		for _, want := range []string{"day 45", "keys changed + OPTIMIZE FULL", "day",
			"files a lookup on " + f.Files.LookupColumn + " opens"} {
			if !hasText(s, want) {
				t.Errorf("%gx%g: no label %q", size[0], size[1], want)
			}
		}
		var units, ends int
		for _, l := range s.Labels {
			if strings.HasSuffix(l.Text, " GiB") || strings.HasSuffix(l.Text, "x") || strings.HasSuffix(l.Text, " files") {
				units++
			}
		}
		for _, l := range labelsOf(s, "line-end") {
			if l.X+TextWidth(l.Text, l.Size)*1.1 > s.W {
				t.Errorf("%gx%g: line-end label %q leaves the canvas", size[0], size[1], l.Text)
			}
			ends++
		}
		if units < 3 || ends != 2 {
			t.Errorf("%gx%g: %d labels with a unit, %d line ends", size[0], size[1], units, ends)
		}
		for _, r := range readout.Pick(readout.Day(d[f.Day-1]), []string{"write_amplification", "lookup_files"}) {
			if want := strings.TrimSuffix(r.Text(), "x") + map[string]string{"write_amplification": "x", "lookup_files": " files"}[r.Metric]; !hasText(s, want) {
				t.Errorf("%gx%g: no line label %q, the day %d's readout %s", size[0], size[1], want, f.Day, r.Metric)
			}
		}
		var xs []float64
		for _, l := range labelsOf(s, "tick") {
			if l.Anchor == AnchorMiddle {
				xs = append(xs, l.X)
			}
		}
		if len(xs) < 3 || !slices.IsSorted(xs) {
			t.Errorf("%gx%g: day ticks at %v", size[0], size[1], xs)
		}
		if len(s.Hits) != len(f.Files.Files) {
			t.Errorf("%d hit boxes for %d files", len(s.Hits), len(f.Files.Files))
		}
		if !strings.Contains(s.Summary, "day 45") {
			t.Errorf("summary %q", s.Summary)
		}
		// The summary (the poster's title and alt text) quotes the day's readouts as they read.
		for _, r := range readout.Pick(readout.Day(d[f.Day-1]), []string{"optimize_written_gb", "write_amplification", "lookup_files"}) {
			if !strings.Contains(s.Summary, " "+r.Text()) {
				t.Errorf("summary %q does not quote the readout %s as it reads, %q", s.Summary, r.Metric, r.Text())
			}
		}
	}
}

func TestNiceTicks(t *testing.T) {
	for _, max := range []float64{0.3, 1, 2.04, 7, 120, 1152.8, 99999} {
		ts, step := NiceTicks(max, 2)
		if ts[0] != 0 || ts[len(ts)-1] < max || !slices.IsSorted(ts) || len(ts) > 4 {
			t.Errorf("max %g: ticks %v (step %g)", max, ts, step)
		}
	}
	if d := DayTicks(60, 7); d[0] != 1 || d[len(d)-1] != 60 || len(d) > 8 {
		t.Errorf("day ticks %v", d)
	}
	if Thousands(1234567) != "1,234,567" || Thousands(-1000) != "-1,000" || Thousands(999) != "999" {
		t.Error("Thousands")
	}
}

// The SVG is well-formed, has the summary as its title and every label as a <text>.
func TestSceneSVG(t *testing.T) {
	res := panelAnswer(t, "two-keys")
	var c Composer
	s := c.Panel(PanelFigure{Result: res, Selected: -1}, 700, 440, 1, ThemeNamed("light"))
	var b bytes.Buffer
	if err := s.WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(&b)
	var got []string
	title := ""
	var in string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v", err)
		}
		switch v := tok.(type) {
		case xml.StartElement:
			in = v.Name.Local
			if in == "text" {
				got = append(got, "")
			}
		case xml.CharData:
			switch in {
			case "text":
				got[len(got)-1] += string(v)
			case "title":
				title += string(v)
			}
		case xml.EndElement:
			in = ""
		}
	}
	var want []string
	for _, l := range s.Labels {
		want = append(want, l.Text)
	}
	if !slices.Equal(got, want) || title != s.Summary {
		t.Fatalf("texts %q, want %q; title %q, want %q", got, want, title, s.Summary)
	}
}

// Extent is the label's box, from TextWidth.
func (l Label) Extent() Rect {
	w := TextWidth(l.Text, l.Size)
	x := l.X
	switch l.Anchor {
	case AnchorMiddle:
		x -= w / 2
	case AnchorEnd:
		x -= w
	}
	return Rect{x, l.Y, w, l.Size * 1.25}
}

// A files-slider move changes only the numbers in the panel's labels, so the canvas, which draws
// a label's numbers from one image per digit (wasm/labels.go), makes no new image for a move.
func TestFilesMoveChangesOnlyNumbers(t *testing.T) {
	words := func(s *Scene) []string {
		var out []string
		for _, l := range s.Labels {
			out = append(out, strings.Map(func(r rune) rune {
				if r >= '0' && r <= '9' || r == ',' || r == '.' {
					return -1
				}
				return r
			}, l.Text))
		}
		return out
	}
	sc := presetScenario(t, "two-keys").Panel
	store := panel.NewStore()
	var c Composer
	var first []string
	var titles []string
	for _, files := range []int{sc.Files, sc.Files + 1, sc.Files + 3, sc.Files - 2} {
		p := sc
		p.Files = files
		res, err := store.Answer(p, panel.Shown, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := c.Panel(PanelFigure{Result: res, Selected: -1}, 960, 900, 1, ThemeNamed("light"))
		titles = append(titles, labelsOf(s, "title")[0].Text)
		if first == nil {
			first = words(s)
		} else if w := words(s); !slices.Equal(w, first) {
			t.Errorf("%d files: the labels' text beside their numbers changed:\n%q\nwas\n%q", files, w, first)
		}
	}
	if titles[0] == titles[1] {
		t.Errorf("the title %q did not change with the files: the test moves nothing", titles[0])
	}
}
