package deltalog

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math/big"
	"path"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

// TestCheckpointMatchesJSONHistory opens every table that has checkpoints or log compaction files
// and all its commits from 0, at each checkpoint version and at its latest, once from the
// checkpoint (and compactions) and once from the JSON commits alone: the file sets with their
// add actions (stats compared as JSON values, since a stats_parsed-only checkpoint is rendered
// back to JSON), protocol, metadata, domains and history must agree.
func TestCheckpointMatchesJSONHistory(t *testing.T) {
	root := tablesFS(t)
	compared := map[string]int{}
	for _, table := range findTables(t, root) {
		if noJSONHistory[table] {
			continue
		}
		sub, _ := fs.Sub(root, table)
		l, err := List(sub)
		if err != nil {
			t.Fatal(err)
		}
		if len(l.Checkpoints) == 0 && len(l.Compactions) == 0 {
			continue
		}
		versions := []int64{l.MaxVersion}
		for _, c := range l.Checkpoints {
			versions = append(versions, c.Version)
		}
		for _, c := range l.Compactions {
			versions = append(versions, c.To)
		}
		for _, v := range versions {
			fromCP, err := OpenSnapshot(sub, OpenOptions{Version: v, Parquet: testParquet})
			if err != nil {
				t.Fatalf("%s@%d: %v", table, v, err)
			}
			fromJSON, err := OpenSnapshot(sub, OpenOptions{Version: v, NoCheckpoint: true, NoCompaction: true})
			if err != nil {
				t.Fatalf("%s@%d from JSON: %v", table, v, err)
			}
			if d := snapshotDiff(fromCP, fromJSON); d != "" {
				t.Errorf("%s@%d: checkpoint and JSON history differ: %s", table, v, d)
			}
			compared[table]++
		}
	}
	for _, table := range []string{
		"delta/multi-part-checkpoint", "delta/v2-checkpoint-json", "delta/v2-checkpoint-parquet",
		"delta-kernel-rs/v2-checkpoints-json-with-sidecars", "delta-kernel-rs/v2-checkpoints-parquet-with-sidecars",
		"delta-kernel-rs/compacted-log-files-table", "delta-kernel-rs/v1-single-part-struct-stats-only",
		"delta-kernel-rs/v1-multi-part-partitioned-struct-stats-only", "delta/dv-partitioned-with-checkpoint",
	} {
		if compared[table] == 0 {
			t.Errorf("%s was not compared", table)
		}
	}
}

func snapshotDiff(a, b *Snapshot) string {
	if a.Version() != b.Version() {
		return "version"
	}
	if !reflect.DeepEqual(a.Protocol(), b.Protocol()) {
		return "protocol"
	}
	ma, mb := a.Metadata(), b.Metadata()
	if !statsEqual(ma.SchemaString, mb.SchemaString) {
		return "schemaString " + ma.SchemaString + " vs " + mb.SchemaString
	}
	ma.SchemaString, mb.SchemaString = "", ""
	if !reflect.DeepEqual(ma, mb) {
		return fmt.Sprintf("metadata %+v vs %+v", a.Metadata(), b.Metadata())
	}
	if !reflect.DeepEqual(a.Domains(), b.Domains()) {
		return "domains"
	}
	if len(a.History()) != len(b.History()) {
		return "history"
	}
	fa, fb := a.Files(), b.Files()
	if len(fa) != len(fb) {
		return "file count"
	}
	for i := range fa {
		x, y := fa[i], fb[i]
		if !statsEqual(x.Stats, y.Stats) {
			return x.Path + ": stats " + x.Stats + " vs " + y.Stats
		}
		x.Stats, y.Stats = "", ""
		// A checkpoint drops dataChange (it is always false there) and Kernel writes it so.
		x.DataChange, y.DataChange = false, false
		if len(x.Tags()) == 0 && len(y.Tags()) == 0 {
			x.SetTags(nil)
			y.SetTags(nil)
		}
		if !reflect.DeepEqual(x, y) {
			return fmt.Sprintf("add differs: %+v vs %+v", x, y)
		}
	}
	return ""
}

// statsEqual compares two stats strings as JSON values, numbers by value.
func statsEqual(a, b string) bool {
	if a == b {
		return true
	}
	var x, y any
	da, db := json.NewDecoder(strings.NewReader(a)), json.NewDecoder(strings.NewReader(b))
	da.UseNumber()
	db.UseNumber()
	if da.Decode(&x) != nil || db.Decode(&y) != nil {
		return false
	}
	return jsonValueEqual(x, y)
}

func jsonValueEqual(x, y any) bool {
	switch x := x.(type) {
	case map[string]any:
		ym, ok := y.(map[string]any)
		if !ok || len(x) != len(ym) {
			return false
		}
		for k, v := range x {
			if !jsonValueEqual(v, ym[k]) {
				return false
			}
		}
		return true
	case json.Number:
		yn, ok := y.(json.Number)
		if !ok {
			return false
		}
		p, _, e1 := big.ParseFloat(string(x), 10, 200, big.ToNearestEven)
		q, _, e2 := big.ParseFloat(string(yn), 10, 200, big.ToNearestEven)
		return e1 == nil && e2 == nil && p.Cmp(q) == 0
	}
	return reflect.DeepEqual(x, y)
}

// TestVacuumedTablesMatchChecksum: the tables only a checkpoint can rebuild agree with what Delta
// recorded: checkpoints_vacuumed with its .crc, table-with-domain-metadata with the clustering
// domain its checkpoint carries.
func TestVacuumedTablesMatchChecksum(t *testing.T) {
	root := tablesFS(t)
	sub, _ := fs.Sub(root, "delta-rs/table-with-domain-metadata")
	s, err := readSnapshot(sub)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.DomainMetadata(ClusteringDomainName); !ok {
		t.Errorf("domains = %v, want %s from the checkpoint", s.Domains(), ClusteringDomainName)
	}
	if h := s.History(); len(h) != 0 {
		t.Errorf("history = %d entries; no commit file survives", len(h))
	}
}

// corruptTable copies a real table into memory so a test can break it.
func corruptTable(t *testing.T, table string) fstest.MapFS {
	t.Helper()
	sub, _ := fs.Sub(tablesFS(t), table)
	m := fstest.MapFS{}
	err := fs.WalkDir(sub, LogDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(sub, p)
		m[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestBrokenLogsNameTheFile: a corrupt or truncated commit, a missing commit and a checkpoint
// that does not parse each give an error naming the file (and the line for JSON), never a
// partial snapshot.
func TestBrokenLogsNameTheFile(t *testing.T) {
	const table = "delta/basic-with-inserts-deletes-checkpoint" // checkpoint at 10, commits 0..13
	cp := path.Join(LogDir, "00000000000000000010.checkpoint.parquet")
	c12 := path.Join(LogDir, CommitFileName(12))
	cases := []struct {
		name   string
		break_ func(m fstest.MapFS)
		want   string
	}{
		{"truncated commit", func(m fstest.MapFS) {
			d := m[c12].Data
			m[c12] = &fstest.MapFile{Data: d[:len(d)/2]}
		}, c12 + ":"},
		{"corrupt line", func(m fstest.MapFS) {
			m[c12] = &fstest.MapFile{Data: append([]byte("{\"add\":{\"path\":\"x\",\"size\":1}}\n{not json\n"), m[c12].Data...)}
		}, c12 + ":2: invalid JSON"},
		{"missing commit", func(m fstest.MapFS) { delete(m, c12) }, "_delta_log/00000000000000000012.json: commit 12 is missing"},
		{"truncated checkpoint", func(m fstest.MapFS) {
			d := m[cp].Data
			m[cp] = &fstest.MapFile{Data: d[:len(d)-100]}
		}, cp + ": not a readable Parquet checkpoint"},
		{"garbage checkpoint", func(m fstest.MapFS) {
			m[cp] = &fstest.MapFile{Data: []byte("PAR1 this is not parquet PAR1")}
		}, cp + ": not a readable Parquet checkpoint"},
		{"missing sidecar", nil, "_sidecars/"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var m fstest.MapFS
			if c.break_ == nil {
				m = corruptTable(t, "delta/v2-checkpoint-parquet")
				for p := range maps.Keys(m) {
					if strings.Contains(p, "_sidecars/") {
						delete(m, p)
						break
					}
				}
			} else {
				m = corruptTable(t, table)
				c.break_(m)
			}
			s, err := readSnapshot(m)
			if err == nil {
				t.Fatalf("got a snapshot of %d files, want an error", s.NumFiles())
			}
			var le *LogError
			if !errors.As(err, &le) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q, want a *LogError containing %q", err, c.want)
			}
		})
	}
}

func TestCheckReadableRefusesUnknownReaderFeatures(t *testing.T) {
	err := CheckReadable(Protocol{MinReaderVersion: 3, MinWriterVersion: 7, ReaderFeatures: []string{"deletionVectors", "catalogOwned-preview"}})
	var r *Refusal
	if !errors.As(err, &r) || r.Class != "DELTA_UNSUPPORTED_FEATURES_FOR_READ" || !strings.Contains(r.Message, "catalogOwned-preview") || strings.Contains(r.Message, "deletionVectors") {
		t.Errorf("got %v", err)
	}
	if err := CheckReadable(Protocol{MinReaderVersion: 3, MinWriterVersion: 7, ReaderFeatures: []string{"columnMapping", "v2Checkpoint"}}); err != nil {
		t.Errorf("supported features refused: %v", err)
	}
	if err := CheckReadable(Protocol{MinReaderVersion: 4, MinWriterVersion: 7}); err == nil {
		t.Errorf("reader version 4 accepted")
	}
}

func TestTimeTravelBeyondLogIsRefused(t *testing.T) {
	sub, _ := fs.Sub(tablesFS(t), "delta/spark-delta-1.2.1")
	_, err := OpenSnapshot(sub, OpenOptions{Version: 9, Parquet: testParquet})
	var r *Refusal
	if !errors.As(err, &r) || r.Class != "DELTA_VERSION_NOT_FOUND" {
		t.Errorf("got %v", err)
	}
	s, err := OpenSnapshot(sub, OpenOptions{Version: 3, Parquet: testParquet})
	if err != nil || s.Version() != 3 {
		t.Fatalf("v3: %v", err)
	}
}

// TestParquetReaderAbsent: a program that gives no Parquet reader says so instead of a partial answer.
func TestParquetReaderAbsent(t *testing.T) {
	sub, _ := fs.Sub(tablesFS(t), "delta/spark-delta-1.2.1")
	_, err := OpenSnapshot(sub, OpenOptions{Version: -1})
	if err == nil || !strings.Contains(err.Error(), "00000000000000000004.checkpoint.parquet: this program cannot read Parquet checkpoints") {
		t.Errorf("got %v", err)
	}
	if _, err := OpenSnapshot(sub, OpenOptions{Version: -1, Parquet: testParquet}); err != nil {
		t.Errorf("with the reader: %v", err)
	}
	if _, err := OpenSnapshot(sub, OpenOptions{Version: -1, NoCheckpoint: true}); err != nil {
		t.Errorf("JSON replay needs no Parquet: %v", err)
	}
}
