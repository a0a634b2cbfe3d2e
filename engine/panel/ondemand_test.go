package panel

import (
	"bytes"
	"reflect"
	"slices"
	"testing"

	"layoutlab/engine/scenario"
)

// TestStatsOnDemand: Answer leaves the files' statistics objects to be asked for (and collects
// every file's statistics only on the columns the WHERE reads); FileStats (stats.Collect,
// file by file) gives each file exactly the objects FillFileStats (collectAll, every file at once)
// puts in the result, after knob moves too (cached statistics, a re-cut, WHERE clauses on
// strings and NULLs), and asking for them changes nothing else.
func TestStatsOnDemand(t *testing.T) {
	lazy := NewStore()
	eager := NewStore()
	p := scenario.Default().Panel
	p.Rows = 20_000
	for move, edit := range []func(*scenario.Panel){
		func(*scenario.Panel) {},
		func(p *scenario.Panel) { p.Files = 57 },
		func(p *scenario.Panel) { p.Where = "user_id = 31415926" },
		func(p *scenario.Panel) { p.Keys = []string{"user_id"} },
		func(p *scenario.Panel) { p.Where = "page_url LIKE 'https://a%' OR rating IS NULL" },
		func(p *scenario.Panel) { p.Files = 180 },
		func(p *scenario.Panel) { p.Where = "notes IS NOT NULL AND price > 500" },
		func(p *scenario.Panel) { p.Where = "" },
		func(p *scenario.Panel) {
			p.Layout, p.PartitionBy, p.Where = "zorder", []string{"country_code"}, "country_code = 'DE' AND quantity < 3"
		},
	} {
		edit(&p)
		got, want := answer(t, lazy, p), eagerRun(t, eager, p)
		want.Link = ""
		if got.Error != nil || len(got.Files) != len(want.Files) || got.FilesRead != want.FilesRead || got.RowsRead != want.RowsRead {
			t.Fatalf("move %d: the on-demand result differs (error %v)", move, got.Error)
		}
		for i, f := range got.Files {
			if f.MinValues != nil || f.MaxValues != nil || f.NullCount != nil {
				t.Fatalf("move %d file %d: statistics objects written without being asked for", move, i)
			}
			w := want.Files[i]
			mins, maxs, nulls, err := lazy.FileStats(got, i)
			if err != nil || !bytes.Equal(mins, w.MinValues) || !bytes.Equal(maxs, w.MaxValues) || !bytes.Equal(nulls, w.NullCount) {
				t.Fatalf("move %d file %d: FileStats differs from the eager result", move, i)
			}
		}
		// Apart from the objects left out, the results are the same, field for field.
		stripped := *want
		stripped.Files = slices.Clone(want.Files)
		for i := range stripped.Files {
			stripped.Files[i].MinValues, stripped.Files[i].MaxValues, stripped.Files[i].NullCount = nil, nil, nil
		}
		if !reflect.DeepEqual(got, &stripped) {
			t.Fatalf("move %d: the on-demand result differs from the eager one beyond the statistics objects", move)
		}
		if _, _, _, err := lazy.FileStats(got, len(got.Files)); err == nil {
			t.Fatalf("move %d: a file past the last one has statistics", move)
		}
	}
}

// TestPrepareFillsTheTable: once an answer's stages are stored, Prepare fills the lazily
// generated table a column at a time and then reports nothing left; the statistics shown
// afterwards are the eager Store's.
func TestPrepareFillsTheTable(t *testing.T) {
	lazy := NewStore()
	eager := NewStore()
	p := scenario.Default().Panel
	p.Rows = 5_000
	got, want := answer(t, lazy, p), eagerRun(t, eager, p)
	if got.Error != nil || want.Error != nil {
		t.Fatal(got.Error, want.Error)
	}
	steps := 0
	for {
		more, err := lazy.Prepare(p, Rehearsal, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !more {
			break
		}
		if steps++; steps > 40 {
			t.Fatal("Prepare never finishes 36 columns")
		}
	}
	if steps < 15 {
		t.Fatalf("Prepare filled the table in %d steps: it was not lazy", steps)
	}
	mins, _, _, err := lazy.FileStats(got, 3)
	if err != nil || !bytes.Equal(mins, want.Files[3].MinValues) {
		t.Fatal("statistics after Prepare differ from the eager Store's", err)
	}
}

// TestLink: Answer leaves the link out (the widget writes its own URL); Link gives one that reads
// back as the panel, for a refusal too.
func TestLink(t *testing.T) {
	e := NewStore()
	p := scenario.Default().Panel
	p.Rows = 20_000
	for _, edit := range []func(*scenario.Panel){
		func(*scenario.Panel) {},
		func(p *scenario.Panel) { p.Files = 57 },
		func(p *scenario.Panel) { p.Layout, p.Keys = "zorder", []string{"device_model_id"} },
	} {
		edit(&p)
		if r := answer(t, e, p); r.Link != "" {
			t.Fatalf("Answer wrote a link: %q", r.Link)
		}
		s, err := scenario.ParseLink(Link(p))
		want := scenario.Scenario{View: "panel", Panel: p}
		want.EnsureDefaults()
		if err != nil || !reflect.DeepEqual(s.Panel, want.Panel) {
			t.Fatalf("Link(%+v) reads back as %+v (%v)", p, s.Panel, err)
		}
	}
}

// eagerRun is Answer as the CLI makes it: every file's statistics objects and the link.
func eagerRun(t testing.TB, e *Store, p scenario.Panel) *Result {
	t.Helper()
	r := answer(t, e, p)
	if len(r.Files) > 0 {
		if _, err := e.FillFileStats(r); err != nil {
			t.Fatal(err)
		}
	}
	r.Link = Link(p)
	return r
}
