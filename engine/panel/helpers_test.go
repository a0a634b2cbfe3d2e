package panel

import (
	"testing"

	"layoutlab/engine/scenario"
	"layoutlab/engine/table"
	"layoutlab/engine/work"
)

// answer is s.Answer(p) for a reader: priority Shown, no Yield (so nothing stops it).
func answer(t testing.TB, s *Store, p scenario.Panel) *Result {
	t.Helper()
	return answerAt(t, s, p, Shown)
}

// answerAt is s.Answer(p) at priority prio, with no Yield.
func answerAt(t testing.TB, s *Store, p scenario.Panel, prio Priority) *Result {
	t.Helper()
	r, err := s.Answer(p, prio, nil)
	if err != nil {
		t.Fatalf("Answer without a Yield returned %v", err)
	}
	return r
}

// tableOf is the Store's table for (rows, seed) with every column generated.
func tableOf(t testing.TB, s *Store, rows int, seed uint64) *table.Table {
	t.Helper()
	p := scenario.Default().Panel
	p.Rows, p.Seed = rows, seed
	for {
		more, err := s.Prepare(p, Shown, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !more {
			break
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tab.t
}

// cutOf is the layout stage's entry that the answer res was cut from.
func cutOf(t testing.TB, s *Store, res *Result) *cut {
	t.Helper()
	pl, _, err := s.layoutOf(res)
	if err != nil {
		t.Fatal(err)
	}
	pl.te.release(pl.c)
	return pl.c
}

// tableEntryOf is the Store's table entry.
func tableEntryOf(s *Store) *tableEntry {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tab
}

// byStep is a Yield that passes each progress line (work.Progress.String) to f.
func byStep(f func(step string) error) work.Yield {
	return func(p work.Progress) error { return f(p.String()) }
}
