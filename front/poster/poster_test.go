package poster

import (
	"os"
	"strings"
	"testing"

	"layoutlab/engine/scenario"
	"layoutlab/front/poster/postertest"
)

// texts parses svg as XML (failing the test when it is not well-formed) and returns its <text>
// contents in document order.
func texts(t *testing.T, svg []byte) []string {
	t.Helper()
	out, err := postertest.Texts(svg)
	if err != nil {
		t.Fatalf("the SVG is not well-formed XML: %v", err)
	}
	return out
}

func preset(t *testing.T, name string) scenario.Scenario {
	t.Helper()
	p, ok := scenario.PresetByName(name)
	if !ok {
		t.Fatalf("no preset %s", name)
	}
	return p.Scenario
}

// A panel preset's poster names both keys on its axes, with the values at the axes' ends, and
// says what the query reads.
func TestPanelPosterNamesItsAxes(t *testing.T) {
	svg, summary, err := Render(preset(t, "two-keys"), 900, 560, "light")
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(texts(t, svg), "\n")
	for _, want := range []string{"event_date (by rank) →", "↑ user_id (by rank)", "narrow span of user_id"} {
		if !strings.Contains(got, want) {
			t.Errorf("the poster's labels lack %q:\n%s", want, got)
		}
	}
	if !strings.Contains(summary, "files") || !strings.Contains(string(svg), "<title id=\"summary\">") {
		t.Errorf("summary %q", summary)
	}
	if os.Getenv("POSTER_OUT") != "" {
		os.WriteFile(os.Getenv("POSTER_OUT")+"/two-keys.svg", svg, 0o644)
	}
}

func TestTimelinePosterNamesItsAxes(t *testing.T) {
	svg, summary, err := Render(preset(t, "change-keys"), 900, 560, "dark")
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(texts(t, svg), "\n")
	// The preset opens on the change's night (its point), its grid's colours explained.
	for _, want := range []string{"day", "keys changed", "day 30", "write amplification so far", "narrow span of order_id", "1,154.2 files"} {
		if !strings.Contains(got, want) {
			t.Errorf("the poster's labels lack %q:\n%s", want, got)
		}
	}
	if !strings.Contains(summary, "keys changed on day 30") {
		t.Errorf("summary %q", summary)
	}
	if os.Getenv("POSTER_OUT") != "" {
		os.WriteFile(os.Getenv("POSTER_OUT")+"/change-keys.svg", svg, 0o644)
	}
}
