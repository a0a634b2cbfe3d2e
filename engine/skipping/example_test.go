package skipping_test

import (
	"fmt"

	"layoutlab/engine/skipping"
	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

func Example() {
	leaves := []table.Leaf{
		{Path: []string{"event_date"}, Type: table.Type{Kind: table.Date}},
		{Path: []string{"user_id"}, Type: table.Type{Kind: table.Bigint}, Top: 1},
	}
	file := func(path, date string, lo, hi int64) skipping.File {
		return skipping.File{Path: path, PartitionValues: map[string]string{"event_date": date}, Rows: 100,
			Stats: &stats.FileStats{NumRecords: 100,
				MinValues: []table.Value{{}, table.BigintValue(lo)},
				MaxValues: []table.Value{{}, table.BigintValue(hi)},
				NullCount: []int64{-1, 0}}}
	}
	files := []skipping.File{
		file("a.parquet", "2024-01-01", 1, 500),
		file("b.parquet", "2024-01-01", 501, 900),
		file("c.parquet", "2024-01-02", 1, 900),
		{Path: "d.parquet", PartitionValues: map[string]string{"event_date": "2024-01-01"}, Rows: 100},
	}
	e, err := skipping.Parse("event_date = '2024-01-01' AND user_id = 42", leaves)
	if err != nil {
		fmt.Println(err)
		return
	}
	tbl := skipping.Table{Leaves: leaves, PartitionColumns: []string{"event_date"}}
	f, err := skipping.Compile(e, tbl)
	if err != nil {
		fmt.Println(err)
		return
	}
	scan := f.FilesForScan(files)
	fmt.Println(f.SkippingPredicate())
	for i, r := range scan.Reasons {
		fmt.Printf("%s: %s\n", files[i].Path, r)
	}
	fmt.Printf("read %d of %d files\n", len(scan.Read), len(files))

	_, err = skipping.Parse("user_id = 42 AND (event_date > '2024-01-01'", leaves)
	fmt.Println(err)
	// Output:
	// minValues.user_id <= 42 AND maxValues.user_id >= 42
	// a.parquet: read: may match
	// b.parquet: pruned by user_id = 42
	// c.parquet: pruned by partition filter event_date = DATE'2024-01-01'
	// d.parquet: read: stats missing (no stats)
	// read 2 of 4 files
	// 1:44: [PARSE_SYNTAX_ERROR] expected ')', found end of input
}
