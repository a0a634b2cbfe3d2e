package deltalog

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"sync/atomic"
	"testing"
)

// TestFileIndexAsMap: a fileIndex answers as a map of path to add does through random puts
// (new paths and replacements), removes (of live paths, gone ones and never-seen ones) and
// clones, past its rebuilds; each lists the live files in the order they were put.
func TestFileIndexAsMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	x, want := newFileIndex(rng.IntN(10)), map[string]*AddFile{}
	var order []*AddFile // every put, in turn
	var snap *fileIndex
	var snapWant map[string]*AddFile
	for op := range 60_000 {
		p := fmt.Sprintf("part-%d", rng.IntN(3000))
		switch r := rng.IntN(10); {
		case r < 6:
			f := &AddFile{Path: p, Size: int64(op)}
			old := x.put(f)
			if old != want[p] {
				t.Fatalf("op %d: put %q replaced %v, want %v", op, p, old, want[p])
			}
			want[p] = f
			order = append(order, f)
		case r < 9:
			x.remove(p)
			delete(want, p)
		default:
			if f, ok := x.get(p); f != want[p] || ok != (want[p] != nil) {
				t.Fatalf("op %d: get %q = %v, %v, want %v", op, p, f, ok, want[p])
			}
		}
		if op == 30_000 {
			snap, snapWant = x.clone(), map[string]*AddFile{}
			for k, v := range want {
				snapWant[k] = v
			}
		}
	}
	check := func(name string, x *fileIndex, want map[string]*AddFile) {
		if x.live != len(want) {
			t.Fatalf("%s: %d live files, want %d", name, x.live, len(want))
		}
		for p, f := range want {
			if got, ok := x.get(p); !ok || got != f {
				t.Fatalf("%s: get %q = %v, want %v", name, p, got, f)
			}
		}
		if _, ok := x.get("part-none"); ok {
			t.Fatalf("%s: found a path never put", name)
		}
	}
	check("after the ops", x, want)
	check("the clone at op 30000", snap, snapWant)
	var got []*AddFile
	x.each(func(f *AddFile) { got = append(got, f) })
	k := 0
	for _, f := range order { // the live ones among every put, in turn
		if want[f.Path] == f {
			if k >= len(got) || got[k] != f {
				t.Fatalf("each's file %d is not the %dth live add put", k, k)
			}
			k++
		}
	}
	if k != len(got) {
		t.Fatalf("each lists %d files, want %d", len(got), k)
	}
	if len(x.files) >= 2*x.live+64 || x.used*4 >= len(x.slots)*3 {
		t.Errorf("not packed: %d positions for %d live files, %d of %d slots used", len(x.files), x.live, x.used, len(x.slots))
	}
}

// sameSnapshot says a and b hold the same state. Their files are compared once sorted: a
// fileIndex's layout depends on its hash seed and on the puts and removes that made it.
func sameSnapshot(a, b *Snapshot) bool {
	a.SortFiles(nil)
	b.SortFiles(nil)
	return reflect.DeepEqual(a, b)
}

// TestSnapshotReadWhileSorting: File, NumFiles, SizeInBytes and Apply may run beside the sort
// that drops the index (go test -race tells a data race), and answer the same before, during
// and after it.
func TestSnapshotReadWhileSorting(t *testing.T) {
	s := EmptySnapshot()
	for i := range 3000 {
		s.putFile(&AddFile{Path: fmt.Sprintf("part-%05d", i), Size: int64(i)})
	}
	s.version, s.protocol, s.metadata = 0, &Protocol{MinReaderVersion: 1, MinWriterVersion: 2}, &Metadata{ID: "t"}
	done := make(chan error)
	var sorted atomic.Bool
	started := make(chan struct{})
	go func() {
		var err error
		for k, i := 0, 0; err == nil && (k < 3000 || !sorted.Load()); k, i = k+1, (i+7)%3000 {
			p := fmt.Sprintf("part-%05d", i)
			if f, ok := s.File(p); !ok || f.Size != int64(i) {
				err = fmt.Errorf("File(%q) = %d bytes, %v", p, f.Size, ok)
			}
			if i == 0 {
				select {
				case <-started:
				default:
					close(started)
				}
			}
			runtime.Gosched() // js/wasm has no preemption: the sort runs between these
		}
		next, aerr := s.Apply(Commit{Version: 1, Actions: []Action{RemoveFile{Path: "part-00001"}}})
		if err == nil && (aerr != nil || next.NumFiles() != 2999) {
			err = fmt.Errorf("Apply beside the sort: %v, %d files", aerr, next.NumFiles())
		}
		done <- err
	}()
	<-started
	s.SortFiles(nil)
	sorted.Store(true)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if s.NumFiles() != 3000 || s.SizeInBytes() != 2999*3000/2 {
		t.Errorf("%d files of %d bytes", s.NumFiles(), s.SizeInBytes())
	}
}
