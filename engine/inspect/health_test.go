package inspect

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/table"
)

// healthFS writes one commit of acts as a table.
func healthFS(t testing.TB, acts []deltalog.Action) fstest.MapFS {
	t.Helper()
	files, err := deltalog.ExportFiles([]deltalog.Commit{{Version: 0, Actions: acts}})
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for name, data := range files {
		fsys[name] = &fstest.MapFile{Data: data}
	}
	return fsys
}

func openHealth(t testing.TB, fsys fstest.MapFS) (*Report, *Inspector) {
	t.Helper()
	r, in, err := Open(fsys, "t", Options{Version: -1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Error != nil {
		t.Fatalf("refused: %+v", r.Error)
	}
	return r, in
}

func healthOf(t testing.TB, hs []ColumnHealth, col string) ColumnHealth {
	t.Helper()
	for _, h := range hs {
		if h.Column == col {
			return h
		}
	}
	t.Fatalf("no health for %s in %+v", col, hs)
	return ColumnHealth{}
}

// The definition on four files worked by hand: [1,3] [2,5] [4,4] [6,9]. Drawn at the mins
// 1 2 4 6 the depths are 1 2 2 1, at the maxes 3 5 4 9 they are 2 1 2 1: mean 12/8, max 2. A
// file without statistics adds one to every lookup; a NULL-only file to none.
func TestHealthByHand(t *testing.T) {
	schema := `{"type":"struct","fields":[{"name":"x","type":"long","nullable":true,"metadata":{}}]}`
	acts := []deltalog.Action{deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2}, deltalog.Metadata{ID: "t", SchemaString: schema}}
	for i, b := range [][2]int{{1, 3}, {2, 5}, {4, 4}, {6, 9}} {
		acts = append(acts, deltalog.AddFile{Path: fmt.Sprintf("f%d", i), Size: 10, DataChange: true,
			Stats: fmt.Sprintf(`{"numRecords":2,"minValues":{"x":%d},"maxValues":{"x":%d},"nullCount":{"x":0}}`, b[0], b[1])})
	}
	acts = append(acts,
		deltalog.AddFile{Path: "nostats", Size: 10, DataChange: true},
		deltalog.AddFile{Path: "nulls", Size: 10, DataChange: true, Stats: `{"numRecords":3,"minValues":{},"maxValues":{},"nullCount":{"x":3}}`})
	r, _ := openHealth(t, healthFS(t, acts))
	h := healthOf(t, r.ClusteringHealth, "x")
	want := ColumnHealth{Column: "x", Type: "bigint", Indexed: true, Files: 6, FilesWithBounds: 4, FilesNullOnly: 1, FilesNoStats: 1,
		NoStatsShare: 1.0 / 6, OverlapMax: 2, OverlapMean: 1.5, LookupValues: 8, LookupFilesMean: 2.5, LookupFilesShare: 2.5 / 6}
	if h != want {
		t.Errorf("health\n got %+v\nwant %+v", h, want)
	}
}

// healthTable is a table of every type health reads, files with random bounds and files of
// every kind without them: no stats, a stats string without nullCount for a column, a NULL-only
// column, a min above its max (checkStats leaves both out), a column left out of the stats.
func healthTable(t testing.TB, seed uint64, n int) fstest.MapFS {
	schema := `{"type":"struct","fields":[` +
		`{"name":"p","type":"string","nullable":true,"metadata":{}},` +
		`{"name":"i","type":"long","nullable":true,"metadata":{}},` +
		`{"name":"s","type":"string","nullable":true,"metadata":{}},` +
		`{"name":"d","type":"date","nullable":true,"metadata":{}},` +
		`{"name":"ts","type":"timestamp","nullable":true,"metadata":{}},` +
		`{"name":"dec","type":"decimal(10,2)","nullable":true,"metadata":{}},` +
		`{"name":"big","type":"decimal(38,0)","nullable":true,"metadata":{}},` +
		`{"name":"dbl","type":"double","nullable":true,"metadata":{}}]}`
	acts := []deltalog.Action{deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2},
		deltalog.Metadata{ID: "t", SchemaString: schema, PartitionColumns: []string{"p"}}}
	rng := rand.New(rand.NewPCG(seed, 7))
	cols := []string{"i", "s", "d", "ts", "dec", "big", "dbl"}
	val := func(col string, k int) string {
		switch col {
		case "i":
			return fmt.Sprint(k)
		case "s":
			return fmt.Sprintf(`"k%03d"`, k)
		case "d":
			return fmt.Sprintf(`"2025-%02d-%02d"`, 1+k/28%12, 1+k%28)
		case "ts": // a millisecond apart: a max's 1 ms adjustment reaches the next value
			return fmt.Sprintf(`"2025-03-01T10:%02d:%02d.%03dZ"`, k/4/60%60, k/4%60, k%4)
		case "dec":
			return fmt.Sprintf("%d.%02d", k, rng.IntN(100))
		case "big":
			return fmt.Sprintf("%d000000000000000000000", k)
		}
		return fmt.Sprint(float64(k) / 4)
	}
	for f := 0; f < n; f++ {
		var mins, maxs, nulls []string
		for _, c := range cols {
			lo := rng.IntN(200)
			hi := lo + rng.IntN(40)
			switch rng.IntN(12) {
			case 0: // NULL only
				nulls = append(nulls, fmt.Sprintf(`"%s":5`, c))
				continue
			case 1: // no nullCount: verifyStatsForFilter fails
				mins, maxs = append(mins, fmt.Sprintf(`"%s":%s`, c, val(c, lo))), append(maxs, fmt.Sprintf(`"%s":%s`, c, val(c, hi)))
				continue
			case 2: // not collected
				continue
			case 3: // min above max
				lo, hi = hi+1, lo
			}
			mins, maxs = append(mins, fmt.Sprintf(`"%s":%s`, c, val(c, lo))), append(maxs, fmt.Sprintf(`"%s":%s`, c, val(c, hi)))
			nulls = append(nulls, fmt.Sprintf(`"%s":%d`, c, rng.IntN(2)))
		}
		add := deltalog.AddFile{Path: fmt.Sprintf("p=%d/f%03d", f%3, f), Size: 100, DataChange: true,
			PartitionValues: map[string]string{"p": fmt.Sprint(f % 3)},
			Stats: fmt.Sprintf(`{"numRecords":5,"minValues":{%s},"maxValues":{%s},"nullCount":{%s}}`,
				strings.Join(mins, ","), strings.Join(maxs, ","), strings.Join(nulls, ","))}
		if rng.IntN(15) == 0 {
			add.Stats = ""
		}
		acts = append(acts, add)
	}
	return healthFS(t, acts)
}

// sqlLiteral writes a statistic as the literal a WHERE would compare the column with.
func sqlLiteral(v table.Value) string {
	switch v.Kind {
	case table.String:
		return "'" + strings.NewReplacer(`\\`, `\\\\`, "'", `\'`).Replace(v.S) + "'"
	case table.Date:
		return "DATE'" + v.String() + "'"
	case table.Timestamp:
		return "TIMESTAMP'" + v.String() + "'"
	case table.TimestampNTZ:
		return "TIMESTAMP_NTZ'" + v.String() + "'"
	}
	return v.String()
}

// TestHealthAgreesWithSkipping: for every value health draws (each bounded file's min and
// max), the files `col = v` reads through inspect's --where path (engine/skipping's planner)
// are counted, and their mean and largest are health's lookup figures; the files the planner
// reads for missing statistics are health's files without stats.
func TestHealthAgreesWithSkipping(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		_, in := openHealth(t, healthTable(t, seed, 120))
		hs := in.Health()
		if len(hs) != 7 {
			t.Fatalf("%d columns of health, want 7 (the partition column has none): %+v", len(hs), hs)
		}
		for _, h := range hs {
			agrees(t, in, h, fmt.Sprint("seed ", seed))
			if h.FilesNoStats == 0 || h.FilesNullOnly == 0 || h.OverlapMax < 2 {
				t.Errorf("seed %d %s: the table should have files of every kind and overlaps: %+v", seed, h.Column, h)
			}
		}
	}
}

// TestHealthAgreesOnRealTables is the same on the real tables of engine/deltalog's testdata: every
// type Delta writes statistics for, as real writers wrote them.
func TestHealthAgreesOnRealTables(t *testing.T) {
	const root = "../deltalog/testdata/tables"
	checked := 0
	err := fs.WalkDir(os.DirFS(root), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() || path.Base(p) != deltalog.LogDir {
			return err
		}
		dir := path.Dir(p)
		r, in, err := Open(os.DirFS(path.Join(root, dir)), dir, Options{Version: -1})
		if err != nil || r.Error != nil || in == nil {
			return nil // a table built to be refused or broken
		}
		for _, h := range in.Health() {
			if h.LookupValues > 0 && h.LookupValues <= 400 {
				agrees(t, in, h, dir)
				checked++
			}
		}
		return fs.SkipDir
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 20 {
		t.Errorf("only %d columns of real tables checked", checked)
	}
}

// agrees checks one column's health against the planner, lookup by lookup.
func agrees(t *testing.T, in *Inspector, h ColumnHealth, label string) {
	t.Helper()
	leaf := -1
	for j, l := range in.lleaves {
		if l.Name() == h.Column {
			leaf = j
		}
	}
	in.readLeaves([]int{leaf})
	var sum, most, drawn, missing int
	for f := range in.hasStats {
		st := in.fileStats(f)
		if st == nil || st.NumRecords < 0 || st.NullCount[leaf] < 0 || st.MinValues[leaf].Absent() || st.MaxValues[leaf].Absent() {
			continue
		}
		for _, v := range []table.Value{st.MinValues[leaf], st.MaxValues[leaf]} {
			where := sqlColumn(in.lleaves[leaf].Path) + " = " + sqlLiteral(v)
			r := in.Report(where)
			if r.Error != nil {
				t.Fatalf("%s: %s: %+v", label, where, r.Error)
			}
			sum += r.FilesRead
			most = max(most, r.FilesRead)
			drawn++
			missing = 0
			for _, rf := range r.Files {
				if strings.HasPrefix(rf.Reason, "read: stats missing") {
					missing++
				}
			}
		}
	}
	mean := float64(sum) / float64(max(drawn, 1))
	if !h.Indexed {
		// Outside the stats schema the planner reads every file, whatever the log's bounds.
		if h.LookupValues != drawn || drawn > 0 && (h.LookupFilesMean != mean || most != h.Files || mean != float64(h.Files)) {
			t.Errorf("%s %s (not indexed): health %+v\nthe planner: %d lookups, mean %v files, at most %d", label, h.Column, h, drawn, mean, most)
		}
		return
	}
	if h.LookupValues != drawn || drawn > 0 && (h.LookupFilesMean != mean || h.OverlapMax != most-h.FilesNoStats || h.FilesNoStats != missing) {
		t.Errorf("%s %s: health %+v\nthe planner: %d lookups, mean %v files, at most %d, %d files read for missing stats",
			label, h.Column, h, drawn, mean, most, missing)
	}
}

func sqlColumn(p []string) string {
	q := make([]string, len(p))
	for i, s := range p {
		q[i] = "`" + strings.ReplaceAll(s, "`", "``") + "`"
	}
	return strings.Join(q, ".")
}

// Inspect (the CLI's path, statistics checked and not kept) and Open (the page's, kept) read
// health from the same single parse: the same figures.
func TestHealthSameWithoutKeptStats(t *testing.T) {
	fsys := healthTable(t, 4, 80)
	a, err := Inspect(fsys, "t", Options{Version: -1})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := openHealth(t, fsys)
	if len(a.ClusteringHealth) == 0 || !reflect.DeepEqual(a.ClusteringHealth, b.ClusteringHealth) {
		t.Errorf("Inspect %+v\nOpen %+v", a.ClusteringHealth, b.ClusteringHealth)
	}
}

// A column past delta.dataSkippingNumIndexedCols is not indexed (a struct's leaves and an
// array spend one each, as truncateSchema counts them); dataSkippingStatsColumns names them.
func TestHealthIndexed(t *testing.T) {
	schema := `{"type":"struct","fields":[{"name":"a","type":"long","nullable":true,"metadata":{}},` +
		`{"name":"arr","type":{"type":"array","elementType":"long","containsNull":true},"nullable":true,"metadata":{}},` +
		`{"name":"s","type":{"type":"struct","fields":[{"name":"x","type":"long","nullable":true,"metadata":{}},{"name":"y","type":"long","nullable":true,"metadata":{}}]},"nullable":true,"metadata":{}},` +
		`{"name":"b","type":"long","nullable":true,"metadata":{}}]}`
	for _, tc := range []struct {
		conf map[string]string
		want string
	}{
		{map[string]string{"delta.dataSkippingNumIndexedCols": "3"}, "a:true s.x:true s.y:false b:false"},
		{map[string]string{"delta.dataSkippingNumIndexedCols": "-1"}, "a:true s.x:true s.y:true b:true"},
		{map[string]string{"delta.dataSkippingStatsColumns": "b, s.y"}, "a:false s.x:false s.y:true b:true"},
		{nil, "a:true s.x:true s.y:true b:true"},
	} {
		acts := []deltalog.Action{deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2},
			deltalog.Metadata{ID: "t", SchemaString: schema, Configuration: tc.conf},
			deltalog.AddFile{Path: "f", Size: 1, DataChange: true, Stats: `{"numRecords":1}`}}
		r, _ := openHealth(t, healthFS(t, acts))
		var got []string
		for _, h := range r.ClusteringHealth {
			got = append(got, fmt.Sprintf("%s:%t", h.Column, h.Indexed))
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("%v: %s, want %s", tc.conf, g, tc.want)
		}
	}
}

// A clustered table's rows by ZCube state: a sealed cube (three files over the default
// minCubeSize of 100 GiB), an open one, a file in none; a deletion vector's rows are not live.
func TestZCubeHealth(t *testing.T) {
	schema := `{"type":"struct","fields":[{"name":"id","type":"long","nullable":true,"metadata":{}}]}`
	acts := []deltalog.Action{
		deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2}.WithClustering(),
		deltalog.Metadata{ID: "t", SchemaString: schema},
		deltalog.ClusteringDomainForColumns("id"),
	}
	for i := 0; i < 6; i++ {
		f := deltalog.AddFile{Path: fmt.Sprintf("f%d", i), Size: 1 << 30, DataChange: true,
			Stats: fmt.Sprintf(`{"numRecords":10,"minValues":{"id":%d},"maxValues":{"id":%d},"nullCount":{"id":0}}`, i, i)}
		switch {
		case i < 3:
			f = f.WithZCube("big", []string{"id"})
			f.Size = 40 << 30
		case i < 5:
			f = f.WithZCube("small", []string{"id"})
		}
		acts = append(acts, f)
	}
	r, _ := openHealth(t, healthFS(t, acts))
	want := &ZCubeHealth{MinCubeSize: 100 << 30, CubesSealed: 1, CubesOpen: 1, RowsSealed: 30, RowsOpen: 20, RowsNoZCube: 10,
		SealedShare: 0.5, OpenShare: 20.0 / 60, NoZCubeShare: 10.0 / 60}
	if !reflect.DeepEqual(r.ZCubeHealth, want) {
		t.Errorf("zcube health %+v, want %+v", r.ZCubeHealth, want)
	}
	if h := healthOf(t, r.ClusteringHealth, "id"); h.OverlapMax != 1 || h.OverlapMean != 1 || h.LookupFilesMean != 1 {
		t.Errorf("six disjoint files: %+v", h)
	}
	// An unclustered table has none.
	plain, _ := openHealth(t, healthFS(t, []deltalog.Action{deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2},
		deltalog.Metadata{ID: "t", SchemaString: schema}, deltalog.AddFile{Path: "f", Size: 1, DataChange: true}}))
	if plain.ZCubeHealth != nil {
		t.Errorf("unclustered table: %+v", plain.ZCubeHealth)
	}
}

// A ZCube just over minCubeSize whose rows are a quarter deleted is open, as the planner's
// filterOutLargeZCubes sums estLogicalFileSize: the files' ZCube, zcube_health and the plan's
// cubes_sealed agree, and the plan rewrites the cube.
func TestZCubeSealedByLogicalSize(t *testing.T) {
	schema := `{"type":"struct","fields":[{"name":"id","type":"long","nullable":true,"metadata":{}}]}`
	for _, deleted := range []int64{0, 25} {
		acts := []deltalog.Action{
			deltalog.Protocol{MinReaderVersion: 3, MinWriterVersion: 7, ReaderFeatures: []string{"deletionVectors"},
				WriterFeatures: []string{"deletionVectors", "clustering", "domainMetadata"}},
			deltalog.Metadata{ID: "t", SchemaString: schema},
			deltalog.ClusteringDomainForColumns("id"),
		}
		for i := 0; i < 3; i++ {
			f := deltalog.AddFile{Path: fmt.Sprintf("f%d", i), Size: 40 << 30, DataChange: true,
				Stats: fmt.Sprintf(`{"numRecords":100,"minValues":{"id":%d},"maxValues":{"id":%d},"nullCount":{"id":0}}`, i, i)}.WithZCube("c", []string{"id"})
			if deleted > 0 {
				f.SetDeletionVector(&deltalog.DeletionVectorDescriptor{StorageType: "u", PathOrInlineDv: "ab^-aqEH.-t@S}K{vb[*k^", Offset: new(int32), SizeInBytes: 10, Cardinality: deleted})
			}
			acts = append(acts, f)
		}
		// A file in no ZCube, so that an open cube is not spared as the only one.
		acts = append(acts, deltalog.AddFile{Path: "new", Size: 1 << 20, DataChange: true, Stats: `{"numRecords":1,"minValues":{"id":9},"maxValues":{"id":9},"nullCount":{"id":0}}`})
		r, _ := openHealth(t, healthFS(t, acts))
		sealed := deleted == 0 // 120 GiB, or 90 GiB live
		if r.Files[0].ZCube == nil || r.Files[0].ZCube.Sealed != sealed || (r.ZCubeHealth.CubesSealed == 1) != sealed ||
			(r.NextOptimize.OSS.SealedCubes == 1) != sealed || (r.NextOptimize.OSS.SelectedFiles >= 3) == sealed {
			t.Errorf("%d deleted of 100: zcube %+v, health %+v, plan sealed %d, selects %d files; want sealed %t",
				deleted, r.Files[0].ZCube, r.ZCubeHealth, r.NextOptimize.OSS.SealedCubes, r.NextOptimize.OSS.SelectedFiles, sealed)
		}
	}
}
