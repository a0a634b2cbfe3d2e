package explainer

import (
	"fmt"
	"math"
	"slices"
)

// Claim is one sentence the page says about a preset, with the predicate over the engine's
// results that makes it true: Holds returns nil when it holds, else the figures that break it.
type Claim struct {
	Preset string
	Says   string
	Holds  func(r *Results) error
}

func (c Claim) check(r *Results) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: %q: %v", c.Preset, c.Says, p)
		}
	}()
	if e := c.Holds(r); e != nil {
		return fmt.Errorf("%s: %q does not hold: %w", c.Preset, c.Says, e)
	}
	return nil
}

// geometricMeanSpan is the geometric mean of the keys' spans: F^(-1/k) for files that are the
// curve's cells. The tolerance below is engine/panel's TestPanelKeysGeometry's, which says why.
func geometricMeanSpan(spans map[string]float64, keys []string) float64 {
	g := 1.0
	for _, k := range keys {
		g *= spans[k]
	}
	return math.Pow(g, 1/float64(len(keys)))
}

func nearCurveSpan(r *Results, name string) error {
	p := r.PanelOf(name)
	k := float64(len(p.Keys))
	want := math.Pow(float64(p.FilesTotal), -1/k)
	if g := geometricMeanSpan(p.Spans, p.Keys); g < 0.9*want || g > 2*want {
		return fmt.Errorf("the keys' spans average %.3f (geometric mean), F^-1/%d = %.3f", g, len(p.Keys), want)
	}
	return nil
}

// Claims lists every claim the page makes, preset by preset, in the page's order.
func Claims() []Claim {
	return slices.Concat(strategyClaims(), cubeClaims(), maintenanceClaims(), keyClaims(), storyClaims(), statsClaims())
}

// strategyClaims are the timeline's claims about each strategy at the defaults.
func strategyClaims() []Claim {
	return []Claim{
		{"zorder-full", "rewrites the whole table every night", func(r *Results) error {
			for _, d := range r.TimelineOf("zorder-full").Days {
				if d.OptimizeWrittenGB != d.TableGB {
					return fmt.Errorf("night %d wrote %g GiB of a %g GiB table", d.Day, d.OptimizeWrittenGB, d.TableGB)
				}
			}
			return nil
		}},
		{"zorder-full", "a point lookup still opens one file per daily partition", func(r *Results) error {
			d := r.Day("zorder-full", 0)
			if math.Abs(d.LookupFiles-float64(d.Day)) >= 1 {
				return fmt.Errorf("day %d: the lookup opens %.2f files", d.Day, d.LookupFiles)
			}
			return nil
		}},
		{"zorder-window", "rewrites only the last W partitions: W days of ingest a night", func(r *Results) error {
			t := r.Scenario("zorder-window").Timeline
			for _, d := range r.TimelineOf("zorder-window").Days {
				if want := float64(min(d.Day, t.WindowDays)) * t.IngestGB; d.OptimizeWrittenGB != want {
					return fmt.Errorf("night %d wrote %g GiB, not %g", d.Day, d.OptimizeWrittenGB, want)
				}
			}
			return nil
		}},
		{"zorder-window", "the lookup opens the same files as whole-table Z-order", func(r *Results) error {
			if a, b := r.Day("zorder-window", 0).LookupFiles, r.Day("zorder-full", 0).LookupFiles; math.Abs(a-b) > 0.5 {
				return fmt.Errorf("%.2f files against %.2f", a, b)
			}
			return nil
		}},
		{"liquid", "each night re-reads the open cube plus the new data, never more than a minimum cube and a day's ingest", func(r *Results) error {
			t := r.Scenario("liquid").Timeline
			for d := 1; float64(d-1)*t.IngestGB < t.MinCubeGB; d++ {
				if got := r.Day("liquid", d).OptimizeWrittenGB; got != float64(d)*t.IngestGB {
					return fmt.Errorf("night %d wrote %g GiB while the first cube was open, not %g", d, got, float64(d)*t.IngestGB)
				}
			}
			if m, night := r.MaxWritten("liquid"); m > t.MinCubeGB+t.IngestGB {
				return fmt.Errorf("night %d wrote %g GiB", night, m)
			}
			return nil
		}},
		{"liquid", "the lookup opens about one file per cube, fewer than Z-order's one per day", func(r *Results) error {
			d := r.Day("liquid", 0)
			if d.LookupFiles < float64(d.ZCubes) || d.LookupFiles > 1.2*float64(d.ZCubes) {
				return fmt.Errorf("the lookup opens %.2f files over %d ZCubes", d.LookupFiles, d.ZCubes)
			}
			if z := r.Day("zorder-full", 0).LookupFiles; d.LookupFiles >= z/2 {
				return fmt.Errorf("the lookup opens %.2f files, Z-order's %.2f", d.LookupFiles, z)
			}
			return nil
		}},
	}
}

// cubeClaims are the timeline's claims about batch sizes against the cube size, a key change, OPTIMIZE FULL and
// history.
func cubeClaims() []Claim {
	return []Claim{
		{"small-batches", "the open cube is re-read night after night until it seals, so amplification climbs", func(r *Results) error {
			t := r.Scenario("small-batches").Timeline
			prev := 0.0
			for d := 1; float64(d)*t.IngestGB <= t.MinCubeGB; d++ {
				day := r.Day("small-batches", d)
				if day.OptimizeWrittenGB != float64(d)*t.IngestGB || day.WriteAmplification <= prev {
					return fmt.Errorf("night %d wrote %g GiB, amplification %.2f after %.2f", d, day.OptimizeWrittenGB, day.WriteAmplification, prev)
				}
				prev = day.WriteAmplification
			}
			if a, l := r.Day("small-batches", 0).WriteAmplification, r.Day("liquid", 0).WriteAmplification; a <= 2*l {
				return fmt.Errorf("amplification %.2f at the end, the 40 GiB a day liquid preset's %.2f", a, l)
			}
			return nil
		}},
		{"large-batches", "amplification near 1.0x, and a lookup opens far more files", func(r *Results) error {
			d := r.Day("large-batches", 0)
			if d.WriteAmplification < 1 || d.WriteAmplification > 1.1 {
				return fmt.Errorf("amplification %.3f", d.WriteAmplification)
			}
			if l := r.Day("liquid", 0).LookupFiles; d.LookupFiles <= 2*l {
				return fmt.Errorf("the lookup opens %.2f files, the liquid preset's %.2f", d.LookupFiles, l)
			}
			return nil
		}},
		{"change-keys", "lookups on the new key open nearly every file written before the change, and every OPTIMIZE still succeeds", func(r *Results) error {
			k := r.Scenario("change-keys").Timeline.ChangeKeysDay
			before, after := r.Day("change-keys", k-1), r.Day("change-keys", k)
			if after.LookupFiles < 0.9*float64(before.Files) {
				return fmt.Errorf("day %d's lookup opens %.1f files of the %d there were", k, after.LookupFiles, before.Files)
			}
			for _, d := range r.TimelineOf("change-keys").Days[k-1:] {
				if d.OptimizeWrittenGB <= 0 {
					return fmt.Errorf("night %d wrote nothing: %v", d.Day, d.DecisionLog)
				}
			}
			return nil
		}},
		{"full", "OPTIMIZE FULL rewrites the stale region once, one bar off the scale, then the incremental cycle resumes on the new key", func(r *Results) error {
			t := r.Scenario("full").Timeline
			m, night := r.MaxWritten("full")
			if night != t.FullDay {
				return fmt.Errorf("the largest night is %d, not FULL's %d", night, t.FullDay)
			}
			for _, d := range r.TimelineOf("full").Days {
				if d.Day != night && 3*d.OptimizeWrittenGB >= m {
					return fmt.Errorf("night %d wrote %g GiB, FULL %g", d.Day, d.OptimizeWrittenGB, m)
				}
			}
			if a, b := r.Day("full", 0).LookupFiles, r.Day("change-keys", 0).LookupFiles; a >= b/10 {
				return fmt.Errorf("the last day's lookup opens %.1f files, without FULL %.1f", a, b)
			}
			return nil
		}},
		{"history", "old files have no clusteringProvider, so the first OPTIMIZE takes them as candidates", func(r *Results) error {
			t := r.Scenario("history").Timeline
			if got, hist := r.Day("history", 1).OptimizeWrittenGB, float64(t.HistoryDays)*t.IngestGB; got < hist {
				return fmt.Errorf("night 1 wrote %g GiB of %g GiB of history", got, hist)
			}
			return nil
		}},
	}
}

// keyClaims are the panel's claims about the number of clustering keys and ORDER BY.
func keyClaims() []Claim {
	return []Claim{
		{"one-key", "a point lookup on the one key opens about one file", func(r *Results) error {
			p, l := r.PanelOf("one-key"), r.Lookup("one-key", "user_id")
			if p.FilesRead > 2 || l.Mean > 1.5 || l.Most > 2 {
				return fmt.Errorf("the preset's lookup opens %d files; %d lookups %.2f on average, up to %d", p.FilesRead, l.Values, l.Mean, l.Most)
			}
			return nil
		}},
		{"one-key", "each file covers about 1/F of the key's range", func(r *Results) error { return nearCurveSpan(r, "one-key") }},
		{"two-keys", "each file spans about 1/sqrt(F) of each key", func(r *Results) error { return nearCurveSpan(r, "two-keys") }},
		{"two-keys", "the lookup opens more files than with one key", func(r *Results) error {
			if a, b := r.Lookup("two-keys", "user_id").Mean, r.Lookup("one-key", "user_id").Mean; a <= b {
				return fmt.Errorf("%.2f files against one key's %.2f", a, b)
			}
			return nil
		}},
		{"four-keys", "each file spans about F^(-1/4) of the keys", func(r *Results) error { return nearCurveSpan(r, "four-keys") }},
		{"four-keys", "four keys widen user_id's span and open more files than two", func(r *Results) error {
			four, two := r.PanelOf("four-keys"), r.PanelOf("two-keys")
			if four.Spans["user_id"] <= two.Spans["user_id"] {
				return fmt.Errorf("user_id span %.3f against %.3f", four.Spans["user_id"], two.Spans["user_id"])
			}
			if a, b := r.Lookup("four-keys", "user_id").Mean, r.Lookup("two-keys", "user_id").Mean; a <= b {
				return fmt.Errorf("%.2f files against two keys' %.2f", a, b)
			}
			return nil
		}},
		{"four-keys", "a 6-value key never gets a narrow range", func(r *Results) error {
			if s := r.PanelOf("four-keys").Spans["region_id"]; s < 1.0/6 {
				return fmt.Errorf("region_id span %.3f", s)
			}
			return nil
		}},
		{"orderby", "ORDER BY the first key opens at most 2 files for a lookup on it, and every file for a lookup on another column", func(r *Results) error {
			p, on, other := r.PanelOf("orderby"), r.Lookup("orderby", "user_id"), r.Lookup("orderby", "event_date")
			if p.FilesRead > 2 || on.Most > 2 {
				return fmt.Errorf("lookups on user_id open %d files (the preset's), up to %d", p.FilesRead, on.Most)
			}
			if other.Least != other.FilesTotal {
				return fmt.Errorf("a lookup on event_date opens only %d of %d files", other.Least, other.FilesTotal)
			}
			return nil
		}},
		{"orderby", "ORDER BY the first key beats every multi-key layout on that key", func(r *Results) error {
			ob := r.Lookup("orderby", "user_id").Mean
			for _, name := range []string{"two-keys", "four-keys"} {
				if l := r.Lookup(name, "user_id").Mean; ob >= l {
					return fmt.Errorf("%.2f files against %s's %.2f", ob, name, l)
				}
				if a, b := r.PanelOf("orderby").Spans["user_id"], r.PanelOf(name).Spans["user_id"]; a >= b {
					return fmt.Errorf("user_id span %.3f against %s's %.3f", a, name, b)
				}
			}
			return nil
		}},
	}
}

// statsClaims are the panel's claims about statistics and file size.
func statsClaims() []Claim {
	return []Claim{
		{"no-stats", "a column past the indexed-column limit is read in full, and Delta refuses to Z-order on it", func(r *Results) error {
			p := r.PanelOf("no-stats")
			if p.FilesRead != p.FilesTotal || p.Error == nil || p.Error.Class != "DELTA_ZORDERING_ON_COLUMN_WITHOUT_STATS" {
				return fmt.Errorf("%d of %d files read, error %v", p.FilesRead, p.FilesTotal, p.Error)
			}
			return nil
		}},
		{"no-stats", "raising dataSkippingNumIndexedCols past its position makes the lookup selective", func(r *Results) error {
			p := r.PanelOf(IndexedVariant)
			if p.Error != nil || p.FilesRead >= p.FilesTotal {
				return fmt.Errorf("%d of %d files read, error %v", p.FilesRead, p.FilesTotal, p.Error)
			}
			return nil
		}},
		{"larger-files", "fewer, larger files each hold a wider range of every key", func(r *Results) error {
			big, small := r.PanelOf("larger-files"), r.PanelOf("two-keys")
			if big.FilesTotal >= small.FilesTotal {
				return fmt.Errorf("%d files against %d", big.FilesTotal, small.FilesTotal)
			}
			for _, k := range big.Keys {
				if big.Spans[k] <= small.Spans[k] {
					return fmt.Errorf("%s span %.3f against %.3f", k, big.Spans[k], small.Spans[k])
				}
			}
			return nil
		}},
	}
}
