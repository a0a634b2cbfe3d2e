package advise

import (
	"fmt"
	"math"

	"layoutlab/engine/optimize"
	"layoutlab/engine/scenario"
	"layoutlab/engine/timeline"
	"layoutlab/engine/work"
)

// NightlyDays is how many nights the timeline runs for the nightly cost: the cost is the mean of
// nights 2..NightlyDays, the nights after the first OPTIMIZE.
const NightlyDays = 30

// nightly is one timeline run's answer, kept per strategy.
type nightly struct {
	bytes int64
	note  string
}

// strategyFor is the engine/timeline strategy whose nightly OPTIMIZE keeps the candidate's
// layout: liquid clustering's incremental OPTIMIZE (a clustered table as it is too), OPTIMIZE
// ZORDER BY every night (one bin per partition, so every file), plain bin-packing OPTIMIZE for a
// table as it is or partitioned. Delta has no operation that keeps an ORDER BY as rows arrive:
// keeping it is sorting the whole table again every night, whose bytes are the whole-table
// rewrite of zorder-full.
func (a *advisor) strategyFor(s spec) string {
	switch s.layout {
	case Cluster:
		return timeline.StrategyLiquid
	case ZOrder, OrderBy:
		return timeline.StrategyZOrderFull
	case AsIs:
		if len(a.t.clusterBy) > 0 {
			return timeline.StrategyLiquid
		}
	}
	return timeline.StrategyCompaction
}

// nightlyCost sets the candidate's nightly OPTIMIZE bytes and its 30-day rewrite bytes; its
// error is only the yield's (a stop), and a stopped run is not kept.
func (a *advisor) nightlyCost(c *Candidate) error {
	n, ok := a.nightly[c.NightlyStrategy]
	if !ok {
		var stop error
		if n, stop = a.runNightly(c.NightlyStrategy); stop != nil {
			return stop
		}
		a.nightly[c.NightlyStrategy] = n
	}
	c.NightlyOptimizeBytes = n.bytes
	if n.note != "" {
		c.Notes = append(c.Notes, n.note)
	}
	c.RewriteBytes30d = c.FirstOptimizeBytes + 30*max(0, c.NightlyOptimizeBytes)
	return nil
}

// runNightly runs engine/timeline with the strategy on a table shaped like this one: HistoryDays
// of history holding the table's bytes at the ingest rate (at most 365 days), appends of the
// ingest rate a day in files of maxFileSize, OPTIMIZE every night with maxFileSize and Delta's
// default minCubeSize (100 GiB). The timeline's rows are its own generated events (their values
// do not change how many bytes the planner rewrites: it selects files and ZCubes by size and
// tags, never by value); only the sizes are this table's. The answer is the mean of the
// OPTIMIZE commits' numAddedBytes over nights 2..NightlyDays. Its error is only the yield's.
func (a *advisor) runNightly(strategy string) (nightly, error) {
	rate := a.ingest.BytesPerDay
	if rate <= 0 {
		return nightly{note: "no ingest: the nightly OPTIMIZE has nothing new to rewrite"}, nil
	}
	gib := float64(optimize.GiB)
	tl := scenario.Timeline{Strategy: strategy, Days: NightlyDays, IngestGB: rate / gib,
		FileGB: math.Max(float64(a.maxFile())/gib, 1.0/1024), Seed: 1,
		HistoryDays: int(min(365, math.Round(float64(a.t.size)/rate)))}
	if err := fitRows(&tl); err != nil {
		return nightly{bytes: -1, note: "the nightly cost is not modelled: " + err.Error()}, nil
	}
	// Each simulated day is a point where the page may end its task, or stop: the yield's error
	// is told from the timeline's own by being the one the yield returned.
	var stop error
	res, err := timeline.RunYield(tl, noteStop(a.yield, &stop))
	if stop != nil {
		return nightly{}, stop
	}
	if err != nil {
		return nightly{bytes: -1, note: "the nightly cost is not modelled: " + err.Error()}, nil
	}
	var sum float64
	for _, d := range res.Days[1:] {
		sum += d.OptimizeWrittenGB
	}
	mean := sum / float64(len(res.Days)-1) * gib
	return nightly{bytes: int64(math.Round(mean)),
		note: fmt.Sprintf("nightly: engine/timeline %s, %d history days, %.3g GiB a day in %.3g GiB files, mean of nights 2..%d",
			strategy, tl.HistoryDays, tl.IngestGB, tl.FileGB, NightlyDays)}, nil
}

// noteStop is y, noting in *stop the error y returns; nil when y is (the work below then skips
// its reporting).
func noteStop(y work.Yield, stop *error) work.Yield {
	if y == nil {
		return nil
	}
	return func(p work.Progress) error {
		err := y(p)
		if err != nil {
			*stop = err
		}
		return err
	}
}

// fitRows picks the timeline's rows per GiB: about 512 rows a day, halved until the run is
// within the timeline's limits (scenario.Cost); the resolution of rows does not change the bytes.
func fitRows(tl *scenario.Timeline) error {
	want := math.Ceil(512 / tl.IngestGB)
	rpg := int(math.Min(math.Max(want, 1), scenario.MaxRowsPerGB))
	var err error
	for ; rpg >= 1; rpg /= 2 {
		tl.RowsPerGB = rpg
		sc := scenario.Scenario{View: "timeline", Timeline: *tl}
		sc.EnsureDefaults()
		if err = sc.Validate(); err == nil && tl.IngestGB*float64(rpg) >= 1 {
			return nil
		}
		if err == nil {
			return fmt.Errorf("%.3g GiB a day is less than one row at %d rows per GiB", tl.IngestGB, rpg)
		}
	}
	return err
}
