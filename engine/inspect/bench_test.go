package inspect

import (
	"bytes"
	"fmt"
	"path"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/parquet-go/parquet-go"

	deltalog "layoutlab/engine/log"
)

// The synthetic table: n adds spread over benchCommits JSON commits, and a classic Parquet
// checkpoint at the last of them, plus one more commit after it. The benchmark opens benchFiles;
// the test checks the generator at a size the js/wasm test run also affords.
const (
	benchFiles   = 100_000
	testFiles    = 5_000
	benchCommits = 100
)

// checkpointRow is one row of a classic checkpoint (PROTOCOL.md "Checkpoint Schema"), as much of
// it as the synthetic table needs.
type checkpointRow struct {
	Add      *cpAdd      `parquet:"add,optional"`
	MetaData *cpMetadata `parquet:"metaData,optional"`
	Protocol *cpProtocol `parquet:"protocol,optional"`
}

type cpAdd struct {
	Path             string            `parquet:"path"`
	PartitionValues  map[string]string `parquet:"partitionValues"`
	Size             int64             `parquet:"size"`
	ModificationTime int64             `parquet:"modificationTime"`
	DataChange       bool              `parquet:"dataChange"`
	Stats            string            `parquet:"stats,optional"`
}

type cpFormat struct {
	Provider string            `parquet:"provider"`
	Options  map[string]string `parquet:"options"`
}

type cpMetadata struct {
	ID               string            `parquet:"id"`
	Format           cpFormat          `parquet:"format"`
	SchemaString     string            `parquet:"schemaString"`
	PartitionColumns []string          `parquet:"partitionColumns,list"`
	Configuration    map[string]string `parquet:"configuration"`
}

type cpProtocol struct {
	MinReaderVersion int32 `parquet:"minReaderVersion"`
	MinWriterVersion int32 `parquet:"minWriterVersion"`
}

const benchSchema = `{"type":"struct","fields":[{"name":"id","type":"long","nullable":true,"metadata":{}},{"name":"day","type":"date","nullable":true,"metadata":{}},{"name":"name","type":"string","nullable":true,"metadata":{}}]}`

func benchAdd(i int) deltalog.AddFile {
	return deltalog.AddFile{
		Path:             fmt.Sprintf("part-%05d-%08d.snappy.parquet", i%1000, i),
		PartitionValues:  map[string]string{},
		Size:             int64(100<<20 + i%4096),
		ModificationTime: 1700000000000 + int64(i),
		DataChange:       true,
		Stats: fmt.Sprintf(`{"numRecords":1000,"minValues":{"id":%d,"day":"2024-01-%02d","name":"n%06d"},"maxValues":{"id":%d,"day":"2024-01-%02d","name":"n%06d"},"nullCount":{"id":0,"day":0,"name":0}}`,
			i*1000, 1+i%28, i, i*1000+999, 1+i%28, i+1),
	}
}

var (
	benchTables   = map[int]fstest.MapFS{}
	benchTablesMu sync.Mutex
)

func benchTable(n int) (fstest.MapFS, error) {
	benchTablesMu.Lock()
	defer benchTablesMu.Unlock()
	if m, ok := benchTables[n]; ok {
		return m, nil
	}
	m, err := makeBenchTable(n)
	if err == nil {
		benchTables[n] = m
	}
	return m, err
}

func makeBenchTable(n int) (fstest.MapFS, error) {
	m := fstest.MapFS{}
	per := n / benchCommits
	var rows []checkpointRow
	md := deltalog.Metadata{ID: "bench", Format: deltalog.Format{Provider: "parquet"}, SchemaString: benchSchema}
	pr := deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2}
	rows = append(rows, checkpointRow{Protocol: &cpProtocol{1, 2}},
		checkpointRow{MetaData: &cpMetadata{ID: "bench", Format: cpFormat{Provider: "parquet", Options: map[string]string{}},
			SchemaString: benchSchema, PartitionColumns: []string{}, Configuration: map[string]string{}}})
	for v := 0; v < benchCommits; v++ {
		var acts []deltalog.Action
		if v == 0 {
			acts = append(acts, pr, md)
		}
		for i := v * per; i < (v+1)*per; i++ {
			a := benchAdd(i)
			acts = append(acts, a)
			rows = append(rows, checkpointRow{Add: &cpAdd{a.Path, a.PartitionValues, a.Size, a.ModificationTime, false, a.Stats}})
		}
		acts = append(acts, deltalog.CommitInfo{Timestamp: 1700000000000 + int64(v), Operation: "WRITE"})
		var b bytes.Buffer
		if err := deltalog.WriteCommit(&b, deltalog.Commit{Version: int64(v), Actions: acts}); err != nil {
			return nil, err
		}
		m[path.Join(deltalog.LogDir, deltalog.CommitFileName(int64(v)))] = &fstest.MapFile{Data: b.Bytes()}
	}
	var cp bytes.Buffer
	w := parquet.NewGenericWriter[checkpointRow](&cp)
	if _, err := w.Write(rows); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	m[path.Join(deltalog.LogDir, fmt.Sprintf("%020d.checkpoint.parquet", benchCommits-1))] = &fstest.MapFile{Data: cp.Bytes()}
	var last bytes.Buffer
	deltalog.WriteCommit(&last, deltalog.Commit{Version: benchCommits, Actions: []deltalog.Action{
		deltalog.CommitInfo{Timestamp: 1800000000000, Operation: "WRITE"}}})
	m[path.Join(deltalog.LogDir, deltalog.CommitFileName(benchCommits))] = &fstest.MapFile{Data: last.Bytes()}
	return m, nil
}

// TestBenchTableCheckpointMatchesJSON keeps the benchmark honest: the generator's checkpoint
// holds the same files as its JSON commits.
func TestBenchTableCheckpointMatchesJSON(t *testing.T) {
	m, err := benchTable(testFiles)
	if err != nil {
		t.Fatal(err)
	}
	a, err := deltalog.OpenSnapshot(m, deltalog.OpenOptions{Version: -1})
	if err != nil {
		t.Fatal(err)
	}
	b, err := deltalog.OpenSnapshot(m, deltalog.OpenOptions{Version: -1, NoCheckpoint: true})
	if err != nil {
		t.Fatal(err)
	}
	if a.NumFiles() != testFiles || b.NumFiles() != testFiles || a.SizeInBytes() != b.SizeInBytes() {
		t.Errorf("checkpoint %d files / %d bytes, JSON %d / %d", a.NumFiles(), a.SizeInBytes(), b.NumFiles(), b.SizeInBytes())
	}
	fa, fb := a.Files(), b.Files()
	for i := range fa {
		if fa[i].Path != fb[i].Path || fa[i].Stats != fb[i].Stats {
			t.Fatalf("file %d differs: %s vs %s", i, fa[i].Path, fb[i].Path)
		}
	}
	r, err := FromSnapshot(a, "bench", Options{Version: -1, Where: "id = 5000"})
	if err != nil || r.Error != nil || r.FilesRead != 1 {
		t.Errorf("WHERE id = 5000 reads %d files (%v %v), want 1", r.FilesRead, err, r.Error)
	}
}

// BenchmarkOpen100k opens the 100,000-file table from its checkpoint and from its 100 JSON
// commits, and runs the whole inspection (skipping verdicts, DESCRIBE, next OPTIMIZE).
func BenchmarkOpen100k(b *testing.B) {
	m, err := benchTable(benchFiles)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("checkpoint", func(b *testing.B) {
		for b.Loop() {
			if _, err := deltalog.OpenSnapshot(m, deltalog.OpenOptions{Version: -1}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("json", func(b *testing.B) {
		for b.Loop() {
			if _, err := deltalog.OpenSnapshot(m, deltalog.OpenOptions{Version: -1, NoCheckpoint: true}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("inspect", func(b *testing.B) {
		for b.Loop() {
			if _, err := Inspect(m, "bench", Options{Version: -1, Where: "id = 5000"}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
