// Command benchcompare runs one package's Go benchmarks of two checkouts of the repository in
// turn, the order swapped each round, so that both see the same neighbours on a shared machine,
// and prints each benchmark's medians, their ratio and their spread as a Markdown table
// (docs/performance.md). `./build.sh bench-compare REV` runs it against commit REV.
//
//	go run ./site/benchcompare -before DIR [-after .] [-pkg ./engine/panel] [-bench REGEX] [-pairs 5]
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

func main() {
	before := flag.String("before", "", "the reference checkout's root (required)")
	after := flag.String("after", ".", "the checkout measured against it")
	pkg := flag.String("pkg", "./engine/panel", "the package whose benchmarks run")
	bench := flag.String("bench", "KeptLayoutFlip|Relayout|FirstRun|FilesSlider", "-test.bench")
	pairs := flag.Int("pairs", 5, "rounds, each running both binaries once")
	flag.Parse()
	if *before == "" || *pairs < 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run([2]string{*before, *after}, *pkg, *bench, *pairs); err != nil {
		fmt.Fprintln(os.Stderr, "benchcompare:", err)
		os.Exit(1)
	}
}

// sides name the two checkouts, in the order of run's roots.
var sides = [2]string{"before", "after"}

// samples are one side's values of one benchmark and unit, one a round.
type samples map[string][]float64

func run(roots [2]string, pkg, bench string, pairs int) error {
	tmp, err := os.MkdirTemp("", "benchcompare")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	var bins [2]string
	for i, root := range roots {
		bins[i] = filepath.Join(tmp, sides[i]+".test")
		c := exec.Command("go", "test", "-c", "-o", bins[i], pkg)
		c.Dir, c.Stdout, c.Stderr = root, os.Stderr, os.Stderr
		if err := c.Run(); err != nil {
			return fmt.Errorf("%s (%s): go test -c %s: %w", sides[i], root, pkg, err)
		}
	}
	got := [2]samples{{}, {}}
	var order []string // benchmark names and units as first printed
	var loads []string
	for r := range pairs {
		for _, i := range [][]int{{0, 1}, {1, 0}}[r%2] {
			loads = append(loads, loadAverage())
			c := exec.Command(bins[i], "-test.run", "^$", "-test.bench", bench, "-test.benchmem")
			c.Dir = filepath.Join(roots[i], pkg) // the package's testdata, as go test runs it
			out, err := c.CombinedOutput()
			if err != nil {
				return fmt.Errorf("%s, round %d: %w\n%s", sides[i], r+1, err, out)
			}
			fmt.Fprintf(os.Stderr, "round %d, %s done (load %s)\n", r+1, sides[i], loads[len(loads)-1])
			order = parse(out, got[i], order)
		}
	}
	printTable(os.Stdout, order, got, pairs, loads)
	return nil
}

// parse adds each benchmark line's ns/op (as wall ms/op) and cpu-ms/op to s and returns order
// with the keys it had not seen.
func parse(out []byte, s samples, order []string) []string {
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		name := strings.TrimPrefix(f[0], "Benchmark")
		if i := strings.LastIndexByte(name, '-'); i > 0 {
			name = name[:i] // the GOMAXPROCS suffix
		}
		for j := 3; j < len(f); j++ {
			v, err := strconv.ParseFloat(f[j-1], 64)
			if err != nil {
				continue
			}
			key := ""
			switch f[j] {
			case "cpu-ms/op":
				key = name + " cpu ms/op"
			case "ns/op":
				key, v = name+" wall ms/op", v/1e6
			default:
				continue
			}
			if !slices.Contains(order, key) {
				order = append(order, key)
			}
			s[key] = append(s[key], v)
		}
	}
	return order
}

// loadAverage is /proc/loadavg's one-minute figure, or "?".
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "?"
}

// printTable prints one row per benchmark and unit: each side's median and range over the
// rounds, after's median over before's, and the rounds' load averages.
func printTable(w *os.File, order []string, got [2]samples, pairs int, loads []string) {
	lo, hi := loadRange(loads)
	fmt.Fprintf(w, "| benchmark | unit | before median | after median | after/before | before range | after range | n | load |\n")
	fmt.Fprintf(w, "|---|---|---:|---:|---:|---|---|---:|---|\n")
	for _, key := range order {
		b, a := got[0][key], got[1][key]
		if len(b) == 0 || len(a) == 0 {
			continue
		}
		name, unit, _ := strings.Cut(key, " ")
		mb, ma := median(b), median(a)
		fmt.Fprintf(w, "| `%s` | %s | %s | %s | %.3f | %s–%s | %s–%s | %d+%d | %s–%s |\n",
			name, unit, num(mb), num(ma), ma/mb, num(slices.Min(b)), num(slices.Max(b)),
			num(slices.Min(a)), num(slices.Max(a)), len(b), len(a), lo, hi)
	}
	fmt.Fprintf(w, "\n%d rounds, one-minute load average before each run: %s\n", pairs, strings.Join(loads, " "))
}

// loadRange is the lowest and highest of the load averages that parse.
func loadRange(loads []string) (lo, hi string) {
	var v []float64
	for _, l := range loads {
		if f, err := strconv.ParseFloat(l, 64); err == nil {
			v = append(v, f)
		}
	}
	if len(v) == 0 {
		return "?", "?"
	}
	return strconv.FormatFloat(slices.Min(v), 'f', 1, 64), strconv.FormatFloat(slices.Max(v), 'f', 1, 64)
}

// median is the middle value of v (the mean of the two middle ones for an even count).
func median(v []float64) float64 {
	s := slices.Sorted(slices.Values(v))
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// num prints v with three significant figures, or as a whole number from 100.
func num(v float64) string {
	if v >= 100 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}
