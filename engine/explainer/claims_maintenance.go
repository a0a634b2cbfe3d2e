package explainer

import (
	"fmt"
	"math"
)

// maintenanceClaims are the maintenance article's (seed 000's) claims beyond one per strategy: a
// large minimum cube, the night of a key change, history drained in one night, and Fabric's
// strategy.
func maintenanceClaims() []Claim {
	return []Claim{
		{"big-cube", "a 400 GiB cube is re-read every night until it seals: amplification climbs past the 100 GiB cube's", func(r *Results) error {
			t := r.Scenario("big-cube").Timeline
			for d := 1; float64(d)*t.IngestGB <= t.MinCubeGB; d++ {
				if got := r.Day("big-cube", d).OptimizeWrittenGB; got != float64(d)*t.IngestGB {
					return fmt.Errorf("night %d wrote %g GiB while the cube was open, not %g", d, got, float64(d)*t.IngestGB)
				}
			}
			if a, s := r.Day("big-cube", 0).WriteAmplification, r.Day("small-batches", 0).WriteAmplification; a <= 2*s {
				return fmt.Errorf("amplification %.2f, the 100 GiB cube's %.2f", a, s)
			}
			return nil
		}},
		{"change-keys", "the night of the change, OPTIMIZE rewrites only that day's data: the open cube on the old key is left behind", func(r *Results) error {
			t := r.Scenario("change-keys").Timeline
			k := t.ChangeKeysDay
			if t.Day != k {
				return fmt.Errorf("the figure opens on day %d, not the change's %d", t.Day, k)
			}
			got, before, without := r.Day("change-keys", k).OptimizeWrittenGB, r.Day("change-keys", k-1).OptimizeWrittenGB, r.Day("liquid", k).OptimizeWrittenGB
			if got != t.IngestGB || got >= before || got >= without {
				return fmt.Errorf("night %d wrote %g GiB, the night before %g, without the change %g", k, got, before, without)
			}
			return nil
		}},
		{"history", "open-source Delta drains the whole history on the first night, then the cycle is the defaults'", func(r *Results) error {
			t := r.Scenario("history").Timeline
			if t.Day != 1 {
				return fmt.Errorf("the figure opens on day %d, not night 1", t.Day)
			}
			if got, want := r.Day("history", 1).OptimizeWrittenGB, float64(t.HistoryDays+1)*t.IngestGB; got != want {
				return fmt.Errorf("night 1 wrote %g GiB, history and the day's ingest are %g", got, want)
			}
			for _, d := range r.TimelineOf("history").Days[1:] {
				if d.OptimizeWrittenGB > t.MinCubeGB+t.IngestGB {
					return fmt.Errorf("night %d wrote %g GiB, more than a minimum cube and a day's ingest", d.Day, d.OptimizeWrittenGB)
				}
			}
			return nil
		}},
		{"fabric-incremental", "Fabric's incremental strategy is Fabric's, and rewrites less than a night's whole table", func(r *Results) error {
			s := r.Scenario("fabric-incremental")
			if s.Timeline.Strategy != "liquid-incremental" {
				return fmt.Errorf("strategy %s", s.Timeline.Strategy)
			}
			d := r.Day("fabric-incremental", 0)
			if d.WriteAmplification <= 0 || math.IsNaN(d.LookupFiles) || d.OptimizeWrittenGB >= d.TableGB {
				return fmt.Errorf("day %d: wrote %g GiB of %g, amplification %.2f", d.Day, d.OptimizeWrittenGB, d.TableGB, d.WriteAmplification)
			}
			return nil
		}},
	}
}
