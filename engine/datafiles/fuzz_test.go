package datafiles

import (
	"bytes"
	"encoding/binary"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	deltalog "layoutlab/engine/deltalog"
)

// FuzzDecodeBitmapArray: any bytes decode to an error or to ascending rows within the file and
// the cardinality, never a panic or an allocation past them.
func FuzzDecodeBitmapArray(f *testing.F) {
	var data bytes.Buffer
	binary.Write(&data, binary.LittleEndian, uint32(magicPortable))
	binary.Write(&data, binary.LittleEndian, uint64(1))
	binary.Write(&data, binary.LittleEndian, uint32(0))
	data.Write(roaring32(nil, []testContainer{{0, 'a', []uint16{1, 5}}, {1, 'r', []uint16{3, 4, 5}}}, true))
	f.Add(data.Bytes(), uint64(1<<20), int64(5))
	f.Add([]byte{0x64, 0x39, 0xd3, 0xd0}, uint64(10), int64(1))
	f.Fuzz(func(t *testing.T, b []byte, limit uint64, want int64) {
		if want < 0 || want > 1<<20 {
			return
		}
		got, err := decodeBitmapArray(b, limit, want)
		if err != nil {
			return
		}
		if int64(len(got)) > want {
			t.Fatalf("%d rows for cardinality %d", len(got), want)
		}
		for i, v := range got {
			if v >= limit || i > 0 && v <= got[i-1] {
				t.Fatalf("row %d: %d (limit %d)", i, v, limit)
			}
		}
	})
}

// FuzzDecodeZ85 never panics, and what decodes is 4 bytes per 5 characters.
func FuzzDecodeZ85(f *testing.F) {
	f.Add("HelloWorld")
	f.Add("#####")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := decodeZ85(s)
		if err == nil && len(b) != len(s)/5*4 {
			t.Fatalf("%q: %d bytes", s, len(b))
		}
	})
}

// FuzzReadDataFile: a data file's bytes, however corrupt, give rows or an error naming the
// file, never a panic.
func FuzzReadDataFile(f *testing.F) {
	for _, p := range []string{
		logTables + "delta/dv-partitioned-with-checkpoint/part=0/part-00000-8387c699-30b1-4734-a791-9278d560ec19.c000.snappy.parquet",
		logTables + "delta/data-skipping-basic-stats-all-types/part-00000-087fe319-d261-41b4-91b4-0e8412e60b9e-c000.snappy.parquet",
	} {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	schema := `{"type":"struct","fields":[` +
		`{"name":"col1","type":"integer","nullable":true,"metadata":{}},` +
		`{"name":"col2","type":"string","nullable":true,"metadata":{}},` +
		`{"name":"as_int","type":"integer","nullable":true,"metadata":{}},` +
		`{"name":"as_timestamp","type":"timestamp","nullable":true,"metadata":{}},` +
		`{"name":"as_big_decimal","type":"decimal(1,0)","nullable":true,"metadata":{}}]}`
	f.Fuzz(func(t *testing.T, b []byte) {
		fsys := fstest.MapFS{"x.parquet": &fstest.MapFile{Data: b}}
		acts := []deltalog.Action{
			deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2},
			deltalog.Metadata{ID: "f", Format: deltalog.Format{Provider: "parquet", Options: map[string]string{}}, SchemaString: schema, PartitionColumns: []string{}, Configuration: map[string]string{}},
			deltalog.AddFile{Path: "x.parquet", PartitionValues: map[string]string{}, Size: int64(len(b))},
		}
		files, err := deltalog.ExportFiles([]deltalog.Commit{{Version: 0, Actions: acts}})
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range files {
			fsys[k] = &fstest.MapFile{Data: v}
		}
		snap, err := deltalog.OpenSnapshot(fsys, deltalog.OpenOptions{Version: -1})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Read(fsys, snap, Options{MaxBytes: 64 << 20}); err != nil && !strings.Contains(err.Error(), "x.parquet") {
			t.Fatalf("error without the file's name: %v", err)
		}
	})
}
