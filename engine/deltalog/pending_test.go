package deltalog

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"testing"
	"testing/fstest"

	"layoutlab/engine/work"
)

// pendingTable is a log of a checkpoint of adds at version 9 and commit 10 with actions after
// it, as ReplaySegment reads it.
func pendingTable(t *testing.T, adds []AddFile, after ...Action) (fstest.MapFS, *LogSegment) {
	t.Helper()
	m := fstest.MapFS{}
	cp := []Action{Protocol{MinReaderVersion: 1, MinWriterVersion: 2},
		Metadata{ID: "t", Format: Format{Provider: "parquet"}, SchemaString: `{"type":"struct","fields":[]}`}}
	for _, a := range adds {
		cp = append(cp, a)
	}
	for v, acts := range map[string][]Action{
		"00000000000000000009.checkpoint.80a083e8-7026-4e79-81be-64bd76c43a11.json": cp,
		CommitFileName(10): append([]Action{CommitInfo{Operation: "WRITE"}}, after...),
	} {
		var b bytes.Buffer
		if err := WriteCommit(&b, Commit{Actions: acts}); err != nil {
			t.Fatal(err)
		}
		m[path.Join(LogDir, v)] = &fstest.MapFile{Data: b.Bytes()}
	}
	l, err := List(m)
	if err != nil {
		t.Fatal(err)
	}
	seg, err := l.Segment(OpenOptions{Version: -1})
	if err != nil {
		t.Fatal(err)
	}
	return m, seg
}

func pendingAdds(n int) []AddFile {
	adds := make([]AddFile, n)
	for i := range adds {
		adds[i] = AddFile{Path: fmt.Sprintf("part-%05d.parquet", (i*7919)%n), Size: int64(i + 1), DataChange: true}
	}
	return adds
}

func paths(files []*AddFile) []string {
	var out []string
	for _, f := range files {
		out = append(out, f.Path)
	}
	return out
}

// TestCheckpointAddsPendingUntilSorted: a checkpoint's adds, with no commit after it adding or
// removing a file, are sorted where they were decoded and never indexed by path (the index was
// 0.16 s of a million files' open, BenchmarkInspect1M, and the sort drops it): before, the
// replay left every add in s.files. The files, their count and bytes are those the index gives.
func TestCheckpointAddsPendingUntilSorted(t *testing.T) {
	adds := pendingAdds(3 * radixMin)
	m, seg := pendingTable(t, adds)
	s, err := ReplaySegment(m, seg, OpenOptions{Version: -1})
	if err != nil {
		t.Fatal(err)
	}
	if s.files.live != 0 {
		t.Fatalf("%d files indexed by path, want none", s.files.live)
	}
	if s.NumFiles() != len(adds) || s.SizeInBytes() != int64(len(adds)*(len(adds)+1)/2) {
		t.Errorf("%d files of %d bytes", s.NumFiles(), s.SizeInBytes())
	}
	got := paths(s.AllFiles())
	if len(got) != len(adds) || !slices.IsSorted(got) || slices.Compact(slices.Clone(got)) == nil {
		t.Fatalf("%d files, sorted %v", len(got), slices.IsSorted(got))
	}
	if f, ok := s.File("part-00005.parquet"); !ok || f.Size != 1+int64(slices.IndexFunc(adds, func(a AddFile) bool { return a.Path == "part-00005.parquet" })) {
		t.Errorf("File: %+v %v", f, ok)
	}
}

// TestCheckpointPathTwice: a path a checkpoint holds twice is one file, the later add's, as
// row-by-row replay has it, counted once, whether sorted (sortFiles finds the pair and indexes
// the adds) or counted first (NumFiles sorts).
func TestCheckpointPathTwice(t *testing.T) {
	adds := pendingAdds(2 * radixMin)
	adds = append(adds, AddFile{Path: adds[3].Path, Size: 1000, DataChange: true})
	want := int64(len(adds)*(len(adds)-1)/2) - 4 + 1000
	for _, countFirst := range []bool{false, true} {
		m, seg := pendingTable(t, adds)
		s, err := ReplaySegment(m, seg, OpenOptions{Version: -1})
		if err != nil {
			t.Fatal(err)
		}
		if countFirst && (s.NumFiles() != len(adds)-1 || s.SizeInBytes() != want) {
			t.Errorf("counted first: %d files of %d bytes, want %d of %d", s.NumFiles(), s.SizeInBytes(), len(adds)-1, want)
		}
		files := s.AllFiles()
		if len(files) != len(adds)-1 || s.NumFiles() != len(adds)-1 || s.SizeInBytes() != want {
			t.Errorf("%d files (%d counted) of %d bytes, want %d of %d", len(files), s.NumFiles(), s.SizeInBytes(), len(adds)-1, want)
		}
		if f, _ := s.File(adds[3].Path); f.Size != 1000 {
			t.Errorf("%s: the add of %d bytes, want the later one's 1000", adds[3].Path, f.Size)
		}
		if !slices.IsSorted(paths(files)) {
			t.Error("not sorted")
		}
	}
}

// TestCheckpointIndexedForACommit: a commit after the checkpoint that removes and adds files
// has the checkpoint's adds indexed first, with a turn every pathTurn adds, and its changes
// applied to them; a Yield's error there stops the replay.
func TestCheckpointIndexedForACommit(t *testing.T) {
	adds := pendingAdds(pathTurn + 5)
	m, seg := pendingTable(t, adds, RemoveFile{Path: adds[0].Path, DataChange: true},
		AddFile{Path: "zz.parquet", Size: 7, DataChange: true})
	var told []work.Progress
	s, err := ReplaySegment(m, seg, OpenOptions{Version: -1, Yield: func(p work.Progress) error { told = append(told, p); return nil }})
	if err != nil {
		t.Fatal(err)
	}
	if s.files.live != len(adds) {
		t.Fatalf("%d indexed, want %d", s.files.live, len(adds))
	}
	if i := slices.Index(told, work.Progress{Step: "the checkpoint's files", Done: pathTurn, Total: len(adds)}); i < 0 || slices.Index(told[i+1:], told[i]) < 0 {
		t.Errorf("told %v: want a turn at %d adds as they are counted and again as they are indexed", told, pathTurn)
	}
	files := paths(s.AllFiles())
	if len(files) != len(adds) || slices.Contains(files, adds[0].Path) || files[len(files)-1] != "zz.parquet" {
		t.Errorf("%d files, last %s", len(files), files[len(files)-1])
	}
	stop := fmt.Errorf("stop")
	n := 0
	if _, err := ReplaySegment(m, seg, OpenOptions{Version: -1, Yield: func(work.Progress) error {
		if n++; n > 1 { // the checkpoint's count goes on; its index stops
			return stop
		}
		return nil
	}}); err != stop {
		t.Errorf("a Yield that stops in the index: %v", err)
	}
}
