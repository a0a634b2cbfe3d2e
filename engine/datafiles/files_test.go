package datafiles

import (
	"archive/zip"
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"layoutlab/engine/datafiles/datafilestest"
	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/deltalog/parquetjson"
)

// TestReadFromZip reads a table from a zip archive, whose deflated members cannot be read at an
// offset (openAt reads them whole), and gets the rows the folder gives.
func TestReadFromZip(t *testing.T) {
	src := logTables + "delta/dv-partitioned-with-checkpoint"
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		w, err := zw.Create(filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	})
	if err != nil || zw.Close() != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	snap, err := deltalog.OpenSnapshot(zr, deltalog.OpenOptions{Version: -1, Parquet: parquetjson.Rows})
	if err != nil {
		t.Fatal(err)
	}
	got, err := Read(zr, snap, Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, want := readTable(t, src, Options{})
	g, w := datafilestest.ColumnChecksums(got.Table), datafilestest.ColumnChecksums(want.Table)
	for k := range w {
		if g[k] != w[k] || got.Table.NumRows != want.Table.NumRows {
			t.Errorf("%s: zip %x (%d rows), folder %x (%d rows)", k, g[k], got.Table.NumRows, w[k], want.Table.NumRows)
		}
	}
}

// TestPathsStayInTheTable: add and DV paths are URL-decoded and must stay inside the table's
// folder; absolute ones are refused with the path named.
func TestPathsStayInTheTable(t *testing.T) {
	for p, want := range map[string]string{
		"part%20one.parquet":           "part one.parquet",
		"a=1%3A2/part-0.parquet":       "a=1:2/part-0.parquet",
		"time=1971-07-22T03:06:40Z/x":  "time=1971-07-22T03:06:40Z/x",
		"s3://bucket/t/part-0.parquet": "",
		"/abs/part-0.parquet":          "",
		"../other/part-0.parquet":      "",
		"file:/tmp/x.parquet":          "",
	} {
		got, err := dataFileName(p)
		if want == "" {
			if err == nil || !strings.Contains(err.Error(), p) {
				t.Errorf("%q: %q, %v", p, got, err)
			}
			continue
		}
		if err != nil || got != want {
			t.Errorf("%q: %q, %v; want %q", p, got, err, want)
		}
	}
	dv := &deltalog.DeletionVectorDescriptor{StorageType: "p", PathOrInlineDv: "s3://bucket/t/deletion_vector_x.bin", SizeInBytes: 10, Cardinality: 1}
	if _, err := deletedRows(nil, dv, 10); err == nil || !strings.Contains(err.Error(), "s3://bucket") {
		t.Errorf("absolute DV: %v", err)
	}
	dv = &deltalog.DeletionVectorDescriptor{StorageType: "u", PathOrInlineDv: "..^-aqEH.-t@S}K{vb[*k^", SizeInBytes: 10, Cardinality: 1}
	if _, err := deletedRows(nil, dv, 10); err == nil || !strings.Contains(err.Error(), "leaves the table") {
		t.Errorf("DV prefix leaving the table: %v", err)
	}
}
