package scenario

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"layoutlab/engine/table"
)

// KnobError is a scenario value outside its limits. Knobs names the controls that would bring it
// back within them, the first the likeliest; each is the widget's knob id and the command line's
// flag name (--rows, --partition-by, --file-gb).
type KnobError struct {
	Knobs []string
	Msg   string
}

func (e *KnobError) Error() string { return e.Msg }

func knobErr(knob string, format string, args ...any) error {
	return &KnobError{Knobs: []string{knob}, Msg: fmt.Sprintf(format, args...)}
}

// KnobsOf is the knobs err names (KnobError), or nil.
func KnobsOf(err error) []string {
	var ke *KnobError
	if errors.As(err, &ke) {
		return ke.Knobs
	}
	return nil
}

// Limits on what a scenario costs, checked before any work (Scenario.Cost). Each was chosen so
// that the costliest scenario it admits stays well under 1 GiB and a few seconds natively
// (README.md, "Limits").
const (
	// MaxTimelineRows bounds the rows a timeline run generates, history and timeline days
	// together: (days + history days) x round(ingest-gb x rows-per-gb).
	MaxTimelineRows = 8_000_000
	// MaxTimelineFileWrites bounds the data files a timeline run may write (Cost.FileWrites):
	// the appends, and what the strategy's nightly OPTIMIZE can rewrite at most.
	MaxTimelineFileWrites = 300_000
	// MaxTimelineRowWrites bounds the rows a run may write (Cost.RowWrites), appends and
	// rewrites: each rewritten row is laid out on a curve and has its statistics collected.
	MaxTimelineRowWrites = 80_000_000
	// MaxListedFileDays bounds a timeline's file grid listed for every day at once (the command
	// line's run --files; Cost.FileDays): each entry is a file's row of one day's grid. The
	// widget shows one day's grid at a time.
	MaxListedFileDays = 400_000
	// MaxExportedFiles bounds the data files of a timeline's exported log (the command line's
	// run --export-log; Cost.FileWrites): the log is encoded in memory, each add with its
	// statistics, before it is written.
	MaxExportedFiles = 150_000
	// MaxPlannerScans bounds what the nightly OPTIMIZE's planner and the day's lookup read over
	// a run (Cost.PlannerScans): every night they go through every live file, and the planner
	// through every live ZCube. It is what made 365 days of 1 MiB files in 1 MiB ZCubes take 40 s
	// of CPU while writing few enough files and rows to pass the limits above.
	MaxPlannerScans = 6_000_000
)

// Cost is what a scenario asks of the engine, known from its knobs alone.
type Cost struct {
	// The statistics panel.
	PanelRows  int64
	Partitions int64 // at most: the product of the partition columns' distinct values (0 = unpartitioned)
	PanelFiles int64 // at most: the files, and with partitions one more per partition
	StatsCells int64 // at most: files x leaves with statistics
	// The maintenance timeline.
	TimelineRows int64 // (days + history days) x rows a day
	FilesPerDay  int64 // append files a day: ceil(rows a day / rows a file)
	FileWrites   int64 // at most: files appended plus files OPTIMIZE rewrites over the run
	RowWrites    int64 // at most: rows appended plus rows OPTIMIZE rewrites over the run
	FileDays     int64 // at most: the live files summed over the timeline's days (every day's file grid)
	// PlannerScans: at most, the live files and live ZCubes summed over the nights OPTIMIZE
	// runs, what the planner scans (it sorts and groups every live file by ZCube, and sums
	// every ZCube's bytes against minCubeSize) and the day's lookup reads.
	PlannerScans int64
}

// panelSpec is the panel's table (table.DefaultPanelSpec) and its leaves, which the cost model
// and the link's column check read; worked out once, as Validate runs on every knob move.
var panelSpec = sync.OnceValues(func() (table.Spec, []table.Leaf) {
	spec := table.DefaultPanelSpec()
	schema, err := spec.Schema()
	if err != nil {
		panic("scenario: the panel's table spec is invalid: " + err.Error())
	}
	return spec, schema.Leaves()
})

// Cost is s's cost. Its fields are meaningful for a scenario whose fields are within their
// limits (Validate checks those first).
func (s *Scenario) Cost() Cost {
	c, _ := s.cost()
	return c
}

func (s *Scenario) cost() (Cost, error) {
	var c Cost
	p := &s.Panel
	spec, leaves := panelSpec()
	rows := int64(p.Rows)
	c.PanelRows = rows
	files := int64(p.Files)
	if files == 0 {
		files = max(1, rows/max(1, int64(p.RowsPerFile))) // layout.ApproxNumFiles
	}
	c.PanelFiles = files
	var perr error
	if len(p.PartitionBy) > 0 {
		c.Partitions = 1
		for i, name := range p.PartitionBy {
			if slices.ContainsFunc(p.PartitionBy[:i], func(o string) bool { return strings.EqualFold(o, name) }) && perr == nil {
				perr = knobErr("partition-by", "PARTITIONED BY column %q is listed twice", name)
			}
			n, ok := spec.MaxDistinct(name, p.Rows)
			if !ok {
				if perr == nil {
					perr = partitionColumnErr(name, leaves)
				}
				continue
			}
			c.Partitions = min(rows, c.Partitions*n)
		}
		// layoutPartitions (engine/panel) gives each partition max(1, rows/rowsPerFile) files,
		// rowsPerFile = max(1, rows/files): at most rows/rowsPerFile files, plus one a partition.
		c.PanelFiles = c.Partitions + rows/max(1, rows/max(1, files))
	}
	indexed := int64(len(leaves))
	if p.StatsColumns == nil && p.NumIndexedCols() >= 0 {
		indexed = min(indexed, int64(p.NumIndexedCols()))
	}
	c.StatsCells = c.PanelFiles * indexed

	t := &s.Timeline
	perDay := rowsFor(t.IngestGB, t.RowsPerGB)
	perFile := max(1, rowsFor(t.FileGB, t.RowsPerGB))
	days := int64(t.Days + t.HistoryDays)
	c.TimelineRows = days * perDay
	c.FilesPerDay = (perDay + perFile - 1) / perFile
	cube := rowsFor(max(t.MinCubeGB, t.TargetCubeGB, 1.5*t.MinCubeGB)+t.IngestGB, t.RowsPerGB)
	c.FileWrites = writes(t, days, c.FilesPerDay, cube/perFile+1)
	c.RowWrites = writes(t, days, perDay, cube)
	// Day d has at most (history days + d) x files a day live: OPTIMIZE never adds files.
	d, h := int64(t.Days), int64(t.HistoryDays)
	c.FileDays = c.FilesPerDay * (d*h + d*(d+1)/2)
	c.PlannerScans = plannerScans(t, c.FilesPerDay, perFile)
	return c, perr
}

// plannerScans bounds the live files and ZCubes summed over the nights OPTIMIZE runs (none
// runs no OPTIMIZE, but the lookup still reads the live files). Night d has at most
// (history days + d) x files a day live. A ZCube holds at least one file; one that reached
// minCubeSize holds at least minCubeSize's worth, and each night leaves at most two more under
// it (the open ZCube, and Fabric's incremental and re-clustered runs), so night d has at most
// min(files, files / files per minCubeSize + 2d) ZCubes.
func plannerScans(t *Timeline, filesPerDay, perFile int64) int64 {
	cubeFiles := max(1, rowsFor(t.MinCubeGB, t.RowsPerGB)/perFile)
	h := int64(t.HistoryDays)
	var n int64
	for d := int64(1); d <= int64(t.Days); d++ {
		live := filesPerDay * (h + d)
		n += live
		if t.Strategy != "none" {
			n += min(live, live/cubeFiles+2*d)
		}
	}
	return n
}

// rowsFor is the timeline's rows for gb GiB (timeline's sizing.rowsFor), saturating.
func rowsFor(gb float64, rowsPerGB int) int64 {
	r := gb*float64(rowsPerGB) + 0.5
	if !(r < math.MaxInt32) {
		return math.MaxInt32
	}
	return int64(r)
}

// writes bounds what a run writes, in files or in rows (the unit of perDay and cube): every
// day's appends, and what the strategy's OPTIMIZE may rewrite each night. Night d has at most
// d x perDay live (OPTIMIZE never writes more files than it reads: its bins hold at least a
// file's worth of bytes).
//
//   - none rewrites nothing; compaction rewrites each small file at most once;
//   - zorder-full rewrites every partition every night (ZORDER BY rewrites all it selects);
//     liquid-incremental (Fabric) may re-select every clustered file for overlap, so it is
//     bounded the same way;
//   - zorder-window rewrites the last window-days partitions a night;
//   - liquid rewrites at most the ZCube still under construction and the day's new data
//     (cube): a cube is sealed once it holds max(minCubeSize, targetCubeSize) bytes. But a
//     bin holds whole files up to max(minCubeSize, targetCubeSize): when as many files as fit
//     stay under minCubeSize, no ZCube ever seals and every night rewrites the whole table
//     (sealable). Fabric Runtime 1.3, and Runtime 2.0 with incremental off, plan as liquid;
//   - OPTIMIZE FULL and a change of clustering keys can each rewrite the whole table once.
func writes(t *Timeline, days, perDay, cube int64) int64 {
	appended := days * perDay
	live := func(d int64) int64 { return d * perDay }
	var rewritten int64
	liquid := liquidPlanner(t)
	switch {
	case t.Strategy == "compaction":
		rewritten = appended
	case t.Strategy == "zorder-full", t.Strategy == "liquid-incremental" && !liquid, liquid && !sealable(t):
		rewritten = perDay * days * (days + 1) / 2
	case t.Strategy == "zorder-window":
		rewritten = perDay * min(int64(t.WindowDays), days) * days
	case liquid:
		for d := int64(1); d <= days; d++ {
			rewritten += min(live(d), cube)
		}
	}
	if t.FullDay > 0 {
		rewritten += live(days)
	}
	if t.ChangeKeysDay > 0 {
		rewritten += live(days)
	}
	return appended + rewritten
}

// liquidPlanner reports whether t's OPTIMIZE is the standard clustering, which seals ZCubes at
// minCubeSize: open source's, Fabric Runtime 1.3's, and Runtime 2.0's with incremental off.
func liquidPlanner(t *Timeline) bool {
	return t.Strategy == "liquid" || t.Strategy == "liquid-fabric-1.3" ||
		(t.Strategy == "liquid-incremental" && t.FabricNoIncremental)
}

// sealable reports whether a clustering bin can reach minCubeSize: bins take whole files
// (groupFilesIntoBins) up to max(targetCubeSize, minCubeSize), so a bin holds as many files as
// fit, and at least one. Files are at most FileGB (OPTIMIZE's maxFileSize, the appends' size).
func sealable(t *Timeline) bool {
	target := t.TargetCubeGB
	if target == 0 {
		target = 1.5 * t.MinCubeGB
	}
	maxBin := max(target, t.MinCubeGB)
	files := max(1, math.Floor(maxBin/t.FileGB))
	return files*t.FileGB >= t.MinCubeGB
}

// checkCost refuses a scenario whose cost is over the limits, naming the knobs that bring it
// back.
func (s *Scenario) checkCost() error {
	c, err := s.cost()
	if err != nil {
		return err
	}
	p := &s.Panel
	if c.PanelFiles > MaxPanelFiles {
		cols := strings.Join(p.PartitionBy, ", ")
		if c.Partitions > MaxPanelFiles {
			return &KnobError{Knobs: []string{"partition-by", "rows"}, Msg: fmt.Sprintf(
				"PARTITIONED BY (%s) can make up to %d partitions at %d rows, a directory and at least a file each: more than the %d files a panel may have; partition by a column with fewer values, or use fewer rows",
				cols, c.Partitions, p.Rows, MaxPanelFiles)}
		}
		return &KnobError{Knobs: []string{"files", "rows-per-file", "partition-by"}, Msg: fmt.Sprintf(
			"PARTITIONED BY (%s): up to %d partitions, each with at least one file, and the files asked for make up to %d files, more than the %d a panel may have; ask for fewer files",
			cols, c.Partitions, c.PanelFiles, MaxPanelFiles)}
	}
	t := &s.Timeline
	if c.TimelineRows < int64(t.Days+t.HistoryDays) { // under a row a day
		return &KnobError{Knobs: []string{"ingest-gb", "rows-per-gb"}, Msg: fmt.Sprintf(
			"daily ingest %g GiB at %d rows per GiB is less than one row a day; raise the daily ingest or the rows per GiB", t.IngestGB, t.RowsPerGB)}
	}
	if c.TimelineRows > MaxTimelineRows {
		return &KnobError{Knobs: []string{"rows-per-gb", "ingest-gb", "days", "history-days"}, Msg: fmt.Sprintf(
			"%d days of %g GiB at %d rows per GiB are %d rows, more than the %d a run may generate; lower the rows per GiB, the daily ingest or the days",
			t.Days+t.HistoryDays, t.IngestGB, t.RowsPerGB, c.TimelineRows, MaxTimelineRows)}
	}
	if c.FileWrites > MaxTimelineFileWrites {
		if liquidPlanner(t) && !sealable(t) {
			return &KnobError{Knobs: []string{"file-gb", "min-cube-gb", "target-cube-gb", "days", "ingest-gb"}, Msg: fmt.Sprintf(
				"%d days of %d files a day (%g GiB a day in files of %g GiB) under %s can write up to %d files, more than the %d a run may write: a clustering bin of whole %g GiB files stays under the minimum ZCube size of %g GiB, so no ZCube ever seals and every night rewrites the whole table; make the files and the minimum ZCube size fit, or lower the days or the daily ingest",
				t.Days+t.HistoryDays, c.FilesPerDay, t.IngestGB, t.FileGB, t.Strategy, c.FileWrites, MaxTimelineFileWrites, t.FileGB, t.MinCubeGB)}
		}
		return &KnobError{Knobs: []string{"file-gb", "days", "ingest-gb"}, Msg: fmt.Sprintf(
			"%d days of %d files a day (%g GiB a day in files of %g GiB) under %s can write up to %d files, more than the %d a run may write; raise the file size, or lower the days or the daily ingest",
			t.Days+t.HistoryDays, c.FilesPerDay, t.IngestGB, t.FileGB, t.Strategy, c.FileWrites, MaxTimelineFileWrites)}
	}
	if c.RowWrites > MaxTimelineRowWrites {
		return &KnobError{Knobs: []string{"days", "rows-per-gb", "ingest-gb", "history-days"}, Msg: fmt.Sprintf(
			"%d days of %d rows a day (%g GiB at %d rows per GiB) under %s can write up to %d rows, appends and rewrites, more than the %d a run may write; lower the days, the rows per GiB or the daily ingest",
			t.Days+t.HistoryDays, c.TimelineRows/max(1, int64(t.Days+t.HistoryDays)), t.IngestGB, t.RowsPerGB, t.Strategy, c.RowWrites, MaxTimelineRowWrites)}
	}
	if c.PlannerScans > MaxPlannerScans {
		return &KnobError{Knobs: []string{"file-gb", "min-cube-gb", "days", "ingest-gb", "history-days"}, Msg: fmt.Sprintf(
			"%d days of %d files a day (%g GiB a day in files of %g GiB, ZCubes of %g GiB) under %s have the nightly OPTIMIZE scan up to %d live files and ZCubes over the run, more than the %d a run may scan; raise the file size or the minimum ZCube size, or lower the days or the daily ingest",
			t.Days+t.HistoryDays, c.FilesPerDay, t.IngestGB, t.FileGB, t.MinCubeGB, t.Strategy, c.PlannerScans, MaxPlannerScans)}
	}
	return nil
}

// CheckFileGrid refuses listing every day's file grid of s (the command line's run --files)
// when it would hold more than MaxListedFileDays entries, naming the knobs that shrink it.
func (s *Scenario) CheckFileGrid() error {
	c := s.Cost()
	if c.FileDays <= MaxListedFileDays {
		return nil
	}
	return &KnobError{Knobs: []string{"files", "days", "file-gb", "history-days"}, Msg: fmt.Sprintf(
		"every day's file grid of %d days of up to %d files a day can list up to %d files, more than the %d the command prints; lower the days, raise the file size, or leave out the file grid",
		s.Timeline.Days, c.FilesPerDay, c.FileDays, MaxListedFileDays)}
}

// CheckExport refuses exporting the log of s (the command line's run --export-log) when it can
// hold more than MaxExportedFiles files, naming the knobs that shrink it.
func (s *Scenario) CheckExport() error {
	c := s.Cost()
	if c.FileWrites <= MaxExportedFiles {
		return nil
	}
	return &KnobError{Knobs: []string{"export-log", "file-gb", "days", "history-days"}, Msg: fmt.Sprintf(
		"the log of this run can add up to %d files, more than the %d the command exports; raise the file size or lower the days",
		c.FileWrites, MaxExportedFiles)}
}

// partitionColumnErr says why name cannot partition the panel's table.
func partitionColumnErr(name string, leaves []table.Leaf) error {
	for _, l := range leaves {
		if len(l.Path) > 1 && strings.EqualFold(l.Path[0], name) {
			return knobErr("partition-by", "PARTITIONED BY column %q is a struct: a partition column must be a top-level column of a primitive type", name)
		}
	}
	return knobErr("partition-by", "PARTITIONED BY column %q is not a column of the table", name)
}

// TimelineLookups are the timeline table's columns a lookup may filter on (timeline.Columns).
var TimelineLookups = []string{"customer_id", "order_id", "event_date"}

// PanelColumns are the panel's table's columns, a nested one by its dotted path, in the
// schema's order: what a control may offer as a key (the table, table.DefaultPanelSpec).
func PanelColumns() []string {
	_, leaves := panelSpec()
	out := make([]string, len(leaves))
	for i, l := range leaves {
		out[i] = strings.Join(l.Path, ".")
	}
	return out
}

// checkColumns refuses a scenario that names a column its table does not have: a link that
// decodes to one is refused like any other bad link. (Run answers such a scenario with Delta's
// own error, DELTA_COLUMN_NOT_FOUND_IN_SCHEMA and the like, when it comes from a control.) The
// names checked are every panel column knob's (KindColumn, KindColumns); the timeline's lookup
// is an enum of TimelineLookups, which Validate checks.
func (s *Scenario) checkColumns() error {
	_, leaves := panelSpec()
	known := func(name string) bool {
		for _, l := range leaves {
			for n := 1; n <= len(l.Path); n++ { // a leaf, or a struct above one
				if strings.EqualFold(strings.Join(l.Path[:n], "."), name) {
					return true
				}
			}
		}
		return false
	}
	for i := range knobs {
		k := &knobs[i]
		for _, n := range k.columns(s) {
			if !known(n) {
				return k.errf("%s %q is not a column of the panel's table", strings.TrimSuffix(k.Noun, "s"), n)
			}
		}
	}
	return nil
}

// columns are the column names a panel column knob's field holds in s; nil for any other knob.
func (k *Knob) columns(s *Scenario) []string {
	switch {
	case k.View != "panel":
	case k.Kind == KindColumns:
		return *k.l(s)
	case k.Kind == KindColumn && *k.s(s) != "":
		return []string{*k.s(s)}
	}
	return nil
}
