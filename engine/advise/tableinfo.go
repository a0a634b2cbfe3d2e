package advise

import (
	"fmt"
	"strconv"
	"strings"

	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
	"layoutlab/engine/stats"
	"layoutlab/engine/table"
)

// tableInfo is what the advisor reads of the snapshot: the schema, the stats configuration, the
// partitioning and clustering, and the files in path order.
type tableInfo struct {
	snap       *deltalog.Snapshot
	schema     table.Schema // logical: the names queries and keys use
	leaves     []table.Leaf
	cfg        stats.Config // the table's stats properties
	indexed    []bool       // stats.StatsSchema under cfg
	partCols   []string
	clustered  bool // the clustering table feature
	clusterBy  []string
	files      []*deltalog.AddFile
	pv         []map[string]string // by logical name, NULL left out, as inspect gives skipping
	numRecords []int64             // per file, from inspect's Report; -1 when its stats lack numRecords
	deleted    []int64             // per file, the deletion vector's cardinality
	size       int64
	read       []bool // leaves the rows hold (fullView)
}

func newTableInfo(s *deltalog.Snapshot) (*tableInfo, error) {
	md := s.Metadata()
	st, err := deltalog.ParseSchema(md.SchemaString)
	if err != nil {
		return nil, fmt.Errorf("advise: the table's schema: %w", err)
	}
	logical, _ := st.SkippingSchema()
	t := &tableInfo{snap: s, schema: logical, leaves: logical.Leaves(), partCols: md.PartitionColumns,
		clustered: deltalog.SupportsClustering(s.Protocol()), files: s.AllFiles()}
	t.clusterBy, _ = deltalog.ClusteringColumns(s)
	if t.cfg, err = statsConfig(md.Configuration, md.PartitionColumns); err != nil {
		return nil, err
	}
	if t.indexed, err = stats.StatsSchema(t.schema, t.cfg); err != nil {
		return nil, fmt.Errorf("advise: the table's statistics columns: %w", err)
	}
	toLogical := map[string]string{}
	for _, f := range st.Fields {
		toLogical[f.PhysicalName] = f.Name
	}
	t.pv = make([]map[string]string, len(t.files))
	for i, f := range t.files {
		t.size += f.Size
		pv := map[string]string{}
		for k, v := range f.PartitionValues {
			if v == "" {
				continue
			}
			if l, ok := toLogical[k]; ok {
				k = l
			}
			pv[k] = v
		}
		t.pv[i] = pv
	}
	return t, nil
}

// setRecords takes each file's numRecords and deleted rows from inspect's Report, which parsed
// and checked the statistics.
func (t *tableInfo) setRecords(files []inspect.File) {
	t.numRecords = make([]int64, len(t.files))
	t.deleted = make([]int64, len(t.files))
	for i := range t.files {
		t.numRecords[i] = -1
		if i < len(files) && files[i].NumRecords != nil {
			t.numRecords[i] = *files[i].NumRecords
		}
		if i < len(files) {
			t.deleted[i] = files[i].DeletedRecords()
		}
	}
}

// statsConfig reads the table properties that decide which leaves get statistics
// (M/DeltaConfig.scala: delta.dataSkippingNumIndexedCols, delta.dataSkippingStatsColumns,
// delta.dataSkippingStringPrefixLength).
func statsConfig(conf map[string]string, partCols []string) (stats.Config, error) {
	cfg := stats.DefaultConfig()
	cfg.PartitionColumns = partCols
	if v, ok := conf["delta.dataSkippingNumIndexedCols"]; ok {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return cfg, fmt.Errorf("advise: delta.dataSkippingNumIndexedCols = %q is not an integer", v)
		}
		cfg.NumIndexedCols = n
	}
	if v, ok := conf["delta.dataSkippingStatsColumns"]; ok && strings.TrimSpace(v) != "" {
		cfg.StatsColumns = splitNames(v)
	}
	if v, ok := conf["delta.dataSkippingStringPrefixLength"]; ok {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 0 {
			return cfg, fmt.Errorf("advise: delta.dataSkippingStringPrefixLength = %q is not a length", v)
		}
		cfg.StringPrefixLength = n
	}
	return cfg, nil
}

// splitNames splits a comma-separated column list, commas inside backticks kept.
func splitNames(s string) []string {
	var out []string
	quoted := false
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '`':
			quoted = !quoted
		case ',':
			if !quoted {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

// leafOf finds a leaf by name, case-insensitively; -1 when none.
func (t *tableInfo) leafOf(name string) int {
	for i, l := range t.leaves {
		if strings.EqualFold(l.Name(), name) {
			return i
		}
	}
	return -1
}
