package panel

import (
	"bytes"
	"reflect"
	"slices"
	"testing"

	"layoutlab/engine/scenario"
)

// TestStatsOnDemand: Run leaves the files' statistics objects to be asked for (and collects
// every file's statistics only on the columns the WHERE reads); FileStatsObjects (stats.Collect,
// file by file) gives each file exactly the objects FillFileStats (collectAll, every file at once)
// puts in the result, after knob moves too (cached statistics, a re-cut, WHERE clauses on
// strings and NULLs), and asking for them changes nothing else.
func TestStatsOnDemand(t *testing.T) {
	lazy := Engine{}
	var eager Engine
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
		got, want := lazy.Run(p), eagerRun(t, &eager, p)
		want.Link = ""
		if got.Error != nil || len(got.Files) != len(want.Files) || got.FilesRead != want.FilesRead || got.RowsRead != want.RowsRead {
			t.Fatalf("move %d: the on-demand result differs (error %v)", move, got.Error)
		}
		for i, f := range got.Files {
			if f.MinValues != nil || f.MaxValues != nil || f.NullCount != nil {
				t.Fatalf("move %d file %d: statistics objects written without being asked for", move, i)
			}
			w := want.Files[i]
			mins, maxs, nulls, ok := lazy.FileStatsObjects(i)
			if !ok || !bytes.Equal(mins, w.MinValues) || !bytes.Equal(maxs, w.MaxValues) || !bytes.Equal(nulls, w.NullCount) {
				t.Fatalf("move %d file %d: FileStatsObjects differs from the eager result", move, i)
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
		if _, _, _, ok := lazy.FileStatsObjects(len(got.Files)); ok {
			t.Fatalf("move %d: a file past the last one has statistics", move)
		}
	}
}

// TestFillAll: a lazily generated table is filled a few columns at a time and then reports
// nothing left; the statistics shown afterwards are the eager Engine's.
func TestFillAll(t *testing.T) {
	lazy := Engine{}
	var eager Engine
	p := scenario.Default().Panel
	p.Rows = 5_000
	got, want := lazy.Run(p), eagerRun(t, &eager, p)
	if got.Error != nil || want.Error != nil {
		t.Fatal(got.Error, want.Error)
	}
	steps := 0
	for {
		more, err := lazy.FillAll(3)
		if err != nil {
			t.Fatal(err)
		}
		if !more {
			break
		}
		if steps++; steps > 20 {
			t.Fatal("FillAll(3) never finishes 36 columns")
		}
	}
	if steps < 5 {
		t.Fatalf("FillAll(3) filled the table in %d steps: it was not lazy", steps)
	}
	mins, _, _, _ := lazy.FileStatsObjects(3)
	if !bytes.Equal(mins, want.Files[3].MinValues) {
		t.Fatal("statistics after FillAll differ from the eager Engine's")
	}
}

// TestLink: Run leaves the link out (the widget writes its own URL); Link gives one that reads
// back as the panel, for a refusal too.
func TestLink(t *testing.T) {
	var e Engine
	p := scenario.Default().Panel
	p.Rows = 20_000
	for _, edit := range []func(*scenario.Panel){
		func(*scenario.Panel) {},
		func(p *scenario.Panel) { p.Files = 57 },
		func(p *scenario.Panel) { p.Layout, p.Keys = "zorder", []string{"device_model_id"} },
	} {
		edit(&p)
		if r := e.Run(p); r.Link != "" {
			t.Fatalf("Run wrote a link: %q", r.Link)
		}
		s, err := scenario.ParseLink(Link(p))
		want := scenario.Scenario{View: "panel", Panel: p}
		want.EnsureDefaults()
		if err != nil || !reflect.DeepEqual(s.Panel, want.Panel) {
			t.Fatalf("Link(%+v) reads back as %+v (%v)", p, s.Panel, err)
		}
	}
}

// eagerRun is Run as the CLI makes it: every file's statistics objects and the link.
func eagerRun(t testing.TB, e *Engine, p scenario.Panel) *Result {
	t.Helper()
	r := e.Run(p)
	if len(r.Files) > 0 {
		if _, err := e.FillFileStats(r); err != nil {
			t.Fatal(err)
		}
	}
	r.Link = Link(p)
	return r
}
