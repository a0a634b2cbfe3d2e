package stats

import (
	"strings"
	"testing"
)

// Vectors from T/stats/StatsCollectionSuite.scala, "Truncate max string" / "Truncate min string"
// (T = spark/src/test/scala/org/apache/spark/sql/delta/). "\uFFFD" is the literal replacement
// character of the Scala source.
func TestTruncateMaxStringVectors(t *testing.T) {
	const max4 = "\U0010FFFF\U0010FFFF\U0010FFFF\U0010FFFF"
	cases := []struct {
		in     string
		prefix int
		want   string
		null   bool
	}{
		{"abcd", 0, "", true},
		{"a\U0010FFFFd", 2, "a\U0010FFFF\u007F", false},
		{"abcd", 6, "abcd", false},
		{"abcd\uFFFDabcd", 6, "abcd\uFFFDa\u007F", false},
		{"abcdef\uFFFD", 6, "abcdef\U0010FFFF", false},
		{"abcdef-abcdef\uFFFD", 6, "abcdef\u007F", false},
		{"abcde\uFFFDabcdef\u2026", 6, "abcde\uFFFD\u007F", false},
		{"漢字仮名한글தமி", 6, "漢字仮名한글\U0010FFFF", false},
		{"abcdef🚀", 6, "abcdef\U0010FFFF", false},
		{max4, 1, "", true},
		{max4, 4, max4, false},
		{"\uFFFD\uFFFD\uFFFD\uFFFD", 2, "\uFFFD\uFFFD\U0010FFFF", false},
	}
	for _, c := range cases {
		got, ok := TruncateMaxString(c.in, c.prefix)
		if ok == c.null || got != c.want {
			t.Errorf("TruncateMaxString(%+q, %d) = %+q, %v; want %+q, null=%v", c.in, c.prefix, got, ok, c.want, c.null)
		}
	}
}

func TestMinStringPrefix(t *testing.T) {
	const max4 = "\U0010FFFF\U0010FFFF\U0010FFFF\U0010FFFF"
	// The collected min is Spark's substring, in code points: 🚀 counts once, unlike in UTF-16.
	if got := MinStringPrefix(strings.Repeat("🚀", 40), 32); got != strings.Repeat("🚀", 32) {
		t.Errorf("MinStringPrefix of rockets = %d runes", len([]rune(got)))
	}
	if got := MinStringPrefix("abcd", 3); got != "abc" {
		t.Errorf("MinStringPrefix = %q", got)
	}
	if got := MinStringPrefix(max4, 1); got != "\U0010FFFF" {
		t.Errorf("MinStringPrefix(max4, 1) = %+q", got)
	}
	// ... whereas the max counts UTF-16 units: 20 rockets are 40 units, more than 32.
	if got, _ := TruncateMaxString(strings.Repeat("🚀", 20), 32); got != strings.Repeat("🚀", 16)+"\U0010FFFF" {
		t.Errorf("TruncateMaxString of 20 rockets = %+q", got)
	}
}

// The truncated max must bound the original from above in UTF-8 byte order (the reason for the
// tie-breakers), and the min prefix from below.
func TestTruncationBounds(t *testing.T) {
	inputs := []string{"zzzz~~~~", "abc\u007f\u007fdef", "ünïcødé-strings-are-long-enough", strings.Repeat("a", 70), "漢字漢字漢字漢字漢字"}
	for _, s := range inputs {
		for p := 1; p < 12; p++ {
			if m, ok := TruncateMaxString(s, p); ok && m < s {
				t.Errorf("max(%q,%d) = %q < original", s, p, m)
			}
			if m := MinStringPrefix(s, p); m > s {
				t.Errorf("min(%q,%d) = %q > original", s, p, m)
			}
		}
	}
}
