package explainer

import (
	"strings"
	"testing"

	"layoutlab/engine/scenario"
)

// TestClaimsHold runs every preset through the engine and checks every claim the page makes.
func TestClaimsHold(t *testing.T) {
	r, err := Run()
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Check(); err != nil {
		t.Error(err)
	}
	for _, name := range []string{"one-key", "zorder-two-keys", "two-keys", "zorder-four-keys", "four-keys", "region-only", "orderby"} {
		l := r.Lookup(name, "user_id")
		t.Logf("%s: the preset's lookup opens %d of %d files; %d lookups on user_id %.2f on average (%d..%d); spans %v",
			name, r.PanelOf(name).FilesRead, r.PanelOf(name).FilesTotal, l.Values, l.Mean, l.Least, l.Most, r.PanelOf(name).Spans)
	}
}

// TestEveryPresetHasAClaim: a preset the page embeds says something the engine checks.
func TestEveryPresetHasAClaim(t *testing.T) {
	has := map[string]bool{}
	for _, c := range Claims() {
		has[c.Preset] = true
		if _, ok := scenario.PresetByName(c.Preset); !ok {
			t.Errorf("claim %q is about %q, which is no preset", c.Says, c.Preset)
		}
	}
	for _, p := range scenario.Presets() {
		if !has[p.Name] {
			t.Errorf("preset %s carries no claim", p.Name)
		}
	}
}

// TestClaimsCanFail: swapped results break the stories, so the claims are not vacuous: one key's
// layout shown as the four keys' opens fewer files than two keys, Z-order's whole-table run
// shown as liquid's neither stays under a cube and a day a night nor opens one file per cube.
func TestClaimsCanFail(t *testing.T) {
	r, err := Run()
	if err != nil {
		t.Fatal(err)
	}
	r.Panel["four-keys"] = r.Panel["one-key"]
	r.scenarios["four-keys"] = r.scenarios["one-key"]
	r.Timeline["liquid"] = r.Timeline["zorder-full"]
	// The article's Z-order shown on the Hilbert curve, and one key's as its two.
	r.Panel["two-keys"] = r.Panel["zorder-two-keys"]
	r.Panel["zorder-two-keys"] = r.Panel["one-key"]
	r.scenarios["zorder-two-keys"] = r.scenarios["one-key"]
	err = r.Check()
	if err == nil {
		t.Fatal("no claim failed on swapped results")
	}
	for _, want := range []string{"four-keys: \"four keys widen", "liquid: \"each night re-reads", "liquid: \"the lookup opens about one file per cube",
		"two-keys: \"on the same two keys the Hilbert", "zorder-two-keys: \"a user_id lookup opens several"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the failures do not include %s…:\n%v", want, err)
		}
	}
}
