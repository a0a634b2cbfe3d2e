package optimize

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
)

// naiveGroups is groupByPartition by definition: partitions in order of their first file, each
// partition's files in input order, partitions told apart by comparing the maps in full.
func naiveGroups(files []File) [][]int64 {
	var keys []map[string]string
	var out [][]int64
	for _, f := range files {
		g := slices.IndexFunc(keys, func(k map[string]string) bool { return maps.Equal(k, f.PartitionValues) })
		if g < 0 {
			g = len(keys)
			keys, out = append(keys, f.PartitionValues), append(out, nil)
		}
		out[g] = append(out[g], f.Ref)
	}
	return out
}

// TestGroupByPartition holds groupByPartition to naiveGroups on tables whose partitions are
// runs of files (where it hands out the input's own array) and on interleaved ones (where it
// copies), with one or two partition columns, partition maps that are shared or equal copies,
// and maps holding a key outside the partition columns (compared in full).
func TestGroupByPartition(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		cols := []string{"d"}
		if trial%3 == 1 {
			cols = []string{"d", "r"}
		}
		parts := 1 + rng.IntN(6)
		pvs := make([]map[string]string, parts)
		for p := range pvs {
			pvs[p] = map[string]string{"d": fmt.Sprint(p % 2)}
			if len(cols) == 2 {
				pvs[p]["r"] = fmt.Sprint(p / 2 % 2)
			}
			if trial%4 == 3 {
				pvs[p]["x"] = fmt.Sprint(p) // a key outside the columns, telling apart partitions whose columns agree
			}
		}
		runs := trial%2 == 0
		var files []File
		for p := range parts {
			for range rng.IntN(5) {
				files = append(files, File{Ref: int64(len(files)), PartitionValues: maps.Clone(pvs[p])})
			}
		}
		if !runs {
			rng.Shuffle(len(files), func(i, j int) { files[i], files[j] = files[j], files[i] })
		}
		input := slices.Clone(files)
		var got [][]int64
		for _, g := range groupByPartition(files, cols) {
			var refs []int64
			for _, f := range g.files {
				if !maps.Equal(f.PartitionValues, g.values) {
					t.Fatalf("trial %d: file %d (%v) in the group of %v", trial, f.Ref, f.PartitionValues, g.values)
				}
				refs = append(refs, f.Ref)
			}
			got = append(got, refs)
		}
		if want := naiveGroups(input); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("trial %d (runs %t, columns %v): groups %v, want %v", trial, runs, cols, got, want)
		}
		for i := range files {
			if files[i].Ref != input[i].Ref {
				t.Fatalf("trial %d: the input was reordered", trial)
			}
		}
	}
}

// TestCommitReadsBinsAndOutputs checks that the commit's removes are the bins' files and its
// adds the outputs, in bin order, and that its metrics are those of the files themselves.
func TestCommitReadsBinsAndOutputs(t *testing.T) {
	pv := []map[string]string{{"d": "1"}, {"d": "2"}}
	p := &Plan{Mode: ModeZOrder, ZOrderBy: []string{"k"}, Bins: []Bin{
		{PartitionValues: pv[0], Files: []File{{Path: "a", Size: 5, Ref: 0}, {Path: "b", Size: 9, Ref: 1}}, Bytes: 14},
		{PartitionValues: pv[1], Files: []File{{Path: "c", Size: 2, Ref: 2}}, Bytes: 2},
	}, TotalConsideredFiles: 4}
	outputs := [][]OutputFile{{{Path: "x", Size: 7, Ref: 10}, {Path: "y", Size: 3, Ref: 11}}, {{Path: "z", Size: 4, Ref: 12}}}
	res, err := p.Commit(outputs, CommitEnv{})
	if err != nil {
		t.Fatal(err)
	}
	var removed, added []string
	for f := range res.RemovedFiles() {
		removed = append(removed, f.Path)
	}
	for f := range res.AddedFiles() {
		added = append(added, fmt.Sprintf("%s:%d:%s", f.Path, f.Ref, f.PartitionValues["d"]))
	}
	if fmt.Sprint(removed) != "[a b c]" || fmt.Sprint(added) != "[x:10:1 y:11:1 z:12:2]" {
		t.Fatalf("removes %v, adds %v", removed, added)
	}
	m := res.Metrics
	if res.NumAdds != 3 || res.NumRemoves != 3 || !res.Committed ||
		*m.FilesRemoved.Min != 2 || *m.FilesRemoved.Max != 9 || m.FilesRemoved.TotalSize != 16 ||
		*m.FilesAdded.Min != 3 || *m.FilesAdded.Max != 7 || m.FilesAdded.TotalSize != 14 || m.TotalFilesSkipped != 1 {
		t.Fatalf("metrics %+v", m)
	}
	om := res.OperationMetrics
	if om["numRemovedBytes"] != "16" || om["numAddedBytes"] != "14" || om["p50FileSize"] != "4" || om["minFileSize"] != "3" {
		t.Fatalf("operation metrics %v", om)
	}
}

// TestCountPartitions: bins sharing a map, bins with equal maps that are not one map, and bins
// of a partition seen again after another all count once.
func TestCountPartitions(t *testing.T) {
	a, b := map[string]string{"d": "1"}, map[string]string{"d": "2"}
	bins := []Bin{{PartitionValues: a}, {PartitionValues: a}, {PartitionValues: maps.Clone(a)}, {PartitionValues: b},
		{PartitionValues: a}, {PartitionValues: nil}, {PartitionValues: map[string]string{}}}
	if n := countPartitions(bins); n != 3 {
		t.Fatalf("%d partitions, want 3 (d=1, d=2, none)", n)
	}
}

// TestZFilesSharedTags: reading the tags of files that share a map (a bin's adds) gives what
// reading each file's own gives, across shared maps, equal maps that are not one, a ZCube id
// alone, and no tags.
func TestZFilesSharedTags(t *testing.T) {
	a := map[string]string{TagZCubeID: "a", TagZCubeZOrder: `["k"]`}
	b := map[string]string{TagZCubeID: "b", TagZCubeZOrder: `["k","j"]`}
	idOnly := map[string]string{TagZCubeID: "c"}
	files := []File{{Extra: &FileExtra{Tags: a}}, {Extra: &FileExtra{Tags: a}}, {Extra: &FileExtra{Tags: maps.Clone(a)}}, {Extra: &FileExtra{Tags: b}}, {Extra: &FileExtra{Tags: b}}, {}, {Extra: &FileExtra{Tags: idOnly}},
		{Extra: &FileExtra{Tags: idOnly}}, {Extra: &FileExtra{Tags: a}}, {Extra: &FileExtra{Tags: map[string]string{}}}, {Extra: &FileExtra{Tags: b}}}
	got := zfilesInto(nil, files)
	for i := range files {
		f := &files[i]
		id, ok1 := f.Tags()[TagZCubeID]
		raw, ok2 := f.Tags()[TagZCubeZOrder]
		z := got[i]
		if z.f != f || z.id != id || z.zraw != raw || z.hasID != ok1 || z.cube != (ok1 && ok2) {
			t.Fatalf("file %d (%v): read %+v", i, f.Tags(), z)
		}
	}
}
