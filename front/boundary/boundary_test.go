package boundary

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var regen = flag.Bool("regen", false, "rewrite docs/boundary.md from the declarations")

const root = "../.."

func TestDocIsGenerated(t *testing.T) {
	file := filepath.Join(root, "docs/boundary.md")
	if *regen {
		if err := os.WriteFile(file, []byte(Markdown()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != Markdown() {
		t.Errorf("docs/boundary.md is not the declarations': go test ./front/boundary -regen")
	}
}

// TestFieldsAreDeclared: every Out and In field of a program's struct was declared on that
// program (a field left zero would panic when Go uses it).
func TestFieldsAreDeclared(t *testing.T) {
	for _, s := range []any{Widget(), Table(), Advise(), EmbedThis()} {
		v := reflect.ValueOf(s).Elem()
		prog := v.FieldByName("Program").Addr().Interface().(*Program)
		for i := range v.NumField() {
			var p *Prop
			switch f := v.Field(i).Interface().(type) {
			case Out:
				p = f.p
			case In:
				p = f.p
			default:
				continue
			}
			if p == nil || !slices.Contains(prog.Props, p) {
				t.Errorf("%s.%s is not declared on window.%s", v.Type().Name(), v.Type().Field(i).Name, prog.Global)
			}
		}
	}
}

// sightings are the properties of each window object the pages' scripts and the browser tests
// use, with the files that use each: window.layoutlab.x, frame.contentWindow.layoutlab.x, an
// alias (const ll = window.layoutlab; ll.x) and the keys of the object a script makes.
func sightings(t *testing.T) map[string]map[string][]string {
	var files []string
	for _, g := range []string{"site/*.js", "site/*.html", "site/e2e/*.go"} {
		m, _ := filepath.Glob(filepath.Join(root, g))
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("found only %d files of the site", len(files))
	}
	prop := regexp.MustCompile(`\.(layoutlab(?:Table|Advise|EmbedThis)?)\.([A-Za-z_$][\w$]*)`)
	alias := regexp.MustCompile(`\b([A-Za-z_$][\w$]*)\s*=\s*window\.(layoutlab(?:Table|Advise|EmbedThis)?)\b`)
	made := regexp.MustCompile(`window\.(layoutlab(?:Table|Advise|EmbedThis)?)\s*=\s*\{([^}]*)\}`)
	key := regexp.MustCompile(`([A-Za-z_$][\w$]*)\s*:`)
	seen := map[string]map[string][]string{}
	note := func(global, name, file string) {
		if seen[global] == nil {
			seen[global] = map[string][]string{}
		}
		if f := filepath.Base(file); !slices.Contains(seen[global][name], f) {
			seen[global][name] = append(seen[global][name], f)
		}
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		for _, m := range prop.FindAllStringSubmatch(s, -1) {
			note(m[1], m[2], f)
		}
		for _, m := range alias.FindAllStringSubmatch(s, -1) {
			for _, n := range regexp.MustCompile(`\b`+regexp.QuoteMeta(m[1])+`\.([A-Za-z_$][\w$]*)`).FindAllStringSubmatch(s, -1) {
				note(m[2], n[1], f)
			}
		}
		for _, m := range made.FindAllStringSubmatch(s, -1) {
			for _, k := range key.FindAllStringSubmatch(m[2], -1) {
				note(m[1], k[1], f)
			}
		}
	}
	return seen
}

// TestPagesUseTheDeclaration: what the pages' scripts and the browser tests use of each window
// object is declared, and everything declared is used there (set or read): a property Go sets
// that nothing reads is dead, one a test reads that nobody declared is a contract nobody keeps.
func TestPagesUseTheDeclaration(t *testing.T) {
	seen := sightings(t)
	for _, p := range Programs() {
		used := seen[p.Global]
		if len(used) < 10 {
			t.Fatalf("window.%s: only %d properties found in the site", p.Global, len(used))
		}
		for name, files := range used {
			if p.Lookup(name) == nil {
				t.Errorf("window.%s.%s (%s) is not declared in front/boundary", p.Global, name, strings.Join(files, ", "))
			}
		}
		for _, pr := range p.Props {
			if used[pr.Name] == nil {
				t.Errorf("window.%s.%s is declared but no page script or browser test uses it", p.Global, pr.Name)
			}
		}
	}
}

// TestSightingsCatchWhatTheyShould: the scan finds each way a script names a property, so the
// test above cannot pass by finding nothing.
func TestSightingsCatchWhatTheyShould(t *testing.T) {
	seen := sightings(t)
	for _, want := range [][3]string{
		{"layoutlab", "firstFrame", "browser_test.go"},    // window.layoutlab.x in a test
		{"layoutlab", "scenarios", "embed.js"},            // w.layoutlab.x
		{"layoutlab", "updatesAtFrame", "loader.js"},      // const ll = window.layoutlab; ll.x
		{"layoutlab", "loadStart", "loader.js"},           // window.layoutlab = {x: ...}
		{"layoutlabTable", "whereRuns", "table.js"},       // const ll = window.layoutlabTable = {x: ...}
		{"layoutlabTable", "cellCentre", "table_test.go"}, // window.layoutlabTable.x()
		{"layoutlabAdvise", "prepared", "advise.js"},      // const la = window.layoutlabAdvise = {...}; la.x = ...
		{"layoutlabAdvise", "stops", "advise.js"},         // a key of the object advise.js makes
		{"layoutlabAdvise", "longestWhat", "table_advise_test.go"},
	} {
		if !slices.Contains(seen[want[0]][want[1]], want[2]) {
			t.Errorf("window.%s.%s not found in %s: %v", want[0], want[1], want[2], seen[want[0]][want[1]])
		}
	}
}

// TestGoSetsOnlyThroughTheDeclaration: no Go file of the browser programs names a window
// object itself; wasm/browser.Global does, from the declaration. (wasm/bare, the baseline the
// widget is measured against, keeps its own few lines, so that it stays bare.)
func TestGoSetsOnlyThroughTheDeclaration(t *testing.T) {
	literal := regexp.MustCompile(`"layoutlab(Table|Advise|EmbedThis)?"`)
	n := 0
	err := filepath.WalkDir(filepath.Join(root, "wasm"), func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "browser" || d.Name() == "bare") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		n++
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			if literal.MatchString(line) {
				t.Errorf("%s:%d names a window object: set it through wasm/browser.Global and front/boundary", path, i+1)
			}
		}
		return nil
	})
	if err != nil || n < 20 {
		t.Fatalf("read %d Go files under wasm/: %v", n, err)
	}
}

// Programs are the browser programs with a declared boundary.
func Programs() []*Program {
	return []*Program{&Widget().Program, &Table().Program, &Advise().Program, &EmbedThis().Program}
}

// Markdown is docs/boundary.md (generated here: no program needs it): each program's properties as a table.
func Markdown() string {
	var b strings.Builder
	b.WriteString("# The browser boundary\n\n")
	b.WriteString("Generated from front/boundary (`go test ./front/boundary -regen`); do not edit.\n\n")
	b.WriteString("Each browser program and its page share one window object. These are all of its\n")
	b.WriteString("properties: the Go program sets and calls only these, and the pages' scripts and the\n")
	b.WriteString("browser tests use only these (front/boundary's tests check both).\n")
	for _, p := range Programs() {
		fmt.Fprintf(&b, "\n## window.%s\n\n", p.Global)
		fmt.Fprintf(&b, "Between %s and %s. %s\n\n", p.Main, p.Script, p.Ready)
		b.WriteString("| property | set by | type | meaning |\n|---|---|---|---|\n")
		for _, pr := range p.Props {
			means := pr.Means
			if pr.Later {
				means += " (after ready)"
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", pr.Name, pr.SetBy, pr.Type, strings.ReplaceAll(means, "|", `\|`))
		}
	}
	return b.String()
}
