package panel

import (
	"strings"
	"testing"

	"layoutlab/engine/ddl"
	"layoutlab/engine/scenario"
)

func partitioned(edit func(*scenario.Panel)) scenario.Panel {
	s := scenario.Default()
	s.Panel.PartitionBy = []string{"region_id"}
	s.Panel.Layout = "zorder"
	s.Panel.Keys = []string{"user_id"}
	s.Panel.Where = ""
	if edit != nil {
		edit(&s.Panel)
	}
	return s.Panel
}

func TestPartitionedTableHasOneDirectoryPerValueAndPrunes(t *testing.T) {
	e := NewStore()
	res := answer(t, e, partitioned(func(p *scenario.Panel) { p.Where = "region_id = 3" }))
	if res.Error != nil {
		t.Fatal(res.Error)
	}
	dirs := map[string]int{}
	var rowsIn3 int64
	for _, f := range res.Files {
		dir, _, ok := strings.Cut(f.Path, "/")
		if !ok || !strings.HasPrefix(dir, "region_id=") {
			t.Fatalf("file %s is not under a partition directory", f.Path)
		}
		dirs[dir]++
		if dir == "region_id=3" {
			rowsIn3 += f.NumRecords
			if !f.Read {
				t.Errorf("%s is in the queried partition but pruned", f.Path)
			}
		} else if f.Read {
			t.Errorf("%s is read although its partition cannot match", f.Path)
		}
		// Partition columns get no statistics.
		if strings.Contains(string(f.MinValues), `"region_id"`) {
			t.Fatalf("partition column has min/max stats: %s", f.MinValues)
		}
	}
	if len(dirs) != 6 || res.RowsRead != rowsIn3 {
		t.Fatalf("%d directories, rows read %d vs %d in region 3", len(dirs), res.RowsRead, rowsIn3)
	}
}

func TestPartitionColumnsDoNotCountTowardsIndexedColumns(t *testing.T) {
	e := NewStore()
	// device_model_id is leaf 33: one partition column before it brings it inside the 32.
	flat := answer(t, e, partitioned(func(p *scenario.Panel) { p.PartitionBy = nil; p.Where = "device_model_id = 1003" }))
	part := answer(t, e, partitioned(func(p *scenario.Panel) { p.Keys = []string{"device_model_id"}; p.Where = "device_model_id = 1003" }))
	if flat.FilesRead != flat.FilesTotal {
		t.Fatalf("unpartitioned: device_model_id should have no stats, read %d of %d", flat.FilesRead, flat.FilesTotal)
	}
	if part.Error != nil || part.FilesRead >= part.FilesTotal {
		t.Fatalf("partitioned: device_model_id should be indexed and selective: %v, read %d of %d", part.Error, part.FilesRead, part.FilesTotal)
	}
}

func TestPartitionedRefusals(t *testing.T) {
	e := NewStore()
	for _, tc := range []struct {
		edit  func(*scenario.Panel)
		class string
	}{
		{func(p *scenario.Panel) { p.Layout = "hilbert"; p.Keys = []string{"user_id", "event_date"} }, ddl.ClassClusterByWithPartitionedBy},
		{func(p *scenario.Panel) { p.Keys = []string{"region_id"} }, "DELTA_ZORDERING_ON_PARTITION_COLUMN"},
	} {
		res := answer(t, e, partitioned(tc.edit))
		if res.Error == nil || res.Error.Class != tc.class || res.Layout != "append" || res.FilesTotal == 0 {
			t.Errorf("want %s with the table shown as written, got %+v (layout %s, %d files)", tc.class, res.Error, res.Layout, res.FilesTotal)
		}
	}
	if res := answer(t, e, partitioned(func(p *scenario.Panel) { p.PartitionBy = []string{"nope"} })); res.Error == nil || !strings.Contains(res.Error.Message, `"nope"`) {
		t.Errorf("unknown partition column: %+v", res.Error)
	}
}
