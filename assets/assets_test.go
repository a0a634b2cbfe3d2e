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

// site/theme.css gives the pages the canvas's colours: its root block sets every role of
// palettes/theme.txt to light-dark(LIGHT, DARK), and nothing else under --ll-; each forced theme
// (data-theme) picks its half by color-scheme.
func TestThemeCSSMatchesThePalette(t *testing.T) {
	b, err := os.ReadFile("../site/theme.css")
	if err != nil {
		t.Fatal(err)
	}
	css := string(b)
	block := func(head string) string {
		i := strings.Index(css, head)
		if i < 0 {
			t.Fatalf("site/theme.css has no block %s", head)
		}
		body := css[i+len(head):]
		return body[:strings.IndexByte(body, '}')]
	}
	root := block(":root {\n")
	prop := regexp.MustCompile(`--ll-([a-z-]+):\s*light-dark\(#([0-9a-f]{6,8}),\s*#([0-9a-f]{6,8})\);`)
	got := map[string][2]string{}
	for _, m := range prop.FindAllStringSubmatch(root, -1) {
		got[m[1]] = [2]string{"#" + m[2], "#" + m[3]}
	}
	if n := strings.Count(root, "--ll-"); n != len(got) {
		t.Errorf("%d --ll- properties, %d of them light-dark(#…, #…)", n, len(got))
	}
	for i, theme := range []string{"light", "dark"} {
		want := Themes[theme]
		if len(got) != len(want) {
			t.Errorf("%d colours, palettes/theme.txt has %d", len(got), len(want))
		}
		for role, c := range want {
			if got[role][i] != Hex(c) {
				t.Errorf("%s: --ll-%s is %q, palettes/theme.txt says %s", theme, role, got[role][i], Hex(c))
			}
		}
		if b := block(`:root[data-theme="` + theme + `"] {`); !strings.Contains(b, "color-scheme: "+theme+";") {
			t.Errorf("data-theme=%s does not force color-scheme %s: %q", theme, theme, b)
		}
	}
	if !strings.Contains(root, "color-scheme: light dark;") {
		t.Error("without data-theme the page does not follow prefers-color-scheme (color-scheme: light dark)")
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
