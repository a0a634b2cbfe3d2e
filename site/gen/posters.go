package main

import (
	"fmt"
	"os"
	"path/filepath"

	"layoutlab/engine/explainer"
	"layoutlab/engine/readout"
	"layoutlab/engine/scenario"
	"layoutlab/front/figurebox"
)

// livePage is the page a figure goes live in: figure.html, the widget's figure mode, when the
// build has it, else the full widget.
func livePage(src string) string {
	if _, err := os.Stat(filepath.Join(src, "figure.html")); err == nil {
		return "figure.html"
	}
	return "widget.html"
}

// writePosters writes every preset's poster into out/posters: NAME.svg (a wide box's),
// NAME.narrow.svg (a phone's), each in both themes, and NAME.json, the figure a docs
// generator's snippet writes; it returns each preset's figure.
func writePosters(out, live string, res *explainer.Results) (map[string]figurebox.Figure, error) {
	dir := filepath.Join(out, "posters")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	boxes := map[string]figurebox.Figure{}
	for _, p := range scenario.Presets() {
		s := res.Scenario(p.Name)
		var rs []readout.Readout
		if s.View == "timeline" {
			rs = readout.Shown(s, nil, res.TimelineOf(p.Name))
		} else {
			rs = readout.Shown(s, res.PanelOf(p.Name), nil)
		}
		f, err := figurebox.Write(filepath.Join(dir, p.Name), p.Scenario, live, p.Title, rs)
		if err != nil {
			return nil, fmt.Errorf("preset %s: %w", p.Name, err)
		}
		boxes[p.Name] = f
	}
	return boxes, nil
}
