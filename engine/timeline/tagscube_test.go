package timeline

import (
	"testing"

	"layoutlab/engine/optimize"
)

// TestTagsCube: the cached ZCube index is the one a lookup of each file's ZCUBE_ID gives, for
// runs of adds sharing a map, equal maps of their own, maps without the tag and nil.
func TestTagsCube(t *testing.T) {
	a := map[string]string{optimize.TagZCubeID: "a", optimize.TagZCubeZOrder: `["k"]`}
	a2 := map[string]string{optimize.TagZCubeID: "a", optimize.TagZCubeZOrder: `["k"]`}
	b := map[string]string{optimize.TagZCubeID: "b"}
	none := map[string]string{optimize.TagZCubeZOrder: `["k"]`}
	seq := []map[string]string{a, a, b, b, none, nil, a2, b, nil, a}
	var got, want zcubes
	got.index, want.index = map[string]int32{}, map[string]int32{}
	var c tagsCube
	for i, tags := range seq {
		w := int32(-1)
		if zid, ok := tags[optimize.TagZCubeID]; ok {
			w = want.idFor(zid)
		}
		if g := c.of(tags, &got); g != w {
			t.Fatalf("add %d (%v): ZCube %d, want %d", i, tags, g, w)
		}
	}
	if len(got.cubes) != len(want.cubes) {
		t.Errorf("%d ZCubes registered, want %d", len(got.cubes), len(want.cubes))
	}
}
