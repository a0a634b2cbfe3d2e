package panel

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"layoutlab/engine/scenario"
)

// TestFilesSliderMatchesAFreshRun: moving only the number of files re-cuts the last clustered
// order (layout.Layouter.Recut); every figure equals what a fresh engine computes from the pass
// over every row, for the layouts that re-cut and those that do not, and for the first layout,
// whose statistics come from the block summaries too.
func TestFilesSliderMatchesAFreshRun(t *testing.T) {
	// One key takes the single-key walk in a fresh layout and a re-cut of sorted composites
	// after a slider move; campaign_id is 40% NULL, search_query a string 30% NULL.
	keySets := [][]string{{"user_id", "event_date", "region_id"}, {"user_id"}, {"campaign_id"}, {"search_query"}}
	for _, lay := range []string{"hilbert", "zorder", "orderby", "append"} {
		for _, keys := range keySets {
			var e Engine
			p := scenario.Default().Panel
			p.Rows = 20_000
			p.Layout = lay
			p.Keys = keys
			for _, files := range []int{32, 20, 57, 1, 32, 200} {
				p.Files = files
				got := e.Run(p)
				var fresh Engine
				fresh.seg.rowPass = true
				want := fresh.Run(p)
				if got.Error != nil || !reflect.DeepEqual(got, want) {
					t.Fatalf("%s on %v, %d files after a slider move: the result differs from a fresh run (error %v)", lay, keys, files, got.Error)
				}
			}
		}
	}
}

// TestSegmentRanges: after a layout and after each re-cut, every column's rank ranges from the
// block summaries (segmentRanges) are those of the pass over every row, NULL counts included;
// campaign_id is 40% NULL and search_query 30%.
func TestSegmentRanges(t *testing.T) {
	var e Engine
	p := scenario.Default().Panel
	p.Rows = 20_000
	p.Keys = []string{"campaign_id", "search_query"}
	for _, files := range []int{32, 57, 5, 200} {
		p.Files = files
		if r := e.Run(p); r.Error != nil {
			t.Fatal(r.Error)
		}
		if !e.seg.usable() {
			t.Fatalf("%d files: the files are not runs of the layout's order", files)
		}
		checked := 0
		for leaf := range e.tab.t.Leaves {
			if !e.tab.t.Filled(leaf) {
				continue
			}
			delete(e.ranges, leaf)
			e.computeRanges([]int{leaf})
			got := e.ranges[leaf]
			e.seg.rowPass = true // the pass over every row
			delete(e.ranges, leaf)
			e.computeRanges([]int{leaf})
			want := e.ranges[leaf]
			e.seg.rowPass = false
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%d files, %s: rank ranges from the summaries differ from the pass over every row", files, e.tab.t.Leaves[leaf].Name())
			}
			checked++
		}
		if checked < 3 {
			t.Fatalf("only %d columns checked", checked)
		}
	}
}

// TestKnobSequencesMatchFreshRuns: an engine driven through a long seeded sequence of knob
// moves (layout, keys, files, partitioning, noise, indexed columns, query), as a reader flips
// between settings and back, gives at every step what a fresh engine gives. It covers the
// re-cut of the Layouter's order after other layouts were shown, and the recent layouts kept
// for a knob flipped back (the Store's layouts).
func TestKnobSequencesMatchFreshRuns(t *testing.T) {
	layouts := []string{"hilbert", "zorder", "orderby", "append"}
	keySets := [][]string{{"user_id", "event_date"}, {"event_date", "user_id"}, {"user_id"}, {"campaign_id", "region_id"}}
	filesSet := []int{32, 20, 57, 1}
	wheres := []string{"user_id = 31415926", "region_id IN (1, 2)", "", "user_id = 31415926 AND region_id < 3", "no_such_column = 1"}
	statsCols := [][]string{nil, {"user_id"}, {"region_id", "user_id"}}
	indexedCols := []int{-2, 1, 3} // -2: the table property unset
	{
		rng := rand.New(rand.NewPCG(7, 11))
		e := Engine{}
		p := scenario.Default().Panel
		p.Rows = 20_000
		var kept [3]int // steps after which a compiled WHERE, statistics columns, file names were kept
		for step := range 160 {
			switch rng.IntN(10) {
			case 0, 1:
				p.Layout = layouts[rng.IntN(len(layouts))]
			case 2:
				p.Keys = keySets[rng.IntN(len(keySets))]
			case 3, 4:
				p.Files = filesSet[rng.IntN(len(filesSet))]
			case 5:
				if p.PartitionBy == nil && rng.IntN(3) == 0 {
					p.PartitionBy = []string{"region_id"}
				} else {
					p.PartitionBy = nil
				}
			case 6:
				p.Where = wheres[rng.IntN(len(wheres))]
				p.NoNoise = rng.IntN(2) == 0
			case 7: // the statistics columns: the WHERE's filter is compiled again
				p.StatsColumns = statsCols[rng.IntN(len(statsCols))]
			case 8:
				p.IndexedCols = nil
				if n := indexedCols[rng.IntN(len(indexedCols))]; n != -2 {
					p.IndexedCols = &n
				}
			case 9: // another table: file names, the WHERE parsed again
				p.Seed = uint64(1 + rng.IntN(2))
			}
			got := e.Run(p)
			for i, k := range []bool{e.where.filter != nil, e.schema.indexed != nil, len(e.names) > 0} {
				if k {
					kept[i]++
				}
			}
			fresh := Engine{}
			want := fresh.Run(p)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("step %d (%s on %v, %d files, partitioned by %v, where %q): the result differs from a fresh run", step, p.Layout, p.Keys, p.Files, p.PartitionBy, p.Where)
			}
		}
		if len(e.tab.layouts) == 0 {
			t.Fatal("no layout was kept: the sequence never exercised the Store's layouts")
		}
		if kept[0] == 0 || kept[1] == 0 || kept[2] == 0 {
			t.Fatalf("the sequence kept a compiled WHERE, statistics columns, file names after %v steps: it must exercise each", kept)
		}
	}
}

// TestRecentLayoutsDropTheLeastRecentlyShown: the kept layouts are dropped least recently shown
// first, so that moving back to a layout after each of the others (the widget's idle
// rehearsals) keeps it: once keptLayouts are kept, the next layout computed drops the
// second one computed, not the first, shown after every other.
func TestRecentLayoutsDropTheLeastRecentlyShown(t *testing.T) {
	ue, eu := []string{"user_id", "event_date"}, []string{"event_date", "user_id"}
	layouts := []struct {
		layout string
		keys   []string
	}{{"hilbert", ue}, {"zorder", ue}, {"orderby", ue}, {"append", ue}, {"zorder", eu}, {"orderby", eu}, {"hilbert", eu}}
	if len(layouts) < keptLayouts+1 {
		t.Fatalf("%d layouts cannot overflow %d kept", len(layouts), keptLayouts)
	}
	e := Engine{}
	p := scenario.Default().Panel
	p.Rows = 20_000
	run := func(i int) {
		p.Layout, p.Keys = layouts[i].layout, layouts[i].keys
		if r := e.Run(p); r.Error != nil {
			t.Fatal(r.Error)
		}
	}
	kept := func() []string {
		var s []string
		for _, r := range e.tab.layouts {
			s = append(s, fmt.Sprintf("%s on %q", r.key.kind, r.key.keys))
		}
		return s
	}
	run(0)
	for i := 1; i < keptLayouts; i++ {
		run(i)
		run(0)
	}
	if len(e.tab.layouts) != keptLayouts {
		t.Fatalf("kept %q, want %d layouts", kept(), keptLayouts)
	}
	before := kept()
	run(keptLayouts)
	after := kept()
	var dropped []string
	for _, k := range before {
		if !slices.Contains(after, k) {
			dropped = append(dropped, k)
		}
	}
	if len(dropped) != 1 || dropped[0] != before[0] || !strings.HasPrefix(dropped[0], layouts[1].layout+" ") {
		t.Errorf("kept %q, then %q: dropped %q, want the %s layout alone", before, after, dropped, layouts[1].layout)
	}
}

// TestRecentLayoutKeepsItsRanges: a layout flipped back to brings the rank ranges computed while
// it was shown, so its statistics and spans need no pass over the rows (TestKnobSequences-
// MatchFreshRuns checks that its answers are still a fresh engine's).
func TestRecentLayoutKeepsItsRanges(t *testing.T) {
	e := Engine{}
	p := scenario.Default().Panel
	p.Rows = 20_000
	q := p
	q.Layout = "zorder"
	for _, s := range []scenario.Panel{p, q} {
		if r := e.Run(s); r.Error != nil {
			t.Fatal(r.Error)
		}
	}
	zorder := maps.Clone(e.ranges)
	if r := e.Run(p); r.Error != nil {
		t.Fatal(r.Error)
	}
	hilbert := maps.Clone(e.ranges)
	e.Run(q)
	if len(zorder) == 0 || len(hilbert) == 0 {
		t.Fatalf("no rank ranges were computed (%d, %d)", len(zorder), len(hilbert))
	}
	for leaf, fr := range zorder {
		if e.ranges[leaf] != fr {
			t.Errorf("column %s: the z-order layout flipped back to computed its ranges again", e.tab.t.Leaves[leaf].Name())
		}
	}
	for leaf, fr := range hilbert {
		if zorder[leaf] == fr {
			t.Errorf("column %s: the two layouts share one rank range", e.tab.t.Leaves[leaf].Name())
		}
	}
}

// TestBlockSpan: a run's smallest and largest key from the summaries (rows, sub-blocks and the
// sparse table over blocks) are those of its rows, for runs of every length and offset, over
// keys with runs of NULLs long enough to empty whole sub-blocks and blocks.
func TestBlockSpan(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	n := 3*segBlock*segBlock + 37
	vals := make([]uint64, n)
	nulls := make([]bool, n)
	for i := range vals {
		vals[i] = rng.Uint64N(1 << 40)
		nulls[i] = rng.IntN(5) == 0 || (i >= 200 && i < 200+2*segBlock+subBlock) || i == n-1
	}
	order := make([]int32, n)
	for i := range order {
		order[i] = int32(n - 1 - i) // not the identity: keys are read through the order
	}
	keys := func(order []int32, out []uint64) (null []bool) {
		for i, r := range order {
			out[i] = vals[r]
			if nulls[r] {
				out[i], null = 0, markNull(null, i, len(order))
			}
		}
		return null
	}
	b := summarise(keys, order)
	for try := 0; try < 20000; try++ {
		from := rng.IntN(n)
		to := from + rng.IntN(min(n-from, []int{3, 20, 200, n}[try%4])+1)
		wl, wh := ^uint64(0), uint64(0)
		for i := from; i < to; i++ {
			if r := order[i]; !nulls[r] {
				wl, wh = min(wl, vals[r]), max(wh, vals[r])
			}
		}
		if l, h := b.span(from, to); l != wl || h != wh {
			t.Fatalf("rows %d..%d: span %d..%d, want %d..%d", from, to, l, h, wl, wh)
		}
		var want int32
		for i := from; i < to; i++ {
			if nulls[order[i]] {
				want++
			}
		}
		if got := b.nullsBefore[to] - b.nullsBefore[from]; got != want {
			t.Fatalf("rows %d..%d: %d NULLs counted, want %d", from, to, got, want)
		}
	}
}

// TestSharedStoreLayoutsMatchFreshRuns: an engine on another's Store (the widget's rehearsals)
// gives what a fresh engine gives, without generating or ranking anything again; the layouts it
// computed are shown by the other from the Store, without laying the table out again, and
// every run after that, flips to them and back and files moves among them, gives what a fresh
// engine gives. Neither engine's later runs change what the other shows.
func TestSharedStoreLayoutsMatchFreshRuns(t *testing.T) {
	p := scenario.Default().Panel
	p.Rows = 20_000
	at := func(layout string, files int) scenario.Panel {
		q := p
		q.Layout, q.Files, q.RowsPerFile = layout, files, 0
		return q
	}
	e := Engine{}
	e.Run(p)
	rehearsal := Engine{Store: e.Store}
	ranked := len(e.tab.ranks)
	for _, l := range []string{"zorder", "orderby", "append"} {
		if got, want := rehearsal.Answer(at(l, p.Files), Rehearsal), (&Engine{}).Run(at(l, p.Files)); !reflect.DeepEqual(got, want) {
			t.Fatalf("the %s layout on the shared store differs from a fresh run", l)
		}
	}
	if rehearsal.tab != e.tab || len(e.tab.ranks) != ranked {
		t.Fatalf("the rehearsals generated a table of their own or ranked again (%d ranked columns, %d before)", len(e.tab.ranks), ranked)
	}
	layFor := e.layFor
	for _, l := range []string{"zorder", "orderby", "append"} {
		if got, want := e.Run(at(l, p.Files)), (&Engine{}).Run(at(l, p.Files)); !reflect.DeepEqual(got, want) {
			t.Fatalf("the rehearsed %s layout differs from a fresh run", l)
		}
		if e.layFor != layFor {
			t.Fatalf("the flip to the rehearsed %s layout laid the table out again", l)
		}
	}
	rehearsal.Answer(at("hilbert", 57), Rehearsal) // the rehearsal engine goes on: e's answers stay
	for _, s := range []scenario.Panel{at("zorder", 20), at("hilbert", p.Files), at("zorder", p.Files), at("append", 57), p} {
		if got, want := e.Run(s), (&Engine{}).Run(s); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s with %d files after the rehearsals differs from a fresh run", s.Layout, s.Files)
		}
	}
	if len(e.tab.layouts) > keptLayouts {
		t.Fatalf("%d layouts kept, at most %d", len(e.tab.layouts), keptLayouts)
	}
}

// TestRehearsalsKeepTheShownLayouts: a layout rehearsed is kept only where it pushes out no
// layout shown, so a store that keeps keptLayouts shown layouts keeps no rehearsal in their place.
func TestRehearsalsKeepTheShownLayouts(t *testing.T) {
	p := scenario.Default().Panel
	p.Rows = 20_000
	e := Engine{}
	for i := range keptLayouts {
		q := p
		q.Files = 10 + i // with a partition column each file count is a layout of its own
		q.PartitionBy = []string{"region_id"}
		e.Run(q)
	}
	own := slices.Clone(e.tab.layouts)
	q := p
	q.Layout = "zorder"
	rehearsal := Engine{Store: e.Store}
	rehearsal.Answer(q, Rehearsal)
	if !reflect.DeepEqual(e.tab.layouts, own) {
		t.Fatal("a rehearsal pushed out a layout shown")
	}
}

// TestRunsAheadKeepTheReadersLayouts: the widget runs the file counts either side of each answer
// ahead (priority Ahead). Those runs push out no layout shown, so a reader flipping the layout
// select between four layouts, each answer followed by its runs ahead, finds each one kept on the
// second pass: no flip lays the table out again, and each answer is a fresh engine's.
func TestRunsAheadKeepTheReadersLayouts(t *testing.T) {
	p := scenario.Default().Panel
	p.Rows = 20_000
	var laidOut []string
	e := Engine{Progress: func(step string) bool {
		if strings.HasPrefix(step, "Laying out") {
			laidOut = append(laidOut, step)
		}
		return false
	}}
	flips := []string{"hilbert", "zorder", "orderby", "append", "orderby", "zorder", "hilbert", "zorder", "orderby", "append"}
	for i, l := range flips {
		q := p
		q.Layout = l
		laidOut = laidOut[:0]
		got := e.Run(q)
		if i >= 4 && len(laidOut) > 0 {
			t.Errorf("flip %d, back to %s: laid out again (%q)", i, l, laidOut)
		}
		if want := (&Engine{}).Run(q); !reflect.DeepEqual(got, want) {
			t.Fatalf("flip %d, to %s, differs from a fresh run", i, l)
		}
		for _, files := range []int{q.Files + 1, q.Files - 1} {
			a := q
			a.Files = files
			if got, want := e.Answer(a, Ahead), (&Engine{}).Run(a); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s with %d files, run ahead, differs from a fresh run", l, files)
			}
		}
	}
	shown := 0
	for _, k := range e.tab.layouts {
		if k.prio == Shown {
			shown++
		}
	}
	if shown != 4 {
		t.Errorf("%d layouts shown kept, want the 4 shown", shown)
	}
}

// TestEnginesShareAStoreConcurrently: engines on one Store, each on its own goroutine (the
// widget's answers and rehearsals are natively), generate, rank and lay out the same table at
// once and each gives a fresh engine's answers (run with -race: the Store is their only
// shared state).
func TestEnginesShareAStoreConcurrently(t *testing.T) {
	p := scenario.Default().Panel
	p.Rows = 20_000
	var store Store
	layouts := []string{"hilbert", "zorder", "orderby", "append"}
	want := map[string]string{}
	for _, l := range layouts {
		q := p
		q.Layout = l
		want[l] = mustJSON(t, (&Engine{}).Run(q))
	}
	got := make([][]string, 3)
	var wg sync.WaitGroup
	for g := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := Engine{Store: &store}
			for i := range 8 {
				q := p
				q.Layout = layouts[(g+i)%len(layouts)]
				got[g] = append(got[g], q.Layout, mustJSON(t, e.Answer(q, Priority(g))))
				if i%3 == 0 {
					e.FileStatsObjects(i)
				}
			}
		}()
	}
	wg.Wait()
	for g := range got {
		for i := 0; i < len(got[g]); i += 2 {
			if got[g][i+1] != want[got[g][i]] {
				t.Fatalf("engine %d, run %d (%s): differs from a fresh engine's", g, i/2, got[g][i])
			}
		}
	}
}
