package view

import (
	"strings"
	"testing"

	"layoutlab/engine/panel"
)

// keySpaceShapes counts the shapes drawn inside the key space square: the part of the canvas
// right of the grid, at 1280 px.
func keySpaceShapes(s *Scene, left float64, kind ShapeKind) int {
	n := 0
	for _, sh := range s.Shapes {
		if sh.Kind == kind && sh.Rect.X > left {
			n++
		}
	}
	return n
}

// TestKeySpaceMarksTheLookup: a point lookup on a key is drawn across the key space, as a line
// in the read colour named with its WHERE, through every read file's box; a key without
// statistics gets no min/max boxes, and says so.
func TestKeySpaceMarksTheLookup(t *testing.T) {
	var c Composer
	th := ThemeNamed("light")
	res := panelAnswer(t, "zorder-two-keys")
	s := c.Panel(PanelFigure{Result: res, Selected: -1}, 960, 600, 1, th)
	if !hasText(s, res.Where) {
		t.Fatalf("the key space does not name the lookup %q: %v", res.Where, s.Labels)
	}
	var mark *Shape
	for i, sh := range s.Shapes {
		if sh.Kind == Line && sh.Color == th.Read && sh.Rect.H == 0 && sh.Width == 2 && sh.Rect.W > 100 {
			mark = &s.Shapes[i]
		}
	}
	if mark == nil {
		t.Fatal("no horizontal line in the read colour across the key space (user_id is the second key)")
	}
	// A lookup that reads every file (the table as written) places no value.
	p := presetScenario(t, "two-keys").Panel
	p.Layout = "append"
	all, err := panel.NewStore().Answer(p, panel.Shown, nil)
	if err != nil || all.FilesRead != all.FilesTotal {
		t.Fatalf("append order: %v, %d of %d read", err, all.FilesRead, all.FilesTotal)
	}
	if s := c.Panel(PanelFigure{Result: all, Selected: -1}, 960, 600, 1, th); hasText(s, all.Where) {
		t.Error("a lookup that reads every file is marked")
	}
	ns := panelAnswer(t, "no-stats")
	s = c.Panel(PanelFigure{Result: ns, Selected: -1}, 960, 600, 1, th)
	if !hasText(s, "no statistics: no boxes") {
		t.Errorf("the no-statistics key space does not say so: %v", s.Labels)
	}
	withStats := keySpaceShapes(c.Panel(PanelFigure{Result: panelAnswer(t, "one-key"), Selected: -1}, 960, 600, 1, th), 600, StrokeRect)
	s = c.Panel(PanelFigure{Result: ns, Selected: -1}, 960, 600, 1, th)
	if got := keySpaceShapes(s, 600, StrokeRect); got >= withStats || got > 1 {
		t.Errorf("the no-statistics key space draws %d outlines (one key with statistics: %d): boxes Delta has no min/max for", got, withStats)
	}
}

// TestRefusedLayoutSaysUnclustered: when Delta refuses the layout the picture's title says the
// table is as written, unclustered, at any width it fits.
func TestRefusedLayoutSaysUnclustered(t *testing.T) {
	p := presetScenario(t, "two-keys").Panel
	p.Keys = append(p.Keys, "device_model_id")
	p.IndexedCols = nil
	res, err := panel.NewStore().Answer(p, panel.Shown, nil)
	if err != nil || res.Error == nil || res.Layout != "append" {
		t.Fatalf("device_model_id without statistics: %v, %v, layout %s", err, res.Error, res.Layout)
	}
	var c Composer
	for _, w := range []float64{960, 320} {
		s := c.Panel(PanelFigure{Result: res, Selected: -1}, w, 600, 1, ThemeNamed("dark"))
		if ts := labelsOf(s, "title"); len(ts) != 1 || !strings.Contains(ts[0].Text, "unclustered") {
			t.Errorf("%g px: title %v", w, ts)
		}
	}
}

// TestNoLookupMarkWithoutBoxes: a key space without boxes (no statistics) marks no lookup: the
// mark's place comes from the read files' boxes.
func TestNoLookupMarkWithoutBoxes(t *testing.T) {
	var c Composer
	res := panelAnswer(t, "no-stats")
	s := c.Panel(PanelFigure{Result: res, Selected: -1}, 960, 600, 1, ThemeNamed("light"))
	if hasText(s, res.Where) {
		t.Errorf("the key space without boxes marks the lookup %q", res.Where)
	}
}
