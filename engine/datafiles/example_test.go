package datafiles_test

import (
	"fmt"
	"os"

	"layoutlab/engine/datafiles"
	"layoutlab/engine/datafiles/datafilestest"
	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/deltalog/parquetjson"
)

// Read a table's live rows (its deletion vectors applied), lay them out again sorted by id in two
// files, and check the copy holds the same values.
func Example() {
	dir := "../deltalog/testdata/tables/delta/kernel-defaults-basic-dv-with-checkpoint"
	snap, err := deltalog.OpenSnapshot(os.DirFS(dir), deltalog.OpenOptions{Version: -1, Parquet: parquetjson.Rows})
	if err != nil {
		panic(err)
	}
	rows, err := datafiles.Read(os.DirFS(dir), snap, datafiles.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d of %d live rows, %d row groups\n", rows.Sample.RowsRead, rows.Sample.RowsTotal, rows.Sample.RowGroupsRead)

	ids := &rows.Table.Cols[rows.Table.LeafIndex("id")]
	byID := make([]int32, 500) // ids are 0..499 less the deleted ones
	var present []int32
	for r := 0; r < rows.Table.NumRows; r++ {
		byID[ids.Int(r)] = int32(r) + 1
	}
	for _, r := range byID {
		if r > 0 {
			present = append(present, r-1)
		}
	}
	half := len(present) / 2
	out, _ := os.MkdirTemp("", "relaid")
	defer os.RemoveAll(out)
	if err := datafiles.Write(out, snap, rows, [][]int32{present[:half], present[half:]}, datafiles.CommitInfo{}); err != nil {
		panic(err)
	}
	snap2, _ := deltalog.OpenSnapshot(os.DirFS(out), deltalog.OpenOptions{Version: -1, Parquet: parquetjson.Rows})
	rows2, _ := datafiles.Read(os.DirFS(out), snap2, datafiles.Options{})
	fmt.Println(snap2.NumFiles(), "files;", "same values:", datafilestest.ColumnChecksums(rows.Table)["id"] == datafilestest.ColumnChecksums(rows2.Table)["id"])
	// Output:
	// 454 of 454 live rows, 2 row groups
	// 2 files; same values: true
}
