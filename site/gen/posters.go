package main

import (
	"encoding/json"
	"os"
	"path/filepath"

	"layoutlab/engine/explainer"
	"layoutlab/engine/readout"
	"layoutlab/engine/scenario"
	"layoutlab/site/figurebox"
)

// livePage is the page a figure goes live in: figure.html, the widget's figure mode, when the
// build has it, else the full widget.
func livePage(src string) string {
	if _, err := os.Stat(filepath.Join(src, "figure.html")); err == nil {
		return "figure.html"
	}
	return "widget.html"
}

// writePosters writes every preset's poster into out/posters (NAME.svg, and NAME.json, the box a
// docs generator's snippet writes) and returns each preset's figure box.
func writePosters(res *explainer.Results, out, live string) (map[string]figurebox.Figure, error) {
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
		link := scenario.Link(p.Scenario)
		f := figurebox.Figure{
			Live: live + link, Open: "widget.html" + link,
			Poster: "posters/" + p.Name + ".svg", Width: 640, Height: 400,
			Title: p.Title, Alt: p.Title, Readouts: figurebox.Readouts(rs),
		}
		b, err := json.MarshalIndent(f, "", "  ")
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, p.Name+".json"), append(b, '\n'), 0o644); err != nil {
			return nil, err
		}
		boxes[p.Name] = f
	}
	return boxes, nil
}
