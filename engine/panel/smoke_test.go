package panel

import (
	"encoding/json"
	"testing"

	"layoutlab/engine/scenario"
)

func TestSmoke(t *testing.T) {
	var e Engine
	s := scenario.Default()
	s.Panel.Layout = "orderby"
	s.Panel.Where = "user_id = 1234567"
	r := e.Run(s.Panel)
	b, _ := json.Marshal(r)
	if r.Error != nil {
		t.Fatal(r.Error)
	}
	t.Logf("%.600s", b)
	t.Logf("read %d/%d spans %v", r.FilesRead, r.FilesTotal, r.Spans)
}
