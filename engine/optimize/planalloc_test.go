package optimize

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

// naiveBins is groupFilesIntoBins' loop as Delta writes it (OptimizeExecutor.groupFilesIntoBins):
// a file that would push the bin over maxBinSize closes it; empty bins are not kept. Each bin
// is its files' Refs.
func naiveBins(files []File, maxBinSize int64) [][]int64 {
	var bins [][]int64
	var bin []int64
	var size int64
	for _, f := range files {
		if f.Size+size > maxBinSize {
			if len(bin) > 0 {
				bins = append(bins, bin)
			}
			bin, size = nil, 0
		}
		bin = append(bin, f.Ref)
		size += f.Size
	}
	if len(bin) > 0 {
		bins = append(bins, bin)
	}
	return bins
}

// TestGroupIntoBins holds groupIntoBins, which counts its bins before it lists them, to
// naiveBins on random sizes, files larger than a bin among them.
func TestGroupIntoBins(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 300 {
		files := make([]File, rng.IntN(200))
		for i := range files {
			files[i] = File{Size: 1 + rng.Int64N(int64(1+trial%50)), Ref: int64(i)}
		}
		maxBin := 1 + rng.Int64N(60)
		got, want := groupIntoBins(files, maxBin), naiveBins(files, maxBin)
		if len(got) != len(want) || cap(got) != len(want) {
			t.Fatalf("trial %d: %d bins (capacity %d), want %d", trial, len(got), cap(got), len(want))
		}
		for b := range want {
			if len(got[b]) != len(want[b]) || cap(got[b]) != len(got[b]) {
				t.Fatalf("trial %d bin %d: %d files (capacity %d), want %d", trial, b, len(got[b]), cap(got[b]), len(want[b]))
			}
			for i := range want[b] {
				if got[b][i].Ref != want[b][i] {
					t.Fatalf("trial %d bin %d: file %d is %d, want %d", trial, b, i, got[b][i].Ref, want[b][i])
				}
			}
		}
	}
}

// TestCompactionCopiesNoFiles: files listed in size order, in one partition (what the inspector
// hands the planner for an unpartitioned table), are sorted, grouped and binned without a copy
// of the list, and the plan's bins are windows on it. A million files' copies were 7.6 MB of
// partition index and 11.5 MB of sort keys a plan.
func TestCompactionCopiesNoFiles(t *testing.T) {
	files := make([]File, 10_000)
	for i := range files {
		files[i] = File{Path: "f", Size: int64(1 + i/3000), Ref: int64(i)}
	}
	if n := testing.AllocsPerRun(5, func() { stableSortBySize(files) }); n != 0 {
		t.Errorf("stableSortBySize of sorted files: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(5, func() { groupByPartition(files, nil) }); n != 1 {
		t.Errorf("groupByPartition of one partition: %v allocations, want 1 (the group)", n)
	}
	if n := testing.AllocsPerRun(5, func() { groupIntoBins(files, 300) }); n != 1 {
		t.Errorf("groupIntoBins: %v allocations, want 1 (the list of bins)", n)
	}
	p, err := NewPlanner(Config{MinFileSize: 1 << 40, MaxFileSize: 300})
	if err != nil {
		t.Fatal(err)
	}
	plan, err := p.Plan(&Snapshot{Files: files}, Request{})
	if err != nil {
		t.Fatal(err)
	}
	if plan.NumFiles() != len(files) {
		t.Fatalf("%d files planned, want %d", plan.NumFiles(), len(files))
	}
	for i, b := range plan.Bins {
		if &b.Files[0] != &files[b.Files[0].Ref] {
			t.Fatalf("bin %d holds a copy of its files", i)
		}
	}
}

// zfilesOf reads the files' tags, pointing into files (which must outlive the result): the
// tests' way to zfiles; the planner reads them into its pooled scratch (zfilesInto).
func zfilesOf(files []File) []zfile { return zfilesInto(nil, files) }

// TestFileIs64Bytes: the planner's file is one pointer for its range, not a slice header, and
// one for its tags, provider and deletion vector, which an unclustered table's files have none
// of: the table page lists a million files for the next OPTIMIZE in one array, which at 104
// bytes a file took 99 MiB more of the browser's memory than the page held before it (the
// module's memory never shrinks), 84 MiB at 88, 61 MiB at 64.
func TestFileIs64Bytes(t *testing.T) {
	if n := unsafe.Sizeof(File{}); n > 64 && unsafe.Sizeof(uintptr(0)) == 8 {
		t.Errorf("File is %d bytes, want at most 64", n)
	}
}

// TestExtrasShared: files of one ZCube with one provider share their FileExtra, whichever map
// holds their tags; a file with nothing to carry has none; one with a deletion vector or other
// tags has its own, holding what it was given.
func TestExtrasShared(t *testing.T) {
	var x Extras
	cube := func(id string) map[string]string { return map[string]string{TagZCubeID: id, TagZCubeZOrder: `["k"]`} }
	if e := x.Of(nil, "", 0); e != nil {
		t.Errorf("a file without tags, provider or DV has extras %+v", e)
	}
	if e := x.Of(map[string]string{}, "", 0); e != nil {
		t.Errorf("a file with empty tags has extras %+v", e)
	}
	a, a2, b := x.Of(cube("a"), ProviderLiquid, 0), x.Of(cube("a"), ProviderLiquid, 0), x.Of(cube("b"), ProviderLiquid, 0)
	if a != a2 || a == b || a.Tags[TagZCubeID] != "a" || b.Tags[TagZCubeID] != "b" || a.ClusteringProvider != ProviderLiquid {
		t.Errorf("one ZCube's files: %p %p (%+v), another's %p (%+v)", a, a2, a, b, b)
	}
	if p := x.Of(cube("a"), "", 0); p == a || p.ClusteringProvider != "" {
		t.Errorf("another provider shares %+v", p)
	}
	idOnly := map[string]string{TagZCubeID: "a"}
	if e := x.Of(idOnly, ProviderLiquid, 0); e == a || len(e.Tags) != 1 {
		t.Errorf("ZCUBE_ID alone shares %+v", e)
	}
	if e := x.Of(map[string]string{TagZCubeID: "a", TagZCubeZOrder: `["k"]`, "other": "x"}, ProviderLiquid, 0); e == a || len(e.Tags) != 3 {
		t.Errorf("tags beyond the ZCube's: %+v", e)
	}
	d1, d2 := x.Of(cube("a"), ProviderLiquid, 3), x.Of(nil, "", 3)
	if d1 == a || d1.DeletedRecords != 3 || d2 == nil || d2.DeletedRecords != 3 || d2.Tags != nil {
		t.Errorf("files with a DV: %+v, %+v", d1, d2)
	}
}
