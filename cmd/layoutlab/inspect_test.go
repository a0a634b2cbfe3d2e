package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cockroachdb/datadriven"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
)

// tables are the real Delta tables engine/deltalog tests with (see their PROVENANCE.md).
const tables = "../../engine/deltalog/testdata/tables"

// TestInspectDataDriven runs `layoutlab inspect` over the real tables; the commands in
// testdata/inspect name a table under ../../engine/deltalog/testdata/tables and pass flags. Regenerate
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
		"clustering_format",                 // a clustered table's: open-source delta.clustering or Databricks' liquid preview (issue 48)
		"clustering_health", "zcube_health"} // issue 51
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

// hostileTable writes a one-commit table whose strings (a path, a partition value, a ZCube id,
// a statistic, the operation) hold terminal escapes, a line break and spreadsheet formulas.
func hostileTable(t *testing.T) (dir, path string) {
	t.Helper()
	dir = t.TempDir()
	log := filepath.Join(dir, "_delta_log")
	if err := os.MkdirAll(log, 0o755); err != nil {
		t.Fatal(err)
	}
	path = "=HYPERLINK(\"http://x.example/\",\"\x1b]0;owned\x07\x1b[2J\")\nversion 9: 0 files\u202e.parquet"
	schema, _ := json.Marshal(map[string]any{"type": "struct", "fields": []any{
		map[string]any{"name": "p", "type": "string", "nullable": true, "metadata": map[string]any{}},
		map[string]any{"name": "letter", "type": "string", "nullable": true, "metadata": map[string]any{}},
	}})
	stats, _ := json.Marshal(map[string]any{"numRecords": 3,
		"minValues": map[string]any{"letter": "\x1b[31ma"}, "maxValues": map[string]any{"letter": "\x1b[31mc"},
		"nullCount": map[string]any{"letter": 0}})
	lines := []any{
		map[string]any{"protocol": map[string]any{"minReaderVersion": 1, "minWriterVersion": 2}},
		map[string]any{"metaData": map[string]any{"id": "x", "format": map[string]any{"provider": "parquet", "options": map[string]any{}},
			"schemaString": string(schema), "partitionColumns": []string{"p"}, "configuration": map[string]any{}}},
		map[string]any{"add": map[string]any{"path": path, "partitionValues": map[string]any{"p": "@SUM(1+1)\x1b[2J"}, "size": 996,
			"modificationTime": 1, "dataChange": true, "stats": string(stats),
			"tags": map[string]any{"ZCUBE_ID": "-2+3\x1b[5m", "ZCUBE_ZORDER_BY": "[\"letter\"]"}}},
		map[string]any{"commitInfo": map[string]any{"timestamp": 1668830172528, "operation": "WRITE\x1b]0;title\x07\u009b2J"}},
	}
	var b bytes.Buffer
	for _, l := range lines {
		j, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(j)
		b.WriteByte('\n')
	}
	if err := os.WriteFile(filepath.Join(log, "00000000000000000000.json"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, path
}

// TestInspectTextEscapesControls: the text output shows a log's control characters, bidi
// overrides and invalid bytes as visible escapes, so the log can neither drive the terminal
// nor forge a line of the output.
func TestInspectTextEscapesControls(t *testing.T) {
	dir, _ := hostileTable(t)
	var out, errb bytes.Buffer
	if code := dispatch([]string{"inspect", dir, "--where", "letter = '\x1b[1mb'"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	text := out.String()
	for i, r := range text {
		if (r < 0x20 && r != '\n') || (r >= 0x7f && r <= 0x9f) || r == '\u202e' || r == utf8.RuneError {
			t.Errorf("raw %U at byte %d of:\n%s", r, i, text)
			break
		}
	}
	for _, want := range []string{
		`\x1b]0;owned\x07\x1b[2J")\x0aversion 9: 0 files\u202e.parquet`, // the path, on its line
		`zcube -2+3\x1b[5m (open)`,
		`WRITE\x1b]0;title\x07\u009b2J`,
		"WHERE letter = '\\x1b[1mb' reads 0 of 1 files",
		"-- pruned by letter = '\\x1b[1mb'",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	if strings.Count(text, "\nversion ") != 0 {
		t.Errorf("the path forged a line:\n%s", text)
	}
}

// TestInspectCSVNeutralisesFormulas: a cell a spreadsheet would run (= + - @ TAB CR first) is
// written with a leading ' (OWASP's CSV injection rule); numbers stay numbers.
func TestInspectCSVNeutralisesFormulas(t *testing.T) {
	dir, path := hostileTable(t)
	var out, errb bytes.Buffer
	if code := dispatch([]string{"inspect", dir, "--format", "csv"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	rows, err := csv.NewReader(&out).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 {
		t.Fatalf("%d rows: %q", len(rows), rows)
	}
	for _, row := range rows {
		for _, c := range row {
			if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
				t.Errorf("cell %q would run as a formula", c)
			}
		}
	}
	f := rows[1]
	if f[0] != "'"+path || f[7] != "'-2+3\x1b[5m" || f[2] != "996" {
		t.Errorf("path %q, zcube_id %q, size %q", f[0], f[7], f[2])
	}
}

// TestTermSafe: bytes that are not UTF-8 (a Parquet checkpoint's strings are not checked) and
// backslashes are escaped too, so that every escape in the output stands for one input byte.
func TestTermSafe(t *testing.T) {
	for in, want := range map[string]string{
		"plain/päth=1.parquet": "plain/päth=1.parquet",
		"a\xffb":               `a\xffb`,
		`a\x1b`:                `a\\x1b`,
		"\x7f\t\r":             `\x7f\x09\x0d`,
		"\u2066x\u2069":        `\u2066x\u2069`,
	} {
		if got := termSafe(in); got != want {
			t.Errorf("termSafe(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestInspectErrorEscapesControls: an error naming a file shows its name's controls escaped.
func TestInspectErrorEscapesControls(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "t\x1b]0;owned\x07")
	var out, errb bytes.Buffer
	code := dispatch([]string{"inspect", dir}, &out, &errb)
	if code != 2 || strings.ContainsAny(errb.String(), "\x1b\x07") || !strings.Contains(errb.String(), `t\x1b]0;owned\x07`) {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
}

// TestInspectJSONStreamedAsEncoded: the streamed JSON is byte for byte what encoding/json's
// indenting encoder writes for the whole report, on every real table and the hostile one.
func TestInspectJSONStreamedAsEncoded(t *testing.T) {
	var roots []string
	filepath.WalkDir(tables, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() && d.Name() == "_delta_log" {
			roots = append(roots, filepath.Dir(p))
		}
		return err
	})
	hostile, _ := hostileTable(t)
	roots = append(roots, hostile)
	if len(roots) < 20 {
		t.Fatalf("%d tables", len(roots))
	}
	var reports []*inspect.Report
	for _, root := range roots {
		for _, where := range []string{"", "id = 3"} {
			rep, err := inspect.Inspect(os.DirFS(root), root, inspect.Options{Version: -1, Where: where})
			if err == nil { // else a table the log tests keep broken on purpose
				reports = append(reports, rep)
			}
		}
	}
	// Every shape a file's fields take, and the strings encoding/json escapes.
	str := func(s string) *string { return &s }
	n := int64(-3)
	odd := "a\"q\" <b>&\x1b\x7f\u2028\xff\\ é"
	add0 := &deltalog.AddFile{Path: odd}
	add0.SetDeletionVector(&deltalog.DeletionVectorDescriptor{Cardinality: 2})
	f0 := inspect.NewFile(add0,
		"{ \"x\" : [1, {\"y\":{}}, []], \"z\":\"<\"} \n", "{}", "{\"x\":{\"y\":0}}", []string{odd, "n"})
	f0.PartitionValues, f0.NumRecords = map[string]*string{"b": nil, "a": str(odd), odd: str("")}, &n
	f0.Reason, f0.ZCube = odd, &inspect.ZCube{ID: odd, ZOrderBy: []string{"a", odd}, Size: 7, Sealed: true}
	f0.ClusteringProvider, f0.Read = str(odd), true
	f1 := inspect.NewFile(&deltalog.AddFile{Path: "p"}, "", "", "", nil)
	f1.ZCube = &inspect.ZCube{ID: "z"}
	f2 := inspect.NewFile(&deltalog.AddFile{Path: "q"}, "", "", "", []string{})
	f2.PartitionValues, f2.ZCube = map[string]*string{}, &inspect.ZCube{ZOrderBy: []string{}}
	reports = append(reports, &inspect.Report{Files: []inspect.File{f0, f1, f2}})
	if len(reports) < 40 {
		t.Fatalf("%d reports", len(reports))
	}
	for i, rep := range reports {
		var want, got bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			t.Fatal(err)
		}
		if err := writeInspectJSON(&got, rep, nil); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("report %d, where %q: streamed JSON differs:\n%s\nwant:\n%s", i, rep.Where, got.String(), want.String())
		}
	}
}
