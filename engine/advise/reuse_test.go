package advise

import (
	"reflect"
	"testing"

	"layoutlab/engine/layout"
	"layoutlab/engine/table"
)

// TestSharingChangesNothing: the report with the work shared between candidates (one-key
// layouts by the single-key walk, partitions read off the ranks, a pruning reused for the same
// files) equals the report with every candidate scored afresh, on an unpartitioned and a
// partitioned table, with NULLs in the keys.
func TestSharingChangesNothing(t *testing.T) {
	tab := genTable(t, nullEventSpec(60), 30_000, 9)
	wl := userLookups(tab, 3) + "is_mobile = true\nregion_id = 3\namount > 4000\nevent_date >= '2025-02-01'\n"
	for _, tc := range []struct {
		name  string
		parts []string
	}{{"unpartitioned", nil}, {"partitioned", []string{"region_id"}}} {
		t.Run(tc.name, func(t *testing.T) {
			tt := writeTable(t, tab, 24, map[string]string{}, tc.parts)
			opt := Options{MaxFileSize: maxFileFor(30_000, 24), IngestBytesPerDay: -1, Seed: 5, MaxKeys: 2}
			shared := advise(t, tt, wl, opt)
			scoreAfresh = true
			afresh := advise(t, tt, wl, opt)
			scoreAfresh = false
			if len(shared.Candidates) < 10 {
				t.Fatalf("%d candidates", len(shared.Candidates))
			}
			for i := range afresh.Candidates {
				if !reflect.DeepEqual(shared.Candidates[i], afresh.Candidates[i]) {
					t.Errorf("candidate %d differs:\nshared %+v\nafresh %+v", i, shared.Candidates[i], afresh.Candidates[i])
				}
			}
			if !reflect.DeepEqual(shared, afresh) {
				t.Error("the reports differ")
			}
		})
	}
}

// TestPartitionBinsAreBins: the partitions read off a column's ranks are layout.Bins' (values,
// rows, order), NULL partition included, for every column of a generated table.
func TestPartitionBinsAreBins(t *testing.T) {
	tab := genTable(t, nullEventSpec(30), 5_000, 2)
	tt := writeTable(t, tab, 4, map[string]string{}, nil)
	a := testAdvisor(t, tt, "region_id = 1\n")
	nulls := false
	for l := range a.ft.Cols {
		if !a.t.read[l] {
			continue
		}
		got, err := a.partitionBins(l)
		if err != nil {
			t.Fatal(err)
		}
		want := layout.Bins(a.ft, []int{l})
		if len(got) != len(want) {
			t.Fatalf("leaf %d: %d bins, layout.Bins %d", l, len(got), len(want))
		}
		for i := range want {
			nulls = nulls || want[i].Values[0].Absent()
			if !reflect.DeepEqual(got[i].Values, want[i].Values) || !reflect.DeepEqual(got[i].Rows, want[i].Rows) {
				t.Fatalf("leaf %d bin %d: %v (%d rows), layout.Bins %v (%d rows)", l, i, got[i].Values, len(got[i].Rows), want[i].Values, len(want[i].Rows))
			}
		}
	}
	if !nulls {
		t.Error("no column had a NULL partition: the test does not cover it")
	}
}

// testAdvisor is the advisor Advise makes for tt and the workload.
func testAdvisor(t *testing.T, tt *testTable, wl string) *advisor {
	t.Helper()
	in := tt.input(wl)
	ti, err := newTableInfo(in.Inspector.Snapshot())
	if err != nil {
		t.Fatal(err)
	}
	w, err := ParseWorkload(wl, ti.leaves)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := today(in.Inspector, w, ti); err != nil {
		t.Fatal(err)
	}
	a, err := newAdvisor(ti, in.Rows, w, Options{}, Ingest{})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// nullEventSpec is eventSpec with NULLs in user_id, region_id and amount.
func nullEventSpec(days int) table.Spec {
	s := eventSpec(days)
	s.Columns[1].NullFraction, s.Columns[2].NullFraction, s.Columns[4].NullFraction = 0.05, 0.1, 0.02
	return s
}
