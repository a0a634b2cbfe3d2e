package scenario

// The statistics section's presets (the explainer's section 2), in the order it tells seed 003's
// story: Z-order as the article has it (ZORDER BY (event_date, user_id), a lookup on user_id),
// each key added, then the same keys on liquid clustering's Hilbert curve beside them, a
// 6-value key alone, and plain bin-packing.

// articleKeys are the article's ZORDER BY keys, then the two it adds for the dimensionality tax.
var articleKeys = []string{"event_date", "user_id", "region_id", "device_model_id"}

// lookupUser is the point lookup the section follows: a user_id that exists in the table.
const lookupUser = "user_id = 31415926"

func keyed(layout string, keys int) Scenario {
	return panelPreset(func(p *Panel) {
		p.Layout, p.Keys, p.Where = layout, append([]string(nil), articleKeys[:keys]...), lookupUser
		p.ColorKey = "user_id" // the lookup's column, not the first key: the figure is about it
		if keys == len(articleKeys) {
			// device_model_id is leaf 33: clustering on it needs statistics for it.
			n := 33
			p.IndexedCols = &n
		}
	})
}

// statsPresets are the section's presets; a pair the page shows side by side (Z-order, then
// Hilbert, on the same keys) is consecutive.
func statsPresets() []Preset {
	keys := []string{"keys", "Filter"} // a phone's panel has room for these two
	return []Preset{
		{"one-key", "ZORDER BY (user_id): a point lookup opens about one file",
			figure(panelPreset(func(p *Panel) { p.Layout = "zorder"; p.Keys = []string{"user_id"}; p.Where = lookupUser }),
				keys, "files_read", "files_total", "span:user_id")},
		{"zorder-two-keys", "ZORDER BY (event_date, user_id): a user_id lookup",
			figure(keyed("zorder", 2), keys, "files_read", "span:user_id", "span:event_date")},
		{"two-keys", "CLUSTER BY (event_date, user_id): the same keys on the Hilbert curve",
			figure(keyed("hilbert", 2), keys, "files_read", "span:user_id", "span:event_date")},
		{"zorder-four-keys", "The dimensionality tax: ZORDER BY four keys",
			figure(keyed("zorder", 4), []string{"keys", "indexed-cols"}, "files_read", "span:user_id", "span:region_id")},
		{"four-keys", "The dimensionality tax on the Hilbert curve: the same four keys",
			figure(keyed("hilbert", 4), []string{"keys", "indexed-cols"}, "files_read", "span:user_id", "span:region_id")},
		{"region-only", "ZORDER BY (region_id): a 6-value key alone",
			figure(panelPreset(func(p *Panel) { p.Layout = "zorder"; p.Keys = []string{"region_id"}; p.Where = "region_id = 3" }),
				[]string{"keys", "Filter"}, "files_read", "files_total", "span:region_id")},
		{"orderby", "ORDER BY the first key",
			figure(panelPreset(func(p *Panel) { p.Layout = "orderby" }),
				[]string{"layout", "Filter"}, "files_read", "files_total")},
		{"no-stats", "A column without statistics (schema position 33)",
			figure(panelPreset(func(p *Panel) {
				p.Layout = "zorder"
				p.Keys = []string{"device_model_id"}
				p.Where = "device_model_id = 1003"
			}), []string{"indexed-cols", "Filter"}, "files_read", "files_total")},
		{"larger-files", "Larger files: fewer files, wider ranges",
			figure(func() Scenario { s := keyed("hilbert", 2); s.Panel.Files = 8; return s }(),
				[]string{"files", "Filter"}, "files_total", "span:user_id", "files_read")},
		{"compaction", "Bin-packing OPTIMIZE: small daily files merged, never sorted",
			figure(timeline("compaction", func(t *Timeline) { t.IngestGB = 0.25 }),
				[]string{"day", "ingest-gb"}, "files", "lookup_files", "write_amplification")},
	}
}
