// Package assets carries Layout Lab's static assets: colour palettes (and, as they come, fonts
// and images). The Go side embeds what the widget draws with; build.sh copies the files to dist/.
package assets

import (
	_ "embed"
	"fmt"
	"image/color"
	"strconv"
	"strings"
)

//go:embed palettes/viridis.txt
var viridisText string

// Viridis is the colour-blind-safe sequential palette the file grid uses: 256 colours from dark
// purple (narrow span) to yellow (whole range).
var Viridis = mustPalette("viridis", viridisText)

func mustPalette(name, text string) []color.RGBA {
	p, err := ParsePalette(text)
	if err != nil {
		panic(fmt.Sprintf("assets: palette %s: %v", name, err))
	}
	return p
}

// ParsePalette reads one rrggbb hex colour per line; '#' lines are comments.
func ParsePalette(text string) ([]color.RGBA, error) {
	var out []color.RGBA
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		v, err := strconv.ParseUint(line, 16, 32)
		if err != nil || len(line) != 6 {
			return nil, fmt.Errorf("line %d: %q is not an rrggbb colour", i+1, line)
		}
		out = append(out, color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255})
	}
	if len(out) < 2 {
		return nil, fmt.Errorf("a palette needs at least 2 colours, got %d", len(out))
	}
	return out, nil
}

// At maps t in [0,1] to the palette (clamped; NaN maps to the first colour).
func At(p []color.RGBA, t float64) color.RGBA {
	if !(t > 0) {
		return p[0]
	}
	if t >= 1 {
		return p[len(p)-1]
	}
	return p[int(t*float64(len(p)-1)+0.5)]
}
