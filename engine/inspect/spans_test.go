package inspect

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/deltalog/parquetjson"
	"layoutlab/engine/table"
	"layoutlab/engine/work"
)

// Spans is SpansYield without a Yield, for the tests and benchmarks (the page's programs give
// one).
func (in *Inspector) Spans(column string) ([]float64, error) {
	return in.SpansYield(column, nil)
}

func TestSpans(t *testing.T) {
	schema := `{"type":"struct","fields":[{"name":"id","type":"long","nullable":true,"metadata":{}},{"name":"p","type":"string","nullable":true,"metadata":{}},{"name":"tags","type":{"type":"array","elementType":"string","containsNull":true},"nullable":true,"metadata":{}}]}`
	add := func(path, stats string) deltalog.AddFile {
		return deltalog.AddFile{Path: path, PartitionValues: map[string]string{"p": "x"}, Size: 10, DataChange: true, Stats: stats}
	}
	s, err := deltalog.Replay([]deltalog.Commit{{Version: 0, Actions: []deltalog.Action{
		deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2},
		deltalog.Metadata{ID: "t", SchemaString: schema, PartitionColumns: []string{"p"}},
		add("a", `{"numRecords":10,"minValues":{"id":0},"maxValues":{"id":9}}`),
		add("b", `{"numRecords":10,"minValues":{"id":10},"maxValues":{"id":19}}`),
		add("c", `{"numRecords":10,"minValues":{"id":0},"maxValues":{"id":19}}`),
		add("d", `{"numRecords":10,"minValues":{"id":5},"maxValues":{"id":5}}`),
		add("e", `{"numRecords":10,"nullCount":{"id":10}}`),
		add("f", ""),
	}}})
	if err != nil {
		t.Fatal(err)
	}
	in := NewInspector(s, "t")
	if cols := in.SpanColumns(); !slices.Equal(cols, []string{"id"}) {
		t.Fatalf("SpanColumns = %v; want [id] (p is a partition column, tags an array)", cols)
	}
	got, err := in.Spans("id")
	if err != nil {
		t.Fatal(err)
	}
	// Distinct endpoints 0, 5, 9, 10, 19: D = 5.
	want := []float64{3.0 / 5, 2.0 / 5, 5.0 / 5, 1.0 / 5, -1, -1}
	if !slices.Equal(got, want) {
		t.Errorf("Spans(id) = %v, want %v", got, want)
	}
	if _, err := in.Spans("nope"); err == nil {
		t.Error("Spans of an unknown column: no error")
	}
}

// TestInspectorAnswersAsInspect: an Inspector kept for several WHEREs gives each the
// Report a fresh inspection gives.
func TestInspectorAnswersAsInspect(t *testing.T) {
	for _, c := range []struct {
		table string
		where []string
	}{
		{"dat/basic_partitioned/delta", []string{"letter = 'a'", "", "number > 3 OR letter IS NULL", "nope = 1"}},
		{"delta-rs/table-with-domain-metadata", []string{"id = 3", "department = 'x'", ""}},
		{"delta/data-skipping-basic-stats-all-types-columnmapping-name", []string{"as_int > 0", "as_string = 'x'"}},
	} {
		fsys := os.DirFS(filepath.Join("../deltalog/testdata/tables", c.table))
		_, in, err := Open(fsys, c.table, Options{Version: -1})
		if err != nil || in == nil {
			t.Fatalf("%s: %v", c.table, err)
		}
		for _, w := range c.where {
			want, err := Inspect(fsys, c.table, Options{Version: -1, Where: w})
			if err != nil {
				t.Fatal(err)
			}
			if got := in.Report(w); !reflect.DeepEqual(got, want) {
				t.Errorf("%s WHERE %q: the kept Inspector's Report differs from a fresh inspection's", c.table, w)
			}
		}
	}
}

// TestProgress: Open tells its Yield how far it has read, up to the file count, and each step
// that reports no progress as it begins: the sort's two halves and the statistics' start, and
// those after them (the page ends its task at each).
func TestProgress(t *testing.T) {
	m, err := benchTable(testFiles)
	if err != nil {
		t.Fatal(err)
	}
	var calls, rows, verdicts []int
	var steps []string
	turned := 0
	r, _, err := Open(m, "bench", Options{Version: -1, Yield: func(p work.Progress) error {
		switch p.Step {
		case statisticsStep:
			if p.Total != testFiles || p.Unit != "files" {
				t.Errorf("statistics' progress %v, want of %d files", p, testFiles)
			}
			calls = append(calls, p.Done)
		case verdictStep:
			if p.Total != testFiles || p.Unit != "files" {
				t.Errorf("verdicts' progress %v, want of %d files", p, testFiles)
			}
			verdicts = append(verdicts, p.Done)
		case "Reading the checkpoint":
			if p.Total != testFiles+2 || p.Unit != "actions" { // the adds, the protocol and the metaData
				t.Errorf("checkpoint progress %v, want of %d actions", p, testFiles+2)
			}
			rows = append(rows, p.Done)
		case "binning the partitions": // the planner's
		default:
			if p.Unit == "" && p.Total > 0 { // a turn within a column's clustering health (turnsOf)
				if len(steps) == 0 || steps[len(steps)-1] != p.Step || !strings.HasPrefix(p.Step, "the clustering health of ") {
					t.Errorf("a turn %v outside the clustering health's step", p)
				}
				turned++
				return nil
			}
			if p.Total != 0 {
				t.Errorf("progress %v of an unknown step", p)
			}
			if before := len(steps) < 3; before != (len(calls) == 0) || !before && calls[len(calls)-1] != testFiles {
				t.Errorf("step %q after progress %v: the sort's and the statistics' steps come before them, the others after", p.Step, calls)
			}
			steps = append(steps, p.Step)
		}
		return nil
	}})
	if err != nil || r.FilesTotal != testFiles {
		t.Fatalf("%v, %d files", err, r.FilesTotal)
	}
	if !slices.Equal(calls, []int{0, progressEvery, testFiles}) {
		t.Errorf("progress at %v, want [0 %d %d]", calls, progressEvery, testFiles)
	}
	if !slices.Equal(verdicts, []int{0, progressEvery, testFiles}) {
		t.Errorf("verdicts' progress at %v, want [0 %d %d]", verdicts, progressEvery, testFiles)
	}
	// Not clustered: no Fabric plan. The clustering health is a step per column.
	if want := []string{"the files' paths", "the files, by path", "the files' statistics", "the clustering health of id", "the clustering health of day",
		"the clustering health of name", "the next OPTIMIZE's plan (open-source Delta Lake)", "the files' verdicts"}; !slices.Equal(steps, want) {
		t.Errorf("steps %q, want %q", steps, want)
	}
	if turned < 2*3 { // each of the three columns' two sorts
		t.Errorf("%d turns within the clustering health, want each column's sorts'", turned)
	}
	// The checkpoint is read column by column: progress rises through each column's rows to
	// every row of every column read.
	if len(rows) < 3 || rows[0] != 0 || rows[len(rows)-1] != testFiles+2 || !slices.IsSorted(rows) {
		t.Errorf("checkpoint progress at %v, want a rise from 0 to %d", rows, testFiles+2)
	}
}

// TestYieldStopsOpen: a Yield's error at any of its calls (inside the checkpoint's reading,
// the files' sort, the statistics, the plan, the verdicts) stops Open, which returns that error
// as it is, no Report and no Inspector; a later Open of the same files is whole.
func TestYieldStopsOpen(t *testing.T) {
	m, err := benchTable(testFiles)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Inspect(m, "bench", Options{Version: -1, Where: "id = 5"})
	if err != nil {
		t.Fatal(err)
	}
	stop := errors.New("stop")
	seen := map[string]bool{}
	for at := 1; ; at++ {
		calls := 0
		var last work.Progress
		r, in, err := Open(m, "bench", Options{Version: -1, Where: "id = 5", Yield: func(p work.Progress) error {
			if calls++; calls == at {
				last = p
				return stop
			}
			return nil
		}})
		if calls < at {
			if err != nil || r == nil {
				t.Fatalf("a run the Yield let finish: %v", err)
			}
			break
		}
		seen[last.Step] = true
		if err != stop || r != nil || in != nil {
			t.Fatalf("stopped at %v: Open returned %v (Report %v, Inspector %v), want the Yield's error alone", last, err, r != nil, in != nil)
		}
	}
	for _, step := range []string{"Reading the checkpoint", "the files, by path", statisticsStep, "binning the partitions", verdictStep} {
		if !seen[step] {
			t.Errorf("never stopped in %q (stopped in %v)", step, seen)
		}
	}
	got, err := Inspect(m, "bench", Options{Version: -1, Where: "id = 5"})
	a, _ := json.Marshal(got)
	b, _ := json.Marshal(want)
	if err != nil || string(a) != string(b) {
		t.Error("an Open after the stopped ones differs", err)
	}
}

// A decimal(38) column's statistics rank by their whole value: 2^64 and 1 share their low word.
func TestRankerWideDecimals(t *testing.T) {
	typ := table.Type{Kind: table.Decimal, Precision: 38, Scale: 2}
	var all []table.Value
	for _, s := range []string{"184467440737095516.16", "0.01", "-184467440737095516.16", "0.01", "99999999999999999999999999999999999.99"} {
		v, err := table.ParseDecimal(s, typ)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, v)
	}
	got, distinct, _ := denseRanks(all, nil)
	if want := []int32{2, 1, 0, 1, 3}; distinct != 4 || !slices.Equal(got, want) {
		t.Errorf("ranks %v of %d distinct, want %v of 4", got, distinct, want)
	}
}

// Integers are ranked as the simulator ranks a column; their ranks are those table.Compare
// gives, for negative values, duplicates, values far apart, and more values than a block.
func TestDenseRanksOfIntegers(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for _, n := range []int{1, 2, 300, spanBlock + 1000, 3 * spanBlock} {
		all := make([]table.Value, n)
		for i := range all {
			v := rng.Int64N(int64(n/3+2)) - int64(n/6)
			if i%7 == 0 {
				v = rng.Int64() - math.MaxInt64/2*rng.Int64N(3) // far apart, both signs
			}
			all[i] = table.Value{Kind: table.Bigint, I: v}
		}
		got, distinct, _ := denseRanks(all, nil)
		want, wantDistinct := compareRanks(all)
		for i, v := range all {
			if got[i] != want[i] {
				t.Fatalf("n=%d: value %d ranked %d, want %d", n, v.I, got[i], want[i])
			}
		}
		if distinct != wantDistinct {
			t.Errorf("n=%d: %d distinct, want %d", n, distinct, wantDistinct)
		}
	}
}

// TestStatsNotKeptAnswerAlike: an Inspector that kept no statistics column (newInspector as
// Inspect without a WHERE makes it) reads the columns a WHERE or Spans names when asked, only
// those, and answers as one that read every column.
func TestStatsNotKeptAnswerAlike(t *testing.T) {
	for _, c := range []struct {
		table string
		where []string
	}{
		{"dat/basic_partitioned/delta", []string{"", "letter = 'a'", "number > 3 OR letter IS NULL", "nope = 1", "a_float IS NULL", "number IS NOT NULL"}},
		{"delta-rs/table-with-domain-metadata", []string{"id = 3", "department = 'x'", ""}},
		{"delta/data-skipping-basic-stats-all-types-columnmapping-name", []string{"as_int > 0", "as_string = 'x'", "as_int = as_long", "NOT (as_double < 1 AND as_string > 'a')"}},
	} {
		fsys := os.DirFS(filepath.Join("../deltalog/testdata/tables", c.table))
		s, err := deltalog.OpenSnapshot(fsys, deltalog.OpenOptions{Version: -1, Parquet: parquetjson.Rows})
		if err != nil {
			t.Fatal(err)
		}
		all := mustInspector(newInspector(s, c.table, nil, Options{}, false))
		every := make([]int, len(all.pleaves))
		for j := range every {
			every[j] = j
		}
		all.readLeaves(every)
		for _, w := range c.where {
			lazy := mustInspector(newInspector(s, c.table, nil, Options{}, false))
			kept := distinctLeaves(lazy.firstLeaves("", false)) // a clustering column, for Fabric's score
			if n := readColumns(lazy); n != len(kept) || n > 1 {
				t.Fatalf("%s: %d columns kept by Inspect without a WHERE", c.table, n)
			}
			got, want := lazy.Report(w), all.Report(w)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s WHERE %q: the Report differs when the statistics were not kept", c.table, w)
			}
			if got.Error == nil && w != "" {
				if n, named := readColumns(lazy), len(distinctLeaves(append(kept, whereLeaves(w, lazy.lleaves)...))); n != named {
					t.Errorf("%s WHERE %q: %d columns read, the WHERE names %d", c.table, w, n, named)
				}
			}
			// The same WHERE given to Open is read in its first pass.
			first := mustInspector(newInspector(s, c.table, nil, Options{Where: w}, false))
			if got := first.Report(w); !reflect.DeepEqual(got, want) {
				t.Errorf("%s WHERE %q: the Report differs when its columns are kept from the first read", c.table, w)
			}
		}
		for _, col := range all.SpanColumns() {
			lazy := mustInspector(newInspector(s, c.table, nil, Options{}, false))
			got, err1 := lazy.Spans(col)
			want, err2 := all.Spans(col)
			if !reflect.DeepEqual(got, want) || (err1 == nil) != (err2 == nil) {
				t.Errorf("%s Spans(%s) = %v, want %v", c.table, col, got, want)
			}
			if n := readColumns(lazy); n != len(distinctLeaves(append(lazy.firstLeaves("", false), lazy.spanLeaf(col)))) {
				t.Errorf("%s Spans(%s) read %d columns", c.table, col, n)
			}
		}
		// The page's Inspector keeps its first colouring column from the first read.
		page := mustInspector(newInspector(s, c.table, nil, Options{}, true))
		if col := page.DefaultSpanColumn(); col != "" && page.cols.leaves[page.spanLeaf(col)] == nil {
			t.Errorf("%s: the default colouring column %s was not kept", c.table, col)
		}
	}
}

// readColumns counts the statistics columns an Inspector has read.
func readColumns(in *Inspector) int {
	n := 0
	for _, l := range in.cols.leaves {
		if l != nil {
			n++
		}
	}
	return n
}

// distinctLeaves is leaves without repeats or -1s.
func distinctLeaves(leaves []int) []int {
	var out []int
	for _, j := range leaves {
		if j >= 0 && !slices.Contains(out, j) {
			out = append(out, j)
		}
	}
	return out
}
