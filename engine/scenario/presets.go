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

// Presets lists the explainer's scenarios in the order the page tells the story.
func Presets() []Preset {
	return []Preset{
		{"zorder-full", "Whole-table Z-order, rewritten every night",
			timeline("zorder-full", nil)},
		{"zorder-window", "Z-order over a window of the last W days",
			timeline("zorder-window", nil)},
		{"liquid", "Liquid clustering with open-source ZCubes",
			timeline("liquid", nil)},
		{"small-batches", "Small daily batches against a large minimum cube",
			timeline("liquid", func(t *Timeline) { t.IngestGB = 10 })},
		{"large-batches", "Large daily batches against a small minimum cube",
			timeline("liquid", func(t *Timeline) { t.IngestGB = 200; t.MinCubeGB = 25; t.Days = 30 })},
		{"change-keys", "Changing the clustering keys on day 30",
			timeline("liquid", func(t *Timeline) { t.ChangeKeysDay = 30 })},
		{"full", "OPTIMIZE FULL on the day of the key change",
			timeline("liquid", func(t *Timeline) { t.ChangeKeysDay = 30; t.FullDay = 30 })},
		{"history", "Enabling clustering on a table with 30 days of history",
			timeline("liquid", func(t *Timeline) { t.HistoryDays = 30 })},
		{"one-key", "One key: a point lookup opens about one file",
			panelPreset(func(p *Panel) { p.Keys = []string{"user_id"}; p.Where = "user_id = 31415926" })},
		{"two-keys", "Two keys: each file spans about 1/sqrt(F) of each",
			panelPreset(nil)},
		{"four-keys", "The dimensionality tax: four keys",
			panelPreset(func(p *Panel) {
				// device_model_id is leaf 33: clustering on it needs statistics for it.
				n := 33
				p.IndexedCols = &n
				p.Keys = []string{"user_id", "event_date", "region_id", "device_model_id"}
				p.Where = "user_id = 31415926"
			})},
		{"orderby", "ORDER BY the first key",
			panelPreset(func(p *Panel) { p.Layout = "orderby" })},
		{"no-stats", "A column without statistics (schema position 33)",
			panelPreset(func(p *Panel) {
				p.Layout = "zorder"
				p.Keys = []string{"device_model_id"}
				p.Where = "device_model_id = 1003"
			})},
		{"larger-files", "Larger files: fewer files, wider ranges",
			panelPreset(func(p *Panel) { p.Files = 8; p.Where = "user_id = 31415926" })},
	}
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
