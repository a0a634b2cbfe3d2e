package datafiles

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"

	deltalog "layoutlab/engine/deltalog"
)

// TestFieldIDsWinOverNames: under column mapping a data file's column is found by its field id
// where both carry one (a file whose column has another name, as after a rename by id), else by
// the physical name.
func TestFieldIDsWinOverNames(t *testing.T) {
	dir := t.TempDir()
	schema := parquet.NewSchema("spark_schema", parquet.Group{
		"renamed": parquet.FieldID(parquet.Optional(parquet.Int(64)), 5),
		"col-b":   parquet.Optional(parquet.String()),
		"col-a":   parquet.Optional(parquet.Int(64)), // the physical name of the id-5 column, decoy
	})
	fh, err := os.Create(filepath.Join(dir, "part-0.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	w := parquet.NewWriter(fh, schema)
	cols := schema.Columns()
	idx := func(name string) int {
		for i, c := range cols {
			if c[0] == name {
				return i
			}
		}
		t.Fatalf("no %s", name)
		return -1
	}
	row := make(parquet.Row, 3)
	row[idx("renamed")] = parquet.Int64Value(42).Level(0, 1, idx("renamed"))
	row[idx("col-b")] = parquet.ByteArrayValue([]byte("x")).Level(0, 1, idx("col-b"))
	row[idx("col-a")] = parquet.Int64Value(-1).Level(0, 1, idx("col-a"))
	if _, err := w.WriteRows([]parquet.Row{row}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	st, _ := fh.Stat()
	fh.Close()
	schemaString := `{"type":"struct","fields":[` +
		`{"name":"a","type":"long","nullable":true,"metadata":{"delta.columnMapping.id":5,"delta.columnMapping.physicalName":"col-a"}},` +
		`{"name":"b","type":"string","nullable":true,"metadata":{"delta.columnMapping.id":6,"delta.columnMapping.physicalName":"col-b"}}]}`
	acts := []deltalog.Action{
		deltalog.Protocol{MinReaderVersion: 2, MinWriterVersion: 5},
		deltalog.Metadata{ID: "m", Format: deltalog.Format{Provider: "parquet", Options: map[string]string{}}, SchemaString: schemaString,
			PartitionColumns: []string{}, Configuration: map[string]string{"delta.columnMapping.mode": "id", "delta.columnMapping.maxColumnId": "6"}},
		deltalog.AddFile{Path: "part-0.parquet", PartitionValues: map[string]string{}, Size: st.Size(), Stats: `{"numRecords":1}`},
	}
	if err := deltalog.ExportDir(dir, []deltalog.Commit{{Version: 0, Actions: acts}}); err != nil {
		t.Fatal(err)
	}
	_, rows := readTable(t, dir, Options{})
	a, b := rows.Table.Cols[rows.Table.LeafIndex("a")].Value(0), rows.Table.Cols[rows.Table.LeafIndex("b")].Value(0)
	if a.I != 42 || b.S != "x" {
		t.Errorf("a = %v (want 42, by field id 5), b = %v (want x, by physical name)", a, b)
	}
}
