package layoutlab_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestBuildHasEveryModule: build.sh's table of browser modules (MODULES: name, package, wasm-opt
// level, compression) names every program under wasm/ but the bench's bare baseline, each with
// settings the build knows, and the widget's module keeps the smallest (its transfer budget).
func TestBuildHasEveryModule(t *testing.T) {
	b, err := os.ReadFile("build.sh")
	if err != nil {
		t.Fatal(err)
	}
	table := regexp.MustCompile(`(?s)\nMODULES=\((.*?)\n\)`).FindSubmatch(b)
	if table == nil {
		t.Fatal("build.sh has no MODULES=( ... ) table")
	}
	row := regexp.MustCompile(`^\s*"(\S+)\s+(\S+)\s+(\S+)\s+(\S+)"\s*$`)
	var pkgs []string
	for _, line := range strings.Split(strings.TrimSpace(string(table[1])), "\n") {
		m := row.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("MODULES row %q: want \"name package level compression\"", line)
		}
		if !slices.Contains([]string{"none", "-O1", "-O2", "-O3", "-Os", "-Oz"}, m[3]) {
			t.Errorf("%s: wasm-opt level %q", m[1], m[3])
		}
		if m[4] != "gzip" && !regexp.MustCompile(`^[1-9][0-9]?$`).MatchString(m[4]) {
			t.Errorf("%s: compression %q is neither gzip nor zopfli's iterations", m[1], m[4])
		}
		if m[1] == "layoutlab" && (m[3] != "-Oz" || m[4] != "15") {
			t.Errorf("the widget's module is built %s, %s: its transfer budget needs -Oz and 15 zopfli iterations", m[3], m[4])
		}
		pkgs = append(pkgs, strings.TrimPrefix(m[2], "./"))
	}
	mains, _ := filepath.Glob("wasm/*/main.go")
	want := []string{"wasm"}
	for _, m := range mains {
		if d := filepath.ToSlash(filepath.Dir(m)); d != "wasm/bare" {
			want = append(want, d)
		}
	}
	slices.Sort(pkgs)
	slices.Sort(want)
	if !slices.Equal(pkgs, want) {
		t.Errorf("MODULES builds %v, the browser programs are %v", pkgs, want)
	}
}
