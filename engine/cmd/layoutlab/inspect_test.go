package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
)

// tables are the real Delta tables engine/log tests with (see their PROVENANCE.md).
const tables = "../../log/testdata/tables"

// TestInspectDataDriven runs `layoutlab inspect` over the real tables; the commands in
// testdata/inspect name a table under ../../log/testdata/tables and pass flags. Regenerate
// expectations with go test -run TestInspectDataDriven -rewrite.
func TestInspectDataDriven(t *testing.T) {
	datadriven.RunTest(t, "testdata/inspect", func(t *testing.T, d *datadriven.TestData) string {
		if d.Cmd != "inspect" {
			t.Fatalf("unknown command %s", d.Cmd)
		}
		args := []string{"inspect"}
		for _, a := range d.CmdArgs {
			switch a.Key {
			case "table":
				args = append(args, filepath.Join(tables, a.Vals[0]))
			default:
				args = append(args, "--"+a.Key, strings.Join(a.Vals, ","))
			}
		}
		if w := strings.TrimSpace(d.Input); w != "" {
			args = append(args, "--where", w)
		}
		var out, errb bytes.Buffer
		code := dispatch(args, &out, &errb)
		res := out.String()
		if code != 0 {
			res += "exit " + string(rune('0'+code)) + ": " + strings.ReplaceAll(errb.String(), tables+"/", "")
		}
		return res
	})
}

// TestInspectJSONKeys: the JSON output has exactly the keys the issue lists.
func TestInspectJSONKeys(t *testing.T) {
	var out, errb bytes.Buffer
	if code := dispatch([]string{"inspect", filepath.Join(tables, "delta-rs/table-with-domain-metadata/_delta_log"),
		"--format", "json", "--where", "id = 3"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(out.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	want := []string{"version", "files_total", "files_read", "rows_total", "rows_read", "partition_columns",
		"clustering_columns", "where", "files", "describe_detail", "history", "next_optimize", "error",
		"clustering_format"} // a clustered table's: open-source delta.clustering or Databricks' liquid preview (issue 48)
	var got []string
	for k := range m {
		got = append(got, k)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("keys = %v, want %v", got, want)
	}
	var files []map[string]json.RawMessage
	json.Unmarshal(m["files"], &files)
	if len(files) != 109 {
		t.Fatalf("%d files", len(files))
	}
	fileKeys := []string{"path", "partitionValues", "size", "numRecords", "deletedRecords", "minValues", "maxValues",
		"nullCount", "read", "reason", "zcube", "clusteringProvider"}
	for k := range files[0] {
		if !slices.Contains(fileKeys, k) {
			t.Errorf("unexpected file key %s", k)
		}
	}
	for _, k := range fileKeys {
		if _, ok := files[0][k]; !ok {
			t.Errorf("file key %s missing", k)
		}
	}
}

// TestInspectBrokenLog: a truncated commit exits 2 naming the file and line.
func TestInspectBrokenLog(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "_delta_log")
	os.MkdirAll(log, 0o755)
	src := filepath.Join(tables, "dat/basic_append/delta/_delta_log")
	for _, n := range []string{"00000000000000000000.json", "00000000000000000001.json"} {
		b, err := os.ReadFile(filepath.Join(src, n))
		if err != nil {
			t.Fatal(err)
		}
		if n == "00000000000000000001.json" {
			b = b[:len(b)-40]
		}
		os.WriteFile(filepath.Join(log, n), b, 0o644)
	}
	var out, errb bytes.Buffer
	code := dispatch([]string{"inspect", dir, "--format", "json"}, &out, &errb)
	if code != 2 || out.Len() != 0 || !strings.Contains(errb.String(), "_delta_log/00000000000000000001.json:") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}
