package ddl_test

import (
	"errors"
	"strings"
	"testing"

	"layoutlab/engine/ddl"
	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

func panel(t *testing.T, cfg stats.Config) (table.Schema, []table.Leaf, []bool) {
	s, err := table.DefaultPanelSpec().Schema()
	if err != nil {
		t.Fatal(err)
	}
	idx, err := stats.StatsSchema(s, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s, s.Leaves(), idx
}

func expect(t *testing.T, what string, err error, class, sqlState, message string) {
	t.Helper()
	var de *ddl.DeltaError
	if !errors.As(err, &de) {
		t.Errorf("%s: error %v, want [%s]", what, err, class)
		return
	}
	if de.Class != class || de.SQLState != sqlState || de.Message != message {
		t.Errorf("%s:\n got [%s %s] %q\nwant [%s %s] %q", what, de.Class, de.SQLState, de.Message, class, sqlState, message)
	}
	if !errors.Is(err, &ddl.DeltaError{Class: class}) {
		t.Errorf("%s: errors.Is by class fails", what)
	}
}

func TestValidateClusterBy(t *testing.T) {
	s, leaves, idx := panel(t, stats.DefaultConfig())
	ok := func(cols ...string) {
		t.Helper()
		if err := ddl.ValidateClusterBy(s, leaves, idx, nil, cols); err != nil {
			t.Errorf("%v: %v", cols, err)
		}
	}
	ok("user_id")
	ok("EVENT_DATE", "region_id", "device.screen.WIDTH", "amount")
	ok()

	err := ddl.ValidateClusterBy(s, leaves, idx, []string{"event_date"}, []string{"user_id"})
	expect(t, "partitioned", err, "DELTA_CLUSTER_BY_WITH_PARTITIONED_BY", "42613",
		"Clustering and partitioning cannot both be specified. Please remove partitionedBy if you want to create a Delta table with clustering.")

	err = ddl.ValidateClusterBy(s, leaves, idx, nil, []string{"user_id", "nope"})
	expect(t, "unknown", err, "DELTA_COLUMN_NOT_FOUND_IN_SCHEMA", "42703", "Couldn't find column nope in:\n"+table.TreeString(s.Fields))
	if !strings.Contains(err.Error(), "\n |-- event_date: date (nullable = false)\n |-- event_ts: timestamp (nullable = true)\n") {
		t.Errorf("schema tree missing from %q", err)
	}
	// Existence is checked before the count (AbstractDeltaCatalog.validateClusterBySpec): five
	// columns, one unknown, raise the unknown one.
	err = ddl.ValidateClusterBy(s, leaves, idx, nil, []string{"user_id", "region_id", "event_date", "amount", "nope"})
	expect(t, "five, one unknown", err, "DELTA_COLUMN_NOT_FOUND_IN_SCHEMA", "42703", "Couldn't find column nope in:\n"+table.TreeString(s.Fields))
	err = ddl.ValidateClusterBy(s, leaves, idx, nil, []string{"device.nope.deeper"})
	expect(t, "unknown nested", err, "DELTA_COLUMN_NOT_FOUND_IN_SCHEMA", "42703", "Couldn't find column device.nope in:\n"+table.TreeString(s.Fields))

	err = ddl.ValidateClusterBy(s, leaves, idx, nil, []string{"user_id", "region_id", "User_Id"})
	expect(t, "duplicate", err, "DELTA_DUPLICATE_COLUMNS_FOUND.CLUSTER_BY", "42711",
		"Found duplicate column(s): `user_id`. The duplicate was found in CLUSTER BY.")

	err = ddl.ValidateClusterBy(s, leaves, idx, nil, []string{"user_id", "region_id", "event_date", "amount", "price"})
	expect(t, "five", err, "DELTA_CLUSTER_BY_INVALID_NUM_COLUMNS", "54000",
		"CLUSTER BY supports up to 4 clustering columns, but the table has 5 clustering columns. Please remove the extra clustering columns.")

	// Unsupported types are reported before missing stats (device_model_id lacks stats too).
	err = ddl.ValidateClusterBy(s, leaves, idx, nil, []string{"device_model_id", "is_mobile", "payload"})
	expect(t, "boolean", err, "DELTA_CLUSTERING_COLUMNS_DATATYPE_NOT_SUPPORTED", "0A000",
		"CLUSTER BY is not supported because the following column(s): is_mobile : BOOLEAN, payload : BINARY don't support data skipping.")
	err = ddl.ValidateClusterBy(s, leaves, idx, nil, []string{"DEVICE.screen"})
	expect(t, "struct", err, "DELTA_CLUSTERING_COLUMNS_DATATYPE_NOT_SUPPORTED", "0A000",
		"CLUSTER BY is not supported because the following column(s): device.screen : STRUCT<width: INT, height: INT> don't support data skipping.")

	err = ddl.ValidateClusterBy(s, leaves, idx, nil, []string{"user_id", "Device_Model_Id"})
	var de *ddl.DeltaError
	if !errors.As(err, &de) || de.Class != "DELTA_CLUSTERING_COLUMN_MISSING_STATS" || de.SQLState != "22000" {
		t.Fatalf("missing stats: %v", err)
	}
	head := "Clustering requires clustering columns to have stats. Couldn't find clustering column(s) 'device_model_id' in stats schema:\nroot\n |-- event_date: date (nullable = false)\n"
	if !strings.HasPrefix(de.Message, head) || !strings.HasSuffix(de.Message, " |-- notes: string (nullable = true)\n") ||
		strings.Contains(de.Message, "firmware_build") || strings.Count(de.Message, "\n") != 2+32+2 {
		// 2 lines of message and root, 32 leaves, 2 struct lines (device, screen).
		t.Errorf("missing stats message:\n%s", de.Message)
	}
	// Raising the limit (or naming the column) gives it stats.
	_, _, all := panel(t, stats.Config{NumIndexedCols: -1})
	if err := ddl.ValidateClusterBy(s, leaves, all, nil, []string{"device_model_id"}); err != nil {
		t.Error(err)
	}
	_, _, named := panel(t, stats.Config{StatsColumns: []string{"device_model_id"}})
	if err := ddl.ValidateClusterBy(s, leaves, named, nil, []string{"device_model_id"}); err != nil {
		t.Error(err)
	}
	err = ddl.ValidateClusterBy(s, leaves, named, nil, []string{"user_id"})
	expect(t, "stats columns", err, "DELTA_CLUSTERING_COLUMN_MISSING_STATS", "22000",
		"Clustering requires clustering columns to have stats. Couldn't find clustering column(s) 'user_id' in stats schema:\nroot\n |-- device_model_id: integer (nullable = true)\n")
}

func TestValidateZOrderBy(t *testing.T) {
	cfg := stats.DefaultConfig()
	cfg.PartitionColumns = []string{"event_date"}
	s, _, idx := panel(t, cfg)
	// With event_date a partition column, device_model_id is data leaf 32 and has stats;
	// firmware_build (33) does not.
	if err := ddl.ValidateZOrderBy(s, idx, cfg.PartitionColumns, []string{"device_model_id", "USER_ID", "is_mobile", "device.os"}, true); err != nil {
		t.Error(err)
	}
	err := ddl.ValidateZOrderBy(s, idx, cfg.PartitionColumns, []string{"user_id", "Event_Date"}, true)
	expect(t, "partition", err, "DELTA_ZORDERING_ON_PARTITION_COLUMN", "42P10",
		"Event_Date is a partition column. Z-Ordering can only be performed on data columns")
	// A missing column is thrown inside the loop, before the collected no-stats columns.
	err = ddl.ValidateZOrderBy(s, idx, cfg.PartitionColumns, []string{"firmware_build", "nope"}, true)
	expect(t, "missing", err, "DELTA_ZORDERING_COLUMN_DOES_NOT_EXIST", "42703", "Z-Ordering column nope does not exist in data schema.")
	err = ddl.ValidateZOrderBy(s, idx, cfg.PartitionColumns, []string{"firmware_build", "user_id", "tags_hash"}, true)
	expect(t, "no stats", err, "DELTA_ZORDERING_ON_COLUMN_WITHOUT_STATS", "KD00D",
		"Z-Ordering on [firmware_build, tags_hash] will be ineffective, because we currently do not collect stats for these columns. You can disable this check by setting\n SET spark.databricks.delta.optimize.zorder.checkStatsCollection.enabled = false")
	if err := ddl.ValidateZOrderBy(s, idx, cfg.PartitionColumns, []string{"firmware_build"}, false); err != nil {
		t.Errorf("check disabled: %v", err)
	}
}

func TestCheckOptimize(t *testing.T) {
	clustered := ddl.Optimize{Clustered: true, ClusteringColumns: []string{"user_id"}}
	if err := ddl.CheckOptimize(clustered); err != nil {
		t.Error(err)
	}
	full := clustered
	full.Full = true
	if err := ddl.CheckOptimize(full); err != nil {
		t.Error(err)
	}
	w := clustered
	w.Where, w.WhereColumns, w.ZOrderBy = []string{"event_date", ">=", "'2026-01-01'"}, []string{"event_date"}, []string{"a"}
	expect(t, "clustered where", ddl.CheckOptimize(w), "DELTA_CLUSTERING_WITH_PARTITION_PREDICATE", "0A000",
		"OPTIMIZE command for Delta table with clustering doesn't support partition predicates. Please remove the predicates: event_date >= '2026-01-01'.")
	z := clustered
	z.ZOrderBy = []string{"user_id", "region_id"}
	expect(t, "clustered zorder", ddl.CheckOptimize(z), "DELTA_CLUSTERING_WITH_ZORDER_BY", "42613",
		"OPTIMIZE command for Delta table with clustering cannot specify ZORDER BY. Please remove ZORDER BY (user_id, region_id).")
	expect(t, "full unclustered", ddl.CheckOptimize(ddl.Optimize{Full: true}), "DELTA_OPTIMIZE_FULL_NOT_SUPPORTED", "42601",
		"OPTIMIZE FULL is only supported for clustered tables with non-empty clustering columns.")
	expect(t, "full after CLUSTER BY NONE", ddl.CheckOptimize(ddl.Optimize{Clustered: true, Full: true}), "DELTA_OPTIMIZE_FULL_NOT_SUPPORTED", "42601",
		"OPTIMIZE FULL is only supported for clustered tables with non-empty clustering columns.")
	p := ddl.Optimize{PartitionColumns: []string{"event_date", "region_id"}, Where: []string{"user_id = 1"}, WhereColumns: []string{"EVENT_DATE", "user_id"}}
	expect(t, "where", ddl.CheckOptimize(p), "DELTA_NON_PARTITION_COLUMN_REFERENCE", "42P10",
		"Predicate references non-partition column 'user_id'. Only the partition columns may be referenced: [event_date, region_id]")
	p.WhereColumns = []string{"event_date"}
	if err := ddl.CheckOptimize(p); err != nil {
		t.Error(err)
	}
}
