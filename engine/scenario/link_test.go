package scenario

import (
	"encoding/base64"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tinylib/msgp/msgp"
)

func TestLinkRoundTrip(t *testing.T) {
	s := Default()
	s.Panel.Keys = []string{"user_id", "region_id", "device_model_id"}
	s.Panel.Where = "user_id = 42 AND event_date >= DATE'2026-01-01'"
	s.Timeline.Day = 17
	s.View = "timeline"
	got, err := ParseLink(Link(s))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, s) {
		t.Fatalf("round trip changed the scenario:\n got %+v\nwant %+v", got, s)
	}
}

func TestFromFragment(t *testing.T) {
	for _, f := range []string{"", "#"} {
		if got, err := FromFragment(f); err != nil || !reflect.DeepEqual(got, Default()) {
			t.Errorf("FromFragment(%q) = %+v, %v; want the defaults", f, got, err)
		}
	}
	s := Default()
	s.Panel.Rows = 20_000
	if got, err := FromFragment(Link(s)); err != nil || got.Panel.Rows != 20_000 {
		t.Errorf("FromFragment(a link) = %+v, %v; want the link's scenario", got, err)
	}
	if _, err := FromFragment("#x=1"); err == nil {
		t.Error("FromFragment(#x=1) gave no error")
	}
}

func TestLinkRejectsBrokenInput(t *testing.T) {
	good := Link(Default())
	raw, _ := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(good, "#s="))
	enc := func(b []byte) string { return "#s=" + base64.RawURLEncoding.EncodeToString(b) }
	for _, tc := range []struct{ name, link, want string }{
		{"percent", "#s=%%%", "not base64url at character 1"},
		{"missing", "#x=1", "no s= parameter"},
		{"empty", "#s=", "truncated"},
		{"version", enc(append([]byte{9}, raw[1:]...)), "version 9"},
		{"flags", enc(append([]byte{1, 0x80}, raw[2:]...)), "unknown flags"},
		{"truncated", enc(raw[:len(raw)/2]), "damaged"},
		{"oversized", "#s=" + strings.Repeat("A", MaxLinkChars+1), "longer than"},
		{"garbage", enc([]byte{1, 0, 0xc1, 0xc1, 0xc1}), "damaged"},
	} {
		_, err := ParseLink(tc.link)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
}

func TestLinkValidatesValues(t *testing.T) {
	s := Default()
	s.Panel.Rows = MaxPanelRows + 1
	if _, err := ParseLink(Link(s)); err == nil || !strings.Contains(err.Error(), "rows") {
		t.Fatalf("absurd row count accepted: %v", err)
	}
	s = Default()
	s.Panel.Layout = "<img src=x onerror=alert(1)>"
	if _, err := ParseLink(Link(s)); err == nil || !strings.Contains(err.Error(), "layout") {
		t.Fatalf("unknown layout accepted: %v", err)
	}
}

func FuzzParseLink(f *testing.F) {
	f.Add(Link(Default()))
	f.Add("#s=%%%")
	f.Add("#s=AQA")
	f.Fuzz(func(t *testing.T, link string) {
		s, err := ParseLink(link)
		if err == nil {
			if verr := s.Validate(); verr != nil {
				t.Fatalf("accepted an invalid scenario: %v", verr)
			}
			if _, err := ParseLink(Link(s)); err != nil {
				t.Fatalf("re-encoding an accepted scenario fails: %v", err)
			}
		}
	})
}

// TestFigureRidesInTheLink: a figure's declarations and theme survive the link, a scenario without
// them keeps the link it always had (links already published stay byte-identical), and a theme
// outside the list is refused by name.
func TestFigureRidesInTheLink(t *testing.T) {
	plain := Default()
	withFig := Default()
	withFig.Figure = Figure{Knobs: []string{"keys", "indexed-cols"}, Readouts: []string{"files_read"}, Theme: "dark"}
	if Link(plain) == Link(withFig) {
		t.Fatal("the figure's declarations are not in the link")
	}
	got, err := ParseLink(Link(withFig))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Figure, withFig.Figure) {
		t.Errorf("figure after a round trip: %+v, want %+v", got.Figure, withFig.Figure)
	}
	var b []byte
	b, err = plain.MarshalMsg(b)
	if err != nil {
		t.Fatal(err)
	}
	if n, _, err := msgp.ReadMapHeaderBytes(b); err != nil || n != 3 {
		t.Errorf("a scenario without a figure encodes %d top-level fields (%v), want 3: old links would change", n, err)
	}
	bad := Default()
	bad.Figure.Theme = "sepia"
	err = bad.Validate()
	var ke *KnobError
	if !errors.As(err, &ke) || !slices.Equal(ke.Knobs, []string{"theme"}) {
		t.Errorf("theme sepia: %v, want a KnobError naming theme", err)
	}
}
