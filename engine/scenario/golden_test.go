package scenario

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "append today's presets not yet recorded to testdata/golden_links.txt")

// TestGoldenLinks: every link ever written to the corpus decodes, in this and every later
// version, to the scenario recorded beside it. Entries are only ever appended (-update adds the
// current presets under a new version label); the schema only ever appends fields.
func TestGoldenLinks(t *testing.T) {
	const path = "testdata/golden_links.txt"
	if *update {
		f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		recorded, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range Presets() {
			name := fmt.Sprintf("v%d/%s", LinkVersion, p.Name)
			if strings.Contains(string(recorded), "\n"+name+"\t") {
				continue // a preset's link is recorded once: the entries are what a link decodes to
			}
			js, _ := json.Marshal(p.Scenario)
			fmt.Fprintf(f, "%s\t%s\t%s\n", name, Link(p.Scenario), js)
		}
		f.Close()
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("golden corpus %s is missing: %v", path, err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.SplitN(line, "\t", 3)
		if len(parts) != 3 {
			t.Fatalf("malformed corpus line %q", line)
		}
		var want Scenario
		if err := json.Unmarshal([]byte(parts[2]), &want); err != nil {
			t.Fatalf("%s: bad recorded scenario: %v", parts[0], err)
		}
		got, err := ParseLink(parts[1])
		if err != nil {
			t.Fatalf("%s: link no longer decodes: %v", parts[0], err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: link decodes to\n%+v\nwant\n%+v", parts[0], got, want)
		}
		n++
	}
	if n == 0 {
		t.Fatal("golden corpus is empty")
	}
}
