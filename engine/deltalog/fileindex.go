package deltalog

import "hash/maphash"

// fileIndex is the live files by path while a snapshot is built: the adds in the order they
// were put (a checkpoint's, then each commit's), and an open-addressing table of their
// positions, keyed by the path's hash and confirmed by the path itself. The table holds no
// pointer: a Go map of a million paths was 53 MB of them for the collector to mark, and its
// inserts one 615 ms stretch of the table page.
type fileIndex struct {
	files []*AddFile // by position; nil once removed or replaced
	// slots holds, for each slot, 0 when empty, tombstone once its file went, else the file's
	// position+1 in the low 32 bits and the path's hash's high 32 bits above, which most
	// probes of another path tell apart without reading a path.
	slots []uint64
	used  int // slots not empty (live and tombstones), kept under 3/4 of them
	live  int // files not nil
	seed  maphash.Seed
}

const tombstone = ^uint64(0)

func newFileIndex(n int) *fileIndex {
	x := &fileIndex{files: make([]*AddFile, 0, n), seed: maphash.MakeSeed()}
	x.slots = make([]uint64, slotsFor(n))
	return x
}

// slotsFor is the power of two that holds n files at under 3/4 full.
func slotsFor(n int) int {
	s := 8
	for s*3/4 <= n {
		s *= 2
	}
	return s
}

// find is the slot of path's file and that file, or the first free slot on its probe and nil;
// h is the path's hash.
func (x *fileIndex) find(path string) (slot int, f *AddFile, h uint64) {
	h = maphash.String(x.seed, path)
	mask := uint64(len(x.slots) - 1)
	free := -1
	for i := h & mask; ; i = (i + 1) & mask {
		v := x.slots[i]
		switch {
		case v == 0:
			if free < 0 {
				free = int(i)
			}
			return free, nil, h
		case v == tombstone:
			if free < 0 {
				free = int(i)
			}
		case v>>32 == h>>32:
			if f := x.files[uint32(v)-1]; f.Path == path {
				return int(i), f, h
			}
		}
	}
}

// get is the live file at path.
func (x *fileIndex) get(path string) (*AddFile, bool) {
	_, f, _ := x.find(path)
	return f, f != nil
}

// put makes f the live file at its path and returns the one it replaces.
func (x *fileIndex) put(f *AddFile) (old *AddFile) {
	i, old, h := x.find(f.Path)
	if old != nil {
		x.files[uint32(x.slots[i])-1] = nil
	} else if x.slots[i] == 0 {
		x.used++
	}
	if old == nil {
		x.live++
	}
	x.files = append(x.files, f)
	x.slots[i] = h>>32<<32 | uint64(len(x.files))
	// Full, or as many replaced files as live ones (a timeline's OPTIMIZEs): packed again.
	if x.used*4 >= len(x.slots)*3 || len(x.files) >= 2*x.live+64 {
		x.rebuild()
	}
	return old
}

// remove drops the live file at path (a file the table holds: get's).
func (x *fileIndex) remove(path string) {
	i, f, _ := x.find(path)
	if f != nil {
		x.files[uint32(x.slots[i])-1] = nil
		x.slots[i] = tombstone
		x.live--
	}
}

// rebuild packs the live files and makes the table again, for twice their number: the
// tombstones and replaced files go.
func (x *fileIndex) rebuild() {
	live := x.files[:0:0]
	for _, f := range x.files {
		if f != nil {
			live = append(live, f)
		}
	}
	*x = fileIndex{files: make([]*AddFile, 0, 2*len(live)), slots: make([]uint64, slotsFor(2*len(live))), seed: x.seed}
	for _, f := range live {
		x.put(f)
	}
}

// each calls f with each live file, in the order they were put.
func (x *fileIndex) each(f func(*AddFile)) {
	for _, a := range x.files {
		if a != nil {
			f(a)
		}
	}
}

// clone is a copy of x that changes apart from it (the AddFiles shared, never changed).
func (x *fileIndex) clone() *fileIndex {
	c := *x
	c.files, c.slots = append([]*AddFile(nil), x.files...), append([]uint64(nil), x.slots...)
	return &c
}
