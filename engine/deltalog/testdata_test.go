package deltalog

import (
	"encoding/json"
	"io/fs"
	"os"
	"path"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// tablesRoot holds real Delta tables from delta-io repositories; see its
// PROVENANCE.md.
const tablesRoot = "testdata/tables"

func tablesFS(t *testing.T) fs.FS {
	t.Helper()
	if _, err := os.Stat(tablesRoot); err != nil {
		t.Fatalf("test tables missing at %s: %v", tablesRoot, err)
	}
	return os.DirFS(tablesRoot)
}

// findTables returns every directory under root that holds a _delta_log.
func findTables(t *testing.T, fsys fs.FS) []string {
	t.Helper()
	var tables []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == LogDir {
			tables = append(tables, path.Dir(p))
			return fs.SkipDir
		}
		return nil
	})
	if err != nil {
		t.Fatalf("walking %s: %v", tablesRoot, err)
	}
	return tables
}

type tableWant struct {
	version   int64
	files     int
	withStats int // files whose add carries a stats string
	partition []string
	protocol  string // Protocol.SimpleString
}

// wantTables was filled by reading each log: version = last %020d.json,
// files = adds minus removes, withStats = live adds with "stats". The two
// tables whose early commits were cleaned up (checkpoints_vacuumed keeps
// 5..12, table-with-domain-metadata only a checkpoint at 108) were filled
// from ReadSnapshot and are checked against their .crc and checkpoint below.

// noJSONHistory lists the tables whose commits do not all survive from 0:
// only a checkpoint can rebuild them.
var noJSONHistory = map[string]bool{
	"delta-rs/checkpoints_vacuumed":       true,
	"delta-rs/table-with-domain-metadata": true,
}
var wantTables = map[string]tableWant{
	"dat/basic_append/delta":                                         {1, 2, 2, nil, "1,2"},
	"dat/basic_partitioned/delta":                                    {1, 6, 6, []string{"letter"}, "1,2"},
	"dat/multi_partitioned/delta":                                    {2, 2, 2, []string{"letter", "date", "data"}, "1,2"},
	"dat/with_schema_change/delta":                                   {1, 1, 1, nil, "1,2"},
	"delta/basic-with-inserts-deletes-checkpoint":                    {13, 7, 7, nil, "1,2"},
	"delta/commit-info-containing-arbitrary-operationParams-types":   {2, 2, 2, []string{"month"}, "1,7,None,[appendOnly,changeDataFeed,invariants]"},
	"delta/data-skipping-basic-stats-all-types":                      {0, 1, 1, nil, "1,2"},
	"delta/data-skipping-basic-stats-all-types-checkpoint":           {0, 1, 1, nil, "1,2"},
	"delta/data-skipping-basic-stats-all-types-columnmapping-id":     {0, 1, 1, nil, "2,5"},
	"delta/data-skipping-basic-stats-all-types-columnmapping-name":   {0, 1, 1, nil, "2,5"},
	"delta/data-skipping-change-stats-collected-across-versions":     {4, 3, 3, nil, "1,2"},
	"delta/data-skipping-partition-and-data-column":                  {3, 4, 4, nil, "1,2"},
	"delta/dv-partitioned-with-checkpoint":                           {15, 15, 15, []string{"part"}, "3,7,[deletionVectors],[deletionVectors]"},
	"delta/kernel-defaults-basic-dv-with-checkpoint":                 {46, 2, 2, nil, "3,7,[deletionVectors],[deletionVectors]"},
	"delta/kernel-defaults-kernel-pagination-multi-part-checkpoints": {2, 20, 20, nil, "1,2"},
	"delta/multi-part-checkpoint":                                    {1, 10, 10, nil, "1,2"},
	"delta/spark-delta-1.2.1":                                        {4, 3, 3, nil, "1,2"},
	"handwritten/databricks-liquid-preview":                          {1, 6, 6, nil, "3,7,[deletionVectors],[deletionVectors,domainMetadata,liquid]"},
	"delta/spark-transaction_log_schema_evolvability":                {5, 4, 4, nil, "1,2"},
	"delta/v2-checkpoint-json":                                       {2, 4, 4, nil, "3,7,[v2Checkpoint],[appendOnly,invariants,v2Checkpoint]"},
	"delta/v2-checkpoint-parquet":                                    {2, 4, 4, nil, "3,7,[v2Checkpoint],[appendOnly,invariants,v2Checkpoint]"},
	"delta-kernel-rs/compacted-log-files-table":                      {25, 2, 2, nil, "3,7,[deletionVectors],[changeDataFeed,deletionVectors]"},
	"delta-kernel-rs/crc-full":                                       {0, 0, 0, nil, "3,7,[deletionVectors],[clustering,deletionVectors,domainMetadata,rowTracking]"},
	"delta-kernel-rs/parsed-stats":                                   {5, 6, 6, nil, "1,2"},
	"delta-kernel-rs/v1-multi-part-partitioned-struct-stats-only":    {5, 5, 5, []string{"part"}, "3,7,[deletionVectors],[appendOnly,deletionVectors,invariants]"},
	"delta-kernel-rs/v1-multi-part-struct-stats-only":                {5, 5, 5, nil, "3,7,[deletionVectors],[appendOnly,deletionVectors,invariants]"},
	"delta-kernel-rs/v1-single-part-struct-stats-only":               {5, 5, 5, nil, "3,7,[deletionVectors],[appendOnly,deletionVectors,invariants]"},
	"delta-kernel-rs/v2-checkpoints-json-with-sidecars":              {6, 101, 101, nil, "3,7,[v2Checkpoint],[appendOnly,invariants,v2Checkpoint]"},
	"delta-kernel-rs/v2-checkpoints-parquet-with-sidecars":           {6, 101, 101, nil, "3,7,[v2Checkpoint],[appendOnly,invariants,v2Checkpoint]"},
	"delta-kernel-rs/v2-classic-parquet-struct-stats-only":           {5, 5, 5, nil, "3,7,[deletionVectors],[appendOnly,deletionVectors,invariants]"},
	"delta-kernel-rs/v2-json-sidecars-struct-stats-only":             {5, 5, 5, nil, "3,7,[deletionVectors,v2Checkpoint],[appendOnly,deletionVectors,invariants,v2Checkpoint]"},
	"delta-kernel-rs/v2-parquet-sidecars-struct-stats-only":          {5, 5, 5, nil, "3,7,[deletionVectors,v2Checkpoint],[appendOnly,deletionVectors,invariants,v2Checkpoint]"},
	"delta-rs/checkpoint-v2-table":                                   {9, 8, 8, nil, "3,7,[v2Checkpoint],[appendOnly,identityColumns,invariants,v2Checkpoint]"},
	"delta-rs/checkpoints_vacuumed":                                  {12, 12, 12, []string{"date"}, "1,2"},
	"delta-rs/delta-1.2.1-only-struct-stats":                         {12, 12, 12, nil, "1,2"},
	"delta-rs/delta-checkpoint-stats-optional":                       {2, 2, 1, nil, "1,2"},
	"delta-rs/table-with-domain-metadata":                            {108, 109, 109, nil, "3,7,[deletionVectors],[appendOnly,clustering,deletionVectors,domainMetadata,invariants,rowTracking]"},
	"delta-rs/table_with_deletion_logs":                              {20, 1, 1, nil, "3,7,[deletionVectors],[appendOnly,deletionVectors,invariants]"},
	"delta-rs/table_with_liquid_clustering":                          {0, 10, 10, nil, "3,7,[deletionVectors],[deletionVectors,domainMetadata,liquid,rowTracking]"},
	"delta-rs/table_with_null_stats_in_notnull_struct":               {1, 2, 2, nil, "1,2"},
	"delta-rs/table_with_partitioning_mapping":                       {4, 2, 2, []string{"newid"}, "3,7,[columnMapping,deletionVectors],[appendOnly,changeDataFeed,checkConstraints,columnMapping,deletionVectors,generatedColumns,invariants]"},
}

// TestReplayRealTables replays every _delta_log under tablesRoot.
func TestReplayRealTables(t *testing.T) {
	root := tablesFS(t)
	tables := findTables(t, root)
	if len(tables) != len(wantTables) {
		t.Errorf("found %d tables under %s, expectations cover %d", len(tables), tablesRoot, len(wantTables))
	}
	for _, table := range tables {
		t.Run(table, func(t *testing.T) {
			want, ok := wantTables[table]
			if !ok {
				t.Fatalf("no expectation for %s/%s", tablesRoot, table)
			}
			sub, err := fs.Sub(root, table)
			if err != nil {
				t.Fatal(err)
			}
			s, err := readSnapshot(sub)
			if err != nil {
				t.Fatalf("%s/%s: %v", tablesRoot, table, err)
			}
			if s.Version() != want.version {
				t.Errorf("version = %d, want %d", s.Version(), want.version)
			}
			if s.NumFiles() != want.files {
				t.Errorf("files = %d, want %d", s.NumFiles(), want.files)
			}
			stats := 0
			for _, f := range s.Files() {
				if f.Stats != "" {
					stats++
					if !json.Valid([]byte(f.Stats)) {
						t.Errorf("%s: stats is not JSON: %s", f.Path, f.Stats)
					}
				}
			}
			if stats != want.withStats {
				t.Errorf("files with stats = %d, want %d", stats, want.withStats)
			}
			if got := s.Metadata().PartitionColumns; !slices.Equal(got, want.partition) && !(len(got) == 0 && len(want.partition) == 0) {
				t.Errorf("partition columns = %v, want %v", got, want.partition)
			}
			if got := s.Protocol().SimpleString(); got != want.protocol {
				t.Errorf("protocol = %s, want %s", got, want.protocol)
			}
			if !slices.IsSortedFunc(s.Files(), func(a, b AddFile) int { return strings.Compare(a.Path, b.Path) }) {
				t.Errorf("files are not sorted by path")
			}
			if h := s.History(); !noJSONHistory[table] && int64(len(h)) != s.Version()+1 {
				t.Errorf("history has %d entries for version %d", len(h), s.Version())
			}
		})
	}
}

// TestReplayMatchesChecksums compares the replayed snapshot with the
// version checksum (N.crc, PROTOCOL.md "Version Checksum File") that Delta
// wrote for the last version, where there is one: numFiles and
// tableSizeBytes are Delta's own reconciliation of the same log.
func TestReplayMatchesChecksums(t *testing.T) {
	root := tablesFS(t)
	// crc-full's commit file is a stub holding only protocol and metadata;
	// its checksum describes 10 files that no commit adds.
	skip := map[string]bool{"delta-kernel-rs/crc-full": true}
	checked := 0
	for _, table := range findTables(t, root) {
		if skip[table] {
			continue
		}
		sub, _ := fs.Sub(root, table)
		s, err := readSnapshot(sub)
		if err != nil {
			t.Fatalf("%s: %v", table, err)
		}
		sum, ok, err := ReadChecksum(sub, s.Version())
		if err != nil {
			t.Fatalf("%s: %v", table, err)
		}
		if !ok {
			continue
		}
		if d := sum.CheckAgainst(s); d != "" {
			t.Errorf("%s: the checksum says %s", table, d)
		}
		checked++
	}
	if checked < 10 {
		t.Errorf("only %d tables had a checksum for their last version", checked)
	}
}

// TestReplayMatchesDATExpectations checks each version of the DAT reader
// tests against its expected/vN/table_version_metadata.json.
func TestReplayMatchesDATExpectations(t *testing.T) {
	root := tablesFS(t)
	for _, name := range []string{"basic_append", "basic_partitioned", "multi_partitioned", "with_schema_change"} {
		table := path.Join("dat", name)
		sub, _ := fs.Sub(root, path.Join(table, "delta"))
		commits, err := readCommits(sub)
		if err != nil {
			t.Fatalf("%s: %v", table, err)
		}
		expected, _ := fs.Glob(root, path.Join(table, "expected", "v*", "table_version_metadata.json"))
		if len(expected) == 0 {
			t.Fatalf("%s: no expected versions", table)
		}
		for _, e := range expected {
			b, err := fs.ReadFile(root, e)
			if err != nil {
				t.Fatal(err)
			}
			var want struct {
				Version          int64             `json:"version"`
				Properties       map[string]string `json:"properties"`
				MinReaderVersion int32             `json:"min_reader_version"`
				MinWriterVersion int32             `json:"min_writer_version"`
			}
			if err := json.Unmarshal(b, &want); err != nil {
				t.Fatal(err)
			}
			s, err := Replay(commits[:want.Version+1])
			if err != nil {
				t.Fatalf("%s@v%d: %v", table, want.Version, err)
			}
			d := DescribeDetail(s, table)
			if s.Version() != want.Version || d.MinReaderVersion != want.MinReaderVersion ||
				d.MinWriterVersion != want.MinWriterVersion || !reflect.DeepEqual(d.Properties, want.Properties) {
				t.Errorf("%s: got v%d (%d,%d) %v, want %+v", e, s.Version(), d.MinReaderVersion, d.MinWriterVersion, d.Properties, want)
			}
		}
	}
}

func readTable(t *testing.T, table string) []Commit {
	t.Helper()
	sub, err := fs.Sub(tablesFS(t), table)
	if err != nil {
		t.Fatal(err)
	}
	commits, err := readCommits(sub)
	if err != nil {
		t.Fatalf("%s/%s: %v", tablesRoot, table, err)
	}
	return commits
}

// The following tests check snapshots against the commit files as read by
// hand.

func TestMultiPartitionedByHand(t *testing.T) {
	commits := readTable(t, "dat/multi_partitioned/delta")
	// v1 adds two files whose partition values are null (Hive default partition).
	s1, err := Replay(commits[:2])
	if err != nil {
		t.Fatal(err)
	}
	if s1.NumFiles() != 5 {
		t.Fatalf("v1 files = %d, want 3 + 2", s1.NumFiles())
	}
	f, ok := s1.File("letter=a/date=__HIVE_DEFAULT_PARTITION__/data=x/part-00000-902f4f8b-6c10-4eed-807e-2e570a9940c1.c000.snappy.parquet")
	if !ok || f.PartitionValues["date"] != "" || f.PartitionValues["letter"] != "a" || f.Size != 490 {
		t.Errorf("null-date file = %+v, %v", f, ok)
	}
	// The null partition value is written back as null, as Delta wrote it.
	line, err := encodeChecked(f)
	if err != nil || !strings.Contains(string(line), `"date":null`) {
		t.Errorf("encoded null partition value: %s, %v", line, err)
	}
	// v2 overwrites: five removes, two adds with escaped and non-ASCII values.
	s2, err := s1.Apply(commits[2])
	if err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, f := range s2.Files() {
		got = append(got, f.PartitionValues["letter"]+"|"+f.PartitionValues["data"])
	}
	if want := []string{"/%20%f|hello", "b|😈"}; !slices.Equal(got, want) {
		t.Errorf("v2 partitions = %q, want %q", got, want)
	}
	if s1.NumFiles() != 5 {
		t.Errorf("Apply changed the old snapshot: %d files", s1.NumFiles())
	}
}

func TestOperationParamsTypesByHand(t *testing.T) {
	s, err := Replay(readTable(t, "delta/commit-info-containing-arbitrary-operationParams-types"))
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, f := range s.Files() {
		paths = append(paths, f.Path)
		if f.DataChange || f.Size != 452 {
			t.Errorf("%s: OPTIMIZE add should have dataChange=false, size 452: %+v", f.Path, f)
		}
	}
	want := []string{
		"month=1/part-00000-c5babbd8-6013-484c-818f-22d546976866.c000.snappy.parquet",
		"month=2/part-00000-129a0441-5f41-4e46-be33-fd0289e53614.c000.snappy.parquet",
	}
	if !slices.Equal(paths, want) {
		t.Errorf("files = %q, want %q", paths, want)
	}
	h := DescribeHistory(s, 0)
	if len(h) != 3 || h[0].Version != 2 || h[0].Operation != "OPTIMIZE" || h[2].Operation != "CREATE TABLE AS SELECT" {
		t.Fatalf("history = %+v", h)
	}
	opt := h[0].OperationParameters
	if opt["predicate"] != "[]" || opt["zOrderBy"] != `["id"]` || opt["clusterBy"] != "[]" || opt["auto"] != "false" {
		t.Errorf("OPTIMIZE parameters = %v", opt)
	}
	if h[0].OperationMetrics["numRemovedFiles"] != "2" || *h[0].ReadVersion != 1 || h[0].IsolationLevel != "SnapshotIsolation" {
		t.Errorf("OPTIMIZE row = %+v", h[0])
	}
	if h[2].OperationParameters["description"] != "null" || h[2].OperationParameters["partitionBy"] != `["month"]` {
		t.Errorf("CTAS parameters = %v", h[2].OperationParameters)
	}
	// Re-encoding keeps the bare false and null where Delta wrote them.
	ci := s.History()[2]
	ci.Version = nil
	line, err := encodeChecked(ci)
	if err != nil {
		t.Fatal(err)
	}
	for _, frag := range []string{`"auto":false`, `"zOrderBy":"[\"id\"]"`, `"predicate":"[]"`} {
		if !strings.Contains(string(line), frag) {
			t.Errorf("encoded commitInfo lacks %s: %s", frag, line)
		}
	}
	d := DescribeDetail(s, "/tables/t")
	if d.NumFiles != 2 || d.SizeInBytes != 904 || !slices.Equal(d.TableFeatures, []string{"appendOnly", "changeDataFeed", "invariants"}) {
		t.Errorf("detail = %+v", d)
	}
}

func TestDeletionVectorReplayByHand(t *testing.T) {
	commits := readTable(t, "delta/kernel-defaults-basic-dv-with-checkpoint")
	// Version 1 is a DELETE: it adds part-00000-87eec267 with a DV *before*
	// removing the same path without a DV. Reconciling by (path, DV id)
	// keeps the file.
	s, err := Replay(commits[:2])
	if err != nil {
		t.Fatal(err)
	}
	f, ok := s.File("part-00000-87eec267-9acd-4e9a-a216-ec596132203d-c000.snappy.parquet")
	if !ok || f.DeletionVector() == nil || f.DeletionVector().UniqueID() != "u2FtLtJDE!.VZ.+udLGa0@1" {
		t.Fatalf("DV file = %+v, %v", f, ok)
	}
}

func TestLiquidClusteringTableByHand(t *testing.T) {
	s, err := Replay(readTable(t, "delta-rs/table_with_liquid_clustering"))
	if err != nil {
		t.Fatal(err)
	}
	// Written by Databricks Runtime 13.2 before the clustering feature was
	// named: domain delta.liquid, writer feature "liquid". It is clustered, in
	// the preview's format.
	if cols, ok := ClusteringColumns(s); !ok || len(cols) != 1 || cols[0] != "id" || TableClusteringFormat(s) != ClusteringFormatLiquidPreview {
		t.Errorf("clustering columns %q (%v), format %q; want [id] in the liquid preview format", cols, ok, TableClusteringFormat(s))
	}
	if _, ok := s.DomainMetadata("delta.liquid"); !ok {
		t.Errorf("delta.liquid domain missing")
	}
	if d, ok := s.DomainMetadata("delta.rowTracking"); !ok || !strings.Contains(d.Configuration, `"rowIdHighWaterMark":9`) {
		t.Errorf("delta.rowTracking domain = %+v", d)
	}
	if s.SizeInBytes() != 5259 {
		t.Errorf("size = %d, want 5259 (the .crc's tableSizeBytes)", s.SizeInBytes())
	}
	if f := s.Files()[0]; f.BaseRowID() == nil || f.Tags()["OPTIMIZE_TARGET_SIZE"] != "268435456" {
		t.Errorf("first file = %+v", f)
	}
	h := DescribeHistory(s, 1)
	if len(h) != 1 || h[0].OperationParameters["clusterBy"] != `["id"]` || h[0].OperationParameters["statsOnLoad"] != "false" {
		t.Errorf("history = %+v", h)
	}
}

func TestSparkDelta121ByHand(t *testing.T) {
	s, err := Replay(readTable(t, "delta/spark-delta-1.2.1"))
	if err != nil {
		t.Fatal(err)
	}
	// v4 (UPDATE) removes the three appended files and adds three new ones.
	var got []string
	for _, f := range s.Files() {
		got = append(got, f.Path[:16])
	}
	if want := []string{"part-00000-e107d", "part-00001-91d10", "part-00002-dca39"}; !slices.Equal(got, want) {
		t.Errorf("files = %v, want %v", got, want)
	}
	if s.Metadata().Configuration["delta.checkpointInterval"] != "2" {
		t.Errorf("configuration = %v", s.Metadata().Configuration)
	}
}

// TestRealTablesRoundTrip writes every replayable real log back out and
// reads it again: the snapshots must be deep-equal.
func TestRealTablesRoundTrip(t *testing.T) {
	root := tablesFS(t)
	for _, table := range findTables(t, root) {
		if noJSONHistory[table] {
			continue
		}
		sub, _ := fs.Sub(root, table)
		commits, err := readCommits(sub)
		if err != nil {
			t.Fatalf("%s: %v", table, err)
		}
		s1, err := Replay(commits)
		if err != nil {
			t.Fatalf("%s: %v", table, err)
		}
		s2 := roundTrip(t, commits)
		if !sameSnapshot(s1, s2) {
			t.Errorf("%s: snapshot changed after write and read:\n%s\nvs\n%s", table, s1.DebugString(), s2.DebugString())
		}
	}
}
