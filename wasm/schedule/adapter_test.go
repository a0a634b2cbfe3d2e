package schedule

import (
	"bytes"
	"errors"
	"testing"

	"layoutlab/engine/panel"
	"layoutlab/engine/scenario"
)

// TestPanelEngine: the adapter over today's panel.Engine answers as the engine does, stops when
// yield says so (and answers after), and gives an answer's file statistics whatever ran since.
func TestPanelEngine(t *testing.T) {
	p := scenario.Default().Panel
	p.Rows, p.Files, p.RowsPerFile = 20_000, 16, 0
	var e panel.Engine
	want := e.Run(p)
	wantMin, _, _, ok := e.FileStatsObjects(3)
	if want.Error != nil || !ok {
		t.Fatalf("the engine: %v, statistics %v", want.Error, ok)
	}

	a := NewPanelEngine(&panel.Engine{}, scenario.Panel{}, nil)
	stop := errors.New("stop")
	steps := 0
	if _, err := a.Answer(p, panel.Shown, func(string) error {
		if steps++; steps == 2 {
			return stop
		}
		return nil
	}); err != stop {
		t.Fatalf("a stopped answer returned %v, want the yield's error", err)
	}
	none := func(string) error { return nil }
	res, err := a.Answer(p, panel.Shown, none)
	if err != nil || res.FilesRead != want.FilesRead || len(res.Files) != len(want.Files) || !a.Ready(p) {
		t.Fatalf("answer %+v (%v), want the engine's", res, err)
	}
	again, _ := a.Answer(p, panel.Shown, none)
	if again != res {
		t.Fatal("the same scenario again was run again")
	}
	q := p
	q.Files = 17
	if _, err := a.Answer(q, panel.Ahead, none); err != nil {
		t.Fatal(err)
	}
	z := p
	z.Layout = "zorder"
	if _, err := a.Answer(z, panel.Rehearsal, none); err != nil {
		t.Fatal(err)
	}
	got, _, _, err := a.FileStats(res, 3)
	if err != nil || !bytes.Equal(got, wantMin) || a.Reruns != 1 {
		t.Fatalf("file 3's minValues after a run ahead: %s (%v, %d reruns), want %s after one rerun", got, err, a.Reruns, wantMin)
	}
	if _, _, _, err := a.FileStats(&panel.Result{}, 0); err == nil {
		t.Fatal("statistics of an answer never given: no error")
	}
}
