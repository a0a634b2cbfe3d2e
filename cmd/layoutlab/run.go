package main

import (
	"encoding/json"
	"fmt"
	"io"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
)

func init() {
	register("run", "run the maintenance timeline: N days of appends and nightly OPTIMIZE (JSON or CSV)", runTimeline)
}

// runFlags are run's own flags, beside the timeline's knobs.
var runFlags = []verbFlag{
	{"--link '#s=...'", "run the scenario a link encodes; explicit flags override it"},
	{"--format json|csv", `json (default): {"scenario","link","days"}; csv: one row per day`},
	{"--extras", "json: add each day's lookup column, statements and log versions"},
	{"--files", "json: add each day's file grid (path, size, ZCube, partition, min/max rank positions of the lookup column, read-by-lookup flag)"},
	{"--describe", "json: add DESCRIBE DETAIL and the day's DESCRIBE HISTORY"},
	{"--export-log DIR", "write the table's _delta_log/%020d.json commit files under DIR"},
}

var runUsage = `usage: layoutlab run [flags]

Runs the maintenance timeline: every day new rows are appended, every night
the strategy's real OPTIMIZE planner runs on the table as it stands, each bin is rewritten on its
rows with Delta's curves, and a point lookup's files are counted by Delta's data skipping.

` + flagsUsage("timeline", runFlags) + `
Exit status: 0 on success; 1 when the run or the export fails; 2 for a bad flag, with a
message naming it.
`

func runTimeline(args []string, stdout, stderr io.Writer) int {
	sf := newScenarioFlags("run", "timeline")
	fs := sf.fs
	extras := fs.Bool("extras", false, "")
	files := fs.Bool("files", false, "")
	describe := fs.Bool("describe", false, "")
	exportLog := fs.String("export-log", "", "")
	s, code, done := sf.parse(runUsage, args, stdout, stderr)
	if done {
		return code
	}
	bad := badFlag(stderr, "run")
	if *exportLog != "" {
		if err := s.CheckExport(); err != nil {
			return bad(knobFlag(err, fs), "%v", err)
		}
	}
	if *files {
		if err := s.CheckFileGrid(); err != nil {
			return bad(knobFlag(err, fs), "%v", err)
		}
	}

	res, err := timeline.Run(s.Timeline)
	if err != nil {
		fmt.Fprintf(stderr, "layoutlab run: %v\n", err)
		return 1
	}
	if *exportLog != "" {
		if err := deltalog.ExportDir(*exportLog, res.Commits()); err != nil {
			fmt.Fprintf(stderr, "layoutlab run: --export-log: %v\n", err)
			return 1
		}
	}
	if *sf.format == "csv" {
		return writeTimelineCSV(stdout, stderr, res)
	}
	if *extras || *files || *describe {
		if res, err = res.WithExtras(*files, *describe); err != nil {
			fmt.Fprintf(stderr, "layoutlab run: %v\n", err)
			return 1
		}
	}
	if err := writeTimelineJSON(stdout, res); err != nil {
		fmt.Fprintf(stderr, "layoutlab run: %v\n", err)
		return 1
	}
	return 0
}

// writeTimelineJSON prints {"scenario": {...}, "link": "#s=...", "days": [...]}, the scenario as
// run's flags name it (scenario.TimelineEcho, read from the knob registry).
func writeTimelineJSON(w io.Writer, res *timeline.Result) error {
	sc, err := scenario.TimelineEcho(res.Scenario)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Scenario json.RawMessage `json:"scenario"`
		Link     string          `json:"link"`
		Days     []timeline.Day  `json:"days"`
	}{sc, timeline.Link(res.Scenario), res.Days})
}

// writeTimelineCSV prints one row per day with the scalar fields.
func writeTimelineCSV(stdout, stderr io.Writer, res *timeline.Result) int {
	if err := res.WriteCSV(stdout); err != nil {
		fmt.Fprintf(stderr, "layoutlab run: %v\n", err)
		return 1
	}
	return 0
}
