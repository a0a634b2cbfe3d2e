// Command layoutlab runs Layout Lab's engine from the command line.
//
//	layoutlab layout [flags]   lay out the statistics panel's table and print the result
//
// Each subcommand lives in its own file of this package and registers itself in subcommands.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sort"
)

// memoryLimit and gcPercent are the Go runtime's soft memory limit and collector pacing for the
// command (GOMEMLIMIT and GOGC in the environment take precedence). The default pacing
// (GOGC=100) lets the heap grow to twice the live heap before a collection, past 1 GiB of RSS
// for the costliest scenario the limits admit (scenario.Cost: a million rows, 4,096 files, every
// column's statistics printed; about 620 MB live at its peak); GOGC=50 collects at half again,
// and the limit bounds the whole under 1 GiB (that scenario peaks at 930-965 MB RSS). A limit
// must not sit under what a big table needs live: at 700 MiB alone, inspect of a million files
// (about 850 MB live at its OPTIMIZE plans) ran the collector back to back and spent 1.4 to
// 2.8 s more CPU than without a limit (docs/performance.md).
const (
	memoryLimit = 960 << 20
	gcPercent   = 50
)

// setMemoryPolicy sets memoryLimit and gcPercent where the environment does not, and returns
// what undoes it (the benchmarks run the command's code under the command's policy).
func setMemoryPolicy() (restore func()) {
	limit := debug.SetMemoryLimit(-1) // -1 reads it
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	percent, setPercent := 0, os.Getenv("GOGC") == ""
	if setPercent {
		percent = debug.SetGCPercent(gcPercent)
	}
	return func() {
		debug.SetMemoryLimit(limit)
		if setPercent {
			debug.SetGCPercent(percent)
		}
	}
}

// subcommand is one verb of the command line. run gets the arguments after the verb and returns
// the exit code: 0 success (including an answer that is a Delta refusal), 2 bad usage.
type subcommand struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

var subcommands = map[string]subcommand{}

func register(name, summary string, run func(args []string, stdout, stderr io.Writer) int) {
	subcommands[name] = subcommand{summary, run}
}

func main() {
	setMemoryPolicy()
	os.Exit(runBuffered(os.Args[1:], os.Stdout, os.Stderr))
}

// runBuffered is dispatch with stdout buffered: inspect's text output is a few lines a file,
// and written straight to the file each line was a write call, 3.1 million of them for a
// million files.
func runBuffered(args []string, stdout, stderr io.Writer) int {
	out := bufio.NewWriterSize(stdout, 64<<10)
	code := dispatch(args, out, stderr)
	if err := out.Flush(); err != nil && code == 0 {
		fmt.Fprintf(stderr, "layoutlab: %v\n", err)
		code = 1
	}
	return code
}

func dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	sc, ok := subcommands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "layoutlab: unknown subcommand %q\n", args[0])
		usage(stderr)
		return 2
	}
	return sc.run(args[1:], stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: layoutlab <subcommand> [flags]\n\nsubcommands:")
	names := make([]string, 0, len(subcommands))
	for n := range subcommands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, subcommands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'layoutlab <subcommand> -h' for its flags.")
}
