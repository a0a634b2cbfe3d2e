// Package scenario is the one versioned description of what Layout Lab shows: the statistics
// panel's table, layout and query, and the maintenance timeline's strategy and knobs. The widget
// and the command line serialise the same struct with msgp and carry it in a link's fragment.
//
// Compatibility rule: fields are only ever appended, never renamed or reused. msgp encodes
// structs as maps keyed by the msg tag, so an old link decodes in every later version and
// unknown keys from a newer link are skipped.
package scenario

//go:generate go tool msgp -io=false -tests=false

// Decoding is bounded: no list or map in a link may claim more than 64 elements.
//msgp:limit arrays:64 maps:64

// Scenario is the whole state a link reproduces.
type Scenario struct {
	View     string   `msg:"v"` // "panel" or "timeline"
	Panel    Panel    `msg:"p"`
	Timeline Timeline `msg:"t"`
	// Figure is how an embedded figure (figure.html) presents the scenario; the full widget
	// (widget.html) ignores all but Theme.
	Figure Figure `msg:"fg,omitzero"`
}

// Figure declares what a docs figure shows: the knobs its story needs, the readouts drawn large,
// and the colour theme. Empty lists mean the view's defaults.
type Figure struct {
	Knobs    []string `msg:"k"`  // knob ids (the registry, knobs.go), in the order shown
	Readouts []string `msg:"r"`  // readout metrics, by the CLI's JSON names
	Theme    string   `msg:"th"` // "" follows the reader's prefers-color-scheme; "light" or "dark" forces one
}

// Panel is the statistics panel: a table laid out into files, its statistics and a query's
// data skipping.
type Panel struct {
	Rows         int      `msg:"r"`
	Files        int      `msg:"f"`  // number of files; 0 = derive from RowsPerFile
	RowsPerFile  int      `msg:"rf"` // used when Files is 0
	Layout       string   `msg:"l"`  // append | orderby | zorder | hilbert
	Keys         []string `msg:"k"`
	Where        string   `msg:"w"`
	IndexedCols  *int     `msg:"ic"` // delta.dataSkippingNumIndexedCols; -1 = all; nil = Delta's default 32
	StatsColumns []string `msg:"sc"` // delta.dataSkippingStatsColumns
	Seed         uint64   `msg:"s"`
	ColorKey     string   `msg:"ck"` // the key whose span colours the grid; "" = first key
	PartitionBy  []string `msg:"pb"` // PARTITIONED BY columns (Hive-style directories)
	// NoNoise is spark.databricks.io.skipping.mdc.addNoise=false for the zorder and hilbert
	// layouts. The zero value is Delta's default (the noise byte is added), so links written
	// before the field existed decode to what they always showed.
	NoNoise bool `msg:"nn"`
}

// Timeline is the maintenance timeline: a table over N days with OPTIMIZE every night.
type Timeline struct {
	Strategy       string  `msg:"st"`
	Days           int     `msg:"d"`
	IngestGB       float64 `msg:"i"`
	FileGB         float64 `msg:"fg"`
	MinCubeGB      float64 `msg:"mc"`
	TargetCubeGB   float64 `msg:"tc"` // 0 = 1.5 x MinCubeGB
	WindowDays     int     `msg:"wd"`
	ChangeKeysDay  int     `msg:"kd"` // 0 = never
	FullDay        int     `msg:"fd"`
	HistoryDays    int     `msg:"hd"`
	ClusterNoneDay int     `msg:"nd"`
	Lookup         string  `msg:"lk"`
	Day            int     `msg:"dy"` // the day under the slider; 0 = last
	RowsPerGB      int     `msg:"rg"`
	Seed           uint64  `msg:"s"`
	// NoNoise is spark.databricks.io.skipping.mdc.addNoise=false for every Z-order and
	// clustering OPTIMIZE of the run; false (Delta's default) adds the noise byte.
	NoNoise bool `msg:"nn"`
	// Microsoft Fabric's incremental clustering settings, read by the Fabric Runtime 2.0
	// strategy (liquid-incremental) only. Each zero value is Fabric's default, so links written
	// before the fields existed decode to what they showed.
	//
	// FabricNoIncremental is spark.microsoft.delta.optimize.clustering.strategy.incremental=false:
	// Runtime 2.0 then runs the standard (open-source) clustering.
	FabricNoIncremental bool `msg:"fi"`
	// FabricNoAutoRecluster is …incremental.autoRecluster=false.
	FabricNoAutoRecluster bool `msg:"fa"`
	// FabricMinOffendingFiles is …autoRecluster.minOffendingFiles; 0 = Fabric's default 4.
	FabricMinOffendingFiles int `msg:"fo"`
	// FabricMinOverlapThreshold is …autoRecluster.minOverlapThreshold; 0 = Fabric's default 0.75.
	FabricMinOverlapThreshold float64 `msg:"fv"`
}

// Fabric's documented defaults for the autoRecluster settings (Timeline's zero values).
const (
	DefaultFabricMinOffendingFiles   = 4
	DefaultFabricMinOverlapThreshold = 0.75
	MaxFabricMinOffendingFiles       = 64 // a knob's bound, not Fabric's: any count above is "never"
)

// FabricMinOffending is the timeline's minOffendingFiles, Fabric's default when unset.
func (t *Timeline) FabricMinOffending() int {
	if t.FabricMinOffendingFiles == 0 {
		return DefaultFabricMinOffendingFiles
	}
	return t.FabricMinOffendingFiles
}

// FabricMinOverlap is the timeline's minOverlapThreshold, Fabric's default when unset.
func (t *Timeline) FabricMinOverlap() float64 {
	if t.FabricMinOverlapThreshold == 0 {
		return DefaultFabricMinOverlapThreshold
	}
	return t.FabricMinOverlapThreshold
}

// DefaultNumIndexedCols is delta.dataSkippingNumIndexedCols' default
// (DataSkippingReaderConf.DATA_SKIPPING_NUM_INDEXED_COLS_DEFAULT_VALUE, M/DeltaConfig.scala).
const DefaultNumIndexedCols = 32

// NumIndexedCols is the panel's delta.dataSkippingNumIndexedCols, its default when unset.
func (p *Panel) NumIndexedCols() int {
	if p.IndexedCols == nil {
		return DefaultNumIndexedCols
	}
	return *p.IndexedCols
}

// IsZero is true for a figure that declares nothing: msgp's omitzero then leaves it out of the
// link, so links written before figures existed are unchanged.
func (f Figure) IsZero() bool {
	return len(f.Knobs) == 0 && len(f.Readouts) == 0 && f.Theme == ""
}
