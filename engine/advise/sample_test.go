package advise

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"layoutlab/engine/table"
)

// sampleRows keeps a seeded share of whole row groups (groupRows consecutive rows of a file, as
// a Parquet writer cuts them), as engine/datafiles samples past its limits.
func sampleRows(tt *testTable, groupRows int, share float64, seed uint64) *Rows {
	rng := rand.New(rand.NewPCG(seed, 1))
	var keep []int32
	for start := 0; start < tt.tab.NumRows; {
		end := start + 1
		for end < tt.tab.NumRows && tt.file[end] == tt.file[start] && end-start < groupRows {
			end++
		}
		if rng.Float64() < share {
			for r := start; r < end; r++ {
				keep = append(keep, int32(r))
			}
		}
		start = end
	}
	t := &table.Table{Schema: tt.tab.Schema, Leaves: tt.tab.Leaves, Cols: make([]table.Column, len(tt.tab.Cols)), NumRows: len(keep)}
	for i := range t.Cols {
		t.Cols[i] = takeColumn(&tt.tab.Cols[i], keep)
	}
	file := make([]int32, len(keep))
	for i, r := range keep {
		file[i] = tt.file[r]
	}
	n := int64(tt.tab.NumRows)
	return &Rows{Table: t, File: file, Sample: Sample{RowsRead: int64(len(keep)), RowsTotal: n, Fraction: float64(len(keep)) / float64(n)}}
}

// takeColumn is c's rows keep, decoded into a plain column.
func takeColumn(c *table.Column, keep []int32) table.Column {
	out := table.Column{Kind: c.Kind, Scale: c.Scale}
	if c.Nulls != nil {
		out.Nulls = make([]bool, len(keep))
	}
	for i, r := range keep {
		if c.IsNull(int(r)) {
			out.Nulls[i] = true
		}
		switch c.Kind {
		case table.Double:
			out.Floats = append(out.Floats, c.Floats[r])
		case table.String, table.Binary:
			out.Strs = append(out.Strs, c.Str(int(r)))
		default:
			out.Ints = append(out.Ints, c.Int(int(r)))
		}
	}
	return out
}

// How far a sample's figures are from the full table's: the same table advised on all its rows
// and on a quarter of its row groups. The test logs every candidate's weighted files and bytes
// read both ways and the relative difference (the figures docs/cli.md reports), and checks that
// the sample recommends the same layout.
func TestSampleAgainstFull(t *testing.T) {
	tab := genTable(t, eventSpec(365), 200_000, 8)
	tt := writeTable(t, tab, 64, map[string]string{}, nil)
	wl := userLookups(tab, 4) + "2: event_date = '" + dateAt(tab, 90_000) + "'\nregion_id = 2\n"
	opt := Options{MaxFileSize: maxFileFor(200_000, 64), IngestBytesPerDay: 0}
	full := advise(t, tt, wl, opt)
	// docs/limits.md states these bounds on the largest difference, per share of row groups.
	bound := map[float64]float64{0.5: 0.10, 0.25: 0.25}
	for _, share := range []float64{0.5, 0.25} {
		in := tt.input(wl)
		in.Rows = sampleRows(tt, 1000, share, 3)
		rep, err := Advise(in, opt)
		if err != nil {
			t.Fatal(err)
		}
		worst := 0.0
		for i, c := range rep.Candidates {
			f := full.Candidates[i]
			if c.Error != nil || Label(c) != Label(f) {
				continue
			}
			d := math.Abs(c.BytesReadWeighted-f.BytesReadWeighted) / f.BytesReadWeighted
			worst = max(worst, d)
			t.Logf("fraction %.3f %-34s files read %7.2f (full %7.2f)  bytes read %10.0f (full %10.0f)  %+.1f%%", rep.Sample.Fraction, Label(c),
				c.FilesReadWeighted, f.FilesReadWeighted, c.BytesReadWeighted, f.BytesReadWeighted, 100*(c.BytesReadWeighted-f.BytesReadWeighted)/f.BytesReadWeighted)
		}
		t.Logf("fraction %.3f: largest difference in weighted bytes read %.1f%%", rep.Sample.Fraction, 100*worst)
		if worst > bound[share] {
			t.Errorf("fraction %.3f: a candidate's weighted bytes read is %.1f%% off the full table's; docs/limits.md says at most %.0f%%",
				rep.Sample.Fraction, 100*worst, 100*bound[share])
		}
		got, want := rep.Candidates[rep.Recommendation.Candidate], full.Candidates[full.Recommendation.Candidate]
		if got.Layout != want.Layout || !slices.Equal(got.Keys, want.Keys) {
			t.Errorf("fraction %.3f recommends %s, the full table %s", rep.Sample.Fraction, Label(got), Label(want))
		}
	}
}
