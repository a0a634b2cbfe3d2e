package skipping

import (
	"fmt"
	"testing"

	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

var benchLeaves = []table.Leaf{
	{Path: []string{"event_date"}, Type: table.Type{Kind: table.Date}},
	{Path: []string{"customer_id"}, Type: table.Type{Kind: table.Bigint}, Top: 1},
	{Path: []string{"region_id"}, Type: table.Type{Kind: table.Int}, Top: 2},
}

// benchFiles makes n files, each covering a narrow slice of customer_id (as after clustering).
func benchFiles(n int) []File {
	files := make([]File, n)
	for i := range files {
		lo := int64(i) * 1000
		files[i] = File{
			Path: fmt.Sprintf("part-%05d.parquet", i),
			Stats: &stats.FileStats{NumRecords: 1000,
				MinValues: []table.Value{table.DateValue(19000), table.BigintValue(lo), intValue(0)},
				MaxValues: []table.Value{table.DateValue(19060), table.BigintValue(lo + 1500), intValue(5)},
				NullCount: []int64{0, 0, 0}},
			Rows: 1000, Bytes: 1 << 30,
		}
	}
	return files
}

// BenchmarkPointLookup is the panel's path: parse + compile customer_id = v, then evaluate
// every file.
func BenchmarkPointLookup(b *testing.B) {
	tbl := Table{Leaves: benchLeaves}
	for _, n := range []int{32, 5000} {
		files := benchFiles(n)
		b.Run(fmt.Sprintf("parse+compile+keep/files=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				e, err := Parse(fmt.Sprintf("customer_id = %d", (i*7919)%(n*1000)), benchLeaves)
				if err != nil {
					b.Fatal(err)
				}
				f, err := Compile(e, tbl)
				if err != nil {
					b.Fatal(err)
				}
				read := 0
				for j := range files {
					if f.Keep(files[j].Stats, nil) {
						read++
					}
				}
				if read == 0 {
					b.Fatal("nothing read")
				}
			}
		})
		b.Run(fmt.Sprintf("FilesForScan/files=%d", n), func(b *testing.B) {
			e, _ := Parse("customer_id = 4242 AND region_id IN (1, 2)", benchLeaves)
			f, _ := Compile(e, tbl)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_ = f.FilesForScan(files)
			}
		})
	}
}

// BenchmarkDecimalPartitionFilter is FilesForScan over 5000 files partitioned by a
// decimal(12,5), with a plain partition filter and with decimal arithmetic (exact, through
// math/big, issue #38).
func BenchmarkDecimalPartitionFilter(b *testing.B) {
	leaves := []table.Leaf{{Path: []string{"p"}, Type: table.Type{Kind: table.Decimal, Precision: 12, Scale: 5}}}
	tbl := Table{Leaves: leaves, PartitionColumns: []string{"p"}}
	files := make([]File, 5000)
	for i := range files {
		files[i] = File{Path: fmt.Sprintf("part-%05d.parquet", i), Rows: 1000, Bytes: 1 << 20,
			PartitionValues: map[string]string{"p": fmt.Sprintf("%d.%05d", i, (i*7919)%100000)}}
	}
	for _, src := range []string{"p > 2500.5", "p * 3 > 7501.5", "p / 7 + 0.1 = 100.0000000"} {
		b.Run(src, func(b *testing.B) {
			e, err := Parse(src, leaves)
			if err != nil {
				b.Fatal(err)
			}
			f, err := Compile(e, tbl)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_ = f.FilesForScan(files)
			}
		})
	}
}
