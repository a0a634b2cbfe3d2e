package view

import (
	"strings"
	"testing"

	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
)

// stripSpans are the heights, in CSS px, of the timeline's strips as their tick labels show
// them: from each strip's 0 (its first tick) to its top tick (the one with the unit).
func stripSpans(s *Scene) []float64 {
	var out []float64
	zero := -1.0
	for _, l := range labelsOf(s, "tick") {
		if l.Anchor != AnchorEnd {
			continue // the day axis's
		}
		if zero < 0 {
			zero = l.Y
		}
		if strings.HasSuffix(l.Text, " GiB") || strings.HasSuffix(l.Text, "x") || strings.HasSuffix(l.Text, " files") {
			out = append(out, (zero-l.Y)/s.Scale)
			zero = -1
		}
	}
	return out
}

// lastDayFigure is the timeline of sc on its last day, as a poster shows it.
func lastDayFigure(t *testing.T, sc scenario.Scenario) TimelineFigure {
	t.Helper()
	var eng timeline.Engine
	run, err := eng.Run(sc.Timeline)
	if err != nil {
		t.Fatal(err)
	}
	var df timeline.DayFiles
	if err := run.DayFilesInto(&df, len(run.Days)); err != nil {
		t.Fatal(err)
	}
	return TimelineFigure{Run: run, Key: sc.Timeline, Day: len(run.Days), Files: &df, Selected: -1}
}

// On a phone's short canvas (figure.css's narrow box at 360, 390 and 320 px wide, the narrow
// poster's 350x366) the strips keep what they need to be read, each at least minStripH tall,
// the grid below taking what is left, and no two of the figure's labels overlap; on the old
// phone canvas (207 px) too, where the grid has no room left at all.
func TestTimelineStripsReadableOnAPhone(t *testing.T) {
	for _, p := range scenario.Presets() {
		if p.Scenario.View != "timeline" {
			continue
		}
		f := lastDayFigure(t, p.Scenario)
		for _, size := range [][3]float64{{360, 207, 1}, {360, 207, 3}, {360, 384, 1}, {360, 384, 3}, {390, 437, 3}, {350, 366, 1}, {320, 313, 2}} {
			var c Composer // one per figure: a Composer keeps its grouping until FilesGen changes
			s := c.Timeline(f, size[0]*size[2], size[1]*size[2], size[2], ThemeNamed("light"))
			name := p.Name
			spans := stripSpans(s)
			if len(spans) != 3 {
				t.Fatalf("%s %gx%g: %d strips found by their ticks, want 3", name, size[0], size[1], len(spans))
			}
			for i, h := range spans {
				// (207 px: the old phone canvas, too short for the strips and their band.)
				if size[1] > 207 && h < minStripH-0.5 {
					t.Errorf("%s %gx%g@%g: strip %d is %.1f px tall, want at least %d", name, size[0], size[1], size[2], i, h, minStripH)
				}
			}
			for i, a := range s.Labels {
				ea := a.Extent()
				if ea.X < -0.5 || ea.X+ea.W > s.W+0.5 || ea.Y < -0.5 || ea.Y+ea.H > s.H+0.5 {
					t.Errorf("%s %gx%g@%g: %s %q leaves the canvas: %+v", name, size[0], size[1], size[2], a.Role, a.Text, ea)
				}
				for _, b := range s.Labels[i+1:] {
					eb := b.Extent()
					if ea.X < eb.X+eb.W && eb.X < ea.X+ea.W && ea.Y < eb.Y+eb.H && eb.Y < ea.Y+ea.H {
						t.Errorf("%s %gx%g@%g: %s %q and %s %q overlap", name, size[0], size[1], size[2], a.Role, a.Text, b.Role, b.Text)
					}
				}
			}
			if size[1] > 207 && len(s.Hits) != len(f.Files.Files) {
				t.Errorf("%s %gx%g: %d files drawn of %d", name, size[0], size[1], len(s.Hits), len(f.Files.Files))
			}
			t.Logf("%s %gx%g@%g: strips %.0f px", name, size[0], size[1], size[2], spans)
		}
	}
}

// On a phone's canvas every panel preset's labels stay inside the canvas and apart.
func TestPanelLabelsFitAPhone(t *testing.T) {
	for _, p := range scenario.Presets() {
		if p.Scenario.View == "timeline" {
			continue
		}
		res := panelAnswer(t, p.Name)
		for _, size := range [][3]float64{{360, 384, 1}, {390, 437, 3}, {350, 366, 1}, {320, 313, 2}} {
			var c Composer
			s := c.Panel(PanelFigure{Result: res, Selected: -1}, size[0]*size[2], size[1]*size[2], size[2], ThemeNamed("light"))
			for i, a := range s.Labels {
				ea := a.Extent()
				if ea.X < -0.5 || ea.X+ea.W > s.W+0.5 || ea.Y < -0.5 || ea.Y+ea.H > s.H+0.5 {
					t.Errorf("%s %gx%g@%g: %s %q leaves the canvas: %+v", p.Name, size[0], size[1], size[2], a.Role, a.Text, ea)
				}
				for _, b := range s.Labels[i+1:] {
					eb := b.Extent()
					if ea.X < eb.X+eb.W && eb.X < ea.X+ea.W && ea.Y < eb.Y+eb.H && eb.Y < ea.Y+ea.H {
						t.Errorf("%s %gx%g@%g: %s %q and %s %q overlap", p.Name, size[0], size[1], size[2], a.Role, a.Text, b.Role, b.Text)
					}
				}
			}
		}
	}
}
