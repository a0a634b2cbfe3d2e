package advise

import (
	"errors"
	"fmt"

	"layoutlab/engine/inspect"
	"layoutlab/engine/table"
	"layoutlab/engine/work"
)

// Rows are the table's live rows as engine/datafiles reads them from the data files: one column
// per leaf read (logical names), deletion vectors applied, partition values filled.
type Rows struct {
	Table *table.Table
	// File is, per row, the index of the file it came from among the snapshot's files in path
	// order (Snapshot.AllFiles, the order of inspect's Report.Files).
	File   []int32
	Sample Sample
}

// Sample says how much of the table the rows are: all of it, or whole row groups past a limit.
type Sample struct {
	RowsRead  int64   `json:"rows_read"`
	RowsTotal int64   `json:"rows_total"`
	Fraction  float64 `json:"fraction"`
}

// Input is what Advise works on.
type Input struct {
	// Inspector is the table's log, opened by engine/inspect: today's figures come from its
	// Report, the path `layoutlab inspect --where` takes.
	Inspector *inspect.Inspector
	// Workload is the workload file's text (ParseWorkload).
	Workload string
	// Rows are the live rows; nil when the data files are not there: then only today's figures
	// and the health are given, never a guess from statistics.
	Rows *Rows
	// Health is the table's clustering health from the log (engine/inspect), passed through.
	Health any
}

// Options are the advisor's knobs.
type Options struct {
	// Keys are key sets the user names (--keys 'a,b;c'), tried besides the workload's columns.
	Keys [][]string
	// MaxKeys bounds the key sets made from the workload's columns: 1..4 (CLUSTER BY's limit);
	// 0 means DefaultMaxKeys.
	MaxKeys int
	// IngestBytesPerDay is the nightly OPTIMIZE's ingest rate; < 0 means the log's recent
	// appends (IngestFromLog).
	IngestBytesPerDay float64
	// MaxFileSize is spark.databricks.delta.optimize.maxFileSize, the OPTIMIZE output file size;
	// 0 means Delta's default 1 GiB.
	MaxFileSize int64
	// Seed seeds the layouts' noise byte.
	Seed uint64
	// Table is how the SQL names the table (a name, or delta.`/path`); "" means t.
	Table string
	// Yield is told PrepareStep once the rows are checked (and again between the preparation's
	// passes over the rows), then CandidatesStep's progress before
	// each candidate is scored, again (the same done) between its stages and on each day of its
	// nightly timeline, and once at the end (done of total). Its error stops Advise, which
	// returns it as it is. The page reports progress, ends its task and cancels there
	// (wasm/advise); nil listens to nothing.
	Yield work.Yield
}

// The steps Advise tells its Yield.
const (
	PrepareStep    = "Preparing the candidates" // the rows' view and the candidates' list
	CandidatesStep = "Laying out the candidates"
)

// Defaults and bounds of Options.
const (
	DefaultMaxKeys = 2
	MaxCandidates  = 64
	// MaxPartitionValues is the most distinct values a column may have to be a partitioning
	// candidate: more partitions than this make small files in any table Layout Lab can read.
	MaxPartitionValues = 1000
)

// ErrorInfo is a refusal with Delta's error class.
type ErrorInfo struct {
	Class   string `json:"class"`
	Message string `json:"message"`
}

// QueryCost is one query's cost under a layout.
type QueryCost struct {
	Where     string  `json:"where"`
	Weight    float64 `json:"weight"`
	FilesRead int     `json:"files_read"`
	BytesRead int64   `json:"bytes_read"`
}

// Today is the table as it stands, read from the log.
type Today struct {
	Files   int         `json:"files"`
	Bytes   int64       `json:"bytes"`
	Queries []QueryCost `json:"queries"`
}

// Ingest is the ingest rate the nightly OPTIMIZE cost is run at, and where it comes from.
type Ingest struct {
	BytesPerDay float64 `json:"bytes_per_day"`
	Source      string  `json:"source"`
}

// Report is the advice, in the layout `layoutlab advise --format json` prints.
type Report struct {
	Version        int64           `json:"version"`
	Today          Today           `json:"today"`
	Health         any             `json:"health"`
	Ingest         Ingest          `json:"ingest"`
	Candidates     []Candidate     `json:"candidates"`
	Pareto         []int           `json:"pareto"`
	Recommendation *Recommendation `json:"recommendation"`
	Sample         *Sample         `json:"sample"`
	Message        string          `json:"message,omitempty"`
	Error          *ErrorInfo      `json:"error,omitempty"`
}

// Advise answers for the table in.Inspector holds. A workload that does not parse, or options
// out of bounds, are errors naming what was wrong; a table Delta refuses to read is a Report
// whose Error is set.
func Advise(in Input, opt Options) (*Report, error) {
	if in.Inspector == nil {
		return nil, errors.New("advise: no table")
	}
	if err := opt.validate(); err != nil {
		return nil, err
	}
	t, err := newTableInfo(in.Inspector.Snapshot())
	if err != nil {
		return nil, err
	}
	w, err := ParseWorkload(in.Workload, t.leaves)
	if err != nil {
		return nil, err
	}
	rep := &Report{Version: t.snap.Version(), Health: in.Health, Candidates: []Candidate{}, Pareto: []int{}}
	if rep.Health == nil {
		rep.Health = []any{}
	}
	if rep.Today, err = today(in.Inspector, w, t); err != nil {
		var ei *ErrorInfo
		if errors.As(err, &ei) {
			rep.Error = ei
			return rep, nil
		}
		return nil, err
	}
	rep.Ingest = ingestRate(t.snap, opt.IngestBytesPerDay)
	if in.Rows == nil {
		rep.Message = "the data files are not there: these are today's figures and the health only; a what-if needs the data files (the rows are never guessed from statistics)"
		return rep, nil
	}
	if err := checkRows(in.Rows, t); err != nil {
		return nil, err
	}
	s := in.Rows.Sample
	rep.Sample = &s
	// The rows' view and the candidates' list come next, one task's worth.
	if err := opt.Yield.Begin(PrepareStep); err != nil {
		return nil, err
	}
	a, err := newAdvisor(t, in.Rows, w, opt, rep.Ingest)
	if err != nil {
		return nil, err
	}
	if rep.Candidates, err = a.scoreAll(); err != nil {
		return nil, err
	}
	checkAsIs(rep)
	rep.Pareto = Pareto(rep.Candidates)
	rep.Recommendation = Recommend(rep.Candidates, rep.Pareto, opt.tableName(), len(t.partCols) > 0)
	return rep, nil
}

func (o Options) validate() error {
	if o.MaxKeys < 0 || o.MaxKeys > 4 {
		return fmt.Errorf("advise: max keys %d is outside 1..4 (CLUSTER BY takes at most 4)", o.MaxKeys)
	}
	if o.MaxFileSize < 0 {
		return fmt.Errorf("advise: max file size %d is negative", o.MaxFileSize)
	}
	if o.IngestBytesPerDay > 1e16 || o.IngestBytesPerDay != o.IngestBytesPerDay {
		return fmt.Errorf("advise: ingest %g bytes a day is not a rate Layout Lab runs (at most 1e16)", o.IngestBytesPerDay)
	}
	if len(o.Keys) > MaxCandidates {
		return fmt.Errorf("advise: %d key sets: at most %d", len(o.Keys), MaxCandidates)
	}
	return nil
}

// checkRows checks the rows against the snapshot before any is used.
func checkRows(r *Rows, t *tableInfo) error {
	if r.Table == nil {
		return errors.New("advise: rows without a table")
	}
	if len(r.File) != r.Table.NumRows {
		return fmt.Errorf("advise: %d rows but %d file indices", r.Table.NumRows, len(r.File))
	}
	for i, f := range r.File {
		if f < 0 || int(f) >= len(t.files) {
			return fmt.Errorf("advise: row %d comes from file %d; the snapshot has %d", i, f, len(t.files))
		}
	}
	return nil
}

func (o Options) tableName() string {
	if o.Table == "" {
		return "t"
	}
	return o.Table
}
