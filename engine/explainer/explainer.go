// Package explainer is what the explainer page (site/index.tmpl.html) says about each preset of
// engine/scenario, held as claims over the engine's own results. site/gen runs every preset
// through the engine at build time (Run), refuses to build when a claim does not hold (Check),
// and the page quotes its figures from the same results, so that the prose and the widget
// cannot disagree; TestClaimsHold fails when a preset no longer tells its story.
package explainer

import (
	"errors"
	"fmt"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
	"layoutlab/engine/table"
	"layoutlab/engine/timeline"
)

// LookupValues is how many values of a column a mean point lookup averages over
// (panel.Store.MeanPointLookup).
const LookupValues = 64

// IndexedVariant is the name under which Results keeps the no-stats preset run again with
// delta.dataSkippingNumIndexedCols raised to device_model_id's position, the page's "raise the
// limit past 33" (it is not a preset: the page links to no-stats and describes the change).
const IndexedVariant = "no-stats/indexed"

// Results are the engine's answers for every preset: the panel's Result or the timeline's, by
// preset name. Mean point lookups (Lookup) are run on demand and kept.
type Results struct {
	Panel    map[string]*panel.Result
	Timeline map[string]*timeline.Result

	scenarios map[string]scenario.Scenario
	store     *panel.Store
	lookups   map[[2]string]panel.PointLookups
}

// Run runs every preset through the engine: the panel's presets on one panel.Store (as the
// widget answers them), the timeline's one run each.
func Run() (*Results, error) {
	r := &Results{Panel: map[string]*panel.Result{}, Timeline: map[string]*timeline.Result{},
		scenarios: map[string]scenario.Scenario{}, lookups: map[[2]string]panel.PointLookups{}, store: panel.NewStore()}
	for _, p := range scenario.Presets() {
		r.scenarios[p.Name] = p.Scenario
		if p.Scenario.View == "timeline" {
			res, err := timeline.Run(p.Scenario.Timeline)
			if err != nil {
				return nil, fmt.Errorf("preset %s: %w", p.Name, err)
			}
			r.Timeline[p.Name] = res
			continue
		}
		res, err := r.store.Answer(p.Scenario.Panel, panel.Shown, nil)
		if err != nil {
			return nil, fmt.Errorf("preset %s: %w", p.Name, err)
		}
		r.Panel[p.Name] = res
	}
	if s, ok := r.scenarios["no-stats"]; ok {
		n := table.PanelDeviceModelPosition
		s.Panel.IndexedCols = &n
		r.scenarios[IndexedVariant] = s
		res, err := r.store.Answer(s.Panel, panel.Shown, nil)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", IndexedVariant, err)
		}
		r.Panel[IndexedVariant] = res
	}
	return r, nil
}

// Scenario is the preset's scenario (its knobs), defaults filled.
func (r *Results) Scenario(name string) scenario.Scenario {
	s, ok := r.scenarios[name]
	if !ok {
		panic(fmt.Sprintf("no preset %q", name))
	}
	return s
}

// PanelOf is the panel preset's Result.
func (r *Results) PanelOf(name string) *panel.Result {
	res, ok := r.Panel[name]
	if !ok {
		panic(fmt.Sprintf("no panel preset %q", name))
	}
	return res
}

// TimelineOf is the timeline preset's Result.
func (r *Results) TimelineOf(name string) *timeline.Result {
	res, ok := r.Timeline[name]
	if !ok {
		panic(fmt.Sprintf("no timeline preset %q", name))
	}
	return res
}

// Day is the timeline preset's readout on day d (1-based); 0 is the last day.
func (r *Results) Day(name string, d int) timeline.Day {
	days := r.TimelineOf(name).Days
	if d == 0 {
		d = len(days)
	}
	if d < 1 || d > len(days) {
		panic(fmt.Sprintf("preset %s has no day %d (days 1..%d)", name, d, len(days)))
	}
	return days[d-1]
}

// MaxWritten is the largest nightly OPTIMIZE of the timeline preset, in GiB, and its night.
func (r *Results) MaxWritten(name string) (gib float64, night int) {
	for _, d := range r.TimelineOf(name).Days {
		if d.OptimizeWrittenGB > gib {
			gib, night = d.OptimizeWrittenGB, d.Day
		}
	}
	return gib, night
}

// Lookup is the mean point lookup on col over LookupValues values, on the panel preset's layout.
func (r *Results) Lookup(name, col string) panel.PointLookups {
	k := [2]string{name, col}
	if l, ok := r.lookups[k]; ok {
		return l
	}
	l, err := r.store.MeanPointLookup(r.Scenario(name).Panel, col, LookupValues)
	if err != nil {
		panic(fmt.Sprintf("preset %s, point lookups on %s: %v", name, col, err))
	}
	r.lookups[k] = l
	return l
}

// Check checks every claim, returning one error per claim that does not hold (nil when all do).
func (r *Results) Check() error {
	var errs []error
	for _, c := range Claims() {
		if err := c.check(r); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
