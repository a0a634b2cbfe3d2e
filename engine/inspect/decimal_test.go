package inspect

import (
	"slices"
	"strings"
	"testing"

	"layoutlab/engine/deltalog"
)

// Decimal statistics and partition values up to decimal(38) are read exactly; one past the
// column's precision, or not a number, is left out with a note naming the column and the value,
// and the file is read for predicates on that column only.
func TestWideDecimalStatistics(t *testing.T) {
	schema := `{"type":"struct","fields":[{"name":"d","type":"decimal(38,2)","nullable":true,"metadata":{}},{"name":"id","type":"long","nullable":true,"metadata":{}},{"name":"p","type":"decimal(38,0)","nullable":true,"metadata":{}}]}`
	add := func(path, p, stats string) deltalog.AddFile {
		return deltalog.AddFile{Path: path, PartitionValues: map[string]string{"p": p}, Size: 10, DataChange: true, Stats: stats}
	}
	s, err := deltalog.Replay([]deltalog.Commit{{Version: 0, Actions: []deltalog.Action{
		deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2},
		deltalog.Metadata{ID: "t", SchemaString: schema, PartitionColumns: []string{"p"}},
		add("a", "99999999999999999999999999999999999999",
			`{"numRecords":1,"minValues":{"d":12345678901234567890.01,"id":1},"maxValues":{"d":12345678901234567890.50,"id":1},"nullCount":{"d":0,"id":0}}`),
		add("b", "-99999999999999999999999999999999999999",
			`{"numRecords":1,"minValues":{"d":12345678901234567890.51,"id":2},"maxValues":{"d":12345678901234567891.00,"id":2},"nullCount":{"d":0,"id":0}}`),
		add("c", "0", `{"numRecords":1,"minValues":{"d":1E+40,"id":3},"maxValues":{"d":1.001,"id":3},"nullCount":{"d":0,"id":0}}`),
	}}})
	if err != nil {
		t.Fatal(err)
	}
	in := NewInspector(s, "t")
	for _, c := range []struct {
		where string
		read  []string
	}{
		{"d > 12345678901234567890.50", []string{"b", "c"}},  // c has no usable max
		{"d <= 12345678901234567890.50", []string{"a", "c"}}, // nor min
		{"d BETWEEN 12345678901234567890.02 AND 12345678901234567890.49", []string{"a", "c"}},
		{"id = 3", []string{"c"}}, // c's other statistics still prune
		{"p = 99999999999999999999999999999999999999", []string{"a"}},
		{"p < 0", []string{"b"}},
	} {
		r := in.Report(c.where)
		if r.Error != nil {
			t.Fatalf("%s: %v", c.where, r.Error)
		}
		var read []string
		for _, f := range r.Files {
			if f.Read {
				read = append(read, f.Path)
			}
		}
		if !slices.Equal(read, c.read) {
			t.Errorf("%s: read %v, want %v", c.where, read, c.read)
		}
	}
	r := in.Report("")
	for _, f := range r.Files {
		notes := strings.Join(f.StatsNotes(), "; ")
		switch f.Path {
		case "c":
			for _, want := range []string{`minValues.d: decimal "1E+40" does not fit decimal(38,2)`, `maxValues.d: decimal "1.001" does not fit decimal(38,2)`} {
				if !strings.Contains(notes, want) {
					t.Errorf("c: notes %q, want one with %q", notes, want)
				}
			}
		default:
			if notes != "" {
				t.Errorf("%s: notes %q", f.Path, notes)
			}
		}
	}
	// The statistics print as the log wrote them, every digit kept.
	if got := string(r.Files[0].MaxValues()); !strings.Contains(got, "12345678901234567890.50") {
		t.Errorf("a's maxValues %s", got)
	}
}
