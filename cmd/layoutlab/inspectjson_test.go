package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
	"layoutlab/engine/inspect/inspecttest"
)

// encodedReport is the report as encoding/json's indenting encoder writes it, the bytes
// writeInspectJSON must write.
func encodedReport(t *testing.T, r *inspect.Report) []byte {
	t.Helper()
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		t.Fatal(err)
	}
	return want.Bytes()
}

// TestInspectJSONManyFilesAndBins: a table of several blocks of files, encoded by goroutines,
// whose next OPTIMIZE bins every file, is written byte for byte as encoding/json writes it,
// the files in order and each bin's paths in its place; with a WHERE too (other verdicts).
func TestInspectJSONManyFilesAndBins(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4)) // more goroutines than blocks in flight
	n := 3*fileBlock + 100 - (3*fileBlock)%100      // a multiple of inspecttest.Commits
	m, err := inspecttest.Table(n)
	if err != nil {
		t.Fatal(err)
	}
	for _, where := range []string{"", "id < 5000000"} {
		r, err := inspect.Inspect(m, "t", inspect.Options{Version: -1, Where: where})
		if err != nil || r.Error != nil {
			t.Fatal(err, r.Error)
		}
		paths := 0
		for _, b := range r.NextOptimize.OSS.Bins {
			paths += b.Files.Len()
		}
		if len(r.Files) != n || paths < n/2 {
			t.Fatalf("%d files, %d paths in the plan's bins: the test wants many of both", len(r.Files), paths)
		}
		var got bytes.Buffer
		if err := writeInspectJSON(&got, r, nil); err != nil {
			t.Fatal(err)
		}
		if want := encodedReport(t, r); !bytes.Equal(got.Bytes(), want) {
			i := 0
			for i < min(got.Len(), len(want)) && got.Bytes()[i] == want[i] {
				i++
			}
			t.Errorf("where %q: %d bytes, want %d; first difference at %d: %q, want %q", where, got.Len(), len(want), i,
				got.Bytes()[i:min(i+80, got.Len())], want[i:min(i+80, len(want))])
		}
	}
}

// binFiles is a bin's list of the paths, in a table of them in reverse order.
func binFiles(paths ...string) inspect.BinFiles {
	b := inspect.BinFiles{Refs: []int32{}}
	for i, p := range paths {
		b.Adds = slices.Insert(b.Adds, 0, &deltalog.AddFile{Path: p})
		b.Refs = append(b.Refs, int32(len(paths)-1-i))
	}
	return b
}

// TestInspectJSONBinShapes: bins whose files are nil, empty, or hold paths to escape, in both
// plans, and a plan without bins, are written as encoding/json writes them.
func TestInspectJSONBinShapes(t *testing.T) {
	odd := "a\"q\" <b>&\x1b\u2028\xff\\ é"
	plan := func(bins []inspect.Bin) *inspect.OptimizePlan {
		return &inspect.OptimizePlan{Platform: "p", Bins: bins, Events: []string{"files"}}
	}
	for i, n := range []*inspect.NextOptimize{
		{OSS: plan(nil)},
		{OSS: plan([]inspect.Bin{})},
		{OSS: plan([]inspect.Bin{{Files: inspect.BinFiles{}}, {Files: binFiles()}, {Files: binFiles("x", odd), PartitionValues: map[string]string{"files": "null"}}}),
			FabricRuntime20: plan([]inspect.Bin{{Files: binFiles(odd), NewZCubeID: "z"}, {}})},
	} {
		fileAt := func(p string) inspect.File { return inspect.NewFile(&deltalog.AddFile{Path: p}, "", "", "", nil) }
		for _, files := range [][]inspect.File{nil, {}, {fileAt("f"), fileAt(odd)}} {
			r := &inspect.Report{Files: files, NextOptimize: n, History: nil}
			var got bytes.Buffer
			if err := writeInspectJSON(&got, r, nil); err != nil {
				t.Fatal(err)
			}
			if want := encodedReport(t, r); !bytes.Equal(got.Bytes(), want) {
				t.Errorf("case %d, %d files: got\n%s\nwant\n%s", i, len(files), got.String(), want)
			}
		}
	}
}

// TestInspectJSONStopsOnABadFile: a file whose statistics are not JSON, among thousands
// encoded by goroutines, is writeInspectJSON's error (as it is encoding/json's), and the
// goroutines end.
func TestInspectJSONStopsOnABadFile(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	before := runtime.NumGoroutine()
	files := make([]inspect.File, 10*fileBlock)
	for i := range files {
		files[i] = inspect.NewFile(&deltalog.AddFile{Path: "p"}, `{"a":1}`, "", "", nil)
	}
	files[3*fileBlock+7] = inspect.NewFile(&deltalog.AddFile{Path: "p"}, `{"a":`, "", "", nil)
	r := &inspect.Report{Files: files}
	var got bytes.Buffer
	err := writeInspectJSON(&got, r, nil)
	if err == nil {
		t.Fatal("no error")
	}
	if strings.Contains(got.String(), `"a":`+"\n") {
		t.Errorf("the broken file's text was written")
	}
	if err := json.NewEncoder(&bytes.Buffer{}).Encode(r); err == nil {
		t.Fatal("encoding/json accepts it: the test wants a file it refuses")
	}
	for range 100 {
		if runtime.NumGoroutine() <= before {
			return
		}
		runtime.Gosched()
	}
	t.Errorf("%d goroutines after, %d before", runtime.NumGoroutine(), before)
}

// TestInspectJSONFilesBeforeTheRestIsMarshalled: the files are written while the report's
// fields after them are marshalled (on a goroutine), not after: a report whose health cannot be
// marshalled (a NaN) has its files written by the time that error comes, as encoding/json's
// error. Before, the whole head was marshalled first and nothing was written.
func TestInspectJSONFilesBeforeTheRestIsMarshalled(t *testing.T) {
	files := make([]inspect.File, 3*fileBlock)
	for i := range files {
		files[i] = inspect.NewFile(&deltalog.AddFile{Path: fmt.Sprintf("part-%05d", i)}, `{"a":1}`, "", "", nil)
	}
	r := &inspect.Report{Version: 3, Files: files, ClusteringHealth: []inspect.ColumnHealth{{OverlapMean: math.NaN()}}}
	var got bytes.Buffer
	err := writeInspectJSON(&got, r, nil)
	if _, want := json.Marshal(r); err == nil || want == nil || err.Error() != want.Error() {
		t.Fatalf("error %v, want encoding/json's %v", err, want)
	}
	if !bytes.Contains(got.Bytes(), []byte(`"path": "part-`+fmt.Sprintf("%05d", len(files)-1))) {
		t.Fatalf("%d bytes written, without the last file: the rest of the report was marshalled first", got.Len())
	}
	r.ClusteringHealth = nil
	got.Reset()
	if err := writeInspectJSON(&got, r, nil); err != nil || !bytes.Equal(got.Bytes(), encodedReport(t, r)) {
		t.Fatalf("%v; without the NaN, not encoding/json's bytes", err)
	}
}

// TestBinPathsReadInAddsOrder: the bins' paths are read once an add and in the adds' order
// (placeInAddsOrder), whatever the bins' order, and each lands in its place: the same lists as
// read bin by bin (BinFiles.Path), a file in two bins and adds in no bin included. Read in the
// bins' order, as before, a million adds were cache misses on the goroutine of the report's head.
func TestBinPathsReadInAddsOrder(t *testing.T) {
	adds := make([]*deltalog.AddFile, 50)
	for i := range adds {
		adds[i] = &deltalog.AddFile{Path: fmt.Sprintf("part-%02d", i)}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	perm := rng.Perm(len(adds))
	var bins []inspect.Bin
	for lo := 0; lo < 40; lo += 7 { // adds perm[40:] in none
		var refs []int32
		for _, a := range perm[lo:min(lo+7, 40)] {
			refs = append(refs, int32(a))
		}
		bins = append(bins, inspect.Bin{Files: inspect.BinFiles{Adds: adds, Refs: refs}})
	}
	bins[2].Files.Refs = append(bins[2].Files.Refs, bins[0].Files.Refs[3]) // in two bins
	bins = append(bins, inspect.Bin{Files: inspect.BinFiles{Adds: adds, Refs: []int32{}}}, inspect.Bin{})
	var want []string
	for _, b := range bins {
		for j := range b.Files.Len() {
			want = append(want, b.Files.Path(j))
		}
	}
	all := make([]string, len(want))
	var read []int
	placeInAddsOrder(bins, len(adds), func(a int) string {
		read = append(read, a)
		return adds[a].Path
	}, all)
	if !slices.Equal(all, want) {
		t.Errorf("paths\n got %q\nwant %q", all, want)
	}
	if len(read) != 40 || !slices.IsSorted(read) || len(slices.Compact(slices.Clone(read))) != len(read) {
		t.Errorf("adds read %v: want each of the bins' 40 once, in the adds' order", read)
	}
	got := planPaths(bins)
	k := 0
	for i, b := range got {
		if b.null != (bins[i].Files.Refs == nil) || !slices.Equal(b.paths, want[k:k+len(b.paths)]) {
			t.Errorf("bin %d: %+v", i, b)
		}
		k += len(b.paths)
	}
}

// TestInspectJSONRestBesideTheFiles: a report of inspect.InspectThen, whose next OPTIMIZE and
// health are worked out by its rest on the head's goroutine while the files are written, is
// written byte for byte as encoding/json writes Inspect's report; without rest called there,
// the plan and the health were null.
func TestInspectJSONRestBesideTheFiles(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	m, err := inspecttest.Table(3*fileBlock + 100 - (3*fileBlock)%100)
	if err != nil {
		t.Fatal(err)
	}
	want, err := inspect.Inspect(m, "t", inspect.Options{Version: -1})
	if err != nil || want.NextOptimize == nil || want.ClusteringHealth == nil {
		t.Fatalf("%v: the test wants a plan and a health", err)
	}
	r, rest, err := inspect.InspectThen(m, "t", inspect.Options{Version: -1})
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	if err := writeInspectJSON(&got, r, rest); err != nil {
		t.Fatal(err)
	}
	if w := encodedReport(t, want); !bytes.Equal(got.Bytes(), w) {
		i := 0
		for i < min(got.Len(), len(w)) && got.Bytes()[i] == w[i] {
			i++
		}
		t.Errorf("%d bytes, want %d; first difference at %d: %q, want %q", got.Len(), len(w), i,
			got.Bytes()[i:min(i+80, got.Len())], w[i:min(i+80, len(w))])
	}
}
