package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
)

func init() {
	register("run", "run the maintenance timeline: N days of appends and nightly OPTIMIZE (JSON or CSV)", runTimeline)
}

var runUsage = `usage: layoutlab run [flags]

Runs the maintenance timeline: every day new rows are appended, every night
the strategy's real OPTIMIZE planner runs on the table as it stands, each bin is rewritten on its
rows with Delta's curves, and a point lookup's files are counted by Delta's data skipping.

  --strategy S          none | compaction | zorder-full | zorder-window | liquid |
                        liquid-incremental (Microsoft Fabric Runtime 2.0's incremental
                        clustering) | liquid-fabric-1.3 (Microsoft Fabric Runtime 1.3's
                        clustering, which rewrites every open ZCube) (default liquid)
  --days N              days (default 60)
  --ingest-gb G         GiB appended a day (default 40)
  --file-gb G           file size: append files and OPTIMIZE's min/maxFileSize (default 1)
  --min-cube-gb G       clustering minCubeSize (default 100)
  --target-cube-gb G    clustering targetCubeSize (default 1.5 x min)
  --window-days W       zorder-window: Z-order the last W daily partitions (default 3)
  --change-keys-day K   ALTER TABLE CLUSTER BY (order_id) on day K (0 = never)
  --full-day K          run OPTIMIZE FULL on night K (0 = never)
  --history-days H      H days of unclustered history before clustering is enabled
  --cluster-none-day K  ALTER TABLE CLUSTER BY NONE on day K (0 = never)
  --lookup COL          point lookup column: customer_id | order_id | event_date
                        (default: the first clustering key in force that day)
  --day D               the day the link opens at (default 0 = the last)
  --rows-per-gb R       sample rows per GiB (default 256)
  --seed S              seed (default 1)
  Microsoft Fabric's settings (spark.microsoft.delta.optimize.clustering.strategy.*), read by
  --strategy liquid-incremental only:
  --fabric-incremental=false      incremental (default true); false runs the standard
                                  clustering on Runtime 2.0
  --fabric-auto-recluster=false   incremental.autoRecluster (default true)
  --fabric-min-offending-files N  autoRecluster.minOffendingFiles, 2..64 (default 4)
  --fabric-min-overlap-threshold X  autoRecluster.minOverlapThreshold, in (0.25, 1.0]
                                  (default 0.75)
` + addNoiseUsage(24) + `  --link '#s=...'       run the scenario a link encodes; explicit flags override it
  --format json|csv     json (default): {"scenario","link","days"}; csv: one row per day
  --extras              json: add each day's lookup column, statements and log versions
  --files               json: add each day's file grid (path, size, ZCube, partition, min/max
                        rank positions of the lookup column, read-by-lookup flag)
  --describe            json: add DESCRIBE DETAIL and the day's DESCRIBE HISTORY
  --export-log DIR      write the table's _delta_log/%020d.json commit files under DIR

Exit status: 0 on success; 1 when the run or the export fails; 2 for a bad flag, with a
message naming it.
`

func runTimeline(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	strategy := fs.String("strategy", "", "")
	days := fs.Int("days", 0, "")
	ingest := fs.Float64("ingest-gb", 0, "")
	fileGB := fs.Float64("file-gb", 0, "")
	minCube := fs.Float64("min-cube-gb", 0, "")
	targetCube := fs.Float64("target-cube-gb", 0, "")
	window := fs.Int("window-days", 0, "")
	changeKeys := fs.Int("change-keys-day", 0, "")
	fullDay := fs.Int("full-day", 0, "")
	history := fs.Int("history-days", 0, "")
	noneDay := fs.Int("cluster-none-day", 0, "")
	lookup := fs.String("lookup", "", "")
	day := fs.Int("day", 0, "")
	rpg := fs.Int("rows-per-gb", 0, "")
	seed := fs.Uint64("seed", 0, "")
	addNoise := addNoiseFlag(fs)
	fabricIncremental := fs.Bool("fabric-incremental", true, "")
	fabricAutoRecluster := fs.Bool("fabric-auto-recluster", true, "")
	fabricMinOffending := fs.Int("fabric-min-offending-files", 0, "")
	fabricMinOverlap := fs.Float64("fabric-min-overlap-threshold", 0, "")
	link := fs.String("link", "", "")
	format := fs.String("format", "json", "")
	extras := fs.Bool("extras", false, "")
	files := fs.Bool("files", false, "")
	describe := fs.Bool("describe", false, "")
	exportLog := fs.String("export-log", "", "")
	if code, done := parseArgs(fs, "run", runUsage, args, stdout, stderr); done {
		return code
	}
	bad := badFlag(stderr, "run")
	if *format != "json" && *format != "csv" {
		return bad("format", "%q is not json or csv", *format)
	}

	s := scenario.Default()
	if *link != "" {
		var err error
		if s, err = scenario.ParseLink(*link); err != nil {
			return bad("link", "%v", err)
		}
	}
	s.View = "timeline"
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })

	// Each flag is applied, then checked on its own against the scenario's limits, so the
	// message names the flag that is out of range.
	type setter struct {
		name  string
		apply func(t *scenario.Timeline)
	}
	setters := []setter{
		{"strategy", func(t *scenario.Timeline) { t.Strategy = *strategy }},
		{"days", func(t *scenario.Timeline) { t.Days = *days }},
		{"ingest-gb", func(t *scenario.Timeline) { t.IngestGB = *ingest }},
		{"file-gb", func(t *scenario.Timeline) { t.FileGB = *fileGB }},
		{"min-cube-gb", func(t *scenario.Timeline) { t.MinCubeGB = *minCube }},
		{"target-cube-gb", func(t *scenario.Timeline) { t.TargetCubeGB = *targetCube }},
		{"window-days", func(t *scenario.Timeline) { t.WindowDays = *window }},
		{"change-keys-day", func(t *scenario.Timeline) { t.ChangeKeysDay = *changeKeys }},
		{"full-day", func(t *scenario.Timeline) { t.FullDay = *fullDay }},
		{"history-days", func(t *scenario.Timeline) { t.HistoryDays = *history }},
		{"cluster-none-day", func(t *scenario.Timeline) { t.ClusterNoneDay = *noneDay }},
		{"lookup", func(t *scenario.Timeline) { t.Lookup = *lookup }},
		{"day", func(t *scenario.Timeline) { t.Day = *day }},
		{"rows-per-gb", func(t *scenario.Timeline) { t.RowsPerGB = *rpg }},
		{"seed", func(t *scenario.Timeline) { t.Seed = *seed }},
		{"add-noise", func(t *scenario.Timeline) { t.NoNoise = !*addNoise }},
		{"fabric-incremental", func(t *scenario.Timeline) { t.FabricNoIncremental = !*fabricIncremental }},
		{"fabric-auto-recluster", func(t *scenario.Timeline) { t.FabricNoAutoRecluster = !*fabricAutoRecluster }},
		{"fabric-min-offending-files", func(t *scenario.Timeline) { t.FabricMinOffendingFiles = *fabricMinOffending }},
		{"fabric-min-overlap-threshold", func(t *scenario.Timeline) { t.FabricMinOverlapThreshold = *fabricMinOverlap }},
	}
	// The scenario's zero means Fabric's default; a 0 given on the command line is a value, and
	// out of range.
	if set["fabric-min-offending-files"] && *fabricMinOffending == 0 {
		return bad("fabric-min-offending-files", "Fabric minOffendingFiles 0 is outside 2..%d", scenario.MaxFabricMinOffendingFiles)
	}
	if set["fabric-min-overlap-threshold"] && *fabricMinOverlap == 0 {
		return bad("fabric-min-overlap-threshold", "Fabric minOverlapThreshold 0 is outside (0.25, 1.0]")
	}
	for _, st := range setters {
		if !set[st.name] {
			continue
		}
		st.apply(&s.Timeline)
		alone := scenario.Default()
		alone.View = "timeline"
		if st.name == "day" {
			alone.Timeline.Days = scenario.MaxDays
		}
		st.apply(&alone.Timeline)
		if err := alone.ValidateFields(); err != nil { // the cost is the whole scenario's, below
			return bad(st.name, "%v", err)
		}
		if st.name == "lookup" && !slices.Contains(timeline.Columns(), *lookup) {
			return bad("lookup", "%q is not one of %s", *lookup, strings.Join(timeline.Columns(), ", "))
		}
	}
	if err := s.Validate(); err != nil {
		return bad(knobFlag(err, fs, set), "%v", err)
	}
	if *exportLog != "" {
		if err := s.CheckExport(); err != nil {
			return bad(knobFlag(err, fs, set), "%v", err)
		}
	}
	if *files {
		if err := s.CheckFileGrid(); err != nil {
			return bad(knobFlag(err, fs, set), "%v", err)
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
	if *format == "csv" {
		return writeTimelineCSV(stdout, stderr, res)
	}
	if *extras || *files || *describe {
		if res, err = res.WithExtras(*files, *describe); err != nil {
			fmt.Fprintf(stderr, "layoutlab run: %v\n", err)
			return 1
		}
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(res); err != nil {
		fmt.Fprintf(stderr, "layoutlab run: %v\n", err)
		return 1
	}
	return 0
}

// writeTimelineCSV prints one row per day with the scalar fields.
func writeTimelineCSV(stdout, stderr io.Writer, res *timeline.Result) int {
	if err := res.WriteCSV(stdout); err != nil {
		fmt.Fprintf(stderr, "layoutlab run: %v\n", err)
		return 1
	}
	return 0
}
