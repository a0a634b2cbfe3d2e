package advisepage

import (
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"layoutlab/engine/advise"
	"layoutlab/engine/datafiles"
	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
	"layoutlab/engine/optimize"
	"layoutlab/engine/work"
)

// Knobs are the view's fields besides the workload, as the CLI's flags take them: --keys,
// --max-file-size and --ingest-gb-per-day ("" for the flag's default).
type Knobs struct {
	Keys, MaxFileSize, IngestGBPerDay string
}

// options checks the knobs as the CLI checks its flags (cmd/layoutlab/advise.go).
func (k Knobs) options(name string) (advise.Options, error) {
	o := advise.Options{MaxKeys: advise.DefaultMaxKeys, IngestBytesPerDay: -1, MaxFileSize: optimize.DefaultMaxFileSize,
		Table: "delta.`" + strings.ReplaceAll(name, "`", "``") + "`"}
	for _, set := range strings.Split(k.Keys, ";") {
		if strings.TrimSpace(set) == "" {
			continue
		}
		var keys []string
		for _, c := range strings.Split(set, ",") {
			if c = strings.TrimSpace(c); c == "" {
				return o, fmt.Errorf("key sets: an empty key in %q", set)
			}
			keys = append(keys, c)
		}
		o.Keys = append(o.Keys, keys)
	}
	if s := strings.TrimSpace(k.MaxFileSize); s != "" {
		n, err := strconv.ParseInt(strings.ReplaceAll(s, "_", ""), 10, 64)
		if err != nil || n < 1<<10 || n > 1<<40 {
			return o, fmt.Errorf("max file size: %q is not a whole number of bytes in 1 KiB..1 TiB", s)
		}
		o.MaxFileSize = n
	}
	if s := strings.TrimSpace(k.IngestGBPerDay); s != "" {
		g, err := strconv.ParseFloat(s, 64)
		if err != nil || !(g >= 0 && g <= 1e6) {
			return o, fmt.Errorf("ingest: %q is not a rate in 0..1e6 GiB a day", s)
		}
		o.IngestBytesPerDay = g * float64(optimize.GiB)
	}
	return o, nil
}

// Advise is `layoutlab advise DIR --workload FILE`'s work (cmd/layoutlab/advise.go): the
// rows of the columns the workload and key sets need, read from the data files given, then
// engine/advise. name is the table's folder, as the SQL names it. y is told each row group read
// (datafiles.ReadStep) and each candidate laid out (advise.CandidatesStep); its error stops the
// work and is returned as it is.
func Advise(fsys fs.StatFS, name string, in *inspect.Inspector, base *inspect.Report, workload string, k Knobs, y work.Yield) (*advise.Report, error) {
	if in == nil { // a table Delta refuses to read: the refusal is the answer
		e := base.Error
		return &advise.Report{Version: base.Version, Health: []any{}, Candidates: []advise.Candidate{}, Pareto: []int{},
			Error: &advise.ErrorInfo{Class: e.Class, Message: e.Message}}, nil
	}
	if len(workload) > advise.MaxWorkloadBytes {
		return nil, fmt.Errorf("the workload is %d bytes; the limit is %d", len(workload), advise.MaxWorkloadBytes)
	}
	opt, err := k.options(name)
	if err != nil {
		return nil, err
	}
	opt.Yield = y
	rows, err := readRows(fsys, in, workload, opt.Keys, y)
	if err != nil {
		return nil, err
	}
	var health any = base.ClusteringHealth
	if len(base.ClusteringHealth) == 0 {
		health = []any{}
	}
	return advise.Advise(advise.Input{Inspector: in, Workload: workload, Rows: rows, Health: health}, opt)
}

// readRows reads the columns the advice needs, nil when none of the table's data files was given.
func readRows(fsys fs.StatFS, in *inspect.Inspector, workload string, keys [][]string, y work.Yield) (*advise.Rows, error) {
	snap := in.Snapshot()
	files := snap.AllFiles()
	if len(files) == 0 || !anyGiven(fsys, files) {
		return nil, nil
	}
	leaves, err := advise.Leaves(snap)
	if err != nil {
		return nil, err
	}
	cols, err := advise.ReadColumns(leaves, workload, keys)
	if err != nil {
		return nil, err
	}
	r, err := datafiles.Read(fsys, snap, datafiles.Options{Columns: cols, MaxRows: datafiles.DefaultMaxRows, Seed: 1, Yield: y})
	if err != nil {
		return nil, err
	}
	return &advise.Rows{Table: r.Table, File: r.File,
		Sample: advise.Sample{RowsRead: r.Sample.RowsRead, RowsTotal: r.Sample.RowsTotal, Fraction: r.Sample.Fraction}}, nil
}

// anyGiven reports whether any of the snapshot's data files is among the files given (the CLI's
// anyExists): a file there but unreadable counts, and Read names the problem.
func anyGiven(fsys fs.StatFS, files []*deltalog.AddFile) bool {
	for _, f := range files {
		if _, err := fsys.Stat(f.Path); err == nil {
			return true
		}
	}
	return false
}
