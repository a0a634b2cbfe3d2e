package deltalog

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchSnapshot is a snapshot of n live files named as inspecttest names them, or as Spark does.
func benchSnapshot(n int, uuid bool) *Snapshot {
	s := EmptySnapshot()
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < n; i++ {
		p := fmt.Sprintf("part-%05d-%08d.snappy.parquet", i%1000, i)
		if uuid {
			p = fmt.Sprintf("part-%05d-%08x-%04x-%04x-%04x-%012x-c000.snappy.parquet", rng.IntN(200), rng.Uint32(), rng.IntN(65536), rng.IntN(65536), rng.IntN(65536), rng.Uint64()>>16)
		}
		s.putFile(&AddFile{Path: p})
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

// TestSnapshotOnceSorted: the count and size kept as files are put and dropped are the map's;
// once sorted, the map is dropped and File finds each live path (and no other) in the sorted
// list, and a snapshot applied on it starts from the same files.
func TestSnapshotOnceSorted(t *testing.T) {
	s := EmptySnapshot()
	var want int64
	benchSnapshot(5_000, true).files.each(func(f *AddFile) {
		f.Size = int64(len(f.Path)) * 1_000_003
		s.putFile(f)
		want += f.Size
	})
	first := s.files.files[2_500]
	s.putFile(&AddFile{Path: first.Path, Size: 7}) // replaces the add at that path
	s.dropFile(RemoveFile{Path: "part-missing"})   // removes nothing
	want += 7 - first.Size
	if got := s.SizeInBytes(); got != want || s.NumFiles() != 5_000 {
		t.Fatalf("before sorting: %d files, %d bytes, want 5000, %d", s.NumFiles(), got, want)
	}
	var paths []string
	s.files.each(func(f *AddFile) { paths = append(paths, f.Path) })
	s.SortFiles(nil)
	if s.files != nil {
		t.Fatal("the map of paths is kept once the files are sorted")
	}
	if got := s.SizeInBytes(); got != want || s.NumFiles() != 5_000 {
		t.Errorf("once sorted: %d files, %d bytes, want 5000, %d", s.NumFiles(), got, want)
	}
	for _, p := range paths {
		if f, ok := s.File(p); !ok || f.Path != p {
			t.Fatalf("File(%q) = %q, %v", p, f.Path, ok)
		}
	}
	if f, ok := s.File(first.Path); !ok || f.Size != 7 {
		t.Errorf("File(%q) has %d bytes, want the newer add's 7", first.Path, f.Size)
	}
	for _, p := range []string{"", "part-", paths[0] + "x", "zzz"} {
		if _, ok := s.File(p); ok {
			t.Errorf("File(%q) found a file", p)
		}
	}
	next := &Snapshot{files: s.liveMap(), count: s.count, bytes: s.bytes}
	next.dropFile(RemoveFile{Path: paths[0]})
	if next.NumFiles() != 4_999 || next.files.live != 4_999 || s.NumFiles() != 5_000 {
		t.Errorf("a remove on the applied snapshot: %d files (index %d), the sorted one %d", next.NumFiles(), next.files.live, s.NumFiles())
	}
}
