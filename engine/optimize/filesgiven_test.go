package optimize

import (
	"reflect"
	"testing"
)

// TestFilesGivenFiltersInPlace: a snapshot whose files the caller gives up (FilesGiven) is
// planned as one whose files it keeps, file for file and event for event, but the candidates
// left after filterCandidateFileList drops the large files are the given list's own elements,
// not a copy (a million candidates were 100 MB of the table page's peak). Files at or above
// minFileSize are among the small ones, so that the kept files move down the list.
func TestFilesGivenFiltersInPlace(t *testing.T) {
	mk := func() []File {
		files := make([]File, 3000)
		for i := range files {
			size := int64(1 + i%7)
			if i%5 == 0 {
				size = 1000 // at or above minFileSize: dropped
			}
			files[i] = File{Path: "f", Size: size, Ref: int64(i)}
		}
		return stableSortBySize(files) // the inspector lists an unpartitioned table's files by size
	}
	p, err := NewPlanner(Config{MinFileSize: 500, MaxFileSize: 40})
	if err != nil {
		t.Fatal(err)
	}
	kept, given := mk(), mk()
	want, err := p.Plan(&Snapshot{Files: kept}, Request{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := p.Plan(&Snapshot{Files: given, FilesGiven: true}, Request{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("the plan on given files differs from the plan on kept ones")
	}
	if want.NumFiles() == 0 || want.NumFiles() == len(kept) {
		t.Fatalf("%d of %d files planned: the test wants some dropped", want.NumFiles(), len(kept))
	}
	within := func(f *File, files []File) bool {
		for i := range files {
			if f == &files[i] {
				return true
			}
		}
		return false
	}
	for i, b := range got.Bins {
		if !within(&b.Files[0], given) {
			t.Fatalf("bin %d of the given files' plan holds a copy of its files", i)
		}
	}
	for i, b := range want.Bins {
		if within(&b.Files[0], kept) {
			t.Fatalf("bin %d of the kept files' plan is a window on the caller's list, which the planner must not overwrite", i)
		}
	}
}
