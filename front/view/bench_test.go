package view

import (
	"testing"

	"layoutlab/engine/panel"
)

// BenchmarkComposePanel is one frame of a files-slider drag's composition: the two-keys answer
// at a desktop canvas.
func BenchmarkComposePanel(b *testing.B) {
	sc := presetScenario(b, "two-keys")
	res, err := panel.NewStore().Answer(sc.Panel, panel.Shown, nil)
	if err != nil {
		b.Fatal(err)
	}
	var c Composer
	th := ThemeNamed("dark")
	b.ReportAllocs()
	for b.Loop() {
		c.Panel(PanelFigure{Result: res, Selected: -1}, 960, 900, 1, th)
	}
}

// BenchmarkComposeTimeline is one frame of a day-slider drag's composition: the liquid preset's
// day 45 (2,400 files after regrouping once) at a desktop canvas.
func BenchmarkComposeTimeline(b *testing.B) {
	f := timelineFigure(b, "liquid")
	var c Composer
	th := ThemeNamed("dark")
	b.ReportAllocs()
	for b.Loop() {
		c.Timeline(f, 960, 900, 1, th)
	}
}
