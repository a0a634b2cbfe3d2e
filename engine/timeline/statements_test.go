package timeline

import (
	"fmt"
	"strconv"
	"testing"

	"layoutlab/engine/optimize"
	"layoutlab/engine/scenario"
)

// TestInsertStatementMatchesItsCommit: each day's INSERT statement says the rows, bytes and
// files of that day's WRITE commit (its operationMetrics), in the statement's format.
func TestInsertStatementMatchesItsCommit(t *testing.T) {
	res, err := Run(scenario.Timeline{Strategy: StrategyLiquid, Days: 3, IngestGB: 3})
	if err != nil {
		t.Fatal(err)
	}
	for day := 1; day <= 3; day++ {
		_, hist, err := res.Describe(day)
		if err != nil {
			t.Fatal(err)
		}
		stmts, _ := res.Statements(day)
		found := 0
		for _, h := range hist {
			if h.Operation != "WRITE" {
				continue
			}
			m := h.OperationMetrics
			bytes, err := strconv.ParseInt(m["numOutputBytes"], 10, 64)
			if err != nil {
				t.Fatalf("day %d: numOutputBytes %q: %v", day, m["numOutputBytes"], err)
			}
			want := fmt.Sprintf("INSERT INTO %s -- %s rows, %s in %s files", TableName, m["numOutputRows"],
				optimize.FormatBytes(bytes), m["numFiles"])
			for _, s := range stmts {
				if s == want {
					found++
				}
			}
			if found == 0 {
				t.Errorf("day %d: no statement %q among %q", day, want, stmts)
			}
		}
		if found != 1 {
			t.Errorf("day %d: %d INSERT statements match a WRITE commit, want 1", day, found)
		}
	}
}
