//go:build browser

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"layoutlab/engine/inspect"
)

// healthWant is every figure the page's health chart shows, by its data-metric name, read out
// of the report's JSON as `layoutlab inspect --format json` prints it (the same Report, encoded).
func healthWant(t *testing.T, r *inspect.Report) map[string]float64 {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var j struct {
		ClusteringHealth []map[string]any `json:"clustering_health"`
		ZCubeHealth      map[string]any   `json:"zcube_health"`
	}
	if err := json.Unmarshal(b, &j); err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{}
	for _, h := range j.ClusteringHealth {
		for _, f := range []string{"overlap_mean", "overlap_max", "lookup_files_mean", "lookup_files_share", "no_stats_share", "files_without_stats"} {
			want[fmt.Sprintf("clustering_health.%s.%s", h["column"], f)] = h[f].(float64)
		}
	}
	if j.ZCubeHealth != nil {
		for _, f := range []string{"sealed_share", "open_share", "no_zcube_share", "cubes_sealed", "cubes_open"} {
			want["zcube_health."+f] = j.ZCubeHealth[f].(float64)
		}
	}
	return want
}

// healthShown reads the chart's figures off the page.
func healthShown(t *testing.T, ctx context.Context) map[string]float64 {
	t.Helper()
	pairs := eval[[][]string](t, ctx, `Array.from(document.querySelectorAll("#health [data-metric]")).map((e) => [e.dataset.metric, e.dataset.value])`)
	got := map[string]float64{}
	for _, p := range pairs {
		v, err := strconv.ParseFloat(p[1], 64)
		if err != nil {
			t.Fatalf("%s: %q", p[0], p[1])
		}
		got[p[0]] = v
	}
	return got
}

// TestHealthChartAgreesWithTheCLI opens a clustered table of ZCubes and a six-file partitioned
// table, at desktop and phone sizes, and checks that the clustering health chart shows exactly
// the figures of the CLI's JSON, that the file grid names its groups on the grid, and that six
// files are six modest cells, not a screenful. With LAYOUTLAB_SCREENSHOTS set it saves each view.
func TestHealthChartAgreesWithTheCLI(t *testing.T) {
	ctx := browser(t)
	tables := []struct{ name, dir, tag string }{
		{"clustered", clusteredWithZCubes(t), "ZCube cube-0"},
		{"partitioned", filepath.Join(tablesDir, "dat/basic_partitioned/delta"), "letter=a"},
	}
	for _, size := range []viewport{{"desktop", 1200, 900, false, 1}, {"phone", 390, 844, true, 2}} {
		emulate(t, ctx, size)
		openTablePage(t, ctx)
		for _, tb := range tables {
			if msg := give(t, ctx, archive(t, tb.dir, "zip")); msg != "" {
				t.Fatalf("opening %s: %s", tb.name, msg)
			}
			r, err := inspect.Inspect(os.DirFS(tb.dir), tb.name, inspect.Options{Version: -1})
			if err != nil {
				t.Fatal(err)
			}
			want, got := healthWant(t, r), healthShown(t, ctx)
			if len(want) == 0 || fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s %s: the chart shows\n%v\nthe CLI\n%v", size.name, tb.name, got, want)
			}
			if (r.ZCubeHealth != nil) != strings.Contains(tb.name, "clustered") {
				t.Errorf("%s: zcube_health %+v", tb.name, r.ZCubeHealth)
			}
			tags := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#grid-tags text")).map((e) => e.lastChild.textContent)`)
			if !strings.Contains(strings.Join(tags, "|"), strings.TrimSuffix(tb.tag, "…")) && !anyPrefix(tags, tb.tag) {
				t.Errorf("%s %s: the grid's names %q do not name %q", size.name, tb.name, tags, tb.tag)
			}
			h := eval[float64](t, ctx, `document.getElementById("grid").getBoundingClientRect().height`)
			if tb.name == "partitioned" && h > 200 {
				t.Errorf("%s: six files take a grid %.0f px high", size.name, h)
			}
			t.Logf("%s %s: grid %.0f px high, names %q", size.name, tb.name, h, tags)
			if dir := os.Getenv("LAYOUTLAB_SCREENSHOTS"); dir != "" {
				eval[bool](t, ctx, `(document.getElementById("grid").scrollIntoView({block: "start"}), true)`)
				if buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
					os.WriteFile(filepath.Join(dir, "health-"+size.name+"-"+tb.name+".png"), buf, 0o644)
				}
			}
		}
	}
}

// anyPrefix says whether a name shown starts as want does (a name cut to its room ends in …).
func anyPrefix(shown []string, want string) bool {
	for _, s := range shown {
		if cut, ok := strings.CutSuffix(s, "…"); ok && cut != "" && strings.HasPrefix(want, cut) {
			return true
		}
	}
	return false
}
