package datafiles

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/work"
)

// groupedTable writes a table of files files, each of groups row groups of per rows (ids counting
// up from 0 across the table), and an inline deletion vector on file 0 deleting rows dv (file row
// indexes, across its row groups).
func groupedTable(t *testing.T, files, groups, per int, dv []uint16) string {
	dir := t.TempDir()
	type row struct {
		ID int64 `parquet:"id,optional"`
	}
	var adds []deltalog.Action
	id := int64(0)
	for f := 0; f < files; f++ {
		name := fmt.Sprintf("part-%05d.parquet", f)
		fh, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		w := parquet.NewGenericWriter[row](fh, parquet.MaxRowsPerRowGroup(int64(per)))
		for r := 0; r < groups*per; r++ {
			if _, err := w.Write([]row{{ID: id}}); err != nil {
				t.Fatal(err)
			}
			id++
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		st, _ := fh.Stat()
		fh.Close()
		add := deltalog.AddFile{Path: name, PartitionValues: map[string]string{}, Size: st.Size(), DataChange: true,
			Stats: fmt.Sprintf(`{"numRecords":%d}`, groups*per)}
		if f == 0 && dv != nil {
			var b bytes.Buffer
			binary.Write(&b, binary.LittleEndian, uint32(magicPortable))
			binary.Write(&b, binary.LittleEndian, uint64(1))
			binary.Write(&b, binary.LittleEndian, uint32(0))
			b.Write(roaring32(t, []testContainer{{0, 'a', dv}}, false))
			data := b.Bytes()
			size := len(data)
			for len(data)%4 != 0 {
				data = append(data, 0)
			}
			add.SetDeletionVector(&deltalog.DeletionVectorDescriptor{StorageType: "i", PathOrInlineDv: encodeZ85(data), SizeInBytes: int32(size), Cardinality: int64(len(dv))})
		}
		adds = append(adds, add)
	}
	acts := []deltalog.Action{
		deltalog.Protocol{MinReaderVersion: 3, MinWriterVersion: 7, ReaderFeatures: []string{"deletionVectors"}, WriterFeatures: []string{"deletionVectors"}},
		deltalog.Metadata{ID: "t", Format: deltalog.Format{Provider: "parquet", Options: map[string]string{}}, PartitionColumns: []string{}, Configuration: map[string]string{},
			SchemaString: `{"type":"struct","fields":[{"name":"id","type":"long","nullable":true,"metadata":{}}]}`},
	}
	if err := deltalog.ExportDir(dir, []deltalog.Commit{{Version: 0, Actions: append(acts, adds...)}}); err != nil {
		t.Fatal(err)
	}
	return dir
}

func ids(r *Rows) []int64 {
	c := &r.Table.Cols[0]
	out := make([]int64, r.Table.NumRows)
	for i := range out {
		out[i] = c.Int(i)
	}
	return out
}

// TestDeletionVectorAcrossRowGroups: a DV's row indexes count from the file's first row, across
// its row groups; they delete the same rows whichever groups are read.
func TestDeletionVectorAcrossRowGroups(t *testing.T) {
	dir := groupedTable(t, 2, 3, 10, []uint16{0, 9, 10, 25, 29})
	_, rows := readTable(t, dir, Options{})
	var want []int64
	for v := int64(0); v < 60; v++ {
		if !slices.Contains([]int64{0, 9, 10, 25, 29}, v) {
			want = append(want, v)
		}
	}
	if got := ids(rows); !slices.Equal(got, want) || rows.Sample.RowGroupsTotal != 6 {
		t.Fatalf("read %v (%+v), want %v", got, rows.Sample, want)
	}
}

// TestSampleWholeRowGroups: past MaxRows, Read takes whole row groups chosen by the seed: the
// same seed the same rows, each group all or nothing (its DV applied), the fraction what was read.
func TestSampleWholeRowGroups(t *testing.T) {
	deleted := []int64{0, 9, 10, 25, 29}
	dir := groupedTable(t, 4, 5, 10, []uint16{0, 9, 10, 25, 29}) // 200 rows, 20 groups
	snap := openTable(t, dir)
	seen := map[string]bool{}
	for seed := uint64(0); seed < 8; seed++ {
		opt := Options{MaxRows: 45, Seed: seed}
		a, err := Read(os.DirFS(dir), snap, opt)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Read(os.DirFS(dir), snap, opt)
		if !slices.Equal(ids(a), ids(b)) || !slices.Equal(a.File, b.File) {
			t.Fatalf("seed %d: two reads differ", seed)
		}
		s := a.Sample
		if s.RowGroupsRead != 4 || s.RowGroupsTotal != 20 || s.RowsTotal != 195 || s.RowsRead != int64(len(a.File)) ||
			s.Fraction != float64(s.RowsRead)/195 {
			t.Errorf("seed %d: %+v", seed, s)
		}
		groups := map[int64]int{} // group (ids/10) -> rows read
		for _, v := range ids(a) {
			groups[v/10]++
		}
		for g, n := range groups {
			want := 10
			for _, d := range deleted {
				if d/10 == g {
					want--
				}
			}
			if n != want {
				t.Errorf("seed %d: group %d: %d rows read of its %d live", seed, g, n, want)
			}
		}
		seen[fmt.Sprint(ids(a))] = true
	}
	if len(seen) < 2 {
		t.Error("eight seeds chose the same row groups")
	}
	// MaxBytes samples likewise: 9 bytes per id and 4 per row's file index.
	r, err := Read(os.DirFS(dir), snap, Options{MaxBytes: 13 * 30})
	if err != nil || r.Sample.RowGroupsRead != 3 {
		t.Errorf("MaxBytes: %+v, %v", r.Sample, err)
	}
	if _, err := Read(os.DirFS(dir), snap, Options{MaxRows: 5}); err == nil || !strings.Contains(err.Error(), "no row group fits") {
		t.Errorf("limits below one row group: %v", err)
	}
}

// TestYieldStops: the Yield is told every row group, counted as such, and its error stops the
// read and is Read's error as it is (not wrapped in the name of the file it stopped in).
func TestYieldStops(t *testing.T) {
	dir := groupedTable(t, 2, 3, 10, nil)
	snap := openTable(t, dir)
	var seen []work.Progress
	_, err := Read(os.DirFS(dir), snap, Options{Yield: func(p work.Progress) error { seen = append(seen, p); return nil }})
	want := work.Progress{Step: ReadStep, Done: 6, Total: 6, Unit: "row groups"}
	if err != nil || len(seen) != 7 || seen[6] != want || seen[0].String() != "Reading the data files: 0 of 6 row groups" {
		t.Fatalf("%v, %v", seen, err)
	}
	stop := errors.New("stop")
	calls := 0
	_, err = Read(os.DirFS(dir), snap, Options{Yield: func(p work.Progress) error {
		calls++
		if p.Done >= 2 {
			return stop
		}
		return nil
	}})
	if err != stop || calls != 3 {
		t.Fatalf("stopped: %v after %d calls", err, calls)
	}
	// Between the columns of a row group too.
	dv := logTables + "delta/dv-partitioned-with-checkpoint"
	var told [][2]int
	_, err = Read(os.DirFS(dv), openTable(t, dv), Options{Yield: func(p work.Progress) error {
		told = append(told, [2]int{p.Done, p.Total})
		if len(told) >= 3 {
			return stop
		}
		return nil
	}})
	if err != stop || len(told) != 3 || told[1] != [2]int{0, 15} || told[2] != [2]int{0, 15} {
		t.Fatalf("%v, %v", told, err)
	}
}

// TestBadDataFiles: a missing, truncated or overwritten data file is an error naming it.
func TestBadDataFiles(t *testing.T) {
	for what, spoil := range map[string]func(p string) error{
		"missing":   os.Remove,
		"truncated": func(p string) error { b, _ := os.ReadFile(p); return os.WriteFile(p, b[:len(b)/2], 0o644) },
		"not Parquet": func(p string) error {
			b, _ := os.ReadFile(p)
			return os.WriteFile(p, bytes.Repeat([]byte("x"), len(b)), 0o644)
		},
		"footer lies": func(p string) error {
			b, _ := os.ReadFile(p)
			n := binary.LittleEndian.Uint32(b[len(b)-8:])
			binary.LittleEndian.PutUint32(b[len(b)-8:], n+1000)
			return os.WriteFile(p, b, 0o644)
		},
	} {
		dir := groupedTable(t, 2, 2, 10, nil)
		snap := openTable(t, dir)
		if err := spoil(filepath.Join(dir, "part-00001.parquet")); err != nil {
			t.Fatal(err)
		}
		_, err := Read(os.DirFS(dir), snap, Options{})
		if err == nil || !strings.Contains(err.Error(), "part-00001.parquet") {
			t.Errorf("%s: %v", what, err)
		} else {
			t.Logf("%s: %v", what, err)
		}
	}
}
