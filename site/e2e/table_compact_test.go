//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/deltalog/parquetjson"
	"layoutlab/engine/inspect/inspecttest"
	"layoutlab/front/tablepage"
)

// TestTheSelectedFileShowsTheLogsAddAction: a table large enough that the page keeps its
// statistics text compacted (tablepage.CompactStatsFrom files) shows a clicked file's add
// action exactly as its log holds it, statistics included, file after file: the
// page gives the text back (inspect.Inspector.AddAction), as the snapshot's adds hold none.
func TestTheSelectedFileShowsTheLogsAddAction(t *testing.T) {
	const n = tablepage.CompactStatsFrom // a multiple of inspecttest.Commits
	m, err := inspecttest.Table(n)
	if err != nil {
		t.Fatal(err)
	}
	s, err := deltalog.OpenSnapshot(m, deltalog.OpenOptions{Version: -1, Parquet: parquetjson.Rows})
	if err != nil {
		t.Fatal(err)
	}
	files := writeLog(t, m)
	ctx := browser(t)
	openTablePage(t, ctx)
	if msg := give(t, ctx, files...); msg != "" {
		t.Fatalf("opening the synthetic table: %s", msg)
	}
	// Cells of the first rows: the grid of 250,000 cells is taller than the window, and a
	// click off it reaches no cell.
	for _, cell := range []int{0, 5, 17} {
		pos := eval[[]float64](t, ctx, fmt.Sprintf(`window.layoutlabTable.cellCentre(%d)`, cell))
		if len(pos) != 3 {
			t.Fatalf("no cell %d on the grid of %d files", cell, n)
		}
		before := eval[string](t, ctx, `document.getElementById("add-action").textContent`)
		if err := chromedp.Do(ctx, chromedp.MouseClickXY(pos[0], pos[1])); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.getElementById("add-action").textContent !== %q`, before),
			chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			t.Fatalf("a click on cell %d showed no other add action than %q", cell, before)
		}
		shown := eval[string](t, ctx, `document.getElementById("add-action").textContent`)
		var act struct{ Add struct{ Path string } }
		if err := json.Unmarshal([]byte(shown), &act); err != nil {
			t.Fatalf("cell %d: the add action shown is not JSON: %v\n%s", cell, err, shown)
		}
		f, ok := s.File(act.Add.Path)
		if !ok {
			t.Fatalf("cell %d: the add action shown is of %q, no file of the log", cell, act.Add.Path)
		}
		if want := tablepage.AddActionText(f); shown != want || f.Stats == "" {
			t.Errorf("cell %d: the add action shown\n%s\nthe log's\n%s", cell, shown, want)
		}
		// A second click lets the file go.
		if err := chromedp.Do(ctx, chromedp.MouseClickXY(pos[0], pos[1])); err != nil {
			t.Fatal(err)
		}
	}
}
