package panel

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"layoutlab/engine/scenario"
	"layoutlab/engine/work"
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
			e := NewStore()
			p := scenario.Default().Panel
			p.Rows = 20_000
			p.Layout = lay
			p.Keys = keys
			for _, files := range []int{32, 20, 57, 1, 32, 200} {
				p.Files = files
				got := answer(t, e, p)
				fresh := NewStore()
				fresh.rowPass = true
				want := answer(t, fresh, p)
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
	e := NewStore()
	p := scenario.Default().Panel
	p.Rows = 20_000
	p.Keys = []string{"campaign_id", "search_query"}
	for _, files := range []int{32, 57, 5, 200} {
		p.Files = files
		res := answer(t, e, p)
		if res.Error != nil {
			t.Fatal(res.Error)
		}
		c, te, r := cutOf(t, e, res), tableEntryOf(e), &run{s: e, budget: -1}
		if te.runsOf(r, c) == nil {
			t.Fatalf("%d files: the files are not runs of the layout's order", files)
		}
		checked := 0
		for leaf := range te.t.Leaves {
			if !te.filled(leaf) {
				continue
			}
			fromSums := newCut(c.key, c.files, c.paths, c.partValues, true)
			byRow := newCut(c.key, c.files, c.paths, c.partValues, false) // the pass over every row
			for _, c := range []*cut{fromSums, byRow} {
				if err := computeRanges(r, te, c, []int{leaf}); err != nil {
					t.Fatal(err)
				}
			}
			got, _ := fromSums.rangesOf(leaf)
			want, _ := byRow.rangesOf(leaf)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%d files, %s: rank ranges from the summaries differ from the pass over every row", files, te.t.Leaves[leaf].Name())
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
		e := NewStore()
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
			got := answer(t, e, p)
			te := tableEntryOf(e)
			for i, k := range []bool{len(te.filters.items) > 0, len(te.schemas.items) > 0, len(te.names) > 0} {
				if k {
					kept[i]++
				}
			}
			fresh := NewStore()
			want := answer(t, fresh, p)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("step %d (%s on %v, %d files, partitioned by %v, where %q): the result differs from a fresh run", step, p.Layout, p.Keys, p.Files, p.PartitionBy, p.Where)
			}
		}
		if len(tableEntryOf(e).layouts.items) == 0 {
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
	e := NewStore()
	p := scenario.Default().Panel
	p.Rows = 20_000
	run := func(i int) {
		p.Layout, p.Keys = layouts[i].layout, layouts[i].keys
		if r := answer(t, e, p); r.Error != nil {
			t.Fatal(r.Error)
		}
	}
	kept := func() []string {
		var s []string
		for _, it := range tableEntryOf(e).layouts.items {
			s = append(s, fmt.Sprintf("%s on %q", it.key.kind, it.key.keys))
		}
		return s
	}
	run(0)
	for i := 1; i < keptLayouts; i++ {
		run(i)
		run(0)
	}
	if len(tableEntryOf(e).layouts.items) != keptLayouts {
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
	e := NewStore()
	p := scenario.Default().Panel
	p.Rows = 20_000
	q := p
	q.Layout = "zorder"
	for _, s := range []scenario.Panel{p, q} {
		if r := answer(t, e, s); r.Error != nil {
			t.Fatal(r.Error)
		}
	}
	rangesOf := func(res *Result) map[int]*rankRanges {
		c := cutOf(t, e, res)
		c.mu.Lock()
		defer c.mu.Unlock()
		return maps.Clone(c.ranges)
	}
	zorder := rangesOf(answer(t, e, q))
	r := answer(t, e, p)
	if r.Error != nil {
		t.Fatal(r.Error)
	}
	hilbert := rangesOf(r)
	again := rangesOf(answer(t, e, q))
	if len(zorder) == 0 || len(hilbert) == 0 {
		t.Fatalf("no rank ranges were computed (%d, %d)", len(zorder), len(hilbert))
	}
	leaves := tableEntryOf(e).t.Leaves
	for leaf, fr := range zorder {
		if again[leaf] != fr {
			t.Errorf("column %s: the z-order layout flipped back to computed its ranges again", leaves[leaf].Name())
		}
	}
	for leaf, fr := range hilbert {
		if zorder[leaf] == fr {
			t.Errorf("column %s: the two layouts share one rank range", leaves[leaf].Name())
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

// TestRehearsalsMatchFreshRuns: answers of priority Rehearsal on the Store of a shown one (the
// widget's rehearsals) give what a fresh Store gives, without generating or ranking anything
// again; the layouts they computed are then shown from the Store, without laying the table out
// again, and every answer after that, flips to them and back and files moves among them, gives
// what a fresh Store gives.
func TestRehearsalsMatchFreshRuns(t *testing.T) {
	p := scenario.Default().Panel
	p.Rows = 20_000
	at := func(layout string, files int) scenario.Panel {
		q := p
		q.Layout, q.Files, q.RowsPerFile = layout, files, 0
		return q
	}
	e := NewStore()
	answer(t, e, p)
	te := tableEntryOf(e)
	ranked := len(te.ranks)
	for _, l := range []string{"zorder", "orderby", "append"} {
		if got, want := answerAt(t, e, at(l, p.Files), Rehearsal), answer(t, NewStore(), at(l, p.Files)); !reflect.DeepEqual(got, want) {
			t.Fatalf("the %s layout rehearsed differs from a fresh run", l)
		}
	}
	if tableEntryOf(e) != te || len(te.ranks) != ranked {
		t.Fatalf("the rehearsals generated a table of their own or ranked again (%d ranked columns, %d before)", len(te.ranks), ranked)
	}
	var laidOut []string
	watch := byStep(func(step string) error {
		if strings.HasPrefix(step, "Laying out") {
			laidOut = append(laidOut, step)
		}
		return nil
	})
	for _, l := range []string{"zorder", "orderby", "append"} {
		got, err := e.Answer(at(l, p.Files), Shown, watch)
		if want := answer(t, NewStore(), at(l, p.Files)); err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("the rehearsed %s layout differs from a fresh run", l)
		}
		if len(laidOut) > 0 {
			t.Fatalf("the flip to the rehearsed %s layout laid the table out again (%q)", l, laidOut)
		}
	}
	answerAt(t, e, at("hilbert", 57), Rehearsal) // the rehearsals go on: the answers shown stay
	for _, s := range []scenario.Panel{at("zorder", 20), at("hilbert", p.Files), at("zorder", p.Files), at("append", 57), p} {
		if got, want := answer(t, e, s), answer(t, NewStore(), s); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s with %d files after the rehearsals differs from a fresh run", s.Layout, s.Files)
		}
	}
	if n := len(te.layouts.items); n > keptLayouts {
		t.Fatalf("%d layouts kept, at most %d", n, keptLayouts)
	}
}

// TestRehearsalsKeepTheShownLayouts: a layout rehearsed is kept only where it pushes out no
// layout shown, so a store that keeps keptLayouts shown layouts keeps no rehearsal in their place.
func TestRehearsalsKeepTheShownLayouts(t *testing.T) {
	p := scenario.Default().Panel
	p.Rows = 20_000
	e := NewStore()
	for i := range keptLayouts {
		q := p
		q.Files = 10 + i // with a partition column each file count is a layout of its own
		q.PartitionBy = []string{"region_id"}
		answer(t, e, q)
	}
	te := tableEntryOf(e)
	own := slices.Clone(te.layouts.items)
	q := p
	q.Layout = "zorder"
	answerAt(t, e, q, Rehearsal)
	if !reflect.DeepEqual(te.layouts.items, own) {
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
	watch := byStep(func(step string) error {
		if strings.HasPrefix(step, "Laying out") {
			laidOut = append(laidOut, step)
		}
		return nil
	})
	e := NewStore()
	flips := []string{"hilbert", "zorder", "orderby", "append", "orderby", "zorder", "hilbert", "zorder", "orderby", "append"}
	for i, l := range flips {
		q := p
		q.Layout = l
		laidOut = laidOut[:0]
		got, err := e.Answer(q, Shown, watch)
		if err != nil {
			t.Fatal(err)
		}
		if i >= 4 && len(laidOut) > 0 {
			t.Errorf("flip %d, back to %s: laid out again (%q)", i, l, laidOut)
		}
		if want := answer(t, NewStore(), q); !reflect.DeepEqual(got, want) {
			t.Fatalf("flip %d, to %s, differs from a fresh run", i, l)
		}
		for _, files := range []int{q.Files + 1, q.Files - 1} {
			a := q
			a.Files = files
			if got, want := answerAt(t, e, a, Ahead), answer(t, NewStore(), a); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s with %d files, run ahead, differs from a fresh run", l, files)
			}
		}
	}
	shown := 0
	for _, k := range tableEntryOf(e).layouts.items {
		if k.prio == Shown {
			shown++
		}
	}
	if shown != 4 {
		t.Errorf("%d layouts shown kept, want the 4 shown", shown)
	}
}

// TestAnswersShareAStoreConcurrently: answers on one Store, each on its own goroutine and
// each goroutine at its own priority (the widget's answers, rehearsals and runs ahead are, natively), generate,
// rank and lay out the same table at once, ask for files' statistics, and each gives a fresh
// Store's answers (run with -race: the Store is their only shared state).
func TestAnswersShareAStoreConcurrently(t *testing.T) {
	p := scenario.Default().Panel
	p.Rows = 20_000
	store := NewStore()
	layouts := []string{"hilbert", "zorder", "orderby", "append"}
	got := make([][]string, 3)
	var wg sync.WaitGroup
	for g := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 8 {
				q := p
				q.Layout = layouts[(g+i)%len(layouts)]
				q.Files = 32 + i%2 // a cut of a stored order too
				res, err := store.Answer(q, Priority(g), func(work.Progress) error { return nil })
				if err != nil {
					t.Error(err)
					return
				}
				got[g] = append(got[g], q.Layout, strconv.Itoa(q.Files), mustJSON(t, res))
				if i%3 == 0 {
					if _, _, _, err := store.FileStats(res, i); err != nil {
						t.Error(err)
					}
				}
			}
		}()
	}
	wg.Wait()
	for g := range got {
		for i := 0; i < len(got[g]); i += 3 {
			q := p
			q.Layout = got[g][i]
			q.Files, _ = strconv.Atoi(got[g][i+1])
			if got[g][i+2] != mustJSON(t, answer(t, NewStore(), q)) {
				t.Fatalf("goroutine %d, answer %d (%s): differs from a fresh Store's", g, i/3, got[g][i])
			}
		}
	}
}
