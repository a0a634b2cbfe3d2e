package deltalog

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchSnapshot is a snapshot of n live files named as inspecttest names them, or as Spark does.
func benchSnapshot(n int, uuid bool) *Snapshot {
	s := &Snapshot{files: map[string]*AddFile{}}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < n; i++ {
		p := fmt.Sprintf("part-%05d-%08d.snappy.parquet", i%1000, i)
		if uuid {
			p = fmt.Sprintf("part-%05d-%08x-%04x-%04x-%04x-%012x-c000.snappy.parquet", rng.IntN(200), rng.Uint32(), rng.IntN(65536), rng.IntN(65536), rng.IntN(65536), rng.Uint64()>>16)
		}
		s.files[p] = &AddFile{Path: p}
	}
	return s
}

// BenchmarkSortFiles lists 100,000 live files by path: the synthetic table's paths
// (inspecttest's "part-%05d-%08d") and Spark's (a task number and a UUID).
func BenchmarkSortFiles(b *testing.B) {
	for _, uuid := range []bool{false, true} {
		s := benchSnapshot(100_000, uuid)
		b.Run(fmt.Sprintf("uuid=%v", uuid), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				s.sortFiles(nil, nil)
			}
		})
	}
}

// TestSizeInBytesOnceSorted: the size summed as the files are sorted is the one the map gives.
func TestSizeInBytesOnceSorted(t *testing.T) {
	s := benchSnapshot(5_000, true)
	var want int64
	for _, f := range s.files {
		f.Size = int64(len(f.Path)) * 1_000_003
		want += f.Size
	}
	if got := s.SizeInBytes(); got != want {
		t.Fatalf("before sorting: %d bytes, want %d", got, want)
	}
	s.SortFiles(nil)
	if !s.sizeKnown.Load() {
		t.Fatal("the size was not kept as the files were sorted")
	}
	if got := s.SizeInBytes(); got != want {
		t.Errorf("once sorted: %d bytes, want %d", got, want)
	}
}
