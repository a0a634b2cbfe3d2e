package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// eventsIndexingOne is a copy of the generated event table whose second commit sets
// delta.dataSkippingNumIndexedCols = 1: its files' statistics on user_id stay in the log, but
// Delta's reader no longer uses them (they are outside the stats schema).
func eventsIndexingOne(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "events")
	if err := os.CopyFS(dir, os.DirFS(eventsTable)); err != nil {
		t.Fatal(err)
	}
	v0, err := os.ReadFile(filepath.Join(dir, "_delta_log", "00000000000000000000.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(v0), "\n") {
		var a map[string]map[string]any
		if json.Unmarshal([]byte(line), &a) != nil || a["metaData"] == nil {
			continue
		}
		a["metaData"]["configuration"] = map[string]string{"delta.dataSkippingNumIndexedCols": "1"}
		md, _ := json.Marshal(a)
		commit := string(md) + "\n" + `{"commitInfo":{"timestamp":1735776000000,"operation":"SET TBLPROPERTIES","operationParameters":{}}}` + "\n"
		if err := os.WriteFile(filepath.Join(dir, "_delta_log", "00000000000000000001.json"), []byte(commit), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	t.Fatal("no metaData in the event table's first commit")
	return ""
}

// On a table indexing only event_date, lookups on user_id read every file today (the log's
// user_id bounds are outside the stats schema), CLUSTER BY (user_id) is refused for want of
// statistics and offered with delta.dataSkippingStatsColumns; --write writes that candidate
// with the property, and inspect --where on the copy reads exactly the files predicted.
func TestAdviseWriteStatsColumns(t *testing.T) {
	dir := eventsIndexingOne(t)
	wl := "../../engine/advise/testdata/user_lookups.workload"
	code, out, stderr := runAdviseCLI(t, dir, "--workload", wl, "--max-file-size", "20000", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Today struct {
			Files   int
			Queries []struct {
				FilesRead int `json:"files_read"`
			}
		}
		Candidates []struct {
			Layout       string
			Keys         []string
			StatsColumns []string `json:"stats_columns"`
			Error        *struct{ Class string }
			Queries      []predictedQuery
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	for _, q := range rep.Today.Queries {
		if q.FilesRead != rep.Today.Files {
			t.Errorf("today a lookup on user_id reads %d of %d files: the log's user_id bounds are outside the stats schema", q.FilesRead, rep.Today.Files)
		}
	}
	written := 0
	for i, c := range rep.Candidates {
		if c.Error != nil || len(c.StatsColumns) == 0 {
			continue
		}
		dir2 := filepath.Join(t.TempDir(), "out")
		code, _, stderr := runAdviseCLI(t, dir, "--workload", wl, "--max-file-size", "20000", "--write", dir2, "--candidate", fmt.Sprint(i))
		if code != 0 {
			t.Fatalf("candidate %d (%s %v): exit %d %s", i, c.Layout, c.Keys, code, stderr)
		}
		provePredicted(t, i, dir2, c.Queries)
		written++
	}
	t.Logf("%d candidates with delta.dataSkippingStatsColumns written and proved", written)
	if written == 0 {
		t.Fatalf("no candidate with delta.dataSkippingStatsColumns among %+v", rep.Candidates)
	}
}
