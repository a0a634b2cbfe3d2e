package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"

	"layoutlab/engine/advise"
	"layoutlab/engine/datafiles"
	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
	"layoutlab/engine/optimize"
)

func init() {
	register("advise", "which keys for a real table and its queries: what each layout reads and costs", runAdvise)
}

var adviseUsage = `usage: layoutlab advise DIR --workload FILE [flags]

Advises a layout for the Delta table at DIR and the queries in FILE: each query's files and
bytes read today (as inspect --where reads them), then, from the table's own rows read from
its Parquet data files, each candidate layout (the table as it is, CLUSTER BY and ZORDER BY key
sets, PARTITIONED BY a low-cardinality column, ORDER BY) laid out by the engine: files and
bytes each query reads, the first OPTIMIZE's bytes, the nightly OPTIMIZE's bytes at the ingest
rate, the Pareto frontier of read against rewrite cost, the recommendation and its SQL.
Without the data files it gives today's figures and the health only.

  --workload FILE         one WHERE predicate a line, an optional weight before a colon
                          ("3: user_id = 42"); "#" starts a comment line
  --keys 'a,b;c'          key sets to try besides the workload's columns
  --max-keys N            the largest key set made from the workload's columns, 1..4 (default 2)
  --sample-rows N         rows read from the data files before whole row groups are
                          sampled (default 2,000,000; 512 MiB decoded also samples)
  --ingest-gb-per-day X   the nightly OPTIMIZE's ingest rate in GiB (default: the log's
                          appends of the last 30 days)
  --max-file-size BYTES   spark.databricks.delta.optimize.maxFileSize (default 1 GiB)
  --format F              text (default) | json
  --write DIR2            with --candidate N: write candidate N's table to DIR2 (Parquet
                          data files and a Delta log with statistics), reading every column
                          of the data files; inspect DIR2 --where Q then reads the predicted
                          files
  --candidate N           the candidate --write writes (its index in candidates[])

Exit status: 0 with an answer, including a refusal Delta would give ("error" {class,
message}, for the table or a candidate); 2 for a bad flag, a workload line that does not
parse (its line number and what was wrong), a log or data file that cannot be read.
`

type adviseFlags struct {
	dir, workload, keys, format string
	maxKeys                     int
	sampleRows, maxFile         int64
	ingestGB                    float64
	write                       string
	candidate                   int
}

func parseAdviseFlags(args []string, stderr io.Writer) (*adviseFlags, int) {
	fs := flag.NewFlagSet("advise", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f := &adviseFlags{}
	fs.StringVar(&f.workload, "workload", "", "")
	fs.StringVar(&f.keys, "keys", "", "")
	fs.IntVar(&f.maxKeys, "max-keys", advise.DefaultMaxKeys, "")
	fs.Int64Var(&f.sampleRows, "sample-rows", datafiles.DefaultMaxRows, "")
	fs.Float64Var(&f.ingestGB, "ingest-gb-per-day", -1, "")
	fs.Int64Var(&f.maxFile, "max-file-size", optimize.DefaultMaxFileSize, "")
	fs.StringVar(&f.format, "format", "text", "")
	fs.StringVar(&f.write, "write", "", "")
	fs.IntVar(&f.candidate, "candidate", -1, "")
	help := fs.Bool("h", false, "")
	fs.BoolVar(help, "help", false, "")
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		f.dir, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(stderr, "layoutlab advise: %v\n\n%s", err, adviseUsage)
		return nil, 2
	}
	if *help {
		return nil, -1
	}
	rest := fs.Args()
	if f.dir == "" && len(rest) > 0 {
		f.dir, rest = rest[0], rest[1:]
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "layoutlab advise: unexpected argument %q\n\n%s", rest[0], adviseUsage)
		return nil, 2
	}
	bad := badFlag(stderr, "advise")
	switch {
	case f.dir == "":
		fmt.Fprintf(stderr, "layoutlab advise: DIR is missing\n\n%s", adviseUsage)
		return nil, 2
	case f.workload == "":
		return nil, bad("workload", "a workload file is needed")
	case f.maxKeys < 1 || f.maxKeys > 4:
		return nil, bad("max-keys", "%d is outside 1..4 (CLUSTER BY takes at most 4 keys)", f.maxKeys)
	case f.sampleRows < 1 || f.sampleRows > 100_000_000:
		return nil, bad("sample-rows", "%d is outside 1..100,000,000", f.sampleRows)
	case f.ingestGB != -1 && !(f.ingestGB >= 0 && f.ingestGB <= 1e6):
		return nil, bad("ingest-gb-per-day", "%g is outside 0..1e6 GiB", f.ingestGB)
	case f.maxFile < 1<<10 || f.maxFile > 1<<40:
		return nil, bad("max-file-size", "%d is outside 1 KiB..1 TiB", f.maxFile)
	case f.format != "text" && f.format != "json":
		return nil, bad("format", "%q is not text or json", f.format)
	case (f.write == "") != (f.candidate < 0):
		return nil, bad("write", "--write DIR2 and --candidate N go together")
	}
	return f, 0
}

// parseKeySets reads --keys: key sets separated by ';', keys by ','.
func parseKeySets(s string) ([][]string, error) {
	var out [][]string
	for _, set := range strings.Split(s, ";") {
		if strings.TrimSpace(set) == "" {
			continue
		}
		var keys []string
		for _, k := range strings.Split(set, ",") {
			k = strings.TrimSpace(k)
			if k == "" {
				return nil, fmt.Errorf("an empty key in %q", set)
			}
			keys = append(keys, k)
		}
		out = append(out, keys)
	}
	return out, nil
}

func runAdvise(args []string, stdout, stderr io.Writer) int {
	f, code := parseAdviseFlags(args, stderr)
	if code == -1 {
		fmt.Fprint(stdout, adviseUsage)
		return 0
	}
	if f == nil {
		return code
	}
	bad := badFlag(stderr, "advise")
	keys, err := parseKeySets(f.keys)
	if err != nil {
		return bad("keys", "%v", err)
	}
	workload, err := readWorkload(f.workload)
	if err != nil {
		return bad("workload", "%v", err)
	}
	root := filepath.Clean(f.dir)
	if filepath.Base(root) == deltalog.LogDir {
		root = filepath.Dir(root)
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "layoutlab advise: %s: %s\n", termSafe(root), termSafe(err.Error()))
		return 2
	}
	fsys := os.DirFS(root)
	base, in, err := inspect.Open(fsys, root, inspect.Options{Version: -1})
	if err != nil {
		return fail(err)
	}
	if in == nil { // a table Delta refuses to read: the refusal is the answer
		return writeAdvise(stdout, stderr, f.format, &advise.Report{Version: base.Version, Health: []any{},
			Candidates: []advise.Candidate{}, Pareto: []int{}, Error: &advise.ErrorInfo{Class: base.Error.Class, Message: base.Error.Message}}, base)
	}
	rows, all, err := readRows(fsys, in, workload, keys, f.sampleRows, f.write != "")
	if err != nil {
		return fail(err)
	}
	var health any = base.ClusteringHealth
	if len(base.ClusteringHealth) == 0 {
		health = []any{}
	}
	input := advise.Input{Inspector: in, Workload: workload, Rows: rows, Health: health}
	opt := advise.Options{Keys: keys, MaxKeys: f.maxKeys, IngestBytesPerDay: ingestBytes(f.ingestGB), MaxFileSize: f.maxFile,
		Table: "delta.`" + strings.ReplaceAll(root, "`", "``") + "`"}
	rep, err := advise.Advise(input, opt)
	if err != nil {
		return fail(err)
	}
	if f.write != "" {
		if err := writeCandidate(f.write, input, opt, f.candidate, all); err != nil {
			return bad("write", "%v", err)
		}
	}
	return writeAdvise(stdout, stderr, f.format, rep, base)
}

// writeCandidate writes candidate i's table to dir with datafiles.Write: every column of the
// rows, in the files Relayout gives.
func writeCandidate(dir string, in advise.Input, opt advise.Options, i int, all *datafiles.Rows) error {
	if all == nil {
		return errors.New("the table's data files are not there")
	}
	if all.Sample.Fraction < 1 {
		return fmt.Errorf("the rows are a sample (%d of %d): --sample-rows must cover the table to write it", all.Sample.RowsRead, all.Sample.RowsTotal)
	}
	as, err := advise.Relayout(in, opt, i)
	if err != nil {
		return err
	}
	return datafiles.Write(dir, in.Inspector.Snapshot(), all, as.Files, as.Commit(1))
}

func ingestBytes(gb float64) float64 {
	if gb < 0 {
		return -1
	}
	return gb * float64(optimize.GiB)
}

// readWorkload reads the workload file, its size checked before it is read.
func readWorkload(name string) (string, error) {
	st, err := os.Stat(name)
	if err != nil {
		return "", err
	}
	if st.Size() > advise.MaxWorkloadBytes {
		return "", fmt.Errorf("%s: %d bytes; the limit is %d", name, st.Size(), advise.MaxWorkloadBytes)
	}
	b, err := os.ReadFile(name)
	return string(b), err
}

// readRows reads the columns the advice needs from the data files (engine/datafiles), nil when
// the table's data files are not there (none of them exists): the advice is then today's only.
// every reads every column (for --write, whose table holds them all) and returns them too.
func readRows(fsys fs.FS, in *inspect.Inspector, workload string, keys [][]string, sampleRows int64, every bool) (*advise.Rows, *datafiles.Rows, error) {
	snap := in.Snapshot()
	files := snap.AllFiles()
	if len(files) == 0 || !anyExists(fsys, files) {
		return nil, nil, nil
	}
	leaves, err := advise.Leaves(snap)
	if err != nil {
		return nil, nil, err
	}
	cols, err := advise.ReadColumns(leaves, workload, keys)
	if err != nil {
		return nil, nil, err
	}
	if every {
		cols = nil
	}
	r, err := datafiles.Read(fsys, snap, datafiles.Options{Columns: cols, MaxRows: sampleRows, Seed: 1})
	if err != nil {
		return nil, nil, err
	}
	return &advise.Rows{Table: r.Table, File: r.File,
		Sample: advise.Sample{RowsRead: r.Sample.RowsRead, RowsTotal: r.Sample.RowsTotal, Fraction: r.Sample.Fraction}}, r, nil
}

func anyExists(fsys fs.FS, files []*deltalog.AddFile) bool {
	for _, f := range files {
		if _, err := fs.Stat(fsys, f.Path); err == nil {
			return true
		} else if !errors.Is(err, fs.ErrNotExist) {
			return true // there, but unreadable: Read names the problem
		}
	}
	return false
}

func writeAdvise(stdout, stderr io.Writer, format string, rep *advise.Report, base *inspect.Report) int {
	if format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintf(stderr, "layoutlab advise: %s\n", termSafe(err.Error()))
			return 1
		}
		return 0
	}
	writeAdviseText(stdout, rep, base)
	return 0
}

func writeAdviseText(w io.Writer, r *advise.Report, base *inspect.Report) {
	if r.Error != nil {
		fmt.Fprintf(w, "error: [%s] %s\n", termSafe(r.Error.Class), termSafe(r.Error.Message))
		return
	}
	fmt.Fprintf(w, "version %d: %d files, %s\ntoday:\n", r.Version, r.Today.Files, optimize.FormatBytes(r.Today.Bytes))
	for _, q := range r.Today.Queries {
		fmt.Fprintf(w, "  %s (weight %g): %s, %s\n", termSafe(q.Where), q.Weight, advise.Files(q.FilesRead), optimize.FormatBytes(q.BytesRead))
	}
	writeHealthText(w, base)
	fmt.Fprintf(w, "ingest: %s a day (%s)\n", optimize.FormatBytes(int64(r.Ingest.BytesPerDay)), termSafe(r.Ingest.Source))
	if r.Message != "" {
		fmt.Fprintln(w, r.Message)
		return
	}
	if s := r.Sample; s != nil {
		fmt.Fprintf(w, "rows: %d of %d read (fraction %.4f)\n", s.RowsRead, s.RowsTotal, s.Fraction)
	}
	writeCandidatesText(w, r)
	if rec := r.Recommendation; rec != nil {
		fmt.Fprintf(w, "recommendation: candidate %d, %s\n", rec.Candidate, termSafe(rec.Label))
		for _, s := range rec.Reasons {
			fmt.Fprintf(w, "  - %s\n", termSafe(s))
		}
		for _, s := range rec.SQL {
			fmt.Fprintf(w, "  %s;\n", termSafe(s))
		}
	}
}

func writeCandidatesText(w io.Writer, r *advise.Report) {
	onFrontier := map[int]bool{}
	for _, i := range r.Pareto {
		onFrontier[i] = true
	}
	var buf bytes.Buffer
	tw := tabwriter.NewWriter(&buf, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  #\tcandidate\tfiles\tfiles read (weighted)\tbytes read (weighted)\tfirst OPTIMIZE\tnightly OPTIMIZE\tPareto frontier (*) or Delta's refusal")
	for i, c := range r.Candidates {
		label := termSafe(advise.Label(c))
		if c.Error != nil {
			fmt.Fprintf(tw, "  %d\t%s\t\t\t\t\t\trefused: [%s]\n", i, label, termSafe(c.Error.Class))
			continue
		}
		front := ""
		if onFrontier[i] {
			front = "*"
		}
		fmt.Fprintf(tw, "  %d\t%s\t%d\t%s\t%s\t%s\t%s\t%s\n", i, label, c.Files, strconv.FormatFloat(c.FilesReadWeighted, 'f', 2, 64),
			optimize.FormatBytes(int64(c.BytesReadWeighted)), optimize.FormatBytes(c.FirstOptimizeBytes), nightlyText(c.NightlyOptimizeBytes), front)
	}
	tw.Flush()
	for _, line := range strings.SplitAfter(buf.String(), "\n") {
		fmt.Fprint(w, strings.TrimRight(line, " \n"), strings.Repeat("\n", strings.Count(line, "\n")))
	}
}

func nightlyText(b int64) string {
	if b < 0 {
		return "not modelled"
	}
	return optimize.FormatBytes(b)
}
