package explainer

import (
	"fmt"
	"math"
)

// storyClaims are the statistics section's claims about seed 003's story: ZORDER BY the
// article's keys (event_date, user_id), then two more, each beside the same keys on the Hilbert
// curve (engine/scenario/presets_stats.go), a 6-value key alone, and plain bin-packing.
func storyClaims() []Claim {
	return []Claim{
		{"zorder-two-keys", "ZORDER BY (event_date, user_id): each file spans about 1/sqrt(F) of each key", func(r *Results) error {
			return nearCurveSpan(r, "zorder-two-keys")
		}},
		{"zorder-two-keys", "a user_id lookup opens several times the one key's file, under half the table", func(r *Results) error {
			l, one := r.Lookup("zorder-two-keys", "user_id"), r.Lookup("one-key", "user_id")
			if l.Mean < 4*one.Mean || 2*l.Mean >= float64(l.FilesTotal) {
				return fmt.Errorf("%.2f of %d files on average, one key %.2f", l.Mean, l.FilesTotal, one.Mean)
			}
			return nil
		}},
		{"zorder-four-keys", "four keys: a user_id lookup opens more files than two keys, over a third of the table", func(r *Results) error {
			l, two := r.Lookup("zorder-four-keys", "user_id"), r.Lookup("zorder-two-keys", "user_id")
			if l.Mean <= two.Mean || 3*l.Mean < float64(l.FilesTotal) {
				return fmt.Errorf("%.2f of %d files on average, two keys %.2f", l.Mean, l.FilesTotal, two.Mean)
			}
			return nil
		}},
		{"two-keys", "on the same two keys the Hilbert curve's files are squarer and a user_id lookup opens fewer files than Z-order's", func(r *Results) error {
			return squarer(r, "two-keys", "zorder-two-keys")
		}},
		{"four-keys", "on four keys the tax is paid either way: Hilbert narrows device_model_id, and a user_id lookup opens about as many files as Z-order's", func(r *Results) error {
			h, z := r.PanelOf("four-keys"), r.PanelOf("zorder-four-keys")
			if h.Spans["device_model_id"] >= z.Spans["device_model_id"] {
				return fmt.Errorf("device_model_id span %.3f against Z-order's %.3f", h.Spans["device_model_id"], z.Spans["device_model_id"])
			}
			if a, b := r.Lookup("four-keys", "user_id").Mean, r.Lookup("zorder-four-keys", "user_id").Mean; a < 0.8*b || a > 1.25*b {
				return fmt.Errorf("%.2f files against Z-order's %.2f", a, b)
			}
			return nil
		}},
		{"region-only", "a 6-value key alone: a lookup opens at least a sixth of the files, and a user_id lookup every file", func(r *Results) error {
			p, l, u := r.PanelOf("region-only"), r.Lookup("region-only", "region_id"), r.Lookup("region-only", "user_id")
			if 6*l.Least < l.FilesTotal || 6*p.FilesRead < p.FilesTotal || p.Spans["region_id"] < 1.0/6 {
				return fmt.Errorf("region lookups open %d..%d of %d files, span %.3f", l.Least, l.Most, l.FilesTotal, p.Spans["region_id"])
			}
			if u.Least != u.FilesTotal {
				return fmt.Errorf("a user_id lookup opens only %d of %d files", u.Least, u.FilesTotal)
			}
			return nil
		}},
		{"compaction", "bin-packing merges the small daily files, rewriting the growing one each night, and a lookup still opens nearly every file", func(r *Results) error {
			d := r.Day("compaction", 0)
			if d.Files >= d.Day || d.WriteAmplification <= 1 || d.LookupFiles < 0.9*float64(d.Files) {
				return fmt.Errorf("day %d: %d files, amplification %.2f, a lookup opens %.2f", d.Day, d.Files, d.WriteAmplification, d.LookupFiles)
			}
			return nil
		}},
	}
}

// squarer: on the same keys, hilbert's two spans are nearer each other than zorder's, and its
// mean user_id lookup opens fewer files.
func squarer(r *Results, hilbert, zorder string) error {
	h, z := r.PanelOf(hilbert), r.PanelOf(zorder)
	skew := func(s map[string]float64) float64 { return math.Abs(math.Log(s["user_id"] / s["event_date"])) }
	if skew(h.Spans) >= skew(z.Spans) {
		return fmt.Errorf("spans %v against Z-order's %v", h.Spans, z.Spans)
	}
	if a, b := r.Lookup(hilbert, "user_id").Mean, r.Lookup(zorder, "user_id").Mean; a >= b {
		return fmt.Errorf("%.2f files against Z-order's %.2f", a, b)
	}
	return nil
}
