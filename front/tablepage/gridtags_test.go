package tablepage

import (
	"fmt"
	"reflect"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
	"layoutlab/front/view"
)

// smallTable is n files of one id each, in parts partitions (0: unpartitioned), the first
// cubed of them in ZCubes of two files.
func smallTable(t *testing.T, n, parts, cubed int) *inspect.Report {
	t.Helper()
	schema := `{"type":"struct","fields":[{"name":"p","type":"string","nullable":true,"metadata":{}},{"name":"id","type":"long","nullable":true,"metadata":{}}]}`
	md := deltalog.Metadata{ID: "t", SchemaString: schema}
	if parts > 0 {
		md.PartitionColumns = []string{"p"}
	}
	acts := []deltalog.Action{deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2}, md}
	for i := 0; i < n; i++ {
		f := deltalog.AddFile{Path: fmt.Sprintf("f%03d", i), Size: 1000, DataChange: true,
			Stats: fmt.Sprintf(`{"numRecords":10,"minValues":{"id":%d},"maxValues":{"id":%d},"nullCount":{"id":0}}`, i, i+1)}
		if parts > 0 {
			f.PartitionValues = map[string]string{"p": fmt.Sprintf("region-%d", i%parts)}
		}
		if i < cubed {
			f = f.WithZCube(fmt.Sprintf("%08d-aaaa-bbbb-cccc-dddddddddddd", i/2), []string{"id"})
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
	if err != nil || r.Error != nil {
		t.Fatal(err, r.Error)
	}
	return r
}

// Six files of a small table are six cells of at most maxCell, in a grid only as high as
// they need, not six that fill a 1200×560 area; at twice the device pixels, twice as large.
func TestSizedGridFitsASmallTable(t *testing.T) {
	for _, scale := range []float64{1, 2} {
		for _, by := range []GroupBy{ByNone, ByPartition} {
			r := smallTable(t, 6, 2, 0)
			g := SizedGrid(nil, r, nil, by, 1200*scale, 560*scale, scale)
			if g.Len() != 6 {
				t.Fatalf("%d cells", g.Len())
			}
			for i := range g.Len() {
				c := g.Cell(i)
				if max(c.W, c.H) > maxCell*1.05*scale {
					t.Errorf("scale %v by %s: a %.0f×%.0f cell, larger than %d CSS px", scale, by, c.W, c.H, maxCell)
				}
				if c.Y+c.H > g.H {
					t.Errorf("scale %v by %s: a cell ends at %.0f, under the grid's height %.0f", scale, by, c.Y+c.H, g.H)
				}
			}
			if g.H > 160*scale {
				t.Errorf("scale %v by %s: the grid is %.0f px high for six files", scale, by, g.H)
			}
		}
	}
}

// The groups are named on the grid under their columns, each name within its room and clear
// of the next; a ZCube's id is cut to eight characters.
func TestGridTagsNameTheGroups(t *testing.T) {
	r := smallTable(t, 6, 3, 0)
	g := SizedGrid(nil, r, nil, ByPartition, 900, 500, 1)
	var names []string
	for _, tg := range g.Tags {
		names = append(names, tg.Text)
	}
	if strings.Join(names, " ") != "p=region-0 p=region-1 p=region-2" {
		t.Errorf("tags %q", names)
	}
	checkTags(t, g)
	r = smallTable(t, 8, 0, 6)
	g = SizedGrid(nil, r, nil, ByZCube, 900, 500, 1)
	names = names[:0]
	for _, tg := range g.Tags {
		names = append(names, tg.Text)
	}
	if strings.Join(names, "|") != "ZCube 00000000…|ZCube 00000001…|ZCube 00000002…|no ZCube" {
		t.Errorf("tags %q", names)
	}
	svg := TagsSVG(g, 900, g.H, 1)
	if strings.Count(svg, "<text") != 4 || !strings.Contains(svg, "ZCube 00000000-aaaa-bbbb-cccc-dddddddddddd: 2 files, 2.0 KiB, open") {
		t.Errorf("svg %s", svg)
	}
}

// With more groups than names fit, every k-th is named, tagSpace apart at least, and the last.
func TestGridTagsThinOut(t *testing.T) {
	r := smallTable(t, 303, 0, 300) // 150 ZCubes and three files in none
	g := SizedGrid(nil, r, nil, ByZCube, 800, 400, 1)
	if len(g.Tags) < 5 || len(g.Tags) > 800/tagSpace+1 {
		t.Errorf("%d tags for 151 groups in 800 px", len(g.Tags))
	}
	if last := g.Tags[len(g.Tags)-1]; last.Text != "no ZCube" {
		t.Errorf("the last group is named %q", last.Text)
	}
	checkTags(t, g)
	// A phone: 360 CSS px at two device pixels each, eight cubes and the files in none.
	g = SizedGrid(nil, smallTable(t, 20, 0, 16), nil, ByZCube, 720, 440, 2)
	if last := g.Tags[len(g.Tags)-1]; last.Text != "no ZCube" || len(g.Tags) < 3 {
		t.Errorf("on a phone the names are %+v", g.Tags)
	}
	checkTags(t, g)
}

func checkTags(t *testing.T, g *Grid) {
	t.Helper()
	for i, tg := range g.Tags {
		if w := view.TextWidth(tg.Text, tagSize*g.Scale); w > tg.W {
			t.Errorf("tag %q is %.0f px wide in %.0f", tg.Text, w, tg.W)
		}
		if i > 0 && g.Tags[i-1].X+g.Tags[i-1].W > tg.X {
			t.Errorf("tag %q overlaps %q", tg.Text, g.Tags[i-1].Text)
		}
		if tg.Y+tagSize*g.Scale > g.H+1 {
			t.Errorf("tag %q at %.0f, below the grid's %.0f", tg.Text, tg.Y, g.H)
		}
	}
}

var metricRe = regexp.MustCompile(`data-metric="([^"]+)" data-value="([^"]*)"`)

// The health chart shows every figure of the report's clustering_health and zcube_health, by
// its JSON name.
func TestHealthHTMLShowsTheReport(t *testing.T) {
	r := smallTable(t, 8, 0, 6)
	r.ClusteringHealth = r.ClusteringHealth[1:] // id only: p is unpartitioned here, without stats
	got := map[string]float64{}
	for _, m := range metricRe.FindAllStringSubmatch(HealthHTML(r), -1) {
		v, err := strconv.ParseFloat(m[2], 64)
		if err != nil {
			t.Fatal(err)
		}
		got[m[1]] = v
	}
	var h inspect.ColumnHealth
	for _, c := range r.ClusteringHealth {
		if c.Column == "id" {
			h = c
		}
	}
	z := r.ZCubeHealth
	want := map[string]float64{
		"clustering_health.id.overlap_mean": h.OverlapMean, "clustering_health.id.overlap_max": float64(h.OverlapMax),
		"clustering_health.id.lookup_files_mean": h.LookupFilesMean, "clustering_health.id.lookup_files_share": h.LookupFilesShare,
		"clustering_health.id.no_stats_share": h.NoStatsShare, "clustering_health.id.files_without_stats": float64(h.FilesNoStats),
		"zcube_health.sealed_share": z.SealedShare, "zcube_health.open_share": z.OpenShare, "zcube_health.no_zcube_share": z.NoZCubeShare,
		"zcube_health.cubes_sealed": float64(z.CubesSealed), "zcube_health.cubes_open": float64(z.CubesOpen),
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("chart %v\nwant %v", got, want)
	}
	if h.OverlapMax != 2 || z.OpenShare != 0.75 { // neighbouring files share a bound; 6 of 8 files' rows in open cubes
		t.Errorf("health %+v %+v", h, z)
	}
}

// TestSizedGridReusesTheOldGrid: a grid made in the slices of the one it replaces (the page's
// at each WHERE) is the grid made afresh, whatever the old one held (other files, groups,
// colours), and allocates under half of it: a million files' grid was 70 MB a WHERE.
func TestSizedGridReusesTheOldGrid(t *testing.T) {
	big, parted, small := smallTable(t, 3000, 0, 0), smallTable(t, 2000, 7, 40), smallTable(t, 30, 3, 6)
	spans := make([]float64, len(big.Files))
	for i := range spans {
		spans[i] = float64(i%17) / 16
	}
	for _, tc := range []struct {
		name string
		r    *inspect.Report
		by   GroupBy
		sp   []float64
	}{{"ungrouped", big, ByNone, spans}, {"by partition", parted, ByPartition, nil}, {"by ZCube", parted, ByZCube, nil}, {"few files", small, ByZCube, nil}} {
		want := SizedGrid(nil, tc.r, tc.sp, tc.by, 1200, 560, 1)
		for _, prev := range []*inspect.Report{big, parted, small} {
			old := SizedGrid(nil, prev, nil, ByPartition, 900, 500, 2)
			got := SizedGrid(old, tc.r, tc.sp, tc.by, 1200, 560, 1)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s after a grid of %d files: not the grid made afresh", tc.name, len(prev.Files))
			}
		}
	}
	allocated := func(f func()) uint64 {
		var a, b runtime.MemStats
		runtime.ReadMemStats(&a)
		f()
		runtime.ReadMemStats(&b)
		return b.TotalAlloc - a.TotalAlloc
	}
	g := SizedGrid(nil, big, spans, ByNone, 1200, 560, 1)
	fresh := allocated(func() { SizedGrid(nil, big, spans, ByNone, 1200, 560, 1) })
	reused := allocated(func() { g = SizedGrid(g, big, spans, ByNone, 1200, 560, 1) })
	if reused*2 > fresh {
		t.Errorf("the grid made in the old one's slices allocates %d bytes, afresh %d", reused, fresh)
	}
}
