package inspect

import deltalog "layoutlab/engine/log"

// NewInspector is the Inspector Open makes, statistics kept, for tests that ask one snapshot
// many questions.
func NewInspector(s *deltalog.Snapshot, location string, progress Progress) *Inspector {
	return newInspector(s, location, progress, "", true)
}
