package advise

import (
	"errors"

	"layoutlab/engine/layout"
	"slices"
	"sort"
	"strings"

	"layoutlab/engine/ddl"
	"layoutlab/engine/skipping"
	"layoutlab/engine/stats"
)

// The candidate layouts.
const (
	AsIs      = "as-is"     // the table as it stands
	Cluster   = "cluster"   // ALTER TABLE … CLUSTER BY (keys), then OPTIMIZE … FULL
	ZOrder    = "zorder"    // OPTIMIZE … ZORDER BY (keys)
	Partition = "partition" // the table rewritten PARTITIONED BY (key)
	OrderBy   = "orderby"   // the table rewritten in ORDER BY key
)

// Candidate is one layout and what it costs, every figure from the stage named in its comment.
type Candidate struct {
	Layout string   `json:"layout"`
	Keys   []string `json:"keys"`
	// StatsColumns is the delta.dataSkippingStatsColumns the candidate sets so that its keys get
	// statistics (Delta refuses them otherwise); empty when the table's own statistics do.
	StatsColumns []string `json:"stats_columns,omitempty"`
	// Queries are each workload query's files and bytes read on the candidate's files
	// (engine/skipping on engine/stats' statistics of the laid-out rows).
	Queries []QueryCost `json:"queries"`
	// FilesReadWeighted and BytesReadWeighted are the queries' figures averaged with the
	// workload's weights: sum(weight × figure) / sum(weight).
	FilesReadWeighted float64 `json:"files_read_weighted"`
	BytesReadWeighted float64 `json:"bytes_read_weighted"`
	// FirstOptimizeBytes is what the first rewrite writes: the bins of engine/optimize's plan
	// (OPTIMIZE … FULL for clustering, ZORDER BY), or the whole table for a rewrite into
	// partitions or an ORDER BY; 0 for the table as it is.
	FirstOptimizeBytes int64 `json:"first_optimize_bytes"`
	// NightlyOptimizeBytes is the mean bytes a night's OPTIMIZE writes at the ingest rate, from
	// engine/timeline run with NightlyStrategy; -1 when the timeline cannot run that rate.
	NightlyOptimizeBytes int64  `json:"nightly_optimize_bytes"`
	NightlyStrategy      string `json:"nightly_strategy"`
	// RewriteBytes30d is FirstOptimizeBytes + 30 × NightlyOptimizeBytes: the bytes written in a
	// month, the rewrite cost the Pareto frontier weighs against BytesReadWeighted.
	RewriteBytes30d int64 `json:"rewrite_bytes_30d"`
	// Files is the number of data files the candidate leaves.
	Files int        `json:"files"`
	Error *ErrorInfo `json:"error"`
	Notes []string   `json:"notes,omitempty"`
}

// spec is a candidate before it is scored.
type spec struct {
	layout    string
	keys      []string
	statsCols []string
}

func (s spec) id() string {
	return s.layout + "(" + strings.Join(s.keys, ",") + ")" + strings.Join(s.statsCols, ",")
}

// workloadColumns are the columns the workload's predicates read, by total weight of the
// queries reading them, descending, then by schema order.
func (a *advisor) workloadColumns() []string {
	weight := map[int]float64{}
	for _, q := range a.w.Queries {
		for _, l := range skipping.ReferencedLeaves(q.pred) {
			weight[l] += q.Weight
		}
	}
	leaves := make([]int, 0, len(weight))
	for l := range weight {
		leaves = append(leaves, l)
	}
	sort.Slice(leaves, func(i, j int) bool {
		if weight[leaves[i]] != weight[leaves[j]] {
			return weight[leaves[i]] > weight[leaves[j]]
		}
		return leaves[i] < leaves[j]
	})
	names := make([]string, len(leaves))
	for i, l := range leaves {
		names[i] = a.t.leaves[l].Name()
	}
	return names
}

// keySets are the workload columns' subsets of 1..maxKeys columns, each in the columns' weight
// order, smaller sets first.
func keySets(cols []string, maxKeys int) [][]string {
	var out [][]string
	var rec func(start int, cur []string, size int)
	rec = func(start int, cur []string, size int) {
		if len(cur) == size {
			out = append(out, slices.Clone(cur))
			return
		}
		for i := start; i < len(cols); i++ {
			rec(i+1, append(cur, cols[i]), size)
		}
	}
	for size := 1; size <= maxKeys && size <= len(cols); size++ {
		rec(0, nil, size)
	}
	return out
}

// specs lists the candidates, in priority order, at most MaxCandidates: the table as it is, the
// user's key sets, then single keys (clustering, Z-order, partitioning, ORDER BY), then larger
// sets. A key set Delta refuses for want of statistics is followed by the same set with the
// delta.dataSkippingStatsColumns that gives its keys statistics. Its error is only
// a.stageYield's (a stop), told while a column is ranked.
func (a *advisor) specs() ([]spec, error) {
	cols := a.workloadColumns()
	out := []spec{{layout: AsIs}}
	seen := map[string]bool{out[0].id(): true}
	add := func(s spec) {
		if !seen[s.id()] && len(out) < MaxCandidates {
			seen[s.id()] = true
			out = append(out, s)
			if v, ok := a.statsVariant(s); ok && !seen[v.id()] && len(out) < MaxCandidates {
				seen[v.id()] = true
				out = append(out, v)
			}
		}
	}
	for _, k := range a.opt.Keys {
		add(spec{layout: Cluster, keys: k})
		add(spec{layout: ZOrder, keys: k})
	}
	sets := keySets(cols, a.maxKeys())
	for _, set := range sets {
		if len(set) == 1 {
			add(spec{layout: Cluster, keys: set})
			add(spec{layout: ZOrder, keys: set})
		}
	}
	for _, c := range cols {
		ok, err := a.partitionable(c)
		if err == nil {
			err = a.stageYield.Begin("the candidates") // a column ranked is a stretch
		}
		if err != nil {
			return nil, err
		}
		if ok {
			add(spec{layout: Partition, keys: []string{c}})
		}
		add(spec{layout: OrderBy, keys: []string{c}})
	}
	for _, set := range sets {
		if len(set) > 1 {
			add(spec{layout: Cluster, keys: set})
			add(spec{layout: ZOrder, keys: set})
		}
	}
	return out, nil
}

func (a *advisor) maxKeys() int {
	if a.opt.MaxKeys == 0 {
		return DefaultMaxKeys
	}
	return a.opt.MaxKeys
}

// partitionable: a column of few distinct values (at most MaxPartitionValues in the rows) that
// is not already the table's partitioning, whose partitions hold on average at least one
// OPTIMIZE file (maxFileSize): smaller partitions can only make files smaller than OPTIMIZE
// writes, the small-file problem partitioning is known for, which a read cost in bytes does
// not see.
func (a *advisor) partitionable(col string) (bool, error) {
	l := a.t.leafOf(col)
	if l < 0 || len(a.t.leaves[l].Path) != 1 {
		return false, nil // Delta partitions by top-level columns only
	}
	if len(a.t.partCols) == 1 && strings.EqualFold(a.t.partCols[0], col) {
		return false, nil
	}
	r, err := a.ranksOf(l)
	if err != nil || r.Distinct > MaxPartitionValues {
		return false, err
	}
	parts := int64(r.Distinct)
	if hasNull(r) {
		parts++ // NULL is a partition of its own
	}
	return a.bytesOf(a.all)/max(1, parts) >= a.maxFile(), nil
}

// hasNull reports whether a row of the ranked column is NULL.
func hasNull(r layout.Ranks) bool {
	for _, x := range r.R {
		if x < 0 {
			return true
		}
	}
	return false
}

// statsVariant is s with delta.dataSkippingStatsColumns set to the table's indexed leaves plus
// s's keys, when Delta refuses s only because a key has no statistics.
func (a *advisor) statsVariant(s spec) (spec, bool) {
	if s.layout != Cluster && s.layout != ZOrder || len(s.statsCols) > 0 {
		return s, false
	}
	err := a.check(s)
	var de *ddl.DeltaError
	if !errors.As(err, &de) || (de.Class != ddl.ClassClusteringColumnMissingStats && de.Class != ddl.ClassZOrderingOnColumnWithoutStats) {
		return s, false
	}
	var cols []string
	for i, l := range a.t.leaves {
		if a.t.indexed[i] {
			cols = append(cols, l.Name())
		}
	}
	for _, k := range s.keys {
		if !slices.ContainsFunc(cols, func(c string) bool { return strings.EqualFold(c, k) }) {
			cols = append(cols, k)
		}
	}
	v := spec{layout: s.layout, keys: s.keys, statsCols: cols}
	if a.check(v) != nil {
		return s, false
	}
	return v, true
}

// check is Delta's refusal of the candidate, nil when Delta runs it (engine/ddl, in Delta's
// order).
func (a *advisor) check(s spec) error {
	t := a.t
	cfg, err := a.statsConfigFor(s)
	if err != nil {
		return err
	}
	indexed, err := stats.StatsSchema(t.schema, cfg)
	if err != nil {
		return err
	}
	switch s.layout {
	case Cluster:
		// A partitioned table is replaced by a clustered one (ALTER TABLE … CLUSTER BY refuses a
		// partitioned table), so its partition columns no longer count.
		return ddl.ValidateClusterBy(t.schema, t.leaves, indexed, nil, s.keys)
	case ZOrder:
		if err := ddl.CheckOptimize(ddl.Optimize{Clustered: t.clustered, ClusteringColumns: t.clusterBy,
			PartitionColumns: t.partCols, ZOrderBy: s.keys}); err != nil {
			return err
		}
		return ddl.ValidateZOrderBy(t.schema, indexed, t.partCols, s.keys, true)
	case Partition:
		if len(t.clusterBy) > 0 {
			return replaceClusteredWithPartitioned()
		}
		if len(t.schema.Fields) <= len(s.keys) {
			return allPartitionColumns()
		}
	}
	return nil
}

// allPartitionColumns is Spark's refusal of a table whose every column is a partition column
// (ALL_PARTITION_COLUMNS_NOT_ALLOWED in Apache Spark 3.5's error-classes.json, raised by
// PartitioningUtils.validatePartitionColumn): its data files would hold no column.
func allPartitionColumns() error {
	return &ddl.DeltaError{Class: "ALL_PARTITION_COLUMNS_NOT_ALLOWED", SQLState: "KD005",
		Message: "Cannot use all columns for partition columns."}
}

// replaceClusteredWithPartitioned is DeltaErrors.replacingClusteredTableWithPartitionedTableNotAllowed
// (DELTA_CLUSTERING_REPLACE_TABLE_WITH_PARTITIONED_TABLE in
// spark/src/main/resources/error/delta-error-classes.json).
func replaceClusteredWithPartitioned() error {
	return &ddl.DeltaError{Class: "DELTA_CLUSTERING_REPLACE_TABLE_WITH_PARTITIONED_TABLE", SQLState: "42000",
		Message: "Replacing a clustered Delta table with a partitioned table is not allowed."}
}

// partColsFor is the candidate table's partition columns.
func (a *advisor) partColsFor(s spec) []string {
	switch s.layout {
	case Partition:
		return s.keys
	case Cluster:
		return nil
	}
	return a.t.partCols
}

// statsConfigFor is the stats configuration of the candidate table.
func (a *advisor) statsConfigFor(s spec) (stats.Config, error) {
	cfg := a.t.cfg
	cfg.PartitionColumns = a.partColsFor(s)
	if len(s.statsCols) > 0 {
		cfg.StatsColumns = s.statsCols
	}
	return cfg, nil
}
