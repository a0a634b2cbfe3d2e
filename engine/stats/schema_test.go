package stats

import (
	"errors"
	"slices"
	"testing"

	"layoutlab/engine/ddl"
	"layoutlab/engine/table"
)

func panelSchema(t *testing.T) table.Schema {
	s, err := table.DefaultPanelSpec().Schema()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func indexedNames(s table.Schema, idx []bool) []string {
	var out []string
	for i, l := range s.Leaves() {
		if idx[i] {
			out = append(out, l.Name())
		}
	}
	return out
}

func TestStatsSchemaNumIndexedCols(t *testing.T) {
	s := panelSchema(t)
	leaves := s.Leaves()
	dm := slices.IndexFunc(leaves, func(l table.Leaf) bool { return l.Name() == "device_model_id" })

	idx, err := StatsSchema(s, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	if n := len(indexedNames(s, idx)); n != 32 {
		t.Errorf("default indexes %d leaves, want 32", n)
	}
	if idx[dm] {
		t.Error("device_model_id (leaf 33) indexed by default")
	}
	if !idx[dm-1] {
		t.Error("leaf 32 not indexed by default")
	}

	idx, _ = StatsSchema(s, Config{NumIndexedCols: -1})
	if n := len(indexedNames(s, idx)); n != len(leaves) {
		t.Errorf("-1 indexes %d of %d", n, len(leaves))
	}
	idx, _ = StatsSchema(s, Config{NumIndexedCols: 0})
	if n := len(indexedNames(s, idx)); n != 0 {
		t.Errorf("0 indexes %d", n)
	}

	// Partition columns are not counted: partitioning by event_date frees a slot, so leaf 33
	// becomes the 32nd data leaf.
	idx, _ = StatsSchema(s, Config{NumIndexedCols: 32, PartitionColumns: []string{"EVENT_DATE"}})
	if idx[0] || !idx[dm] || idx[dm+1] {
		t.Errorf("with partition event_date: %v", indexedNames(s, idx))
	}

	// A struct is cut part-way: 14 leaves end inside device (leaves 13..19), after os_version.
	idx, _ = StatsSchema(s, Config{NumIndexedCols: 14})
	got := indexedNames(s, idx)
	if got[len(got)-2] != "device.os" || got[len(got)-1] != "device.os_version" || len(got) != 14 {
		t.Errorf("14 indexed: %v", got)
	}
	tree := table.TreeString(s.KeepLeaves(idx).Fields)
	wantTail := " |-- device: struct (nullable = true)\n |    |-- os: string (nullable = true)\n |    |-- os_version: integer (nullable = true)\n"
	if len(tree) < len(wantTail) || tree[len(tree)-len(wantTail):] != wantTail {
		t.Errorf("partial struct tree:\n%s", tree)
	}
	if _, err := StatsSchema(s, Config{NumIndexedCols: -2}); err == nil {
		t.Error("-2 accepted")
	}
}

func TestStatsSchemaStatsColumns(t *testing.T) {
	s := panelSchema(t)
	// StatsColumns take precedence over NumIndexedCols; names are case-insensitive; a struct
	// means all its leaves, a nested path one leaf or sub-struct.
	cfg := Config{NumIndexedCols: 1, StatsColumns: []string{"Device_Model_ID", "device.screen", "DEVICE.os"}}
	idx, err := StatsSchema(s, cfg)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"device.os", "device.screen.width", "device.screen.height", "device_model_id"}
	if got := indexedNames(s, idx); !slices.Equal(got, want) {
		t.Errorf("indexed = %v, want %v", got, want)
	}
	// A struct holding a boolean: allowed (Delta only warns), and the boolean gets a nullCount.
	idx, err = StatsSchema(s, Config{StatsColumns: []string{"device"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := indexedNames(s, idx); len(got) != 7 || got[6] != "device.is_emulator" {
		t.Errorf("device = %v", got)
	}
}

func TestStatsColumnsErrors(t *testing.T) {
	s := panelSchema(t)
	dataTree := func(drop string) string {
		var fs []table.Field
		for _, f := range s.Fields {
			if f.Name != drop {
				fs = append(fs, f)
			}
		}
		return table.TreeString(fs)
	}
	cases := []struct {
		cfg             Config
		class, sqlState string
		message         string
	}{
		{Config{StatsColumns: []string{"user_id", "Event_Date"}, PartitionColumns: []string{"event_date"}},
			"DELTA_COLUMN_DATA_SKIPPING_NOT_SUPPORTED_PARTITIONED_COLUMN", "0AKDC",
			"Data skipping is not supported for partition column 'Event_Date'."},
		{Config{StatsColumns: []string{"nope"}},
			"DELTA_COLUMN_NOT_FOUND_IN_SCHEMA", "42703", "Couldn't find column nope in:\n" + dataTree("")},
		{Config{StatsColumns: []string{"device.nope.x"}, PartitionColumns: []string{"event_date"}},
			"DELTA_COLUMN_NOT_FOUND_IN_SCHEMA", "42703", "Couldn't find column device.nope in:\n" + dataTree("event_date")},
		{Config{StatsColumns: []string{"is_mobile"}},
			"DELTA_COLUMN_DATA_SKIPPING_NOT_SUPPORTED_TYPE", "0AKDC",
			"Data skipping is not supported for column 'is_mobile' of type BooleanType."},
		{Config{StatsColumns: []string{"payload"}},
			"DELTA_COLUMN_DATA_SKIPPING_NOT_SUPPORTED_TYPE", "0AKDC",
			"Data skipping is not supported for column 'payload' of type BinaryType."},
		{Config{StatsColumns: []string{"user_id", "region_id", "user_id"}},
			"DELTA_DUPLICATE_DATA_SKIPPING_COLUMNS", "42701", "Duplicated data skipping columns found: user_id."},
		{Config{StatsColumns: []string{"device", "device.os", "region_id", "region_id"}},
			"DELTA_DUPLICATE_DATA_SKIPPING_COLUMNS", "42701", "Duplicated data skipping columns found: device.os,region_id."},
	}
	for _, c := range cases {
		_, err := StatsSchema(s, c.cfg)
		var de *ddl.DeltaError
		if !errors.As(err, &de) {
			t.Errorf("%v: error %v is not a DeltaError", c.cfg.StatsColumns, err)
			continue
		}
		if de.Class != c.class || de.SQLState != c.sqlState || de.Message != c.message {
			t.Errorf("%v:\n got [%s %s] %q\nwant [%s %s] %q", c.cfg.StatsColumns, de.Class, de.SQLState, de.Message, c.class, c.sqlState, c.message)
		}
		if de.Error() != "["+c.class+"] "+c.message {
			t.Errorf("Error() = %q", de.Error())
		}
	}
}
