package advise

import (
	"fmt"
	"slices"
	"strings"

	"layoutlab/engine/datafiles"
	"layoutlab/engine/skipping"
	"layoutlab/engine/stats"
)

// Assignment is one candidate's files as Advise laid them out: what writing the re-laid-out
// table (the --write proof) needs, and what inspect --where on it must then give.
type Assignment struct {
	Candidate        Candidate
	PartitionColumns []string
	// Files are each new file's rows, as indices into the Rows' table.
	Files [][]int32
	// PartitionValues are each file's partition values by logical name (a missing key is NULL).
	PartitionValues []map[string]string
	// Read are, per workload query, the indices into Files of the files the query reads.
	Read [][]int
}

// Relayout lays out candidate i of the report Advise gives for the same input and options
// again, deterministically, and returns its files. Advise keeps no candidate's rows, so that
// 20 candidates of a million rows do not hold 20 copies of the row order.
func Relayout(in Input, opt Options, i int) (*Assignment, error) {
	if in.Inspector == nil || in.Rows == nil {
		return nil, fmt.Errorf("advise: a relayout needs the table and its rows")
	}
	t, err := newTableInfo(in.Inspector.Snapshot())
	if err != nil {
		return nil, err
	}
	w, err := ParseWorkload(in.Workload, t.leaves)
	if err != nil {
		return nil, err
	}
	if _, err := today(in.Inspector, w, t); err != nil {
		return nil, err
	}
	if err := checkRows(in.Rows, t); err != nil {
		return nil, err
	}
	a, err := newAdvisor(t, in.Rows, w, opt, ingestRate(t.snap, opt.IngestBytesPerDay))
	if err != nil {
		return nil, err
	}
	specs, err := a.specs()
	if err != nil {
		return nil, err
	}
	if i < 0 || i >= len(specs) {
		return nil, fmt.Errorf("advise: candidate %d: there are %d", i, len(specs))
	}
	s := specs[i]
	c, err := a.score(s) // no Yield: never stopped
	if err != nil {
		return nil, err
	}
	if c.Error != nil {
		return nil, c.Error
	}
	ar, err := a.arrange(s)
	if err != nil {
		return nil, err
	}
	as := &Assignment{Candidate: c, PartitionColumns: ar.partCols, Files: ar.files, PartitionValues: ar.parts}
	as.Read, err = a.readSets(s, ar)
	return as, err
}

// readSets are, per query, the files of ar it reads (the same pruning as prune).
func (a *advisor) readSets(s spec, ar *arrangement) ([][]int, error) {
	cfg, _ := a.statsConfigFor(s)
	indexed, err := stats.StatsSchema(a.t.schema, cfg)
	if err != nil {
		return nil, err
	}
	schema := slices.Clone(indexed) // the candidate's stats schema: skipping uses no other column
	for i := range indexed {
		indexed[i] = indexed[i] && a.refs[i] && a.t.read[i]
	}
	files := make([]skipping.File, len(ar.files))
	for i, rows := range ar.files {
		st := a.coll.Collect(rows, indexed, cfg)
		files[i] = skipping.File{PartitionValues: ar.parts[i], Stats: &st, Rows: int64(len(rows)), Bytes: ar.bytes[i]}
	}
	out := make([][]int, len(a.w.Queries))
	for k, q := range a.w.Queries {
		f, err := skipping.Compile(q.pred, skipping.Table{Leaves: a.t.leaves, PartitionColumns: ar.partCols, StatsColumns: schema})
		if err != nil {
			return nil, err
		}
		out[k] = f.FilesForScan(files).Read
	}
	return out, nil
}

// Commit is how datafiles.Write records the candidate's table: the operation, and the
// partitioning and clustering the candidate gives it.
func (as *Assignment) Commit(seed uint64) datafiles.CommitInfo {
	c := datafiles.CommitInfo{Operation: "WRITE", Seed: seed}
	if len(as.Candidate.StatsColumns) > 0 {
		// The candidate's ALTER TABLE … SET TBLPROPERTIES (SQL): its files get statistics on
		// exactly the columns Delta collects under the property (stats.StatsSchema, after
		// StatisticsCollection.statCollectionPhysicalSchema).
		c.Configuration = map[string]string{"delta.dataSkippingStatsColumns": strings.Join(quoteAll(as.Candidate.StatsColumns), ",")}
	}
	switch as.Candidate.Layout {
	case Cluster:
		c.Operation, c.ClusteringColumns, c.PartitionColumns = "OPTIMIZE", as.Candidate.Keys, []string{}
	case ZOrder:
		c.Operation, c.ZOrderBy = "OPTIMIZE", as.Candidate.Keys
	case Partition:
		c.Operation, c.PartitionColumns = "CREATE OR REPLACE TABLE AS SELECT", as.Candidate.Keys
	}
	return c
}
