package advise

import (
	"testing"
)

// maxFileFor makes OPTIMIZE cut a table of rows rows into about files files.
func maxFileFor(rows, files int) int64 { return int64(rows) * rowBytes / int64(files) }

func advise(t *testing.T, tt *testTable, workload string, opt Options) *Report {
	t.Helper()
	rep, err := Advise(tt.input(workload), opt)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Error != nil {
		t.Fatalf("refused: %v", rep.Error)
	}
	return rep
}

func TestSmoke(t *testing.T) {
	tab := genTable(t, eventSpec(365), 100_000, 1)
	tt := writeTable(t, tab, 32, map[string]string{}, nil)
	rep := advise(t, tt, "3: user_id = 31415926\nuser_id = 42\n", Options{MaxFileSize: maxFileFor(100_000, 32), IngestBytesPerDay: -1})
	for i, c := range rep.Candidates {
		t.Logf("%d %s %v err=%v files=%d fw=%.2f bw=%.0f first=%d nightly=%d %v", i, c.Layout, c.Keys, c.Error, c.Files, c.FilesReadWeighted, c.BytesReadWeighted, c.FirstOptimizeBytes, c.NightlyOptimizeBytes, c.Notes)
	}
	t.Logf("today %+v ingest %+v pareto %v rec %+v", rep.Today, rep.Ingest, rep.Pareto, rep.Recommendation)
}
