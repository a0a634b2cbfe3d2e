package parquetjson

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"layoutlab/engine/deltalog"
)

// TestRowsMatchLines: every Parquet checkpoint and sidecar of the real tables decodes to the
// same snapshot through Rows (adds straight to AddFile) as through Lines (every action as JSON),
// at every version the log can give: the typed path is only faster.
func TestRowsMatchLines(t *testing.T) {
	logs, _ := filepath.Glob("../testdata/tables/*/*/_delta_log")
	more, _ := filepath.Glob("../testdata/tables/*/*/*/_delta_log")
	logs = append(logs, more...)
	checked := 0
	for _, log := range logs {
		parquets, _ := filepath.Glob(filepath.Join(log, "*.parquet"))
		if len(parquets) == 0 {
			continue
		}
		root := os.DirFS(filepath.Dir(log))
		l, err := deltalog.List(root)
		if err != nil {
			t.Fatal(err)
		}
		for v := l.Earliest(); v <= l.MaxVersion; v++ {
			want, werr := deltalog.OpenSnapshot(root, deltalog.OpenOptions{Version: v, Parquet: linesAsRows})
			got, gerr := deltalog.OpenSnapshot(root, deltalog.OpenOptions{Version: v, Parquet: Rows})
			if (werr == nil) != (gerr == nil) || (werr != nil && werr.Error() != gerr.Error()) {
				t.Errorf("%s v%d: Lines %v, Rows %v", log, v, werr, gerr)
				continue
			}
			if werr != nil {
				continue
			}
			if !reflect.DeepEqual(want.Files(), got.Files()) {
				wf, gf := want.Files(), got.Files()
				for i := range min(len(wf), len(gf)) {
					if !reflect.DeepEqual(wf[i], gf[i]) {
						t.Errorf("%s v%d file %d:\nLines %+v\nRows  %+v", log, v, i, wf[i], gf[i])
						break
					}
				}
				t.Errorf("%s v%d: %d files through Lines, %d through Rows", log, v, len(wf), len(gf))
			}
			if !reflect.DeepEqual(want.Metadata(), got.Metadata()) || !reflect.DeepEqual(want.Protocol(), got.Protocol()) ||
				!reflect.DeepEqual(want.Domains(), got.Domains()) {
				t.Errorf("%s v%d: metadata, protocol or domains differ", log, v)
			}
			checked++
		}
	}
	// The typed path is taken: most adds of these checkpoints decode to AddFile directly (those
	// with statistics only as stats_parsed go through JSON).
	typed, viaJSON := 0, 0
	files, _ := filepath.Glob("../testdata/tables/*/*/_delta_log/*.parquet")
	sidecars, _ := filepath.Glob("../testdata/tables/*/*/_delta_log/_sidecars/*.parquet")
	for _, f := range append(files, sidecars...) {
		b, _ := os.ReadFile(f)
		pa, err := Rows(bytes.NewReader(b), int64(len(b)), nil)
		if err != nil {
			continue // the corrupt-file tests' fixtures
		}
		typed += len(pa.Adds)
		for _, l := range pa.Lines {
			if strings.HasPrefix(string(l.JSON), `{"add"`) {
				viaJSON++
			}
		}
	}
	t.Logf("adds decoded typed: %d, through JSON: %d", typed, viaJSON)
	if typed < viaJSON || typed == 0 {
		t.Errorf("only %d adds decoded typed, %d through JSON", typed, viaJSON)
	}
	if checked < 20 {
		t.Errorf("only %d snapshots checked", checked)
	}
	t.Logf("%d snapshots of %d logs", checked, len(logs))
}

func TestRowsRejectsNonCheckpoints(t *testing.T) {
	for _, b := range [][]byte{nil, []byte("PAR1"), []byte("PAR1 garbage garbage PAR1")} {
		if _, err := Rows(bytes.NewReader(b), int64(len(b)), nil); err == nil || !strings.Contains(err.Error(), "not a readable Parquet checkpoint") {
			t.Errorf("%q: got %v", b, err)
		}
	}
}
