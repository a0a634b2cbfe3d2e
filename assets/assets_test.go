package assets

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

func TestViridis(t *testing.T) {
	if len(Viridis) != 256 {
		t.Fatalf("viridis has %d colours, want 256", len(Viridis))
	}
	// Viridis is perceptually uniform with monotonically rising lightness: green rises end to end.
	if a, b := At(Viridis, 0), At(Viridis, 1); !(a.G < b.G && a.R < b.R) {
		t.Fatalf("ends out of order: %v %v", a, b)
	}
	if _, err := ParsePalette("zzzzzz\n"); err == nil {
		t.Fatal("a bad colour was accepted")
	}
}

// site/theme.css gives the pages the canvas's colours: each of its theme blocks sets every role
// of palettes/theme.txt to that theme's colour, and nothing else under --ll-.
func TestThemeCSSMatchesThePalette(t *testing.T) {
	css, err := os.ReadFile("../site/theme.css")
	if err != nil {
		t.Fatal(err)
	}
	blocks := map[string]string{
		`:root, :root[data-theme="light"] {`: "light",
		`:root[data-theme="dark"] {`:         "dark",
		`:root:not([data-theme]) {`:          "dark",
	}
	prop := regexp.MustCompile(`--ll-([a-z-]+):\s*#([0-9a-f]{6,8});`)
	for head, theme := range blocks {
		i := strings.Index(string(css), head)
		if i < 0 {
			t.Fatalf("site/theme.css has no block %s", head)
		}
		body := string(css[i:])
		body = body[:strings.IndexByte(body, '}')]
		got := map[string]string{}
		for _, m := range prop.FindAllStringSubmatch(body, -1) {
			got[m[1]] = "#" + m[2]
		}
		want := Themes[theme]
		if len(got) != len(want) {
			t.Errorf("%s: %d colours, palettes/theme.txt has %d", head, len(got), len(want))
		}
		for role, c := range want {
			if got[role] != Hex(c) {
				t.Errorf("%s: --ll-%s is %q, palettes/theme.txt says %s", head, role, got[role], Hex(c))
			}
		}
	}
}

func TestParseThemes(t *testing.T) {
	if _, err := ParseThemes("text 000000\n"); err == nil {
		t.Error("a role with one colour for two themes was accepted")
	}
	if _, err := ParseThemes("text 000000 zzzzzz\n"); err == nil {
		t.Error("a bad colour was accepted")
	}
	th, err := ParseThemes("curve 00000038 ffffff30\n")
	if err != nil || th["light"]["curve"].A != 0x38 || th["dark"]["curve"].R != 0xff {
		t.Errorf("%v %v", th, err)
	}
}
