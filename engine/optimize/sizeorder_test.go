package optimize

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestCompactionOrder: an unpartitioned table's files listed in CompactionOrder are planned as
// they are in their own order (the same bins, files, bytes and events), with sizes that tie
// often and some at or above minFileSize; and the order is the stable sort by size
// stableSortBySize gives.
func TestCompactionOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	p, err := NewPlanner(Config{MinFileSize: 1000, MaxFileSize: 2500})
	if err != nil {
		t.Fatal(err)
	}
	for trial := range 40 {
		n := 1 + rng.IntN(2000)
		files := make([]File, n)
		for i := range files {
			files[i] = File{Path: fmt.Sprintf("f%05d", i), Size: int64(1 + rng.IntN(1+trial*30)), NumRecords: 10, Ref: int64(i)}
		}
		order := CompactionOrder(n, func(i int) int64 { return files[i].Size })
		listed := make([]File, n)
		for k, i := range order {
			listed[k] = files[i]
		}
		if want := stableSortBySize(append([]File(nil), files...)); !reflect.DeepEqual(listed, want) {
			t.Fatalf("trial %d: CompactionOrder is not stableSortBySize's order", trial)
		}
		want, err := p.Plan(&Snapshot{Files: files}, Request{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := p.Plan(&Snapshot{Files: listed}, Request{})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("trial %d (%d files): the plan of the files in CompactionOrder differs:\n%+v\nwant\n%+v", trial, n, got, want)
		}
		if trial > 5 && len(want.Bins) == 0 {
			t.Fatalf("trial %d: no bins, the test checks nothing", trial)
		}
	}
}
