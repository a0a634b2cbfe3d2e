package timeline

import (
	"fmt"
	"strings"

	"layoutlab/engine/layout"
	"layoutlab/engine/scenario"
	"layoutlab/engine/stats"
	"layoutlab/engine/work"
)

// Strategies: the maintenance each night runs (the CLI's run --strategy).
const (
	StrategyNone              = "none"
	StrategyCompaction        = "compaction"
	StrategyZOrderFull        = "zorder-full"
	StrategyZOrderWindow      = "zorder-window"
	StrategyLiquid            = "liquid"
	StrategyLiquidIncremental = "liquid-incremental" // Microsoft Fabric Runtime 2.0: a platform behaviour
	StrategyLiquidFabric13    = "liquid-fabric-1.3"  // Microsoft Fabric Runtime 1.3: a platform behaviour
)

// NumProbes is the number of lookup values drawn each day.
const NumProbes = 256

// run is one timeline run: N days of statements on one table. Each part keeps what it models:
// the table's Delta state (deltaTable: the log, its files, the live set, ZCubes), the nightly
// OPTIMIZE (nightlyOptimize: the statement, the planner's snapshot, the commit), the executor of
// its bins (optimizeExecutor: layouts, slabs, the Z-order cache), the statistics collection and
// lookups (statsCollection), the rank spaces of the file grid (rankSpaces) and the day readouts
// (days). run itself writes the day's DDL and append.
type run struct {
	s   scenario.Timeline
	opt options
	g   *generated
	sz  sizing

	tbl   deltaTable
	night nightlyOptimize
	exec  optimizeExecutor
	stats statsCollection
	ranks rankSpaces

	ingested int64  // every append's bytes so far, history included
	lastKey  string // the last clustering (or Z-order) key in force: the lookup column's default
	days     []dayState
}

// Run runs the timeline of s: N days of appends, each night the strategy's real planner on the
// table as it stands, each bin executed on its rows. s is defaulted (scenario.EnsureDefaults)
// and validated first; a bad field is an error naming it.
func Run(s scenario.Timeline) (*Result, error) { return RunYield(s, nil) }

// RunYield is Run telling yield, after each simulated day, how many days are done out of how
// many (Progress{Step: "day", Done, Total}): Total counts the history days (HistoryDays) and
// the timeline days (Days), Done runs 1..Total. It is called on the goroutine running the
// timeline, between days, so a browser caller can yield to its event loop inside it; the run
// resumes when it returns nil, and stops with its error otherwise, keeping nothing.
func RunYield(s scenario.Timeline, yield work.Yield) (*Result, error) {
	return runWith(s, options{yield: yield})
}

// options are switches for tests: they are not knobs of the product.
type options struct {
	noReuse bool // recompute Z-ordered partitions even when unchanged

	yield work.Yield // not a switch: RunYield's
	rows  *generated // an earlier run's table, used when it holds this run's rows
}

func runWith(s scenario.Timeline, o options) (*Result, error) {
	sc := scenario.Scenario{View: "timeline", Timeline: s}
	sc.EnsureDefaults()
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	s = sc.Timeline
	if s.Lookup != "" {
		if _, ok := leafOf(s.Lookup); !ok {
			return nil, fmt.Errorf("lookup column %q is not one of %s", s.Lookup, strings.Join(Columns(), ", "))
		}
	}
	r, err := newRun(s, o.rows)
	if err != nil {
		return nil, err
	}
	r.opt = o
	r.exec.noReuse = o.noReuse
	r.stats.start()
	defer r.stats.stop() // on an error return; a finished run stops it below, before reading it
	res := &Result{Scenario: s, run: r, Days: make([]Day, 0, s.Days)}
	for day := 1 - s.HistoryDays; day <= s.Days; day++ {
		d, err := r.day(day)
		if err != nil {
			return nil, fmt.Errorf("day %d: %w", day, err)
		}
		if day >= 1 {
			res.Days = append(res.Days, d)
		}
		letCollectorRun()
		if err := o.yield.Tick("day", day+s.HistoryDays, s.Days+s.HistoryDays, ""); err != nil {
			return nil, err
		}
	}
	r.exec.finish()
	r.stats.stop()
	for i := range res.Days {
		res.Days[i].LookupFiles, r.days[i].probe = r.stats.look.files[i], r.stats.look.probes[i]
	}
	return res, nil
}

// newRun prepares the run of s. prev, when not nil, is an earlier run's table: it is used when
// it holds exactly the rows s generates (same seed, days and rows per day), since a run only
// reads its table.
func newRun(s scenario.Timeline, prev *generated) (*run, error) {
	sz := sizing{rowsPerGB: int64(s.RowsPerGB)}
	perDay := sz.rowsFor(s.IngestGB)
	if perDay < 1 {
		return nil, fmt.Errorf("daily ingest %g GiB at %d rows per GiB is less than one row", s.IngestGB, s.RowsPerGB)
	}
	g := prev
	var err error
	if g == nil || !g.holds(s.Seed, s.HistoryDays, s.Days, perDay) {
		if g, err = newGenerated(s.Seed, s.HistoryDays, s.Days, perDay); err != nil { // days drawn as reached
			return nil, err
		}
	}
	planner, err := newPlanner(&s)
	if err != nil {
		return nil, err
	}
	r := &run{s: s, g: g, sz: sz, lastKey: ColCustomerID}
	partitioned := s.Strategy == StrategyZOrderFull || s.Strategy == StrategyZOrderWindow
	r.tbl = deltaTable{
		version:     -1,
		partitioned: partitioned,
		zcubes:      zcubes{index: map[string]int32{}, minCube: int64(s.MinCubeGB * float64(GiB))},
		namer:       layout.NewFileNamer(mix(s.Seed, 0x6e616d6573)),
		leaves:      g.t.Leaves,
	}
	r.stats = statsCollection{coll: stats.NewCollector(g.t), cfg: stats.DefaultConfig(), partitioned: partitioned,
		look: lookups{g: g, seed: s.Seed, files: make([]float64, s.Days), probes: make([]int64, s.Days)}}
	if partitioned {
		r.stats.cfg.PartitionColumns = []string{ColEventDate}
	}
	if r.stats.index, err = stats.StatsSchema(schema, r.stats.cfg); err != nil {
		return nil, err
	}
	r.ranks = rankSpaces{g: g, files: &r.tbl.files, cols: map[int]*sortedColumn{}}
	r.exec = optimizeExecutor{tbl: &r.tbl, g: g, stats: &r.stats, sz: sz, seed: s.Seed, noNoise: s.NoNoise,
		zcache: map[int]*zentry{}}
	r.night = nightlyOptimize{s: &r.s, planner: planner, tbl: &r.tbl, exec: &r.exec, stats: &r.stats, ranks: &r.ranks}
	if partitioned {
		r.night.zorderCols = []string{ColCustomerID}
	}
	return r, nil
}

func (r *run) liquid() bool {
	return r.s.Strategy == StrategyLiquid || r.s.Strategy == StrategyLiquidIncremental || r.s.Strategy == StrategyLiquidFabric13
}

// Commit times: each day's statements at fixed hours, UTC.
const (
	hourDDL      = 8
	hourAppend   = 12
	hourOptimize = 23
)

func timestamp(day, hour int) int64 {
	return (int64(firstDate)+int64(day-1))*86_400_000 + int64(hour)*3_600_000
}

// day runs one day: the day's DDL, the append, the nightly OPTIMIZE; then reads the table.
func (r *run) day(day int) (Day, error) {
	ds := dayState{}
	first := r.tbl.version + 1
	r.ddl(day, &ds)
	ingested := r.appendDay(day, &ds)
	d := Day{Day: day, IngestedGB: gb(ingested), DecisionLog: []string{}}
	if day >= 1 && r.s.Strategy != StrategyNone {
		if err := r.night.run(day, &d, &ds); err != nil {
			return d, err
		}
	}
	if day >= 1 {
		r.readout(&d, ds, first)
	}
	return d, nil
}
