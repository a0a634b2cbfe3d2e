package main

import (
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
)

func init() {
	register("inspect", "read a real Delta table's log: files a WHERE reads, DESCRIBE, the next OPTIMIZE", runInspect)
}

var inspectUsage = `usage: layoutlab inspect DIR [flags]

Reads the _delta_log of the Delta table at DIR (the table root, or its _delta_log folder) as
Delta Kernel does (checkpoints, sidecars, log compactions, commits) and never its data files.
It prints the snapshot's files with their statistics and ZCubes, which files a WHERE reads and
why (Delta's data skipping), DESCRIBE DETAIL and HISTORY, and what the next OPTIMIZE would
select (open-source Delta's planner, and Fabric Runtime 2.0's for a clustered table).

  --version N           time travel: the snapshot at version N (default: the latest)
  --where PRED          a WHERE predicate over the table's logical column names
  --format F            text (default) | json | csv (one row per file)
                        text shows a log's control characters as escapes (\x1b); csv
                        writes a cell starting with = + - @ TAB or CR with a leading '

Exit status: 0 with an answer, including a refusal Delta would give (an unknown column, a
version the log does not hold, an unsupported reader feature: "error" {class, message});
2 for a bad flag, or a log that cannot be read (a corrupt, truncated or missing commit, a
checkpoint that does not parse), with the file, line and what was wrong.
`

func runInspect(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("inspect", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	version := fs.Int64("version", -1, "")
	where := fs.String("where", "", "")
	format := fs.String("format", "text", "")
	help := fs.Bool("h", false, "")
	fs.BoolVar(help, "help", false, "")
	var dir string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		dir, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(stderr, "layoutlab inspect: %v\n\n%s", err, inspectUsage)
		return 2
	}
	if *help {
		fmt.Fprint(stdout, inspectUsage)
		return 0
	}
	rest := fs.Args()
	if dir == "" && len(rest) > 0 {
		dir, rest = rest[0], rest[1:]
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "layoutlab inspect: unexpected argument %q\n\n%s", rest[0], inspectUsage)
		return 2
	}
	bad := badFlag(stderr, "inspect")
	if dir == "" {
		fmt.Fprintf(stderr, "layoutlab inspect: DIR is missing\n\n%s", inspectUsage)
		return 2
	}
	if *version < -1 {
		return bad("version", "%d is not a version (want N >= 0)", *version)
	}
	switch *format {
	case "text", "json", "csv":
	default:
		return bad("format", "%q is not text, json or csv", *format)
	}
	root := filepath.Clean(dir)
	if filepath.Base(root) == deltalog.LogDir {
		root = filepath.Dir(root)
	}
	// The JSON's files are written while the next OPTIMIZE and the health, which follow them,
	// are worked out (afterFiles); the CSV has neither.
	fsys, opt := os.DirFS(root), inspect.Options{Version: *version, Where: *where}
	var rep *inspect.Report
	var afterFiles func() error
	var err error
	if *format == "text" {
		rep, err = inspect.Inspect(fsys, root, opt)
	} else {
		rep, afterFiles, err = inspect.InspectThen(fsys, root, opt)
	}
	if err != nil {
		fmt.Fprintf(stderr, "layoutlab inspect: %s: %s\n", termSafe(root), termSafe(err.Error()))
		return 2
	}
	switch *format {
	case "json":
		if err := writeInspectJSON(stdout, rep, afterFiles); err != nil {
			fmt.Fprintf(stderr, "layoutlab inspect: %s\n", termSafe(err.Error()))
			return 1
		}
	case "csv":
		writeInspectCSV(stdout, rep)
	default:
		writeInspectText(stdout, rep)
	}
	return 0
}

func writeInspectCSV(w io.Writer, r *inspect.Report) {
	cw := csv.NewWriter(w)
	writeCSVRow(cw, "path", "partitionValues", "size", "numRecords", "deletedRecords", "read", "reason", "zcube_id", "zcube_sealed", "clusteringProvider")
	for _, f := range r.Files {
		pv, _ := json.Marshal(f.PartitionValues)
		n := ""
		if f.NumRecords != nil {
			n = strconv.FormatInt(*f.NumRecords, 10)
		}
		zid, sealed := "", ""
		if f.ZCube != nil {
			zid, sealed = f.ZCube.ID, strconv.FormatBool(f.ZCube.Sealed)
		}
		cp := ""
		if f.ClusteringProvider != nil {
			cp = *f.ClusteringProvider
		}
		writeCSVRow(cw, f.Path, string(pv), strconv.FormatInt(f.Size, 10), n, strconv.FormatInt(f.DeletedRecords(), 10),
			strconv.FormatBool(f.Read), f.Reason, zid, sealed, cp)
	}
	cw.Flush()
}

// writeCSVRow writes one row, each cell through csvSafe: paths, reasons, ZCube ids and
// partition values come from the log.
func writeCSVRow(cw *csv.Writer, cells ...string) {
	for i, c := range cells {
		cells[i] = csvSafe(c)
	}
	cw.Write(cells)
}

func writeInspectText(w io.Writer, r *inspect.Report) {
	if r.Error != nil {
		fmt.Fprintf(w, "error: [%s] %s\n", termSafe(r.Error.Class), termSafe(r.Error.Message))
		if r.DescribeDetail == nil {
			return
		}
	}
	rows := func(p *int64) string {
		if p == nil {
			return "unknown"
		}
		return strconv.FormatInt(*p, 10)
	}
	fmt.Fprintf(w, "version %d: %d files, %s rows", r.Version, r.FilesTotal, rows(r.RowsTotal))
	if len(r.PartitionColumns) > 0 {
		fmt.Fprintf(w, "; partitioned by %s", termSafe(strings.Join(r.PartitionColumns, ", ")))
	}
	if len(r.ClusteringColumns) > 0 {
		fmt.Fprintf(w, "; clustered by %s", termSafe(strings.Join(r.ClusteringColumns, ", ")))
		if r.ClusteringFormat == deltalog.ClusteringFormatLiquidPreview {
			fmt.Fprintf(w, " [%s]", r.ClusteringFormat)
		}
	}
	fmt.Fprintln(w)
	if r.Error == nil {
		where := r.Where
		if where == "" {
			where = "(no WHERE)"
		}
		fmt.Fprintf(w, "WHERE %s reads %d of %d files, %s rows\n", termSafe(where), r.FilesRead, r.FilesTotal, rows(r.RowsRead))
	}
	// Each file's line is appended to one buffer and written whole: a million Fprintf calls
	// boxed each argument, four allocations a file.
	var line []byte
	for i := range r.Files {
		f := &r.Files[i]
		line = append(line[:0], "  "...)
		if f.Read {
			line = append(line, "true  "...) // %-5v
		} else {
			line = append(line, "false "...)
		}
		line = append(line, termSafe(f.Path)...)
		line = append(line, "  "...)
		line = strconv.AppendInt(line, f.Size, 10)
		line = append(line, " bytes, "...)
		if f.NumRecords == nil {
			line = append(line, "unknown"...)
		} else {
			line = strconv.AppendInt(line, *f.NumRecords, 10)
		}
		line = append(line, " rows"...)
		if f.ZCube != nil {
			state := "open"
			if f.ZCube.Sealed {
				state = "sealed"
			}
			line = append(append(append(append(append(line, ", zcube "...), termSafe(f.ZCube.ID)...), " ("...), state...), ')')
		}
		if f.Reason != "" {
			line = append(append(line, "  -- "...), termSafe(f.Reason)...)
		}
		for _, n := range f.StatsNotes() {
			line = append(append(line, "\n        statistic left out: "...), termSafe(n)...)
		}
		line = append(line, '\n')
		w.Write(line)
	}
	if n := r.NextOptimize; n != nil {
		for _, p := range []*inspect.OptimizePlan{n.OSS, n.FabricRuntime20} {
			if p == nil {
				continue
			}
			if p.Error != nil {
				fmt.Fprintf(w, "next OPTIMIZE (%s): [%s] %s\n", p.Label, termSafe(p.Error.Class), termSafe(p.Error.Message))
				continue
			}
			fmt.Fprintf(w, "next OPTIMIZE (%s): %s, %d candidate files, rewrites %d files (%d bytes) in %d bins; %d cubes sealed\n",
				p.Label, p.Mode, p.ConsideredFiles, p.SelectedFiles, p.SelectedBytes, len(p.Bins), p.SealedCubes)
			for _, e := range p.Events {
				fmt.Fprintf(w, "    %s\n", termSafe(e))
			}
		}
	}
	writeHealthText(w, r)
	if len(r.History) > 0 {
		fmt.Fprintln(w, "history:")
		for _, h := range r.History {
			fmt.Fprintf(w, "  v%d %s %s\n", h.Version, h.Timestamp.Format("2006-01-02T15:04:05Z"), termSafe(h.Operation))
		}
	}
}
