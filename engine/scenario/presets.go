package scenario

// Preset is a named scenario that makes one point of the explainer untouched. The explainer
// (site/index.html) embeds each by its link; the CLI runs them by name; the browser tests check
// that the widget and the CLI agree on every one.
type Preset struct {
	Name, Title string
	Scenario    Scenario
}

func timeline(strategy string, edit func(*Timeline)) Scenario {
	s := Default()
	s.View = "timeline"
	s.Timeline.Strategy = strategy
	if edit != nil {
		edit(&s.Timeline)
	}
	return s
}

func panelPreset(edit func(*Panel)) Scenario {
	s := Default()
	if edit != nil {
		edit(&s.Panel)
	}
	return s
}

// figure declares a preset's figure: the knobs its story needs (the widget's knob ids, a group
// such as "Filter" for its knobs) and the readouts that make its point (the CLI's JSON names).
func figure(s Scenario, knobs []string, readouts ...string) Scenario {
	s.Figure = Figure{Knobs: knobs, Readouts: readouts}
	return s
}

// Presets lists the explainer's scenarios in the order the page tells the story. Each declares
// its figure (figure.html): the knobs and readouts of the point the explainer makes with it.
func Presets() []Preset {
	day := []string{"day", "strategy"}
	return append([]Preset{
		{"zorder-full", "Whole-table Z-order, rewritten every night",
			figure(timeline("zorder-full", nil), day, "optimize_written_gb", "table_gb", "lookup_files")},
		{"zorder-window", "Z-order over a window of the last W days",
			figure(timeline("zorder-window", nil), []string{"day", "window-days"}, "optimize_written_gb", "lookup_files")},
		{"liquid", "Liquid clustering with open-source ZCubes",
			figure(timeline("liquid", nil), []string{"day", "min-cube-gb"}, "optimize_written_gb", "lookup_files", "zcubes")},
		{"small-batches", "Small daily batches against a large minimum cube",
			figure(timeline("liquid", func(t *Timeline) { t.IngestGB = 10 }),
				[]string{"day", "ingest-gb"}, "write_amplification", "optimize_written_gb")},
		bigCube(),
		{"large-batches", "Large daily batches against a small minimum cube",
			figure(timeline("liquid", func(t *Timeline) { t.IngestGB = 200; t.MinCubeGB = 25; t.Days = 30 }),
				[]string{"day", "ingest-gb", "min-cube-gb"}, "write_amplification", "lookup_files")},
		{"change-keys", "Changing the clustering keys on day 30",
			figure(timeline("liquid", func(t *Timeline) { t.ChangeKeysDay = 30; t.Day = 30 }),
				[]string{"day", "change-keys-day"}, "lookup_files", "files", "optimize_written_gb")},
		{"full", "OPTIMIZE FULL on the day of the key change",
			figure(timeline("liquid", func(t *Timeline) { t.ChangeKeysDay = 30; t.FullDay = 30 }),
				[]string{"day", "full-day"}, "optimize_written_gb", "lookup_files")},
		{"history", "Enabling clustering on a table with 30 days of history",
			figure(timeline("liquid", func(t *Timeline) { t.HistoryDays = 30; t.Day = 1 }),
				[]string{"day", "history-days"}, "optimize_written_gb", "table_gb")},
		fabricIncremental(),
	}, statsPresets()...)
}

// PresetByName finds a preset; ok is false for an unknown name.
func PresetByName(name string) (Preset, bool) {
	for _, p := range Presets() {
		if p.Name == name {
			return p, true
		}
	}
	return Preset{}, false
}
