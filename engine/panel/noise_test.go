package panel

import (
	"cmp"
	"encoding/json"
	"slices"
	"strconv"
	"testing"

	"layoutlab/engine/scenario"
)

// userIDRanges is each file's [min, max] of user_id from its statistics, sorted by min.
func userIDRanges(t *testing.T, r *Result) [][2]int64 {
	t.Helper()
	var out [][2]int64
	for _, f := range r.Files {
		var lo, hi struct {
			UserID *int64 `json:"user_id"`
		}
		if json.Unmarshal(f.MinValues, &lo) != nil || json.Unmarshal(f.MaxValues, &hi) != nil || lo.UserID == nil || hi.UserID == nil {
			t.Fatalf("%s: no user_id statistics", f.Path)
		}
		out = append(out, [2]int64{*lo.UserID, *hi.UserID})
	}
	slices.SortFunc(out, func(a, b [2]int64) int { return cmp.Compare(a[0], b[0]) })
	return out
}

// TestNoiseByteSplitsRangeIDsAcrossFiles: clustering one key, every file is a run of range ids.
// With Delta's noise byte (spark.databricks.io.skipping.mdc.addNoise, default true) the file
// boundaries fall inside range ids, so neighbouring files overlap in min/max and a lookup of a
// value in the overlap opens both; with Panel.NoNoise a range id is never split, the files'
// ranges are disjoint and every point lookup opens exactly one file.
func TestNoiseByteSplitsRangeIDsAcrossFiles(t *testing.T) {
	for _, l := range []string{"zorder", "hilbert"} {
		noisy := panelWith(l, "user_id")
		quiet := noisy
		quiet.NoNoise = true
		on, off := eager(t, noisy), eager(t, quiet)
		if on.FilesTotal != off.FilesTotal || on.RowsTotal != off.RowsTotal {
			t.Fatalf("%s: %d/%d files, %d/%d rows with/without noise", l, on.FilesTotal, off.FilesTotal, on.RowsTotal, off.RowsTotal)
		}
		overlaps := func(r *Result) (n int, at int64) {
			rs := userIDRanges(t, r)
			for i := 1; i < len(rs); i++ {
				if rs[i][0] <= rs[i-1][1] {
					n, at = n+1, rs[i][0]
				}
			}
			return n, at
		}
		nOn, v := overlaps(on)
		nOff, _ := overlaps(off)
		t.Logf("%s on user_id, %d files: %d neighbouring files overlap with the noise byte, %d without", l, on.FilesTotal, nOn, nOff)
		if nOff != 0 {
			t.Errorf("%s, addNoise=false: %d neighbouring files overlap on user_id, want 0 (a range id is never split)", l, nOff)
		}
		if nOn < on.FilesTotal/2 {
			t.Errorf("%s, addNoise=true: only %d of %d file boundaries fall inside a range id", l, nOn, on.FilesTotal-1)
		}
		// A value where two noisy files overlap: two files with the noise byte, one without.
		noisy.Where = "user_id = " + strconv.FormatInt(v, 10)
		quiet.Where = noisy.Where
		if r := eager(t, noisy); r.FilesRead < 2 {
			t.Errorf("%s, addNoise=true: %s read %d files, want 2 (it lies in two files' ranges)", l, noisy.Where, r.FilesRead)
		}
		if r := eager(t, quiet); r.FilesRead != 1 {
			t.Errorf("%s, addNoise=false: %s read %d files, want 1", l, quiet.Where, r.FilesRead)
		}
	}
}

// TestNoNoiseIsInTheLinkAndTheCache: the field reaches the link, and the engine's layout cache
// tells the two apart (a fresh engine gives what the shared one gives after the other setting).
func TestNoNoiseIsInTheLinkAndTheCache(t *testing.T) {
	p := panelWith("hilbert", "user_id", "event_date")
	p.NoNoise = true
	r := eager(t, p)
	s, err := scenario.ParseLink(r.Link)
	if err != nil || !s.Panel.NoNoise {
		t.Fatalf("link %s decodes to NoNoise=%v (%v)", r.Link, s.Panel.NoNoise, err)
	}
	for _, nn := range []bool{false, true, false} {
		p.NoNoise = nn
		fresh := NewStore()
		a, _ := json.Marshal(answer(t, fresh, p))
		b, _ := json.Marshal(answer(t, shared, p))
		if string(a) != string(b) {
			t.Errorf("NoNoise=%v: the shared engine's cached layout differs from a fresh run", nn)
		}
	}
	// Append and ORDER BY add no noise byte: the setting changes nothing but the link.
	for _, l := range []string{"append", "orderby"} {
		q := panelWith(l, "user_id")
		a := eager(t, q)
		q.NoNoise = true
		b := eager(t, q)
		fa, _ := json.Marshal(a.Files)
		fb, _ := json.Marshal(b.Files)
		if string(fa) != string(fb) {
			t.Errorf("%s: NoNoise changed the files", l)
		}
	}
}
