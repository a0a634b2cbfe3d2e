package work

import (
	"errors"
	"testing"
)

func TestProgressString(t *testing.T) {
	for _, c := range []struct {
		p    Progress
		want string
	}{
		{Progress{Step: "radix pass 2 of 3"}, "radix pass 2 of 3"},
		{Progress{Step: "radix pass 2 of 3", Done: 262144, Total: 1000000, Unit: "keys"}, "radix pass 2 of 3: 262144 of 1000000 keys"},
		{Progress{Step: "computing the curve keys", Done: 5, Total: 9}, "computing the curve keys: 5 of 9"},
	} {
		if got := c.p.String(); got != c.want {
			t.Errorf("%#v: %q, want %q", c.p, got, c.want)
		}
	}
}

// TestWithinNamesTheOuterStepAndStops: a part's progress reaches the caller under the outer
// step's name, and the caller's stop reaches the part.
func TestWithinNamesTheOuterStepAndStops(t *testing.T) {
	stop := errors.New("stop")
	var got []string
	y := Yield(func(p Progress) error {
		got = append(got, p.String())
		if p.Done >= 2 {
			return stop
		}
		return nil
	})
	in := y.Within("Laying out").Within("radix pass 1 of 2")
	if err := in.Begin("scatter"); err != nil {
		t.Fatal(err)
	}
	if err := in.Tick("scatter", 2, 4, "keys"); err != stop {
		t.Fatalf("Tick returned %v, want the Yield's error", err)
	}
	want := []string{"Laying out: radix pass 1 of 2: scatter", "Laying out: radix pass 1 of 2: scatter: 2 of 4 keys"}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestNilYieldListensToNothing(t *testing.T) {
	var y Yield
	if y.Within("x") != nil {
		t.Error("nil.Within is not nil: the work below would report for nobody")
	}
	if y.Begin("x") != nil || y.Tick("x", 1, 2, "") != nil {
		t.Error("a nil Yield stopped the work")
	}
}
