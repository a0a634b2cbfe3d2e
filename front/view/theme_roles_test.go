package view

import (
	"strings"
	"testing"

	"layoutlab/assets"
)

// TestThemeFillsEveryRole: each theme's colours are the palette's, role by role, every field
// filled: the roles' names and the fields are listed apart (themeRoles, themeFields), so one out
// of step with the other would colour a role with its neighbour's colour.
func TestThemeFillsEveryRole(t *testing.T) {
	roles := strings.Fields(themeRoles)
	for _, name := range []string{"light", "dark"} {
		th := ThemeNamed(name)
		fields := themeFields(&th)
		if len(fields) != len(roles) || len(roles) != len(assets.Themes[name]) {
			t.Fatalf("%s: %d fields, %d roles, %d colours in the palette", name, len(fields), len(roles), len(assets.Themes[name]))
		}
		for i, r := range roles {
			if *fields[i] != assets.Themes[name][r] {
				t.Errorf("%s: %s is %v, the palette's %v", name, r, *fields[i], assets.Themes[name][r])
			}
		}
		if th.Background != assets.Themes[name]["background"] || th.Cross != assets.Themes[name]["cross"] || th.Read != assets.Themes[name]["read"] {
			t.Errorf("%s: background, cross or read is not the palette's", name)
		}
	}
}
