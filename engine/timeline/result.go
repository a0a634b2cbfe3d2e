package timeline

import (
	"layoutlab/engine/deltalog"
	"layoutlab/engine/optimize"
	"layoutlab/engine/scenario"
)

// Result is one run of the timeline: the scenario as run (defaults filled) and one Day per
// timeline day. The command line's `run` writes it as
//
//	{"scenario": {...}, "link": "#s=...", "days": [{"day": 1, "ingested_gb": ..., ...}]}
//
// with the scenario as its flags name it (scenario.TimelineEcho) and its Link; the widget writes
// no JSON of it, so the echo is not in its download, nor its own URL from a Result.
//
// The per-day file grid, DESCRIBE DETAIL / HISTORY and the statements are not part of that
// shape: DayFiles, Describe and the Extras methods compute them on demand from the run.
type Result struct {
	Scenario scenario.Timeline `json:"scenario"`
	Days     []Day             `json:"days"`

	run   *run   // the engine state the lazy views read; never serialised
	given *Given // nil but for an answer given ahead (Given.Result), which has no run
}

// Link is the link that opens the timeline s (defaults filled), as the command line prints it.
// A run does not make it: the widget writes its own URL, and the link (msgp, deflate, base64)
// cost every run and every day-slider move 86 µs natively and 1.0 ms under Node.
func Link(s scenario.Timeline) string {
	sc := scenario.Scenario{View: "timeline", Timeline: s}
	sc.EnsureDefaults()
	return scenario.Link(sc)
}

// Day is the readout of one timeline day, taken after that night's OPTIMIZE.
type Day struct {
	Day int `json:"day"`
	// IngestedGB is the data appended that day, in GiB.
	IngestedGB float64 `json:"ingested_gb"`
	// TableGB is the size of the live files after the night, in GiB.
	TableGB float64 `json:"table_gb"`
	// OptimizeWrittenGB is numAddedBytes of that night's OPTIMIZE commit, in GiB (0 when it
	// committed nothing).
	OptimizeWrittenGB float64 `json:"optimize_written_gb"`
	// WriteAmplification is every OPTIMIZE's written bytes so far over every ingested byte so
	// far (history days included); the ingest write itself is not counted.
	WriteAmplification float64 `json:"write_amplification"`
	// LookupFiles is the mean, over the day's probe values, of the files Delta's data skipping
	// (partition pruning included) opens for `lookup_column = v`.
	LookupFiles float64 `json:"lookup_files"`
	Files       int     `json:"files"`
	// ZCubes counts the distinct ZCUBE_IDs among the live files; SealedZCubes those whose files
	// add up to at least minCubeSize (ZCube.filterOutLargeZCubes' test).
	ZCubes       int `json:"zcubes"`
	SealedZCubes int `json:"sealed_zcubes"`
	// DecisionLog is the night's planner events (optimize.Event String()), or Delta's refusal.
	DecisionLog      []string                  `json:"decision_log"`
	ClusteringStats  *optimize.ClusteringStats `json:"clustering_stats"`
	ZOrderStats      *optimize.ZOrderStats     `json:"zorder_stats"`
	OperationMetrics map[string]string         `json:"operation_metrics"`

	// Extras, filled only by Result.WithExtras (the CLI's --extras), omitted otherwise.
	LookupColumn string                  `json:"lookup_column,omitempty"`
	Statements   []string                `json:"statements,omitempty"`
	Versions     []int64                 `json:"versions,omitempty"`
	FileList     []FileInfo              `json:"file_list,omitempty"`
	Detail       *deltalog.TableDetail   `json:"describe_detail,omitempty"`
	History      []deltalog.DeltaHistory `json:"describe_history,omitempty"`
}

// FileInfo is one live file as the widget's file grid draws it.
type FileInfo struct {
	Path string `json:"path"`
	Size int64  `json:"size"`
	// ZCube is the file's ZCUBE_ID, "" when it is in no ZCube.
	ZCube string `json:"zcube,omitempty"`
	// Sealed: the file's ZCube holds at least minCubeSize that day, so it is no longer a
	// candidate (ZCube.filterOutLargeZCubes; the test sealed_zcubes counts).
	Sealed bool `json:"sealed,omitempty"`
	// Partition is the partition directory ("event_date=2026-01-01"), "" when unpartitioned.
	Partition string `json:"partition,omitempty"`
	// Min and Max are the file's min/max of the day's lookup column as rank positions in [0,1]:
	// the fraction of the run's rows whose value is below the file's min (max).
	Min float64 `json:"min"`
	Max float64 `json:"max"`
	// Read says whether the day's shown lookup (ProbeValue) opens the file.
	Read bool `json:"read"`
	// Added is the day the file was written (0 or less for history).
	Added int `json:"added"`
}

// DayFiles is the file grid of one day.
type DayFiles struct {
	Day          int        `json:"day"`
	LookupColumn string     `json:"lookup_column"`
	ProbeValue   int64      `json:"probe_value"`
	Files        []FileInfo `json:"files"`
}
