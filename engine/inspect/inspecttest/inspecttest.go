// Package inspecttest makes synthetic Delta logs of any size for engine/inspect's benchmarks and
// the browser's timing of "Open your table".
package inspecttest

import (
	"bytes"
	"fmt"
	"path"
	"runtime"
	"runtime/metrics"
	"testing/fstest"

	"github.com/parquet-go/parquet-go"

	"layoutlab/engine/deltalog"
)

// Commits is how many JSON commits Table spreads its files over.
const Commits = 100

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

const Schema = `{"type":"struct","fields":[{"name":"id","type":"long","nullable":true,"metadata":{}},{"name":"day","type":"date","nullable":true,"metadata":{}},{"name":"name","type":"string","nullable":true,"metadata":{}}]}`

// Add is file i of Table.
func Add(i int) deltalog.AddFile {
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

// Table is a synthetic table of n files (n a multiple of Commits): n adds spread over Commits
// JSON commits, a classic Parquet checkpoint at the last of them, and one more commit after it.
// Every file has statistics on id (file i holds ids i*1000 to i*1000+999), day and name.
func Table(n int) (fstest.MapFS, error) {
	m := fstest.MapFS{}
	per := n / Commits
	var rows []checkpointRow
	md := deltalog.Metadata{ID: "bench", Format: deltalog.Format{Provider: "parquet"}, SchemaString: Schema}
	pr := deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2}
	rows = append(rows, checkpointRow{Protocol: &cpProtocol{1, 2}},
		checkpointRow{MetaData: &cpMetadata{ID: "bench", Format: cpFormat{Provider: "parquet", Options: map[string]string{}},
			SchemaString: Schema, PartitionColumns: []string{}, Configuration: map[string]string{}}})
	for v := 0; v < Commits; v++ {
		// commitInfo first, as Delta writes it (and DESCRIBE HISTORY then reads a commit's start).
		acts := []deltalog.Action{deltalog.CommitInfo{Timestamp: 1700000000000 + int64(v), Operation: "WRITE"}}
		if v == 0 {
			acts = append(acts, pr, md)
		}
		for i := v * per; i < (v+1)*per; i++ {
			a := Add(i)
			acts = append(acts, a)
			rows = append(rows, checkpointRow{Add: &cpAdd{a.Path, a.PartitionValues, a.Size, a.ModificationTime, false, a.Stats}})
		}
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
	m[path.Join(deltalog.LogDir, fmt.Sprintf("%020d.checkpoint.parquet", Commits-1))] = &fstest.MapFile{Data: cp.Bytes()}
	var last bytes.Buffer
	deltalog.WriteCommit(&last, deltalog.Commit{Version: Commits, Actions: []deltalog.Action{
		deltalog.CommitInfo{Timestamp: 1800000000000, Operation: "WRITE"}}})
	m[path.Join(deltalog.LogDir, deltalog.CommitFileName(Commits))] = &fstest.MapFile{Data: last.Bytes()}
	return m, nil
}

// HeapObjects is the bytes the heap's objects hold once the garbage is collected: what a test
// of the bytes held a file reads before and after an open.
func HeapObjects() float64 {
	for range 3 { // sync.Pools are emptied over two collections
		runtime.GC()
	}
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return float64(s[0].Value.Uint64())
}
