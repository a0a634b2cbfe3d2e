package deltalog

import (
	"errors"
	"fmt"
	"testing"

	"layoutlab/engine/work"
)

// TestApplyCheckpointTurns: a checkpoint's adds are counted in the snapshot with a turn (a count
// without a unit) every pathTurn of them, and a Yield's error stops the replay.
func TestApplyCheckpointTurns(t *testing.T) {
	n := 2*pathTurn + 3
	acts := &checkpointActions{adds: make([]AddFile, n)}
	for i := range acts.adds {
		acts.adds[i] = AddFile{Path: fmt.Sprintf("part-%07d.parquet", i), Size: 1}
	}
	s := EmptySnapshot()
	var told []work.Progress
	if err := s.applyCheckpoint(7, acts, func(p work.Progress) error { told = append(told, p); return nil }); err != nil {
		t.Fatal(err)
	}
	if s.NumFiles() != n || s.version != 7 {
		t.Fatalf("%d files at version %d, want %d at 7", s.NumFiles(), s.version, n)
	}
	if len(told) != 2 || told[0] != (work.Progress{Step: "the checkpoint's files", Done: pathTurn, Total: n}) || told[1].Done != 2*pathTurn {
		t.Fatalf("told %+v, want a turn at each %d adds", told, pathTurn)
	}
	stop := errors.New("stop")
	if err := EmptySnapshot().applyCheckpoint(7, acts, func(work.Progress) error { return stop }); err != stop {
		t.Fatalf("a Yield that stops: %v", err)
	}
}
