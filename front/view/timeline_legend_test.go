package view

import (
	"strings"
	"testing"

	"layoutlab/engine/readout"
	"layoutlab/engine/timeline"
)

// TestTimelineLineLabelsFollowTheDay: moving the day slider moves each line's label to that day's
// value, as the readouts move, and leaves the plot where it was (the margin fits every day's).
func TestTimelineLineLabelsFollowTheDay(t *testing.T) {
	f := timelineFigure(t, "change-keys")
	var c Composer
	labels := func(day int) (texts []string, x float64) {
		f.Day = day
		if err := f.Run.DayFilesInto(f.Files, day); err != nil {
			t.Fatal(err)
		}
		f.FilesGen++
		s := c.Timeline(f, 960, 700, 1, ThemeNamed("light"))
		for _, l := range labelsOf(s, "line-end") {
			texts, x = append(texts, l.Text), l.X
		}
		return texts, x
	}
	early, x1 := labels(10)
	late, x2 := labels(45)
	if x1 != x2 {
		t.Errorf("the line labels moved across, from x %g to %g, as the day moved", x1, x2)
	}
	for _, c := range []struct {
		got []string
		day int
	}{{early, 10}, {late, 45}} {
		d := f.Run.Days[c.day-1]
		want := []string{readout.Number(d.WriteAmplification, 2) + "x", readout.Number(d.LookupFiles, 1) + " files"}
		if strings.Join(c.got, "|") != strings.Join(want, "|") {
			t.Errorf("day %d: line labels %q, the day's readouts %q", c.day, c.got, want)
		}
	}
}

// TestTimelineGridHasAColourLegend: the day's grid explains its colours and marks: the span ramp
// named after the lookup column, the ZCubes' names, and the read files' outline, drawn with the
// background between the rim and the file's colour in both themes; at a phone's size too (the
// narrow poster's 350x366, figurebox.NarrowWidth, and a 320 px screen's column), where the
// ZCubes are named under their columns instead.
func TestTimelineGridHasAColourLegend(t *testing.T) {
	f := timelineFigure(t, "change-keys")
	var c Composer
	for _, size := range [][2]float64{{960, 700}, {350, 366}, {288, 366}} {
		for _, th := range []string{"light", "dark"} {
			theme := ThemeNamed(th)
			s := c.Timeline(f, size[0], size[1], 1, theme)
			checkTimelineLegend(t, f, s, theme, size[0] > 500)
		}
	}
}

func checkTimelineLegend(t *testing.T, f TimelineFigure, s *Scene, theme Theme, wide bool) {
	t.Helper()
	th := theme.Name
	var ramp, zcubes bool
	for _, l := range labelsOf(s, "legend") {
		ramp = ramp || l.Text == "narrow span of "+f.Files.LookupColumn
		zcubes = zcubes || strings.HasPrefix(l.Text, "Z1…Z") || strings.Contains(l.Text, "; Z1…Z")
	}
	if !ramp || zcubes != wide {
		t.Errorf("%s %gx%g: legend ramp %v, ZCubes named %v: %v", th, s.W, s.H, ramp, zcubes, labelsOf(s, "legend"))
	}
	// A read file: a rim of the read colour, the background inside it, the file's colour.
	read := 0
	for i := 0; i+1 < len(s.Shapes); i++ {
		a, b := s.Shapes[i], s.Shapes[i+1]
		if a.Kind == FillRect && b.Kind == FillRect && a.Color == theme.Read && b.Color == theme.Background &&
			b.Rect.X > a.Rect.X && b.Rect.X+b.Rect.W < a.Rect.X+a.Rect.W {
			read++
		}
	}
	if want := countRead(f.Files); read != want || want == 0 {
		t.Errorf("%s: %d read files drawn with a rim and a gap, %d read", th, read, want)
	}
}

func countRead(df *timeline.DayFiles) int {
	n := 0
	for _, f := range df.Files {
		if f.Read {
			n++
		}
	}
	return n
}
