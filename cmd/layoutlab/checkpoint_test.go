package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// The Parquet checkpoints engine/deltalog/parquetjson tests with (see its testdata/PROVENANCE.md).
const parquetTestdata = "../../engine/deltalog/parquetjson/testdata"

// hostileFields is the field each hostile checkpoint's error must name.
var hostileFields = map[string]string{
	"num-rows-3e7":               "num_rows",
	"num-rows-1e9":               "num_rows",
	"num-rows-4.6e18":            "num_rows",
	"row-group-rows":             "num_rows",
	"chunk-compressed-size":      "total_compressed_size",
	"chunk-offset":               "page offset",
	"chunk-num-values":           "num_values",
	"chunk-uncompressed-size":    "total_uncompressed_size",
	"footer-list-length":         "row_groups",
	"page-uncompressed-size":     "uncompressed_page_size",
	"page-snappy-length":         "uncompressed_page_size",
	"page-compressed-size":       "compressed_page_size",
	"page-num-values":            "num_values",
	"dictionary-num-values":      "dictionary_page_header.num_values",
	"dictionary-path-20000-rows": "MaxDecodedBytes",
}

// TestInspectHostileCheckpoints: `inspect` on a table whose checkpoint declares counts or sizes
// its file cannot hold exits 2 naming the checkpoint and the field, and prints no report.
func TestInspectHostileCheckpoints(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join(parquetTestdata, "hostile", "*"))
	if len(dirs) != len(hostileFields) {
		t.Errorf("%d hostile tables, %d with a field to name", len(dirs), len(hostileFields))
	}
	for _, dir := range dirs {
		name := filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			field, ok := hostileFields[name]
			if !ok {
				t.Fatalf("no field for %s", name)
			}
			var out, errb bytes.Buffer
			code := dispatch([]string{"inspect", dir, "--format", "json"}, &out, &errb)
			msg := errb.String()
			if code != 2 || out.Len() != 0 || !strings.Contains(msg, "_delta_log/00000000000000000001.checkpoint.parquet: ") || !strings.Contains(msg, field) {
				t.Errorf("exit %d, stdout %d bytes, stderr %q; want exit 2 naming the checkpoint and %s", code, out.Len(), msg, field)
			}
		})
	}
}

// TestInspectLegacyCheckpoints: `inspect` reports the same on a table read from its legacy-shape
// checkpoint alone as on its JSON commits alone.
func TestInspectLegacyCheckpoints(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join(parquetTestdata, "legacy", "*"))
	if len(dirs) == 0 {
		t.Fatal("no legacy tables")
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			cpOnly, jsonOnly := t.TempDir(), t.TempDir()
			for _, d := range []string{cpOnly, jsonOnly} {
				os.MkdirAll(filepath.Join(d, "_delta_log"), 0o755)
			}
			names, _ := filepath.Glob(filepath.Join(dir, "_delta_log", "*"))
			for _, n := range names {
				b, err := os.ReadFile(n)
				if err != nil {
					t.Fatal(err)
				}
				to := jsonOnly
				if strings.HasSuffix(n, ".parquet") {
					to = cpOnly
				}
				os.WriteFile(filepath.Join(to, "_delta_log", filepath.Base(n)), b, 0o644)
			}
			report := func(d string) string {
				var out, errb bytes.Buffer
				if code := dispatch([]string{"inspect", d, "--format", "json", "--where", "p = 'c'"}, &out, &errb); code != 0 {
					t.Fatalf("exit %d: %s", code, errb.String())
				}
				return out.String()
			}
			cp, js := report(cpOnly), report(jsonOnly)
			if !strings.Contains(cp, `"p": "c"`) {
				t.Errorf("partition values missing from the checkpoint's report:\n%s", cp)
			}
			// The commits alone also give the commits' history, which a checkpoint does not
			// hold, and the two tables are in different directories.
			cut := func(s string) map[string]any {
				var m map[string]any
				if err := json.Unmarshal([]byte(s), &m); err != nil {
					t.Fatal(err)
				}
				delete(m, "history")
				delete(m["describe_detail"].(map[string]any), "location")
				return m
			}
			if !reflect.DeepEqual(cut(cp), cut(js)) {
				t.Errorf("checkpoint and commits report differently:\ncheckpoint:\n%s\ncommits:\n%s", cp, js)
			}
		})
	}
}
