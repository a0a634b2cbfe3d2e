package figures

import (
	"testing"
	"time"
)

// TestAdviseKeepsTheLongestStretch: only a longer stretch replaces the one shown, with the
// status lines as it began and ended.
func TestAdviseKeepsTheLongestStretch(t *testing.T) {
	r := newRecorder()
	s := NewAdvise(r)
	s.StretchBegins("(the click)")
	s.StretchEnds(30*time.Millisecond, "Reading the data files: 0 of 6 row groups")
	s.StretchBegins("Reading the data files: 0 of 6 row groups")
	s.StretchEnds(80500*time.Microsecond, "Laying out the candidates: 1 of 9 candidates")
	s.StretchBegins("Laying out the candidates: 1 of 9 candidates")
	s.StretchEnds(40*time.Millisecond, "Laying out the candidates: 2 of 9 candidates")
	s.Advised(1234567 * time.Microsecond)
	if r.set["longestGo"] != 80.5 || r.sets["longestGo"] != 2 ||
		r.set["longestWhat"] != "Reading the data files: 0 of 6 row groups → Laying out the candidates: 1 of 9 candidates" ||
		r.set["adviseMs"] != 1234.567 {
		t.Errorf("%v (%v)", r.set, r.sets)
	}
}
