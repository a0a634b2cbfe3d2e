package scenario

import (
	"slices"
	"strings"
)

// Limits enforced on every scenario, whether it comes from a link, a flag or a control.
const (
	MaxPanelRows    = 1_000_000 // the widget's largest table; 4M rows took 2.8 GB and 16 s natively
	MaxPanelFiles   = 4096
	MaxKeys         = 9 // Delta's Hilbert curve handles at most 9 dimensions (M/expressions/HilbertStates.java)
	MaxWhereBytes   = 4096
	MaxNameBytes    = 128
	MaxFigureItems  = 8 // knobs or readouts a figure declares
	MaxDays         = 365
	MaxIngestGB     = 10_000
	MaxRowsPerGB    = 100_000
	MaxIndexedCols  = 10_000
	MaxStatsColumns = 64
)

// TimelineStrategies are the timeline's strategies (Timeline.Strategy), in the order the widget
// offers them, each with the name the widget, the figures and the CLI's JSON show. A platform's
// strategy is named as that platform's: open-source liquid clustering is incremental too (it
// rewrites only ZCubes under minCubeSize), so "incremental" alone would not say whose.
var TimelineStrategies = []struct{ Name, Label string }{
	{"none", "No maintenance"},
	{"compaction", "Bin-packing OPTIMIZE"},
	{"zorder-full", "Whole-table Z-order every night"},
	{"zorder-window", "Z-order over a window of days"},
	{"liquid", "Liquid clustering (open-source Delta)"},
	{"liquid-incremental", "Microsoft Fabric Runtime 2.0 incremental liquid clustering (Fabric's, not open-source Delta)"},
	{"liquid-fabric-1.3", "Microsoft Fabric Runtime 1.3 liquid clustering (Fabric's, not open-source Delta)"},
}

// StrategyLabel is strategy's shown name, the strategy itself when it is not one.
func StrategyLabel(strategy string) string {
	for _, s := range TimelineStrategies {
		if s.Name == strategy {
			return s.Label
		}
	}
	return strategy
}

func strategyNames() []string {
	names := make([]string, len(TimelineStrategies))
	for i, s := range TimelineStrategies {
		names[i] = s.Name
	}
	return names
}

// PanelLayouts are the panel's layouts (Panel.Layout), in the order the widget offers them:
// append order, ORDER BY the first key, ZORDER BY the keys, liquid clustering on the Hilbert
// curve.
var PanelLayouts = []string{"append", "orderby", "zorder", "hilbert"}

// Default is the scenario a bare widget.html opens: the statistics panel's default table.
func Default() Scenario {
	var s Scenario
	s.EnsureDefaults()
	return s
}

// EnsureDefaults fills every zero field with its default (each knob's Default, knobs.go), as
// pebble's Options.EnsureDefaults does, so an old link that lacks a newer field still opens.
// Which fields are unset is read before any is filled: the default WHERE goes with the default
// keys only.
func (s *Scenario) EnsureDefaults() {
	type fill struct {
		k    *Knob
		view string
	}
	todo := make([]fill, 0, 32) // on the stack: the panel fills a scenario on every answer
	for i := range knobs {
		k := &knobs[i]
		if k.Default == "" {
			continue
		}
		for _, v := range k.fieldViews() {
			if inView(s, v, func() bool { return k.isUnset(s) }) {
				todo = append(todo, fill{k, v})
			}
		}
	}
	for _, f := range todo {
		inView(s, f.view, func() bool {
			if err := f.k.Set(s, f.k.Default); err != nil {
				panic("scenario: knob " + f.k.ID + "'s default is outside its limits: " + err.Error())
			}
			return true
		})
	}
}

// Validate reports the first field outside its limits, naming it (KnobError), then whether
// the scenario's cost is over the limits (Cost).
func (s *Scenario) Validate() error {
	if err := s.ValidateFields(); err != nil {
		return err
	}
	return s.checkCost()
}

// ValidateFields is Validate without the cost: each knob's field within its own limits (the
// registry, knobs.go), then what binds two fields, then the figure's declarations.
func (s *Scenario) ValidateFields() error {
	if err := s.checkKnobs(); err != nil {
		return err
	}
	p, t := &s.Panel, &s.Timeline
	switch {
	case p.Files == 0 && p.RowsPerFile == 0:
		return knobErr("files", "files %d is outside 1..%d", p.Files, MaxPanelFiles)
	case p.Files == 0 && (p.Rows+p.RowsPerFile-1)/p.RowsPerFile > MaxPanelFiles:
		return knobErr("rows-per-file", "%d rows at %d rows per file make more than %d files", p.Rows, p.RowsPerFile, MaxPanelFiles)
	case t.Day > t.Days:
		return knobErr("day", "day %d is outside 0..%d", t.Day, t.Days)
	}
	f := &s.Figure
	switch {
	case f.Theme != "" && f.Theme != "light" && f.Theme != "dark":
		return knobErr("theme", "theme %.40q is not one of light, dark (or empty to follow the reader's setting)", f.Theme)
	case len(f.Knobs) > MaxFigureItems:
		return knobErr("figure-knobs", "%d figure knobs: at most %d", len(f.Knobs), MaxFigureItems)
	case len(f.Readouts) > MaxFigureItems:
		return knobErr("figure-readouts", "%d figure readouts: at most %d", len(f.Readouts), MaxFigureItems)
	}
	for _, n := range append(slices.Clip(f.Knobs), f.Readouts...) {
		if len(n) > MaxNameBytes || strings.ContainsAny(n, "\x00\n") {
			return knobErr("figure", "figure item %.40q is not a valid name", n)
		}
	}
	return nil
}
