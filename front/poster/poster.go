// Package poster draws a figure's poster natively: it runs the engine for a scenario as the
// widget's first answer does (wasm/firstrun, front/schedule) and writes, as SVG, the Scene the
// widget's canvas first draws for it (front/view). A docs page shows the poster until the live
// widget starts; it prints, works without JavaScript and is indexed by search.
package poster

import (
	"bytes"
	"fmt"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
	"layoutlab/front/view"
)

// Render runs the engine for sc and returns the SVG of the Scene the live canvas first draws for
// it at width×height CSS pixels, and the Scene's summary sentence (the figure's point, for
// screen readers and the host page). theme is "light" or "dark", or "" for sc.Figure.Theme,
// and when that is "" too, one SVG with both themes, switched by the reader's
// prefers-color-scheme. A scenario Delta refuses is drawn as the widget draws it; an error is
// only a scenario that does not validate or a size out of range.
func Render(sc scenario.Scenario, width, height float64, theme string) (svg []byte, summary string, err error) {
	if !(width >= 40 && width <= 10000 && height >= 40 && height <= 10000) {
		return nil, "", fmt.Errorf("poster: size %gx%g is outside 40 to 10,000 CSS pixels", width, height)
	}
	sc.EnsureDefaults()
	if err := sc.Validate(); err != nil {
		return nil, "", fmt.Errorf("poster: %w", err)
	}
	if theme == "" {
		theme = sc.Figure.Theme
	}
	first, err := firstAnswer(sc)
	if err != nil {
		return nil, "", err
	}
	var b bytes.Buffer
	if theme == "" {
		light := first.scene(width, height, view.ThemeNamed("light"))
		// Each theme composes into a Composer of its own: the two Scenes are alive at once.
		dark := firstScene(first, width, height, view.ThemeNamed("dark"))
		err = view.WriteSVGThemes(&b, light, dark)
		return b.Bytes(), light.Summary, err
	}
	if theme != "light" && theme != "dark" {
		return nil, "", fmt.Errorf("poster: theme %q is not light, dark or empty", theme)
	}
	s := first.scene(width, height, view.ThemeNamed(theme))
	err = s.WriteSVG(&b)
	return b.Bytes(), s.Summary, err
}

// answer is the engine's first answer for a scenario, as the widget's first frame has it.
type answer struct {
	sc    scenario.Scenario
	panel *panel.Result
	run   *timeline.Result
	day   int
	files timeline.DayFiles
	c     view.Composer
}

// firstAnswer runs the engine as the widget does for its first frame: the panel's answer
// (panel.Store.Answer, at the priority of an answer shown), or the timeline's run and the day
// under the slider (the last when the scenario names none).
func firstAnswer(sc scenario.Scenario) (*answer, error) {
	a := &answer{sc: sc}
	if sc.View != "timeline" {
		res, err := panel.NewStore().Answer(sc.Panel, panel.Shown, nil)
		if err != nil {
			return nil, fmt.Errorf("poster: %w", err)
		}
		a.panel = res
		return a, nil
	}
	key := sc.Timeline
	key.Day = 0 // the run is the same for every day (schedule.Simulation.Key)
	var eng timeline.Engine
	run, err := eng.Run(key)
	if err != nil {
		return nil, fmt.Errorf("poster: %w", err)
	}
	a.run = run
	a.day = sc.Timeline.Day
	if a.day == 0 || a.day > len(run.Days) {
		a.day = len(run.Days)
	}
	if err := run.DayFilesInto(&a.files, a.day); err != nil {
		return nil, fmt.Errorf("poster: %w", err)
	}
	return a, nil
}

// scene composes the figure at width×height CSS pixels (scale 1) in theme, as the widget's
// first frame does: no file selected, the panel coloured by its colour key.
func (a *answer) scene(width, height float64, th view.Theme) *view.Scene {
	if a.run != nil {
		return a.c.Timeline(view.TimelineFigure{Run: a.run, Key: timelineKey(a.sc), Day: a.day, Files: &a.files, Selected: -1}, width, height, 1, th)
	}
	return a.c.Panel(view.PanelFigure{Result: a.panel, ColorKey: a.sc.Panel.ColorKey, Selected: -1}, width, height, 1, th)
}

// firstScene is a.scene in a Composer of its own.
func firstScene(a *answer, width, height float64, th view.Theme) *view.Scene {
	b := *a
	b.c = view.Composer{}
	return b.scene(width, height, th)
}

// timelineKey is the timeline's scenario without its day, as the widget's chart reads it.
func timelineKey(sc scenario.Scenario) scenario.Timeline {
	t := sc.Timeline
	t.Day = 0
	return t
}
