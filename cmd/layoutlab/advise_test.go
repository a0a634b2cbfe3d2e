package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const adviseTable = "../../engine/deltalog/testdata/tables/dat/basic_partitioned/delta"

func runAdviseCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := dispatch(append([]string{"advise"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

func writeWorkload(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "workload.txt")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// The JSON holds every field the issue lists, and the table as it is reads today's files.
func TestAdviseJSON(t *testing.T) {
	wl := writeWorkload(t, "# lookups\n2: letter = 'a'\n\nnumber > 3\n")
	code, out, stderr := runAdviseCLI(t, adviseTable, "--workload", wl, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep map[string]any
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"today", "health", "candidates", "pareto", "recommendation", "sample"} {
		if rep[k] == nil {
			t.Errorf("no %q", k)
		}
	}
	c := rep["candidates"].([]any)[0].(map[string]any)
	for _, k := range []string{"layout", "keys", "queries", "files_read_weighted", "bytes_read_weighted", "first_optimize_bytes", "nightly_optimize_bytes", "files", "error"} {
		if _, ok := c[k]; !ok {
			t.Errorf("candidate has no %q", k)
		}
	}
	today, _ := json.Marshal(rep["today"].(map[string]any)["queries"])
	asIs, _ := json.Marshal(c["queries"])
	if string(today) != string(asIs) {
		t.Errorf("as is %s, today %s", asIs, today)
	}
	for _, k := range []string{"reasons", "sql"} {
		if _, ok := rep["recommendation"].(map[string]any)[k]; !ok {
			t.Errorf("recommendation has no %q", k)
		}
	}
}

// Without the data files: today's figures and the message, exit 0.
func TestAdviseWithoutDataFiles(t *testing.T) {
	dir := t.TempDir()
	logDir := filepath.Join(dir, "_delta_log")
	os.MkdirAll(logDir, 0o755)
	entries, _ := os.ReadDir(filepath.Join(adviseTable, "_delta_log"))
	for _, e := range entries {
		b, _ := os.ReadFile(filepath.Join(adviseTable, "_delta_log", e.Name()))
		os.WriteFile(filepath.Join(logDir, e.Name()), b, 0o644)
	}
	wl := writeWorkload(t, "letter = 'a'\n")
	code, out, stderr := runAdviseCLI(t, dir, "--workload", wl)
	if code != 0 || !strings.Contains(out, "needs the data files") || !strings.Contains(out, "letter = 'a' (weight 1): 2 files") {
		t.Errorf("exit %d\n%s\n%s", code, out, stderr)
	}
}

// Bad input exits 2 naming what was wrong.
func TestAdviseBadInput(t *testing.T) {
	wl := writeWorkload(t, "letter = 'a'\n3: nope > 1\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{adviseTable, "--workload", wl}, "workload line 2"},
		{[]string{adviseTable}, "--workload"},
		{[]string{adviseTable, "--workload", wl, "--max-keys", "5"}, "--max-keys"},
		{[]string{adviseTable, "--workload", wl, "--format", "csv"}, "--format"},
		{[]string{adviseTable, "--workload", wl, "--write", "/tmp/x"}, "--write"},
		{[]string{adviseTable, "--workload", wl, "--keys", "a,,b"}, "--keys"},
		{[]string{"--workload", wl}, "DIR is missing"},
	} {
		code, _, stderr := runAdviseCLI(t, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
}

// predictedQuery is a workload query of a candidate in advise's JSON: the files it predicts.
type predictedQuery struct {
	Where     string
	FilesRead int `json:"files_read"`
}

// provePredicted: inspect DIR2 --where Q reads exactly the files candidate i predicted, for every
// query of its workload (the --write proof).
func provePredicted(t *testing.T, i int, dir2 string, queries []predictedQuery) {
	t.Helper()
	for _, q := range queries {
		var o, e bytes.Buffer
		dispatch([]string{"inspect", dir2, "--where", q.Where, "--format", "json"}, &o, &e)
		var r struct {
			FilesRead int `json:"files_read"`
		}
		if err := json.Unmarshal(o.Bytes(), &r); err != nil {
			t.Fatalf("candidate %d %s: %v %s", i, q.Where, err, e.String())
		}
		if r.FilesRead != q.FilesRead {
			t.Errorf("candidate %d %s: inspect reads %d, predicted %d", i, q.Where, r.FilesRead, q.FilesRead)
		}
	}
}

// --write DIR2 --candidate N writes a table that inspect --where reads as predicted.
func TestAdviseWrite(t *testing.T) {
	wl := writeWorkload(t, "2: letter = 'a'\nnumber > 3\n")
	_, out, _ := runAdviseCLI(t, adviseTable, "--workload", wl, "--format", "json")
	var rep struct {
		Candidates []struct {
			Layout  string
			Error   any
			Queries []predictedQuery
		}
	}
	json.Unmarshal([]byte(out), &rep)
	for i, c := range rep.Candidates {
		if c.Error != nil || c.Layout == "as-is" {
			continue
		}
		dir2 := filepath.Join(t.TempDir(), "out")
		code, _, stderr := runAdviseCLI(t, adviseTable, "--workload", wl, "--write", dir2, "--candidate", fmt.Sprint(i))
		if code != 0 {
			t.Fatalf("candidate %d: exit %d %s", i, code, stderr)
		}
		provePredicted(t, i, dir2, c.Queries)
	}
}

const eventsTable = "../../engine/advise/testdata/events"

// Seed 003's lesson through the command line, on the generated event table with its Parquet
// files: lookups on user_id get a key set led by user_id; (event_date, user_id), given with
// --keys, reads more files a lookup.
func TestAdviseSeed003(t *testing.T) {
	code, out, stderr := runAdviseCLI(t, eventsTable, "--workload", "../../engine/advise/testdata/user_lookups.workload",
		"--keys", "event_date,user_id", "--max-file-size", "20000", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Candidates []struct {
			Layout            string
			Keys              []string
			FilesReadWeighted float64 `json:"files_read_weighted"`
		}
		Recommendation struct{ Candidate int }
		Sample         struct{ Fraction float64 }
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	got := rep.Candidates[rep.Recommendation.Candidate]
	if len(got.Keys) == 0 || got.Keys[0] != "user_id" || rep.Sample.Fraction != 1 {
		t.Fatalf("recommended %s %v (sample %v), want a key set led by user_id", got.Layout, got.Keys, rep.Sample.Fraction)
	}
	for _, c := range rep.Candidates {
		if c.Layout == "cluster" && strings.Join(c.Keys, ",") == "event_date,user_id" && c.FilesReadWeighted <= got.FilesReadWeighted {
			t.Errorf("(event_date, user_id) reads %.2f files a lookup, the recommendation %.2f", c.FilesReadWeighted, got.FilesReadWeighted)
		}
	}
}

// The text output shows a workload's control characters as escapes.
func TestAdviseTextEscapes(t *testing.T) {
	wl := writeWorkload(t, "letter = 'a\x1b[2J'\n")
	code, out, stderr := runAdviseCLI(t, adviseTable, "--workload", wl)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.Contains(out, "\x1b") || !strings.Contains(out, `\x1b[2J`) {
		t.Errorf("the escape is not escaped:\n%s", out)
	}
}
