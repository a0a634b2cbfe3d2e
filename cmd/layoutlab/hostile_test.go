package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Hostile logs through `layoutlab inspect` (issue 49): each opens, or exits 2 with an error
// naming the file and the line or field. The crafted logs are written by writeHostileLog;
// `layoutlab inspect DIR` on the same folders is how their memory was measured.

const (
	hostileProto = `{"protocol":{"minReaderVersion":1,"minWriterVersion":2}}`
	hostileMeta  = `{"metaData":{"id":"m","format":{"provider":"parquet","options":{}},"schemaString":"{\"type\":\"struct\",\"fields\":[{\"name\":\"id\",\"type\":\"long\",\"nullable\":true,\"metadata\":{}}]}","partitionColumns":[],"configuration":{}}}`
	hostileCP    = "00000000000000000001.checkpoint.3a0d65cd-4056-49b8-937b-95f9e3ee90e5.json"
)

func hostileAdd(p, stats string) string {
	return fmt.Sprintf(`{"add":{"path":%q,"partitionValues":{},"size":10,"modificationTime":1,"dataChange":true,"stats":%q}}`, p, stats)
}

func v2JSONCheckpoint(v int64, lines ...string) string {
	return strings.Join(append([]string{fmt.Sprintf(`{"checkpointMetadata":{"version":%d}}`, v), hostileProto, hostileMeta}, lines...), "\n") + "\n"
}

func sidecar(p string) string {
	return fmt.Sprintf(`{"sidecar":{"path":%q,"sizeInBytes":1,"modificationTime":1}}`, p)
}

func deepSchemaMeta(n int) string {
	s := strings.Repeat(`{"type":"struct","fields":[{"name":"s","nullable":true,"metadata":{},"type":`, n) + `"long"` + strings.Repeat(`}]}`, n)
	return fmt.Sprintf(`{"metaData":{"id":"m","format":{"provider":"parquet","options":{}},"schemaString":%q,"partitionColumns":[],"configuration":{}}}`, s)
}

// hostileLogs are the crafted _delta_log folders by case: file name to contents, "/" for a file
// at the table root.
func hostileLogs() map[string]map[string]string {
	c0 := hostileProto + "\n" + hostileMeta + "\n" + hostileAdd("a", `{"numRecords":1}`) + "\n"
	refs := make([]string, 1000)
	for i := range refs {
		refs[i] = sidecar("s.json")
	}
	return map[string]map[string]string{
		"version-gap": {"00000000000000000000.json": c0,
			"00000000000000000000.checkpoint.3a0d65cd-4056-49b8-937b-95f9e3ee90e5.json":            "",
			fmt.Sprintf("%020d.checkpoint.3a0d65cd-4056-49b8-937b-95f9e3ee90e5.json", int64(1e15)): v2JSONCheckpoint(1e15, hostileAdd("b", ""))},
		"deep-schema":       {"00000000000000000000.json": hostileProto + "\n" + deepSchemaMeta(3000) + "\n"},
		"sidecar-repeated":  {"00000000000000000000.json": c0, hostileCP: v2JSONCheckpoint(1, refs...), "_sidecars/s.json": hostileAdd("b", "") + "\n"},
		"last-checkpoint":   {"00000000000000000000.json": c0},
		"sidecar-parent":    {"00000000000000000000.json": c0, hostileCP: v2JSONCheckpoint(1, sidecar("../secret.json")), "/secret.json": hostileAdd("secret", "") + "\n"},
		"sidecar-absolute":  {"00000000000000000000.json": c0, hostileCP: v2JSONCheckpoint(1, sidecar("/etc/hostname"))},
		"sidecar-self":      {"00000000000000000000.json": c0, hostileCP: v2JSONCheckpoint(1, sidecar("../"+hostileCP))},
		"impossible-counts": {"00000000000000000000.json": hostileProto + "\n" + hostileMeta + "\n" + hostileAdd("negative", `{"numRecords":-995,"minValues":{"id":1},"maxValues":{"id":2},"nullCount":{"id":0}}`) + "\n" + hostileAdd("inverted", `{"numRecords":5,"minValues":{"id":9},"maxValues":{"id":1},"nullCount":{"id":0}}`) + "\n" + hostileAdd("garbage", `{"numRecords":`) + "\n"},
	}
}

// writeHostileLog writes case name's log under dir and returns the table root.
func writeHostileLog(t testing.TB, dir, name string) string {
	root := filepath.Join(dir, name)
	for f, data := range hostileLogs()[name] {
		p := filepath.Join(root, "_delta_log", f)
		if rest, ok := strings.CutPrefix(f, "/"); ok {
			p = filepath.Join(root, rest)
		}
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if name == "version-gap" { // the empty checkpoint at 0 was only there to make the folder
		os.Remove(filepath.Join(root, "_delta_log", "00000000000000000000.checkpoint.3a0d65cd-4056-49b8-937b-95f9e3ee90e5.json"))
	}
	if name == "last-checkpoint" {
		lc := filepath.Join(root, "_delta_log", "_last_checkpoint")
		if err := os.Symlink("/dev/zero", lc); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestInspectHostileLogs(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		args []string
		code int
		want []string // in stdout for exit 0, stderr for exit 2
	}{
		{"version-gap", nil, 0, []string{"version 1000000000000000: 1 files", "history:\n  v0 "}},
		{"version-gap", []string{"--version", "5"}, 2, []string{"_delta_log/00000000000000000001.json: commit 1 is missing"}},
		{"deep-schema", nil, 2, []string{"_delta_log/00000000000000000000.json:2: metaData: schemaString: nested deeper than the 1000-level limit"}},
		{"sidecar-repeated", nil, 0, []string{"version 1: 1 files"}},
		{"last-checkpoint", nil, 0, []string{"version 0: 1 files"}},
		{"sidecar-parent", nil, 2, []string{"_delta_log/" + hostileCP + `: sidecar path "../secret.json" is not a file name`}},
		{"sidecar-absolute", nil, 2, []string{"_delta_log/" + hostileCP + `: sidecar path "/etc/hostname" is not a file name`}},
		{"sidecar-self", nil, 2, []string{"_delta_log/" + hostileCP + `: sidecar path "../` + hostileCP + `" is not a file name`}},
		{"impossible-counts", []string{"--where", "id = 5"}, 0, []string{
			"true  negative  10 bytes, unknown rows  -- read: stats missing (no stats)",
			"statistic left out: numRecords -995 is negative: the file's statistics are not used, so it is read",
			"statistic left out: minValues.id 9 is above maxValues.id 1: both left out",
			"statistic left out: stats: unexpected EOF: the file's statistics are not used, so it is read",
		}},
	} {
		t.Run(c.name+strings.Join(c.args, ""), func(t *testing.T) {
			root := filepath.Join(dir, c.name)
			if _, err := os.Stat(root); err != nil {
				writeHostileLog(t, dir, c.name)
			}
			var out, errb bytes.Buffer
			code := dispatch(append([]string{"inspect", root}, c.args...), &out, &errb)
			got := out.String()
			if c.code != 0 {
				got = errb.String()
			}
			if code != c.code {
				t.Fatalf("exit %d, want %d; stdout %q stderr %q", code, c.code, out.String(), errb.String())
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("output does not say %q:\n%s", w, got)
				}
			}
		})
	}
}
