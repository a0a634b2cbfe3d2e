package tablepage

import (
	"fmt"
	"strings"
	"testing"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
)

// OptimizeHTML draws the planner's first MaxEventRows events and says how many more there are;
// a plan with fewer shows them all.
func TestOptimizeHTMLCapsEvents(t *testing.T) {
	for _, n := range []int{3, MaxEventRows, MaxEventRows + 1, 10_003} {
		p := &inspect.OptimizePlan{Platform: "oss", Label: "open-source Delta Lake"}
		for i := 0; i < n; i++ {
			p.Events = append(p.Events, fmt.Sprintf("event %d", i))
		}
		h := OptimizeHTML(&inspect.NextOptimize{OSS: p})
		shown := min(n, MaxEventRows)
		if got := strings.Count(h, "<li>"); got != shown {
			t.Errorf("%d events: %d drawn, want %d", n, got, shown)
		}
		if !strings.Contains(h, fmt.Sprintf("<li>event %d</li>", shown-1)) || strings.Contains(h, fmt.Sprintf("<li>event %d</li>", shown)) {
			t.Errorf("%d events: not the first %d drawn", n, shown)
		}
		more := fmt.Sprintf("… and %d more", n-shown)
		if (n > MaxEventRows) != strings.Contains(h, more) {
			t.Errorf("%d events: %q said %v, want %v", n, more, strings.Contains(h, more), n > MaxEventRows)
		}
	}
}

// SummaryHTML labels a Databricks liquid preview table's clustering as that format (issue 48),
// and leaves an open-source clustered table's as it was.
func TestSummaryHTMLLabelsLiquidPreview(t *testing.T) {
	r := &inspect.Report{ClusteringColumns: []string{"id"}, ClusteringFormat: deltalog.ClusteringFormatLiquidPreview}
	if h := SummaryHTML(r); !strings.Contains(h, "clustered by id (Databricks liquid clustering preview (delta.liquid))") {
		t.Errorf("preview table: %s", h)
	}
	r.ClusteringFormat = deltalog.ClusteringFormatDelta
	if h := SummaryHTML(r); !strings.Contains(h, "clustered by id.") {
		t.Errorf("open-source clustered table: %s", h)
	}
}

// TestFileRowsHTMLGroupsDigits: a file's size and rows are written with thousands separators in
// cells that do not wrap (a phone's column broke "10485760" over three lines).
func TestFileRowsHTMLGroupsDigits(t *testing.T) {
	n := int64(1000)
	f := inspect.NewFile(&deltalog.AddFile{Path: "a.parquet", Size: 10485760}, "", "", "", nil)
	f.NumRecords = &n
	r := &inspect.Report{Files: []inspect.File{f}}
	h := FileRowsHTML(r, 0, 1)
	if !strings.Contains(h, `<td class="n">10,485,760</td><td class="n">1,000</td>`) {
		t.Errorf("file row: %s", h)
	}
}
