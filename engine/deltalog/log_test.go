package deltalog

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"layoutlab/engine/work"
)

func i64(v int64) *int64 { return &v }
func i32(v int32) *int32 { return &v }
func bptr(v bool) *bool  { return &v }

// syntheticLog is a four-commit log that uses every action type and every
// field this package models.
func syntheticLog() []Commit {
	create := CommitInfo{
		Timestamp:      1700000000000,
		UserID:         "42",
		UserName:       "ada",
		Operation:      "CREATE TABLE",
		Job:            &JobInfo{JobID: "j1", JobName: "nightly", JobRunID: "r1", RunID: "r2", JobOwnerID: "o", TriggerType: "cron"},
		Notebook:       &NotebookInfo{NotebookID: "nb"},
		ClusterID:      "c-1",
		IsolationLevel: "Serializable",
		IsBlindAppend:  bptr(true),
		UserMetadata:   "first",
		Tags:           map[string]string{"k": "v"},
		EngineInfo:     "Layout-Lab",
		TxnID:          "t0",
	}
	create.SetParameter("partitionBy", []string{})
	create.SetParameter("clusterBy", []string{"a", "b"})
	create.SetParameter("description", nil)
	create.SetParameter("isManaged", "false")
	dv := &DeletionVectorDescriptor{StorageType: "u", PathOrInlineDv: "ab^-aqEH.-t@S}K{vb[*k", Offset: i32(1), SizeInBytes: 36, Cardinality: 2}
	addA := AddFile{
		Path: "a.parquet", PartitionValues: map[string]string{}, Size: 100, ModificationTime: 1700000000001,
		DataChange: true, Stats: `{"numRecords":10,"minValues":{"a":1},"maxValues":{"a":9},"nullCount":{"a":0}}`,
	}
	addA.SetExtras(AddFileExtras{Tags: map[string]string{TagInsertionTime: "1700000000001000"}, BaseRowID: i64(0), DefaultRowCommitVersion: i64(0)})
	addB := AddFile{Path: "b.parquet", PartitionValues: map[string]string{}, Size: 200, ModificationTime: 1700000000002, DataChange: true}
	optimize := CommitInfo{Timestamp: 1700000100000, Operation: "OPTIMIZE", ReadVersion: i64(1), IsolationLevel: "SnapshotIsolation",
		IsBlindAppend: bptr(false), OperationMetrics: map[string]string{"numAddedFiles": "1", "numRemovedFiles": "2"}, InCommitTimestamp: i64(1700000100001)}
	optimize.SetParameter("predicate", []string{})
	optimize.SetParameter("zOrderBy", []string{})
	optimize.SetParameter("clusterBy", []string{"a", "b"})
	optimize.SetParameter("auto", false)
	optimize.SetParameter("isFull", false)
	merged := AddFile{Path: "c.parquet", PartitionValues: map[string]string{}, Size: 300, ModificationTime: 1700000100000,
		Stats: `{"numRecords":20}`}.WithZCube("zc-1", []string{"a", "b"})
	return []Commit{
		{Version: 0, Actions: []Action{
			create,
			Protocol{MinReaderVersion: 3, MinWriterVersion: 7, ReaderFeatures: []string{"deletionVectors"},
				WriterFeatures: []string{"clustering", "deletionVectors", "domainMetadata", "rowTracking"}},
			Metadata{ID: "id-1", Name: "t", Description: "synthetic", Format: Format{Provider: "parquet", Options: map[string]string{}},
				SchemaString:     `{"type":"struct","fields":[{"name":"a","type":"long","nullable":true,"metadata":{}},{"name":"b","type":"string","nullable":true,"metadata":{}}]}`,
				PartitionColumns: []string{}, Configuration: map[string]string{"delta.enableDeletionVectors": "true"}, CreatedTime: i64(1699999999999)},
			ClusteringDomainForColumns("a", "b"),
			DomainMetadata{Domain: "delta.rowTracking", Configuration: `{"rowIdHighWaterMark":9}`},
			addA,
			RawAction{Key: KeyTxn, JSON: []byte(`{"appId":"app","version":3,"lastUpdated":1700000000000}`)},
		}},
		{Version: 1, Actions: []Action{
			CommitInfo{Timestamp: 1700000050000, Operation: "DELETE", ReadVersion: i64(0)},
			func() AddFile { a := addA; a.SetDeletionVector(dv); a.DataChange = true; return a }(),
			addA.RemoveWithTimestamp(1700000050000, true),
			addB,
			RawAction{Key: KeyCDC, JSON: []byte(`{"path":"_change_data/x.parquet","partitionValues":{},"size":5,"dataChange":false}`)},
			RawAction{Key: "futureAction", JSON: []byte(`{"x":[1,2,{"y":null}]}`)},
		}},
		{Version: 2, Actions: []Action{
			optimize,
			merged,
			func() AddFile { a := addA; a.SetDeletionVector(dv); return a }().OptimizeRemove(1700000100000),
			addB.OptimizeRemove(1700000100000),
		}},
		{Version: 3, Actions: []Action{
			DomainMetadata{Domain: "delta.rowTracking", Configuration: `{"rowIdHighWaterMark":9}`, Removed: true},
			Metadata{ID: "id-1", Format: Format{Provider: "parquet", Options: map[string]string{}}, PartitionColumns: []string{},
				Configuration: map[string]string{"delta.enableDeletionVectors": "true", "delta.dataSkippingNumIndexedCols": "1"}},
		}},
	}
}

// roundTrip writes commits as a _delta_log and replays what it reads back.
func roundTrip(t *testing.T, commits []Commit) *Snapshot {
	t.Helper()
	files, err := ExportFiles(commits)
	if err != nil {
		t.Fatalf("export: %v", err)
	}
	mfs := fstest.MapFS{}
	for name, b := range files {
		mfs[name] = &fstest.MapFile{Data: b}
	}
	s, err := readSnapshot(mfs)
	if err != nil {
		t.Fatalf("read back: %v", err)
	}
	return s
}

func TestSyntheticRoundTrip(t *testing.T) {
	commits := syntheticLog()
	want, err := Replay(commits)
	if err != nil {
		t.Fatal(err)
	}
	if got := roundTrip(t, commits); !sameSnapshot(got, want) {
		t.Fatalf("snapshot after write/read differs:\n%s\nvs\n%s", got.DebugString(), want.DebugString())
	}

	// Through real files: the commits themselves come back unchanged, and
	// writing them again gives the same bytes.
	dir := t.TempDir()
	if err := ExportDir(dir, commits); err != nil {
		t.Fatal(err)
	}
	back, err := readCommits(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, commits) {
		for i := range commits {
			for j := range commits[i].Actions {
				if !reflect.DeepEqual(back[i].Actions[j], commits[i].Actions[j]) {
					t.Errorf("commit %d action %d:\n got %#v\nwant %#v", i, j, back[i].Actions[j], commits[i].Actions[j])
				}
			}
		}
	}
	for _, c := range back {
		onDisk, err := os.ReadFile(filepath.Join(dir, LogDir, CommitFileName(c.Version)))
		if err != nil {
			t.Fatal(err)
		}
		var again bytes.Buffer
		if err := WriteCommit(&again, c); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(onDisk, again.Bytes()) {
			t.Errorf("v%d rewrites differently:\n%s\nvs\n%s", c.Version, onDisk, again.Bytes())
		}
	}
	// Delta never overwrites a commit.
	if err := ExportDir(dir, commits[:1]); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("second export: %v", err)
	}

	// What the replay should have produced.
	if want.Version() != 3 || want.NumFiles() != 1 {
		t.Fatalf("synthetic snapshot:\n%s", want.DebugString())
	}
	f := want.Files()[0]
	if id, by, ok := f.ZCube(); !ok || id != "zc-1" || !slices.Equal(by, []string{"a", "b"}) || f.ClusteringProvider() != "liquid" {
		t.Errorf("merged file = %+v", f)
	}
	if _, ok := want.DomainMetadata("delta.rowTracking"); ok {
		t.Errorf("removed domain still live")
	}
	if cols, ok := ClusteringColumns(want); !ok || !slices.Equal(cols, []string{"a", "b"}) {
		t.Errorf("clustering columns = %v, %v", cols, ok)
	}
}

// TestEncodingMatchesDelta pins lines to the exact text Delta writes.
func TestEncodingMatchesDelta(t *testing.T) {
	for _, tc := range []struct {
		a    Action
		want string
	}{
		{Protocol{MinReaderVersion: 1, MinWriterVersion: 2}, `{"protocol":{"minReaderVersion":1,"minWriterVersion":2}}`},
		{Protocol{MinReaderVersion: 1, MinWriterVersion: 2}.WithClustering(),
			`{"protocol":{"minReaderVersion":1,"minWriterVersion":7,"writerFeatures":["appendOnly","clustering","domainMetadata","invariants"]}}`},
		{Metadata{ID: "x"}, `{"metaData":{"id":"x","format":{"provider":"","options":{}},"partitionColumns":[],"configuration":{}}}`},
		{AddFile{Path: "p", Size: 1, ModificationTime: 2, DataChange: true},
			`{"add":{"path":"p","partitionValues":{},"size":1,"modificationTime":2,"dataChange":true}}`},
		{AddFile{Path: "a<b>&c", Size: 1}, `{"add":{"path":"a<b>&c","partitionValues":{},"size":1,"modificationTime":0,"dataChange":false}}`},
		{AddFile{Path: "p", PartitionValues: map[string]string{"d": "2024-01-01"}, Size: 452, ModificationTime: 7, Stats: `{"numRecords":1}`}.OptimizeRemove(9),
			`{"remove":{"path":"p","deletionTimestamp":9,"dataChange":false,"extendedFileMetadata":true,"partitionValues":{"d":"2024-01-01"},"size":452,"stats":"{\"numRecords\":1}"}}`},
		{AddFile{Path: "p", Size: 1}.WithZCube("id", []string{"col1", "col2"}),
			`{"add":{"path":"p","partitionValues":{},"size":1,"modificationTime":0,"dataChange":false,"tags":{"ZCUBE_ID":"id","ZCUBE_ZORDER_BY":"[\"col1\",\"col2\"]"},"clusteringProvider":"liquid"}}`},
		{RawAction{Key: "txn", JSON: []byte(`{"appId":"a","version":1}`)}, `{"txn":{"appId":"a","version":1}}`},
	} {
		got, err := encodeChecked(tc.a)
		if err != nil || string(got) != tc.want {
			t.Errorf("encodeChecked(%#v)\n got %s (%v)\nwant %s", tc.a, got, err, tc.want)
		}
	}
}

// TestClusteringDomainExactString is the string ClusteringMetadataDomainSuite
// expects (spark/src/test/scala/org/apache/spark/sql/delta/clustering/ClusteringMetadataDomainSuite.scala).
func TestClusteringDomainExactString(t *testing.T) {
	const want = `{"domainMetadata":{"domain":"delta.clustering","configuration":"{\"clusteringColumns\":[[\"col1\",\"` + "`col2,col3`" + `\",\"` + "`col4.col5`,col6" + `\"]],\"domainName\":\"delta.clustering\"}","removed":false}}`
	d := ClusteringDomain([][]string{{"col1", "`col2,col3`", "`col4.col5`,col6"}})
	got, err := encodeChecked(d)
	if err != nil || string(got) != want {
		t.Fatalf("got  %s (%v)\nwant %s", got, err, want)
	}
	if c := ClusteringDomainForColumns("col1", "col2").Configuration; c != `{"clusteringColumns":[["col1"],["col2"]],"domainName":"delta.clustering"}` {
		t.Errorf("two columns: %s", c)
	}
	if c := ClusteringDomain(nil).Configuration; c != `{"clusteringColumns":[],"domainName":"delta.clustering"}` {
		t.Errorf("CLUSTER BY NONE: %s", c)
	}
	for _, tc := range []struct {
		config string
		want   [][]string
		err    string
	}{
		{d.Configuration, [][]string{{"col1", "`col2,col3`", "`col4.col5`,col6"}}, ""},
		{`{"clusteringColumns":[["name"],["age"]]}`, [][]string{{"name"}, {"age"}}, ""},                               // Kernel, no domainName
		{`{"clusteringColumns":["col-daadafd7","col-5abe0e80"]}`, [][]string{{"col-daadafd7"}, {"col-5abe0e80"}}, ""}, // PROTOCOL.md
		{`{"clusteringColumns":[{"physicalName":["id"]}],"domainName":"delta.liquid"}`, [][]string{{"id"}}, ""},
		{`{"clusteringColumns":[]}`, [][]string{}, ""},
		{`{"clusteringColumns":[1]}`, nil, "clusteringColumns[0] is 1"},
		{`{"clusteringColumns":[[]]}`, nil, "clusteringColumns[0] is empty"},
		{`{}`, nil, `no "clusteringColumns"`},
		{`{"clusteringColumns":`, nil, "invalid configuration JSON: unexpected end of input"},
	} {
		got, err := ParseClusteringDomain(tc.config)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: err %v, want %q", tc.config, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %q, %v; want %q", tc.config, got, err, tc.want)
		}
	}
}

func TestClusteringColumnsLogicalNames(t *testing.T) {
	// Column mapping: physical names differ from logical ones, and a nested
	// field with a dot in its name needs backticks.
	schema := `{"type":"struct","fields":[` +
		`{"name":"id","type":"long","nullable":true,"metadata":{"delta.columnMapping.physicalName":"col-1"}},` +
		`{"name":"s","type":{"type":"struct","fields":[{"name":"a.b","type":"integer","nullable":true,"metadata":{"delta.columnMapping.physicalName":"col-3"}}]},"nullable":true,"metadata":{"delta.columnMapping.physicalName":"col-2"}}]}`
	c0 := Commit{Version: 0, Actions: []Action{
		Protocol{MinReaderVersion: 1, MinWriterVersion: 7, WriterFeatures: []string{"clustering", "domainMetadata"}},
		Metadata{ID: "m", SchemaString: schema},
		ClusteringDomain([][]string{{"col-1"}, {"col-2", "col-3"}}),
	}}
	s, err := Replay([]Commit{c0})
	if err != nil {
		t.Fatal(err)
	}
	cols, ok := ClusteringColumns(s)
	if want := []string{"id", "s.`a.b`"}; !ok || !slices.Equal(cols, want) {
		t.Errorf("got %q, %v; want %q", cols, ok, want)
	}
	if d := DescribeDetail(s, "x"); !slices.Equal(d.ClusteringColumns, cols) || !slices.Equal(d.TableFeatures, []string{"clustering", "domainMetadata"}) {
		t.Errorf("detail = %+v", d)
	}
	// ALTER TABLE CLUSTER BY NONE keeps the domain with no columns.
	s1, err := s.Apply(Commit{Version: 1, Actions: []Action{ClusteringDomain(nil)}})
	if err != nil {
		t.Fatal(err)
	}
	if cols, ok := ClusteringColumns(s1); !ok || len(cols) != 0 {
		t.Errorf("after CLUSTER BY NONE: %q, %v", cols, ok)
	}
}

func TestProtocolFeatures(t *testing.T) {
	for _, tc := range []struct {
		p        Protocol
		features []string
	}{
		{Protocol{MinReaderVersion: 1, MinWriterVersion: 1}, []string{}},
		{Protocol{MinReaderVersion: 1, MinWriterVersion: 2}, []string{"appendOnly", "invariants"}},
		{Protocol{MinReaderVersion: 1, MinWriterVersion: 3}, []string{"appendOnly", "checkConstraints", "invariants"}},
		{Protocol{MinReaderVersion: 1, MinWriterVersion: 4}, []string{"appendOnly", "changeDataFeed", "checkConstraints", "generatedColumns", "invariants"}},
		{Protocol{MinReaderVersion: 1, MinWriterVersion: 5}, []string{"appendOnly", "changeDataFeed", "checkConstraints", "generatedColumns", "invariants"}},
		{Protocol{MinReaderVersion: 2, MinWriterVersion: 5}, []string{"appendOnly", "changeDataFeed", "checkConstraints", "columnMapping", "generatedColumns", "invariants"}},
		{Protocol{MinReaderVersion: 2, MinWriterVersion: 6}, []string{"appendOnly", "changeDataFeed", "checkConstraints", "columnMapping", "generatedColumns", "identityColumns", "invariants"}},
		{Protocol{MinReaderVersion: 1, MinWriterVersion: 7, WriterFeatures: []string{"invariants"}}, []string{"invariants"}},
		{Protocol{MinReaderVersion: 3, MinWriterVersion: 7, ReaderFeatures: []string{"deletionVectors"}, WriterFeatures: []string{"deletionVectors", "domainMetadata"}},
			[]string{"deletionVectors", "domainMetadata"}},
	} {
		if got := nonNil(tc.p.TableFeatures()); !slices.Equal(got, tc.features) {
			t.Errorf("%s: features %v, want %v", tc.p.SimpleString(), got, tc.features)
		}
	}
	for _, tc := range []struct {
		from, want Protocol
	}{
		{Protocol{MinReaderVersion: 1, MinWriterVersion: 2},
			Protocol{MinReaderVersion: 1, MinWriterVersion: 7, WriterFeatures: []string{"appendOnly", "clustering", "domainMetadata", "invariants"}}},
		{Protocol{MinReaderVersion: 2, MinWriterVersion: 5},
			Protocol{MinReaderVersion: 2, MinWriterVersion: 7, WriterFeatures: []string{"appendOnly", "changeDataFeed", "checkConstraints", "clustering", "columnMapping", "domainMetadata", "generatedColumns", "invariants"}}},
		{Protocol{MinReaderVersion: 3, MinWriterVersion: 7, ReaderFeatures: []string{"deletionVectors"}, WriterFeatures: []string{"deletionVectors"}},
			Protocol{MinReaderVersion: 3, MinWriterVersion: 7, ReaderFeatures: []string{"deletionVectors"}, WriterFeatures: []string{"clustering", "deletionVectors", "domainMetadata"}}},
	} {
		got := tc.from.WithClustering()
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s.WithClustering() = %s, want %s", tc.from.SimpleString(), got.SimpleString(), tc.want.SimpleString())
		}
		if !got.IsFeatureSupported(FeatureClustering) || got.MinReaderVersion != tc.from.MinReaderVersion {
			t.Errorf("%s: clustering not supported or reader changed", got.SimpleString())
		}
	}
}

func TestDescribe(t *testing.T) {
	s, err := Replay(syntheticLog())
	if err != nil {
		t.Fatal(err)
	}
	d := DescribeDetail(s, "/tables/synthetic")
	if d.Format != "delta" || d.ID != "id-1" || d.NumFiles != 1 || d.SizeInBytes != 300 || d.MinWriterVersion != 7 ||
		d.Properties["delta.dataSkippingNumIndexedCols"] != "1" || !slices.Equal(d.ClusteringColumns, []string{"a", "b"}) ||
		d.CreatedAt != nil || d.LastModified.UnixMilli() != 1700000100001 {
		t.Errorf("detail = %+v", d)
	}
	h := DescribeHistory(s, 0)
	if len(h) != 4 || h[0].Version != 3 || h[0].Operation != "" || h[1].Operation != "OPTIMIZE" || h[3].Operation != "CREATE TABLE" {
		t.Fatalf("history = %+v", h)
	}
	if h[1].Timestamp.UnixMilli() != 1700000100001 { // inCommitTimestamp wins
		t.Errorf("OPTIMIZE timestamp = %v", h[1].Timestamp)
	}
	if p := h[1].OperationParameters; p["clusterBy"] != `["a","b"]` || p["auto"] != "false" || p["zOrderBy"] != "[]" {
		t.Errorf("OPTIMIZE parameters = %v", p)
	}
	if got := DescribeHistory(s, 2); len(got) != 2 || got[1].Version != 2 {
		t.Errorf("limited history = %+v", got)
	}
}

func TestSetParameter(t *testing.T) {
	var c CommitInfo
	c.SetParameter("auto", true)
	c.SetParameter("mode", "Append")
	c.SetParameter("auto", "now a string")
	c.SetParameter("n", 3)
	if !slices.Equal(c.LiteralParameters, []string{"n"}) || c.OperationParameters["auto"] != "now a string" {
		t.Errorf("got %+v", c)
	}
	line, err := encodeChecked(c)
	if err != nil || !strings.Contains(string(line), `"operationParameters":{"auto":"now a string","mode":"Append","n":3}`) {
		t.Errorf("encoded %s, %v", line, err)
	}
	c.LiteralParameters = []string{"mode"}
	if _, err := encodeChecked(c); err == nil {
		t.Errorf("literal parameter that is not JSON should fail to encode")
	}
}

// TestCorruptInput checks that each corruption is reported with the file,
// the line and the problem.
func TestCorruptInput(t *testing.T) {
	const (
		proto = `{"protocol":{"minReaderVersion":1,"minWriterVersion":2}}`
		meta  = `{"metaData":{"id":"m","format":{"provider":"parquet","options":{}},"partitionColumns":[],"configuration":{}}}`
	)
	for _, tc := range []struct {
		name, input, want string
	}{
		{"truncated line", proto + "\n" + `{"add":{"path":"a","size":1`,
			`00000000000000000003.json:2: invalid JSON: unexpected end of input`},
		{"bad token", `{"add":{"path":x}}`,
			`00000000000000000003.json:1: invalid JSON: invalid character 'x' looking for beginning of value (at byte 16)`},
		{"wrong type", proto + "\n" + `{"add":{"path":"a","size":"12","modificationTime":1,"dataChange":true}}`,
			`00000000000000000003.json:2: add: field "size" must be an integer (int64), got string`},
		{"wrong nested type", `{"add":{"path":"a","size":1,"deletionVector":{"offset":1.5}}}`,
			`00000000000000000003.json:1: add: field "deletionVector.offset" must be an integer (int32), got number 1.5`},
		{"action not an object", `{"remove":"a.parquet"}`,
			`00000000000000000003.json:1: remove action must be a JSON object, got string`},
		{"missing path", meta + "\n\n" + `{"add":{"partitionValues":{},"size":1,"modificationTime":1,"dataChange":true}}`,
			`00000000000000000003.json:3: add action has no path`},
		{"null path", `{"remove":{"path":null,"dataChange":true}}`,
			`00000000000000000003.json:1: remove action has no path`},
		{"missing size", `{"add":{"path":"a","modificationTime":1,"dataChange":true}}`,
			`00000000000000000003.json:1: add action has no size`},
		{"negative size", `{"add":{"path":"a","size":-5}}`,
			`00000000000000000003.json:1: add action for a has negative size -5`},
		{"missing protocol version", `{"protocol":{"minReaderVersion":1}}`,
			`00000000000000000003.json:1: protocol action has no minWriterVersion`},
		{"two actions on a line", `{"add":{"path":"a","size":1},"remove":{"path":"b"}}`,
			`00000000000000000003.json:1: line holds 2 actions (add, remove), expected one`},
		{"no action", `{"add":null}`, `00000000000000000003.json:1: line holds no action`},
		{"array line", `[1,2]`, `00000000000000000003.json:1: line is a JSON array, expected an object holding one action`},
		{"second metaData", meta + "\n" + proto + "\n" + meta,
			`00000000000000000003.json:3: second metaData action in one commit (the first is on line 1)`},
		{"bad clustering domain", `{"domainMetadata":{"domain":"delta.clustering","configuration":"{\"clusteringColumns\":[3]}","removed":false}}`,
			`00000000000000000003.json:1: domainMetadata delta.clustering: clusteringColumns[0] is 3, expected a name or a list of name parts`},
		{"bad commitInfo parameter", `{"commitInfo":{"timestamp":1,"operationParameters":{"mode":"Append","auto":[}}}`,
			`00000000000000000003.json:1: invalid JSON: invalid character '}' looking for beginning of value (at byte 77)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseCommitText(3, strings.NewReader(tc.input))
			var le *LogError
			if !errors.As(err, &le) || err.Error() != tc.want {
				t.Errorf("got  %v\nwant %s", err, tc.want)
			}
		})
	}
}

func TestLimits(t *testing.T) {
	// The real line cap.
	long := `{"add":{"path":"` + strings.Repeat("x", MaxLineBytes) + `","size":1}}`
	_, err := parseCommitText(7, strings.NewReader(`{"protocol":{"minReaderVersion":1,"minWriterVersion":2}}`+"\n"+long+"\n"))
	if want := fmt.Sprintf("00000000000000000007.json:2: line is longer than the %d-byte limit", MaxLineBytes); err == nil || err.Error() != want {
		t.Errorf("oversized line: got %v, want %s", err, want)
	}
	// The same without a final newline.
	if _, err = parseCommitText(7, strings.NewReader(long)); err == nil || !strings.Contains(err.Error(), ":1: line is longer") {
		t.Errorf("oversized last line: %v", err)
	}
	// Small limits for the counts.
	lines := strings.Repeat(`{"txn":{"appId":"a","version":1}}`+"\n", 5)
	lim := limits{lineBytes: 100, actions: 4, commitBytes: 1 << 20}
	if _, err := parseCommit(1, "f.json", strings.NewReader(lines), lim); err == nil || err.Error() != "f.json:5: commit has more than 4 actions" {
		t.Errorf("too many actions: %v", err)
	}
	lim = limits{lineBytes: 100, actions: 100, commitBytes: 70}
	if _, err := parseCommit(1, "f.json", strings.NewReader(lines), lim); err == nil || err.Error() != "f.json:3: commit is larger than the 70-byte limit" {
		t.Errorf("commit too large: %v", err)
	}
	if _, err := parseCommitText(-1, strings.NewReader("")); err == nil {
		t.Errorf("negative version accepted")
	}
}

func TestVersionErrors(t *testing.T) {
	commits := syntheticLog()
	for _, tc := range []struct {
		name    string
		commits []Commit
		want    string
	}{
		{"gap", []Commit{commits[0], commits[1], commits[3]},
			"00000000000000000003.json: version gap: expected version 2 after version 1, got 3"},
		{"duplicate", []Commit{commits[0], commits[1], commits[1]},
			"00000000000000000001.json: duplicate or out-of-order commit: version 1 follows version 1"},
		{"commit 0 missing", commits[1:],
			"00000000000000000001.json: commit 0 is missing: the log starts at version 1 (earlier commits were probably removed by log cleanup after a checkpoint: read the table from its checkpoint)"},
		{"no protocol", []Commit{{Version: 0, Actions: []Action{Metadata{ID: "m"}}}},
			"00000000000000000000.json: no protocol action in versions 0..0"},
		{"no commits", nil, "_delta_log: no commits to replay"},
		{"invalid action", []Commit{{Version: 0, Actions: []Action{Protocol{MinReaderVersion: 1, MinWriterVersion: 2}, AddFile{Size: 1}}}},
			"00000000000000000000.json:2: add action has no path"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Replay(tc.commits)
			if err == nil || err.Error() != tc.want {
				t.Errorf("got  %v\nwant %s", err, tc.want)
			}
		})
	}
	s, _ := Replay(commits[:2])
	if _, err := s.Apply(commits[3]); err == nil || err.Error() != "00000000000000000003.json: version gap: expected version 2 after version 1, got 3" {
		t.Errorf("Apply gap: %v", err)
	}
}

func TestCommitFileName(t *testing.T) {
	if CommitFileName(12) != "00000000000000000012.json" {
		t.Errorf("CommitFileName(12) = %s", CommitFileName(12))
	}
}

func TestApplyDoesNotMutate(t *testing.T) {
	commits := syntheticLog()
	s1, err := Replay(commits[:2])
	if err != nil {
		t.Fatal(err)
	}
	before := s1.DebugString()
	s2a, err := s1.Apply(commits[2])
	if err != nil {
		t.Fatal(err)
	}
	// A second, different successor of s1 must not disturb the first.
	other := Commit{Version: 2, Actions: []Action{CommitInfo{Timestamp: 5, Operation: "WRITE"}, AddFile{Path: "z", Size: 1}}}
	s2b, err := s1.Apply(other)
	if err != nil {
		t.Fatal(err)
	}
	if s1.DebugString() != before {
		t.Errorf("Apply changed its receiver")
	}
	if s2a.NumFiles() != 1 || s2b.NumFiles() != 3 {
		t.Errorf("successors: %d and %d files", s2a.NumFiles(), s2b.NumFiles())
	}
	if ha, hb := s2a.History(), s2b.History(); ha[2].Operation != "OPTIMIZE" || hb[2].Operation != "WRITE" {
		t.Errorf("histories share storage: %q / %q", ha[2].Operation, hb[2].Operation)
	}
	want, _ := Replay(commits[:3])
	if !sameSnapshot(s2a, want) {
		t.Errorf("Apply and Replay disagree:\n%s\nvs\n%s", s2a.DebugString(), want.DebugString())
	}
}

func FuzzParseCommit(f *testing.F) {
	for _, c := range syntheticLog() {
		var buf bytes.Buffer
		if err := WriteCommit(&buf, c); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	if matches, _ := filepath.Glob(filepath.Join(tablesRoot, "*", "*", "_delta_log", "0000000000000000000[0-2].json")); len(matches) > 0 {
		for _, m := range matches[:min(len(matches), 12)] {
			if b, err := os.ReadFile(m); err == nil && len(b) < 64<<10 {
				f.Add(b)
			}
		}
	}
	for _, s := range []string{"", "\n\n", `{"add":{"path":"a","size":1`, `{"commitInfo":{"operationParameters":{"a":null,"b":1.50,"c":{"d":[]}}}}`, `[]`, `{"x":{}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := parseCommitText(1, bytes.NewReader(data))
		if err != nil {
			var le *LogError
			if !errors.As(err, &le) || le.File != "00000000000000000001.json" {
				t.Fatalf("error is not a LogError naming the file: %v", err)
			}
			return
		}
		// Whatever parses must write, and read back the same.
		var buf bytes.Buffer
		if err := WriteCommit(&buf, c); err != nil {
			t.Fatalf("parsed commit does not write: %v", err)
		}
		back, err := parseCommitText(1, &buf)
		if err != nil {
			t.Fatalf("written commit does not parse: %v\n%s", err, buf.Bytes())
		}
		if !reflect.DeepEqual(back, c) {
			t.Fatalf("round trip changed the commit:\n%#v\n%#v", c, back)
		}
	})
}

// sortFiles orders paths as strings.Compare does, whatever prefix they share: paths of one
// shared prefix and a few bytes after it (ties in the packed key), paths ending inside the key,
// and NUL bytes, which the key's padding must not confuse with a shorter path.
func TestSortFilesByPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	alphabet := "\x00-0129aez/"
	for round := 0; round < 345; round++ {
		prefix := strings.Repeat("part-", rng.IntN(3))
		s := EmptySnapshot()
		var want []string
		if round >= 330 {
			// One path shares less of the prefix than the rest: the first radixMin files
			// sortFiles guesses the prefix from mostly miss it, and the keys are made again.
			prefix = "part-00000-"
			p := "part-0" + string(alphabet[rng.IntN(len(alphabet))])
			s.putFile(&AddFile{Path: p})
			want = append(want, p)
		}
		n := rng.IntN(60)
		if round >= 300 { // past radixMin: the radix sort, and runs of equal integers sorted again
			n = radixMin + rng.IntN(3000)
		}
		// Every other large round builds paths of a few long pieces: long runs of paths whose
		// 8 bytes after the shared prefix are equal, sorted again by the 8 after those.
		pieces := round >= 300 && round%2 == 1
		for len(want) < n {
			b := []byte(prefix)
			for k := rng.IntN(14); k > 0; k-- {
				if pieces {
					b = append(b, []string{"part-0000", "0000000", "a", "\x00"}[rng.IntN(4)]...)
				} else {
					b = append(b, alphabet[rng.IntN(len(alphabet))])
				}
			}
			p := string(b)
			if _, ok := s.files.get(p); ok {
				continue
			}
			s.putFile(&AddFile{Path: p})
			want = append(want, p)
		}
		sort.Strings(want)
		between := 0
		s.SortFiles(func(work.Progress) error { between++; return nil })
		if between != 1 {
			t.Fatalf("round %d: between called %d times, want once", round, between)
		}
		got := make([]string, len(s.sorted))
		for i, f := range s.sorted {
			got[i] = f.Path
		}
		if !slices.Equal(got, want) {
			t.Fatalf("round %d: sorted %q, want %q", round, got, want)
		}
	}
}
