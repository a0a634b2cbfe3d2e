package inspect

import deltalog "layoutlab/engine/deltalog"

// NewInspector is the Inspector Open makes for the page (its first colouring column kept), for
// tests that ask one snapshot many questions.
func NewInspector(s *deltalog.Snapshot, location string) *Inspector {
	in, _ := newInspector(s, location, nil, Options{}, true) // no Yield: nothing stops it
	return in
}

// mustInspector is newInspector's Inspector, which without a Yield has no error.
func mustInspector(in *Inspector, _ error) *Inspector { return in }
