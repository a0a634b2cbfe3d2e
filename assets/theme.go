package assets

import (
	_ "embed"
	"fmt"
	"image/color"
	"strconv"
	"strings"
)

//go:embed palettes/theme.txt
var themeText string

// Themes are the canvas's and the pages' colours by role, "light" and "dark" (palettes/theme.txt):
// the widget's canvas (front/view), its posters, the table page's grid and, as CSS custom
// properties, site/theme.css.
var Themes = mustThemes(themeText)

// ThemeNames are the themes in the order palettes/theme.txt gives their columns.
var ThemeNames = []string{"light", "dark"}

func mustThemes(text string) map[string]map[string]color.RGBA {
	t, err := ParseThemes(text)
	if err != nil {
		panic("assets: palettes/theme.txt: " + err.Error())
	}
	return t
}

// ParseThemes reads lines of a role and one colour per theme (rrggbb or rrggbbaa); '#' lines are
// comments.
func ParseThemes(text string) (map[string]map[string]color.RGBA, error) {
	out := map[string]map[string]color.RGBA{}
	for _, n := range ThemeNames {
		out[n] = map[string]color.RGBA{}
	}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 1+len(ThemeNames) {
			return nil, fmt.Errorf("line %d: want a role and %d colours, got %q", i+1, len(ThemeNames), line)
		}
		for j, n := range ThemeNames {
			c, err := ParseColor(f[1+j])
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", i+1, err)
			}
			if _, dup := out[n][f[0]]; dup {
				return nil, fmt.Errorf("line %d: role %s given twice", i+1, f[0])
			}
			out[n][f[0]] = c
		}
	}
	return out, nil
}

// ParseColor reads rrggbb or rrggbbaa.
func ParseColor(s string) (color.RGBA, error) {
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil || (len(s) != 6 && len(s) != 8) {
		return color.RGBA{}, fmt.Errorf("%q is not an rrggbb or rrggbbaa colour", s)
	}
	if len(s) == 6 {
		v = v<<8 | 0xff
	}
	return color.RGBA{uint8(v >> 24), uint8(v >> 16), uint8(v >> 8), uint8(v)}, nil
}

// Hex is c as CSS writes it: #rrggbb, or #rrggbbaa when not opaque.
func Hex(c color.RGBA) string {
	if c.A == 0xff {
		return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
	}
	return fmt.Sprintf("#%02x%02x%02x%02x", c.R, c.G, c.B, c.A)
}
