package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestReadmeExamples runs every command of the README's "The command line" section (the lines
// "$ go run ./cmd/layoutlab ..." of its console blocks) and compares its output, through
// the same head, tail or sed, with the lines printed under it. It also checks the figures the
// prose around the examples quotes from those outputs.
func TestReadmeExamples(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	i := strings.Index(readme, "## The command line")
	if i < 0 {
		t.Fatal("README has no command-line section")
	}
	section := readme[i:]
	section = section[:strings.Index(section[1:], "\n## ")+1]
	t.Chdir("../..") // the commands run from the repository's root

	examples := readmeExamples(t, section)
	if len(examples) < 4 {
		t.Fatalf("found %d examples in the README's command-line section", len(examples))
	}
	out := map[string]string{} // command line -> output as filtered
	for _, ex := range examples {
		args, filter := splitCommand(t, ex.cmd)
		code, stdout, stderr := cli(args...)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", ex.cmd, code, stderr)
			continue
		}
		got := filter(stdout)
		out[ex.cmd] = got
		if got != ex.want {
			t.Errorf("README example\n$ %s\nprints\n%s\nbut the engine gives\n%s", ex.cmd, ex.want, got)
		}
	}

	// The prose quotes these outputs: each phrase and the output it comes from.
	const (
		hilbert = `go run ./cmd/layoutlab layout --where "event_date = '2025-03-01'" | head -5`
		appendL = `go run ./cmd/layoutlab layout --layout append --where "event_date = '2025-03-01'" | head -5`
		liquid  = `go run ./cmd/layoutlab run --strategy liquid --format csv | sed -n '1p;$p'`
		noNoise = `go run ./cmd/layoutlab run --strategy liquid --add-noise=false --format csv | tail -1`
	)
	field := func(cmd, key string) string {
		for _, l := range strings.Split(out[cmd], "\n") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(l), `"`+key+`": `); ok {
				return strings.TrimSuffix(v, ",")
			}
		}
		t.Errorf("%s: no %s in its output", cmd, key)
		return ""
	}
	lastRow := func(cmd string, col int) float64 {
		lines := strings.Split(out[cmd], "\n")
		cells := strings.Split(lines[len(lines)-1], ",")
		if col >= len(cells) {
			t.Errorf("%s: no column %d in %q", cmd, col, lines[len(lines)-1])
			return 0
		}
		v, err := strconv.ParseFloat(cells[col], 64)
		if err != nil {
			t.Errorf("%s: %v", cmd, err)
		}
		return v
	}
	const writtenGB, lookupFiles = 3, 5 // columns of run's CSV
	for _, c := range []struct{ phrase, got, want string }{
		{"(100,000 rows in 32 files", field(hilbert, "rows_total") + " " + field(hilbert, "files_total"), "100000 32"},
		{"reads 7 files for a date", field(hilbert, "files_read"), "7"},
		{"which is date\norder, reads one", field(appendL, "files_read"), "1"},
		{"OPTIMIZE writes 120 GiB", fmt.Sprint(lastRow(liquid, writtenGB)), "120"},
		{"a lookup on `customer_id` opens 21.5 files", fmt.Sprintf("%.1f", lastRow(liquid, lookupFiles)), "21.5"},
		{"opens both neighbours) it opens 19.9", fmt.Sprintf("%.1f", lastRow(noNoise, lookupFiles)), "19.9"},
		{"`(event_date, user_id)` reads 3.25\nfiles a lookup where `user_id` alone reads one", adviseCell(t, out, "CLUSTER BY (event_date, user_id)", 1) + " " + adviseCell(t, out, "CLUSTER BY (user_id)", 1), "3.25 1.00"},
	} {
		if !strings.Contains(section, c.phrase) {
			t.Errorf("the README no longer says %q: update this test", c.phrase)
		}
		if c.got != c.want {
			t.Errorf("the README says %q, the engine gives %s", c.phrase, c.got)
		}
	}
	// --add-noise's usage quotes the same two figures.
	usage := ""
	for _, k := range verbKnobs("timeline") {
		if k.ID == "add-noise" {
			usage = k.FlagText()
		}
	}
	if want := fmt.Sprintf("opens %.1f files instead of %.1f", lastRow(noNoise, lookupFiles), lastRow(liquid, lookupFiles)); !strings.Contains(usage, want) {
		t.Errorf("--add-noise's usage should say %q:\n%s", want, usage)
	}
}

// adviseCell is a cell of the candidates table of the README's advise example whose rows
// include label: its field after the label (0: files, 1: files read, weighted).
func adviseCell(t *testing.T, out map[string]string, label string, field int) string {
	for cmd, o := range out {
		if !strings.Contains(cmd, " advise ") {
			continue
		}
		for _, l := range strings.Split(o, "\n") {
			if _, rest, ok := strings.Cut(l, "  "+label+"  "); ok {
				f := strings.Fields(rest)
				if field < len(f) {
					return f[field]
				}
			}
		}
	}
	t.Errorf("no README advise output has a row %q", label)
	return ""
}

type readmeExample struct{ cmd, want string }

// readmeExamples finds the "$ go run ./cmd/layoutlab ..." lines of the console blocks
// and the output lines under each.
func readmeExamples(t *testing.T, section string) []readmeExample {
	var out []readmeExample
	for _, block := range strings.Split(section, "```console\n")[1:] {
		block = block[:strings.Index(block, "```")]
		var cur *readmeExample
		for _, line := range strings.Split(strings.TrimSuffix(block, "\n"), "\n") {
			if cmd, ok := strings.CutPrefix(line, "$ "); ok {
				out = append(out, readmeExample{cmd: cmd})
				cur = &out[len(out)-1]
				continue
			}
			if cur == nil {
				t.Fatalf("README console block starts with output, not a command: %q", line)
			}
			if cur.want != "" {
				cur.want += "\n"
			}
			cur.want += line
		}
	}
	return out
}

// splitCommand splits "go run ./cmd/layoutlab ARGS [| FILTER]" into the arguments, as a
// POSIX shell would for the quoting the README uses, and the filter as a function.
func splitCommand(t *testing.T, cmd string) ([]string, func(string) string) {
	words := shellWords(t, cmd)
	prefix := []string{"go", "run", "./cmd/layoutlab"}
	if len(words) < len(prefix) || strings.Join(words[:3], " ") != strings.Join(prefix, " ") {
		t.Fatalf("README command %q does not start with %q", cmd, strings.Join(prefix, " "))
	}
	words = words[3:]
	filter := func(s string) string { return strings.TrimSuffix(s, "\n") }
	for i, w := range words {
		if w != "|" {
			continue
		}
		pipe := words[i+1:]
		words = words[:i]
		lines := func(s string) []string { return strings.Split(strings.TrimSuffix(s, "\n"), "\n") }
		switch {
		case len(pipe) == 2 && pipe[0] == "head" && strings.HasPrefix(pipe[1], "-"):
			n, _ := strconv.Atoi(pipe[1][1:])
			filter = func(s string) string { l := lines(s); return strings.Join(l[:min(n, len(l))], "\n") }
		case len(pipe) == 2 && pipe[0] == "tail" && strings.HasPrefix(pipe[1], "-"):
			n, _ := strconv.Atoi(pipe[1][1:])
			filter = func(s string) string { l := lines(s); return strings.Join(l[max(0, len(l)-n):], "\n") }
		case len(pipe) == 3 && pipe[0] == "sed" && pipe[1] == "-n" && pipe[2] == "1p;$p":
			filter = func(s string) string { l := lines(s); return l[0] + "\n" + l[len(l)-1] }
		default:
			t.Fatalf("README command %q: this test does not know the filter %q", cmd, strings.Join(pipe, " "))
		}
		break
	}
	return words, filter
}

// shellWords splits s at unquoted blanks, removing single and double quotes as a shell does
// (no escapes or expansions: the README's commands use none). A bare | is a word of its own.
func shellWords(t *testing.T, s string) []string {
	var words []string
	var w strings.Builder
	inWord := false
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				w.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, inWord = c, true
		case c == ' ':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if quote != 0 {
		t.Fatalf("unbalanced quote in README command %q", s)
	}
	if inWord {
		words = append(words, w.String())
	}
	return words
}
