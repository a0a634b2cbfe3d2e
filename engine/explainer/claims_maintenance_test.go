package explainer

import (
	"strings"
	"testing"
)

// TestMaintenanceClaimsCanFail: the default liquid run shown as the 400 GiB cube's does not climb
// past the 100 GiB cube, shown as the key change's does not fall on the change's night, and
// shown as the history's does not drain 30 days on night 1.
func TestMaintenanceClaimsCanFail(t *testing.T) {
	r, err := Run()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"big-cube", "change-keys", "history"} {
		r.Timeline[name] = r.Timeline["liquid"]
	}
	err = r.Check()
	if err == nil {
		t.Fatal("no claim failed on swapped results")
	}
	for _, want := range []string{`big-cube: "a 400 GiB cube`, `change-keys: "the night of the change`, `history: "open-source Delta drains`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the failures do not include %s…:\n%v", want, err)
		}
	}
}
