package optimize

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// fabricFile is a tagged file of ZCube cube covering [lo, hi] on the first clustering column.
func fabricFile(cube string, lo, hi float64) File {
	return File{Path: fmt.Sprintf("%s-%g-%g", cube, lo, hi), Size: GiB,
		Extra:        &FileExtra{Tags: map[string]string{TagZCubeID: cube, TagZCubeZOrder: `["customer_id"]`}},
		ClusterRange: &Range{Min: lo, Max: hi}}
}

// TestNarrowFilesUnderAWideOneAreNotOffending: a wide file over many narrow ones from other
// ZCubes (new data over a table already re-clustered) is no reason to rewrite the narrow ones;
// with the containment score |a∩b|/min(|a|,|b|) every narrow file scored 1 against the wide one,
// and re-clustering them together rewrote the whole key range each night.
func TestNarrowFilesUnderAWideOneAreNotOffending(t *testing.T) {
	files := []File{fabricFile("wide1", 0, 0.5), fabricFile("wide2", 0, 0.5), fabricFile("wide3", 0, 0.5)}
	for i := range 10 {
		files = append(files, fabricFile(fmt.Sprintf("narrow%d", i), float64(i)*0.05, float64(i+1)*0.05))
	}
	off, rec, _ := offendingFiles(files, 4, 0.75)
	for i := 3; i < len(files); i++ {
		if off[i] || rec[i] {
			t.Errorf("%s: offending %v, re-clustered %v; want neither", files[i].Path, off[i], rec[i])
		}
	}
	// The three wide files overlap only each other: 2 partners each, under minOffendingFiles-1.
	for i := range 3 {
		if off[i] {
			t.Errorf("%s offending with 2 partners", files[i].Path)
		}
	}
}

// TestOffendingFilesBringTheirPartners: a file that overlaps an offending one is re-clustered
// with it even when it has fewer partners itself, so the overlapping ranges merge at once.
func TestOffendingFilesBringTheirPartners(t *testing.T) {
	files := []File{
		fabricFile("a", 0.1, 1.1), fabricFile("b", 0, 1), fabricFile("c", 0, 1), fabricFile("d", 0, 1),
		fabricFile("e", 0.3, 1.3), // scores 0.8 with a, 0.7 with b, c and d
	}
	off, rec, _ := offendingFiles(files, 4, 0.75)
	for i, want := range []bool{true, true, true, true, false} {
		if off[i] != want {
			t.Errorf("%s offending = %v, want %v", files[i].Path, off[i], want)
		}
	}
	if !rec[4] {
		t.Errorf("%s overlaps offending files but is not re-clustered", files[4].Path)
	}
}

// TestOffendingFilesMatchesEveryPair: the bounded search finds what scoring every pair finds,
// on random ranges of every width, many of them equal, and zero-width ones.
func TestOffendingFilesMatchesEveryPair(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		n := 2 + rng.IntN(60)
		files := make([]File, n)
		for i := range files {
			lo := float64(rng.IntN(20)) / 4
			w := float64(rng.IntN(12)) / 4
			if rng.IntN(4) == 0 {
				w = 0
			}
			files[i] = fabricFile(fmt.Sprintf("c%d", rng.IntN(n)), lo, lo+w)
			files[i].Path = fmt.Sprint(i)
		}
		minOff := 2 + rng.IntN(4)
		th := []float64{0.3, 0.5, 0.75, 0.9, 1.0}[rng.IntN(5)]
		off, rec, _ := offendingFiles(files, minOff, th)
		// Every pair, by the definition.
		partner := func(i, j int) bool {
			ci, _ := files[i].zcubeID()
			cj, _ := files[j].zcubeID()
			return i != j && ci != cj && OverlapScore(*files[i].ClusterRange, *files[j].ClusterRange) > th
		}
		wantOff := make([]bool, n)
		for i := range n {
			k := 0
			for j := range n {
				if partner(i, j) {
					k++
				}
			}
			wantOff[i] = k >= minOff-1
		}
		for i := range n {
			wantRec := wantOff[i]
			for j := range n {
				wantRec = wantRec || (partner(i, j) && wantOff[j])
			}
			if off[i] != wantOff[i] || rec[i] != wantRec {
				t.Fatalf("trial %d, file %d %v (minOffending %d, threshold %v): offending %v re-clustered %v, want %v %v",
					trial, i, *files[i].ClusterRange, minOff, th, off[i], rec[i], wantOff[i], wantRec)
			}
		}
	}
}
