package scenario

import (
	"strconv"
	"strings"
)

// FilesSliderMax is the files slider's top: finer steps than the engine's limit (MaxPanelFiles)
// on a slider a few hundred pixels wide; the files flag and a typed link go up to the limit.
const FilesSliderMax = 256

// fabricGroup is the legend of Microsoft Fabric's settings.
const fabricGroup = "Microsoft Fabric Runtime 2.0 settings"

// viewSeed and viewNoNoise are the shown view's field: the panel and the timeline each keep
// their own.
func viewSeed(s *Scenario) *uint64 {
	if s.View == "timeline" {
		return &s.Timeline.Seed
	}
	return &s.Panel.Seed
}

func viewNoNoise(s *Scenario) *bool {
	if s.View == "timeline" {
		return &s.Timeline.NoNoise
	}
	return &s.Panel.NoNoise
}

// knobs is every knob of a scenario, the one place each is declared, in the widget's order (the
// command line's -h and docs/cli.md list a verb's flags in the same order). The widget draws the
// ones with a Control; a verb takes the ones of its view with a Flag.
var knobs = []Knob{
	{ID: "view", Kind: KindEnum, Default: "panel", Noun: "view", Options: []string{"panel", "timeline"},
		Control: ControlSelect, Label: "View",
		Help: "panel: layout and skipping on one table; timeline: nightly maintenance over days",
		s:    func(s *Scenario) *string { return &s.View }},

	// The statistics panel.
	{ID: "rows", View: "panel", Kind: KindInt, Default: "100000", Noun: "rows", Lo: 1, Hi: MaxPanelRows,
		Flag: "--rows N", Usage: "rows in the table",
		Control: ControlSelect, Label: "Rows", Options: []string{"10000", "100000", "1000000"},
		i: func(s *Scenario) *int { return &s.Panel.Rows }},
	{ID: "files", View: "panel", Kind: KindInt, Default: "32", Noun: "files", Lo: 1, Hi: MaxPanelFiles, UnsetZero: true,
		Flag: "--files F", Usage: "number of files",
		Control: ControlRange, Label: "Files", Min: 1, Max: FilesSliderMax, Step: 1,
		i:     func(s *Scenario) *int { return &s.Panel.Files },
		after: func(s *Scenario) { s.Panel.RowsPerFile = 0 },
		unset: func(s *Scenario) bool { return s.Panel.Files == 0 && s.Panel.RowsPerFile == 0 }},
	{ID: "rows-per-file", View: "panel", Kind: KindInt, Noun: "rows per file", Lo: 1, Hi: MaxPanelRows, UnsetZero: true,
		Flag: "--rows-per-file R", Usage: "instead of --files: max(1, rows/R) files, Delta's approxNumFiles",
		i:     func(s *Scenario) *int { return &s.Panel.RowsPerFile },
		after: func(s *Scenario) { s.Panel.Files = 0 }},
	{ID: "layout", View: "panel", Kind: KindEnum, Default: "hilbert", Noun: "layout", Options: PanelLayouts,
		Flag:    "--layout L",
		Control: ControlSelect, Label: "Layout",
		Help: "append order; ORDER BY the first key; ZORDER BY the keys; liquid clustering (Hilbert)",
		s:    func(s *Scenario) *string { return &s.Panel.Layout }},
	{ID: "keys", View: "panel", Kind: KindColumns, Default: "user_id, event_date", Noun: "keys", Hi: MaxKeys,
		Flag: "--keys a,b,...", Usage: "clustering / sort keys",
		Control: ControlKeys, Label: "Clustering keys, in key order",
		Help: "tick a column to cluster on it; ↑ ↓ move a key earlier or later",
		l:    func(s *Scenario) *[]string { return &s.Panel.Keys },
		after: func(s *Scenario) {
			if s.Panel.Keys == nil {
				s.Panel.Keys = []string{} // no keys, not "the default keys"
			}
		}},
	{ID: "where", View: "panel", Kind: KindText, Default: "user_id = 31415926", Noun: "predicate", Hi: MaxWhereBytes,
		Flag: "--where 'PRED'", Usage: `SQL predicate, e.g. "user_id = 42 AND region_id < 3"`,
		Control: ControlText, Label: "Query (WHERE)",
		Help:  "e.g. user_id = 4242 or region_id IN (1, 2) AND event_date >= DATE'2026-03-01'",
		s:     func(s *Scenario) *string { return &s.Panel.Where },
		unset: func(s *Scenario) bool { return s.Panel.Keys == nil }}, // the default WHERE goes with the default keys
	// The filter: column, operator and value, each a view of the WHERE above (filter.go), which
	// stays for any other predicate; a WHERE not of that form shows the column as "—".
	{ID: "filter-col", View: "panel", Kind: KindEnum, Noun: "filter column", Options: filterColumnNames(),
		Control: ControlSelect, Label: "Column", Group: "Filter",
		show: func(s *Scenario) string { f, _ := parseFilter(s.Panel.Where); return f.Col },
		set:  setFilterColumn},
	{ID: "filter-op", View: "panel", Kind: KindEnum, Noun: "filter operator", Options: append([]string{""}, filterOps...),
		Control: ControlSelect, Label: "Operator", Group: "Filter",
		show: func(s *Scenario) string { f, _ := parseFilter(s.Panel.Where); return f.Op },
		set: func(_ *Knob, s *Scenario, v string) error {
			if v == "" {
				return nil
			}
			return setFilter(s, func(f *filter) error { f.Op = v; return nil })
		}},
	{ID: "filter-value", View: "panel", Kind: KindText, Noun: "filter value", Hi: MaxWhereBytes,
		Control: ControlText, Label: "Value", Group: "Filter",
		show: func(s *Scenario) string { f, _ := parseFilter(s.Panel.Where); return f.Value },
		set: func(_ *Knob, s *Scenario, v string) error {
			return setFilter(s, func(f *filter) error { f.Value = v; return nil })
		}},
	{ID: "indexed-cols", View: "panel", Kind: KindInt, Noun: "indexed columns", Lo: -1, Hi: MaxIndexedCols,
		Flag: "--indexed-cols N", Usage: "delta.dataSkippingNumIndexedCols (default 32, -1 = all)",
		Control: ControlRange, Label: "dataSkippingNumIndexedCols", Min: -1, Max: 40, Step: 1,
		Help: "statistics for the first N leaf columns (the table has 36; device_model_id is the 33rd); -1 = all",
		show: func(s *Scenario) string { return strconv.Itoa(s.Panel.NumIndexedCols()) },
		set:  setIndexedCols,
		stored: func(s *Scenario) (float64, bool) {
			return float64(s.Panel.NumIndexedCols()), s.Panel.IndexedCols != nil
		}},
	{ID: "stats-columns", View: "panel", Kind: KindColumns, Noun: "statistics columns", Hi: MaxStatsColumns,
		Flag: "--stats-columns a,b", Usage: "delta.dataSkippingStatsColumns",
		Control: ControlText, Label: "dataSkippingStatsColumns",
		Help: "comma-separated; when set, it replaces the indexed-column count",
		l:    func(s *Scenario) *[]string { return &s.Panel.StatsColumns }},
	{ID: "partition-by", View: "panel", Kind: KindColumns, Noun: "partition columns", Hi: MaxKeys,
		Flag: "--partition-by a,b", Usage: "PARTITIONED BY: one directory per value, partition pruning",
		Control: ControlText, Label: "PARTITIONED BY",
		Help: "comma-separated, e.g. region_id: one directory per value; partition columns get no statistics",
		l:    func(s *Scenario) *[]string { return &s.Panel.PartitionBy }},
	{ID: "color-key", View: "panel", Kind: KindColumn, Noun: "colour key",
		Control: ControlText, Label: "Colour by span of", Help: "a key; empty = the first key",
		s: func(s *Scenario) *string { return &s.Panel.ColorKey }},

	// The maintenance timeline.
	{ID: "strategy", View: "timeline", Kind: KindEnum, Default: "liquid", Noun: "strategy", Options: strategyNames(), OptionLabel: StrategyLabel,
		Flag: "--strategy S", Usage: "liquid-incremental is Microsoft Fabric Runtime 2.0's incremental clustering, " +
			"liquid-fabric-1.3 Microsoft Fabric Runtime 1.3's, which rewrites every open ZCube",
		Control: ControlSelect, Label: "Strategy",
		s: func(s *Scenario) *string { return &s.Timeline.Strategy }},
	{ID: "day", View: "timeline", Kind: KindInt, Noun: "day", Lo: 0, Hi: MaxDays,
		Flag: "--day D", Usage: "the day the link opens at (default 0 = the last)",
		Control: ControlRange, Label: "Day", Min: 1, Max: 60, Step: 1,
		i: func(s *Scenario) *int { return &s.Timeline.Day },
		show: func(s *Scenario) string {
			if s.Timeline.Day == 0 {
				return strconv.Itoa(s.Timeline.Days)
			}
			return strconv.Itoa(s.Timeline.Day)
		}},
	{ID: "days", View: "timeline", Kind: KindInt, Default: "60", Noun: "days", Lo: 1, Hi: MaxDays,
		Flag: "--days N", Usage: "days",
		Control: ControlNumber, Label: "Days", Min: 1, Max: MaxDays, Step: 1,
		i: func(s *Scenario) *int { return &s.Timeline.Days }},
	{ID: "ingest-gb", View: "timeline", Kind: KindFloat, Default: "40", Noun: "daily ingest", Unit: "GiB", Lo: 0, LoOpen: true, Hi: MaxIngestGB,
		Flag: "--ingest-gb G", Usage: "GiB appended a day",
		Control: ControlRangeTyped, Label: "Daily ingest (GiB)", Min: 1, Max: 500, Step: 1, TypedMin: 0.001,
		f: func(s *Scenario) *float64 { return &s.Timeline.IngestGB }},
	{ID: "file-gb", View: "timeline", Kind: KindFloat, Default: "1", Noun: "file size", Unit: "GiB", Lo: 1.0 / 1024, Hi: 1024,
		Flag: "--file-gb G", Usage: "file size: append files and OPTIMIZE's min/maxFileSize",
		Control: ControlRangeTyped, Label: "File size (GiB)", Min: 0.125, Max: 8, Step: 0.125, TypedMin: 1.0 / 1024,
		f: func(s *Scenario) *float64 { return &s.Timeline.FileGB }},
	{ID: "min-cube-gb", View: "timeline", Kind: KindFloat, Default: "100", Noun: "minimum cube size", Unit: "GiB", Lo: 0, LoOpen: true, Hi: 1e6,
		Flag: "--min-cube-gb G", Usage: "clustering minCubeSize",
		Control: ControlRangeTyped, Label: "Minimum ZCube size (GiB)", Min: 1, Max: 500, Step: 1, TypedMin: 0.001,
		f: func(s *Scenario) *float64 { return &s.Timeline.MinCubeGB }},
	{ID: "target-cube-gb", View: "timeline", Kind: KindFloat, Noun: "target cube size", Unit: "GiB", Lo: 0, Hi: 1e6,
		Flag: "--target-cube-gb G", Usage: "clustering targetCubeSize (default 1.5 x min)",
		f: func(s *Scenario) *float64 { return &s.Timeline.TargetCubeGB }},
	{ID: "window-days", View: "timeline", Kind: KindInt, Default: "3", Noun: "window", Unit: "days", Lo: 1, Hi: MaxDays,
		Flag: "--window-days W", Usage: "zorder-window: Z-order the last W daily partitions",
		Control: ControlNumber, Label: "Z-order window W (days)", Min: 1, Max: 60, Step: 1,
		i: func(s *Scenario) *int { return &s.Timeline.WindowDays }},
	{ID: "change-keys-day", View: "timeline", Kind: KindInt, Noun: "key-change day", Lo: 0, Hi: MaxDays,
		Flag: "--change-keys-day K", Usage: "ALTER TABLE CLUSTER BY (order_id) on day K (0 = never)",
		Control: ControlNumber, Label: "Change keys on day (0 = never)", Min: 0, Max: MaxDays, Step: 1,
		i: func(s *Scenario) *int { return &s.Timeline.ChangeKeysDay }},
	{ID: "full-day", View: "timeline", Kind: KindInt, Noun: "FULL day", Lo: 0, Hi: MaxDays,
		Flag: "--full-day K", Usage: "run OPTIMIZE FULL on night K (0 = never)",
		Control: ControlNumber, Label: "OPTIMIZE FULL on day (0 = never)", Min: 0, Max: MaxDays, Step: 1,
		i: func(s *Scenario) *int { return &s.Timeline.FullDay }},
	{ID: "history-days", View: "timeline", Kind: KindInt, Noun: "history days", Lo: 0, Hi: MaxDays,
		Flag: "--history-days H", Usage: "H days of unclustered history before clustering is enabled",
		Control: ControlNumber, Label: "Days of history before clustering", Min: 0, Max: MaxDays, Step: 1,
		i: func(s *Scenario) *int { return &s.Timeline.HistoryDays }},
	{ID: "cluster-none-day", View: "timeline", Kind: KindInt, Noun: "CLUSTER BY NONE day", Lo: 0, Hi: MaxDays,
		Flag: "--cluster-none-day K", Usage: "ALTER TABLE CLUSTER BY NONE on day K (0 = never)",
		Control: ControlNumber, Label: "CLUSTER BY NONE on day (0 = never)", Min: 0, Max: MaxDays, Step: 1,
		i: func(s *Scenario) *int { return &s.Timeline.ClusterNoneDay }},
	{ID: "lookup", View: "timeline", Kind: KindEnum, Noun: "lookup column", Options: TimelineLookups, UnsetZero: true,
		Flag:    "--lookup COL",
		Control: ControlText, Label: "Lookup column",
		Help: "point lookup column; empty = the first clustering key in force that day (customer_id for Z-order)",
		s:    func(s *Scenario) *string { return &s.Timeline.Lookup }},
	{ID: "rows-per-gb", View: "timeline", Kind: KindInt, Default: "256", Noun: "rows per GiB", Lo: 1, Hi: MaxRowsPerGB,
		Flag: "--rows-per-gb R", Usage: "sample rows per GiB",
		i: func(s *Scenario) *int { return &s.Timeline.RowsPerGB }},

	// Microsoft Fabric's settings (spark.microsoft.delta.optimize.clustering.strategy.*), read
	// by the Fabric Runtime 2.0 strategy (liquid-incremental) only; each is a Timeline field
	// whose zero is Fabric's default.
	{ID: "fabric-incremental", View: "timeline", Kind: KindBool, Noun: "incremental",
		Flag:    "--fabric-incremental=false",
		Control: ControlCheck, Label: "incremental", Group: fabricGroup,
		Help: "read by Microsoft Fabric Runtime 2.0's strategy (liquid-incremental) only, as are the three settings below: cluster only unclustered, small and unhealthy files; off runs the standard clustering",
		b:    func(s *Scenario) *bool { return &s.Timeline.FabricNoIncremental }, negate: true},
	{ID: "fabric-auto-recluster", View: "timeline", Kind: KindBool, Noun: "autoRecluster",
		Flag:    "--fabric-auto-recluster=false",
		Control: ControlCheck, Label: "autoRecluster", Group: fabricGroup,
		Help: "incremental.autoRecluster: re-cluster the files whose ranges overlap",
		b:    func(s *Scenario) *bool { return &s.Timeline.FabricNoAutoRecluster }, negate: true},
	{ID: "fabric-min-offending-files", View: "timeline", Kind: KindInt, Noun: "Fabric minOffendingFiles",
		Lo: 2, Hi: MaxFabricMinOffendingFiles, UnsetZero: true, // Fabric documents "at least 2"
		Flag:    "--fabric-min-offending-files N",
		Control: ControlNumber, Label: "minOffendingFiles", Group: fabricGroup, Min: 2, Max: MaxFabricMinOffendingFiles, Step: 1,
		Help: "autoRecluster.minOffendingFiles: a file is re-clustered when it overlaps at least this many files minus one (default 4)",
		i:    func(s *Scenario) *int { return &s.Timeline.FabricMinOffendingFiles },
		show: func(s *Scenario) string { return strconv.Itoa(s.Timeline.FabricMinOffending()) }},
	{ID: "fabric-min-overlap-threshold", View: "timeline", Kind: KindFloat, Noun: "Fabric minOverlapThreshold",
		Lo: 0.25, LoOpen: true, Hi: 1, UnsetZero: true, // Fabric documents (0.25, 1.0]
		Flag:    "--fabric-min-overlap-threshold X",
		Control: ControlNumber, Label: "minOverlapThreshold", Group: fabricGroup, Min: 0.3, Max: 1, Step: 0.05,
		Help: "autoRecluster.minOverlapThreshold: two files overlap when their shared range is above this share of each one's range, in (0.25, 1.0] (default 0.75)",
		f:    func(s *Scenario) *float64 { return &s.Timeline.FabricMinOverlapThreshold },
		show: func(s *Scenario) string { return strconv.FormatFloat(s.Timeline.FabricMinOverlap(), 'f', -1, 64) }},

	// Both views, each its own field.
	{ID: "seed", Kind: KindSeed, Default: "1", Noun: "seed",
		Flag: "--seed S", Usage: "table and noise seed",
		u: viewSeed},
	{ID: "add-noise", Kind: KindBool, Noun: "noise byte",
		Flag:    "--add-noise=false",
		Control: ControlCheck, Label: "Noise byte (addNoise)",
		Help: "spark.databricks.io.skipping.mdc.addNoise (default true): a random byte on the curve key lets neighbouring files share a range id, so a lookup there opens both; false keeps each range id in one file (the liquid lookup opens 19.9 files instead of 21.5)",
		b:    viewNoNoise, negate: true},
}

// setFilterColumn sets the filter's column; "—" ("") leaves a WHERE of another form alone.
func setFilterColumn(_ *Knob, s *Scenario, v string) error {
	if v == "" {
		return nil
	}
	return setFilter(s, func(f *filter) error {
		old, _ := lookupFilterColumn(f.Col)
		c, ok := lookupFilterColumn(v)
		if !ok {
			return knobErr("filter-col", "filter: %q is not a column the filter offers", v)
		}
		if old.Quoted != c.Quoted {
			f.Value = c.Sample // a date does not fit a number column, nor the reverse
		}
		f.Col = v
		return nil
	})
}

// setIndexedCols sets delta.dataSkippingNumIndexedCols, which is unset (Delta's default) until
// a value is given.
func setIndexedCols(k *Knob, s *Scenario, v string) error {
	n, err := k.parseInt(strings.TrimSpace(v))
	if err != nil {
		return err
	}
	s.Panel.IndexedCols = &n
	return nil
}
