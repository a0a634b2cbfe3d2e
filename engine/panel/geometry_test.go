package panel

import (
	"math"
	"testing"

	"layoutlab/engine/scenario"
	"layoutlab/engine/table"
)

// geometrySeeds are the table seeds the geometry is checked on: the default and a few others.
var geometrySeeds = []uint64{scenario.Default().Panel.Seed, 2, 3, 7, 11}

// meanLookup is MeanPointLookup over 64 values, failing the test on an error.
func meanLookup(t *testing.T, e *Store, p scenario.Panel, col string) PointLookups {
	t.Helper()
	l, err := e.MeanPointLookup(p, col, 64)
	if err != nil {
		t.Fatalf("%s %v: %v", p.Layout, p.Keys, err)
	}
	return l
}

// TestPanelKeysGeometry checks the curves' geometry (F^-1/k per key) on the panel's own table and keys,
// for the default seed and others, under ZORDER BY and liquid clustering (Hilbert):
//
//   - one key (user_id): each file spans about 1/F of it and a point lookup opens about one file;
//   - two keys (user_id, event_date, the default): each spans about F^(-1/2);
//   - four keys (user_id, event_date, region_id, device_model_id): about F^(-1/4);
//   - the lookup on user_id opens more files with every added key (1, 2, 4).
//
// "About" is held as: the geometric mean of the keys' spans lies within [0.9, 2] x F^(-1/k).
// F^(-1/k) is the span of files that are the curve's cells, each a box of 1/F of the key space.
// Delta cuts files at row quantiles of the curve key instead (repartitionByRange), and with
// 1000 range ids, not a power of two, a cell never holds exactly 1/F of the rows, so most files
// straddle two cells and cover part of each: adjacent cells on the Hilbert curve (measured up to
// 1.25x), cells far apart on the Z curve, which jumps at each cell boundary (up to 1.6x with two
// keys). Below 0.9x a file would hold less than its share of the space. The geometric mean and
// not each key's span, because the curve need not split the keys evenly: with F = 32 = 2^5
// and two keys, the Z curve gives the first key 3 of the 5 bits and the second 2 (1/8 and 1/4,
// whose geometric mean is 1/sqrt(32)); and see region_id below.
//
// The four keys are not four equal shares. range_partition_id numbers a key's values 0..D-1 for
// D up to spark.databricks.io.skipping.mdc.rangeId.max (1000) and interleave_bits and
// hilbert_index read those ids as they are, from the top bit down (InterleaveBits.scala,
// HilbertIndex.scala, MultiDimClustering.scala): region_id's ids 0..5 occupy only the three
// lowest bits, below the 1000-id keys' top seven, so at 32 files region_id takes no share of the
// curve at all (span 1: every file holds every region) and the other keys split the files among
// themselves. user_id's span with four keys is then wider than with two, but narrower than
// F^(-1/4): TestEachAddedKeyWidensTheOthers shows F^(-1/4) on four keys of 1000 ids each.
func TestPanelKeysGeometry(t *testing.T) {
	one := []string{"user_id"}
	two := scenario.Default().Panel.Keys
	four := []string{"user_id", "event_date", "region_id", "device_model_id"}
	if len(two) != 2 || two[0] != "user_id" || two[1] != "event_date" {
		t.Fatalf("the default keys are %v; this test follows user_id, event_date", two)
	}
	for _, seed := range geometrySeeds {
		e := NewStore()
		for _, l := range []string{"zorder", "hilbert"} {
			var prevMean, prevSpan float64
			for _, keys := range [][]string{one, two, four} {
				p := scenario.Default().Panel
				p.Seed, p.Layout, p.Keys = seed, l, keys
				n := table.PanelDeviceModelPosition // device_model_id needs statistics to be a clustering key
				p.IndexedCols = &n
				p.Where = ""
				r := answer(t, e, p)
				if r.Error != nil {
					t.Fatalf("seed %d %s %v: %v", seed, l, keys, r.Error)
				}
				F, k := float64(r.FilesTotal), float64(len(keys))
				geo := 1.0
				for _, key := range keys {
					geo *= r.Spans[key]
				}
				geo = math.Pow(geo, 1/k)
				want := math.Pow(F, -1/k)
				lk := meanLookup(t, e, p, "user_id")
				mean, most := lk.Mean, lk.Most
				t.Logf("seed %d %s %v: spans user_id %.3f event_date %.3f region_id %.3f device_model_id %.3f, geometric mean %.3f (F^-1/%d = %.3f); lookup on user_id opens %.1f of %d files on average, at most %d",
					seed, l, keys, r.Spans["user_id"], r.Spans["event_date"], r.Spans["region_id"], r.Spans["device_model_id"], geo, len(keys), want, mean, r.FilesTotal, most)
				if geo < 0.9*want || geo > 2*want {
					t.Errorf("seed %d %s %v: the keys' spans average %.3f (geometric mean), want about F^-1/%d = %.3f (0.9x to 2x)", seed, l, keys, geo, len(keys), want)
				}
				if len(keys) == 1 && (mean > 1.5 || most > 2) {
					t.Errorf("seed %d %s on user_id: a point lookup opens %.2f files on average, up to %d; want about one", seed, l, mean, most)
				}
				if mean <= prevMean || r.Spans["user_id"] <= prevSpan {
					t.Errorf("seed %d %s %v: user_id span %.3f and lookup %.1f files, not above the fewer keys' %.3f and %.1f", seed, l, keys, r.Spans["user_id"], mean, prevSpan, prevMean)
				}
				if len(keys) == 4 && r.Spans["region_id"] < 0.99 {
					t.Errorf("seed %d %s %v: region_id span %.3f; its 6 range ids sit below the others' bits, so every file should hold every region", seed, l, keys, r.Spans["region_id"])
				}
				prevMean, prevSpan = mean, r.Spans["user_id"]
			}
		}
	}
}

// TestPanelOrderByGeometry: ORDER BY the first key opens at most 2 of 32 files for a point
// lookup on that key and every file for a lookup on another column, for
// user_id and event_date as the first key, on each geometry seed.
func TestPanelOrderByGeometry(t *testing.T) {
	for _, seed := range geometrySeeds {
		e := NewStore()
		for _, keys := range [][]string{{"user_id", "event_date"}, {"event_date", "user_id"}} {
			p := scenario.Default().Panel
			p.Seed, p.Layout, p.Keys = seed, "orderby", keys
			lk := meanLookup(t, e, p, keys[0])
			mean, most := lk.Mean, lk.Most
			t.Logf("seed %d ORDER BY %s: lookup on it opens %.2f files on average, at most %d", seed, keys[0], mean, most)
			if most > 2 {
				t.Errorf("seed %d ORDER BY %s: a lookup on it opened %d files, want at most 2 of 32", seed, keys[0], most)
			}
			for _, other := range []string{keys[1], "region_id"} {
				lk := meanLookup(t, e, p, other)
				mean, least := lk.Mean, lk.Least
				if least != p.Files {
					t.Errorf("seed %d ORDER BY %s: a lookup on %s opened only %d files (%.1f on average), want all %d", seed, keys[0], other, least, mean, p.Files)
				}
			}
		}
	}
}

// TestMeanPointLookup: the lookups run on values that exist (so a one-key layout opens at least
// one file for each), ignore the panel's own WHERE, and refuse what they cannot write as SQL.
func TestMeanPointLookup(t *testing.T) {
	e := NewStore()
	p := scenario.Default().Panel
	p.Layout, p.Keys, p.Where = "orderby", []string{"country_code"}, "user_id = 0"
	l, err := e.MeanPointLookup(p, "country_code", 16)
	if err != nil {
		t.Fatal(err)
	}
	if l.Values != 16 || l.Least < 1 || l.Most > l.FilesTotal || l.Mean < float64(l.Least) || l.Mean > float64(l.Most) {
		t.Errorf("lookups on country_code: %+v", l)
	}
	for _, col := range []string{"no_such", "is_mobile", "payload"} {
		if _, err := e.MeanPointLookup(p, col, 4); err == nil {
			t.Errorf("lookups on %s: no error", col)
		}
	}
	if _, err := e.MeanPointLookup(p, "user_id", 0); err == nil {
		t.Error("lookups over no values: no error")
	}
}
