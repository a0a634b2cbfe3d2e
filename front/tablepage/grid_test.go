package tablepage

import (
	"fmt"
	"image"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"testing/fstest"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
	"layoutlab/front/view"
)

func TestGridGroupsAndMarks(t *testing.T) {
	root := filepath.Join(tables, "delta-rs/table-with-domain-metadata")
	r, in, err := inspect.Open(os.DirFS(root), "t", inspect.Options{Version: -1, Where: "id = 3"})
	if err != nil {
		t.Fatal(err)
	}
	if by := DefaultGroupBy(r); by != ByNone {
		t.Fatalf("a clustered table without ZCubes or partitions groups by %s", by)
	}
	spans, err := in.SpansYield("id", nil)
	if err != nil {
		t.Fatal(err)
	}
	g := BuildGrid(nil, r, spans, ByZCube, 800, 400, 1)
	if g.Len() != len(r.Files) || len(g.File) != len(r.Files) {
		t.Fatalf("%d cells for %d files", g.Len(), len(r.Files))
	}
	seen := map[int32]bool{}
	plain, files := 0, 0
	for i, fi := range g.File {
		seen[fi] = true
		if g.Plain[i] {
			plain++
		}
		if g.Labels[g.Group[i]].Name == "no ZCube" && r.Files[fi].ZCube != nil {
			t.Errorf("%s has a ZCube but is drawn among the files without", r.Files[fi].Path)
		}
	}
	for _, l := range g.Labels {
		files += l.Files
	}
	if len(seen) != len(r.Files) || files != len(r.Files) {
		t.Errorf("%d distinct files drawn, %d in the groups, of %d", len(seen), files, len(r.Files))
	}
	want := 0
	for _, f := range r.Files {
		if f.ClusteringProvider == nil {
			want++
		}
	}
	if plain != want || want == 0 {
		t.Errorf("%d cells marked without clusteringProvider, %d files have none", plain, want)
	}
	// A cell's centre finds the cell.
	c := g.Cell(7)
	if got := g.At(c.X+c.W/2, c.Y+c.H/2); got != 7 {
		t.Errorf("At(centre of cell 7) = %d", got)
	}
	img := image.NewRGBA(image.Rect(0, 0, 800, 400))
	th := view.ThemeNamed("dark")
	g.Paint(img, 7, th)
	if img.RGBAAt(int(c.X+c.W/2), int(c.Y+c.H/2)) == th.Background {
		t.Error("cell 7 is not painted")
	}
}

func TestGroupByPartition(t *testing.T) {
	r, err := inspect.Inspect(os.DirFS(filepath.Join(tables, "dat/basic_partitioned/delta")), "t", inspect.Options{Version: -1})
	if err != nil {
		t.Fatal(err)
	}
	if by := DefaultGroupBy(r); by != ByPartition {
		t.Fatalf("a partitioned table groups by %s", by)
	}
	g := BuildGrid(nil, r, nil, ByPartition, 600, 300, 1)
	names := map[string]int{}
	for _, l := range g.Labels {
		names[l.Name] = l.Files
	}
	want := map[string]int{}
	for _, f := range r.Files {
		k := "letter=__HIVE_DEFAULT_PARTITION__"
		if v := f.PartitionValues["letter"]; v != nil {
			k = "letter=" + *v
		}
		want[k]++
	}
	if !maps.Equal(names, want) || want["letter=__HIVE_DEFAULT_PARTITION__"] == 0 {
		t.Errorf("groups %v, want %v, the NULL partition named as Hive does", names, want)
	}
	for i := range g.Known {
		if g.Known[i] {
			t.Errorf("cell %d has a span without spans given", i)
		}
	}
}

// TestGroupByZCube: files of a ZCube are drawn together, a sealed cube (at or over
// minCubeSize) closed and a growing one open.
func TestGroupByZCube(t *testing.T) {
	schema := `{"type":"struct","fields":[{"name":"id","type":"long","nullable":true,"metadata":{}}]}`
	acts := []deltalog.Action{
		deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2}.WithClustering(),
		deltalog.Metadata{ID: "t", SchemaString: schema},
		deltalog.ClusteringDomainForColumns("id"),
	}
	for i := 0; i < 6; i++ {
		f := deltalog.AddFile{Path: fmt.Sprintf("f%d", i), Size: 1 << 30, DataChange: true,
			Stats: fmt.Sprintf(`{"numRecords":1,"minValues":{"id":%d},"maxValues":{"id":%d}}`, i, i)}
		switch {
		case i < 3:
			f = f.WithZCube("big", []string{"id"})
			f.Size = 40 << 30 // three of them: 120 GiB, over the default minCubeSize of 100 GiB
		case i < 5:
			f = f.WithZCube("small", []string{"id"})
		}
		acts = append(acts, f)
	}
	files, err := deltalog.ExportFiles([]deltalog.Commit{{Version: 0, Actions: acts}})
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for name, data := range files {
		fsys[name] = &fstest.MapFile{Data: data}
	}
	r, err := inspect.Inspect(fsys, "t", inspect.Options{Version: -1})
	if err != nil {
		t.Fatal(err)
	}
	if by := DefaultGroupBy(r); by != ByZCube {
		t.Fatalf("groups by %s", by)
	}
	g := BuildGrid(nil, r, nil, ByZCube, 600, 300, 1)
	got := map[string]GroupLabel{}
	for _, l := range g.Labels {
		got[l.Name] = l
	}
	if l := got["ZCube big"]; l.Files != 3 || !l.Sealed || l.Open {
		t.Errorf("big cube %+v: want 3 files, sealed", l)
	}
	if l := got["ZCube small"]; l.Files != 2 || l.Sealed || !l.Open {
		t.Errorf("small cube %+v: want 2 files, open", l)
	}
	if l := got["no ZCube"]; l.Files != 1 {
		t.Errorf("unclustered %+v: want 1 file", l)
	}
	if len(g.Frames) != 3 {
		t.Errorf("%d outlines for 3 groups", len(g.Frames))
	}
}

// TestAGridAllocatesFewBytesPerFile: the page draws a million files' grid in one stretch with no
// collection, so all BuildGrid allocates is on the module's peak. Its cells are worked out from
// their groups' lattices as they are used: what it keeps of a file is its index, group, colour
// and three flags (15 bytes), and its scratch each file's group (4). It allocated 70 bytes a
// file when it kept each cell's rectangle (view.Cell, 40 bytes) made from a copy of each file's
// colour and verdict (view.FileCell, 16).
func TestAGridAllocatesFewBytesPerFile(t *testing.T) {
	const n = 20_000
	r := smallTable(t, n, 0, 0)
	for _, by := range []GroupBy{ByNone, ByZCube} {
		if by == ByZCube { // 40 ZCubes of 500 files, some sealed
			cubes := make([]inspect.ZCube, 40)
			for i := range cubes {
				cubes[i] = inspect.ZCube{ID: fmt.Sprintf("cube-%02d", i), Sealed: i%3 == 0}
			}
			for i := range r.Files {
				r.Files[i].ZCube = &cubes[i%len(cubes)]
			}
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		g := BuildGrid(nil, r, nil, by, 1600, 1120, 2)
		runtime.ReadMemStats(&after)
		if g.Len() != n || (by == ByZCube) != (len(g.Frames) == 40) {
			t.Fatalf("by %s: %d cells for %d files, %d outlines", by, g.Len(), n, len(g.Frames))
		}
		if per := float64(after.TotalAlloc-before.TotalAlloc) / n; per > 22 {
			t.Errorf("by %s: BuildGrid allocated %.1f bytes a file, over 22", by, per)
		}
	}
}
