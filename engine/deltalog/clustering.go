package deltalog

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
)

// ClusteringDomainName is the metadata domain that records a clustered
// table's clustering columns (ClusteringMetadataDomain.domainName,
// spark/src/main/scala/org/apache/spark/sql/delta/clustering/ClusteringMetadataDomain.scala).
const ClusteringDomainName = "delta.clustering"

// ClusteringProviderLiquid is AddFile.clusteringProvider for files written by
// liquid clustering (ClusteredTableUtils.clusteringProvider,
// spark/src/main/scala/org/apache/spark/sql/delta/skipping/clustering/ClusteredTableUtils.scala).
const ClusteringProviderLiquid = "liquid"

// AddFile tag keys (AddFile.Tags in actions.scala).
const (
	// TagZCubeID identifies the ZCube (an OPTIMIZE bin) that wrote the file.
	TagZCubeID = "ZCUBE_ID"
	// TagZCubeZOrderBy is the JSON array of logical clustering column names
	// the ZCube was built with, e.g. ["col1","col2"].
	TagZCubeZOrderBy = "ZCUBE_ZORDER_BY"
	// TagZCubeZOrderCurve is defined but never written by open-source Delta.
	TagZCubeZOrderCurve = "ZCUBE_ZORDER_CURVE"
	// TagInsertionTime is the insertion time in microseconds.
	TagInsertionTime = "INSERTION_TIME"
	// TagOptimizeTargetSize is the target size the file was optimized to.
	TagOptimizeTargetSize = "OPTIMIZE_TARGET_SIZE"
)

// clusteringDomainConfig is ClusteringMetadataDomain as Jackson writes it:
// clusteringColumns first, then domainName (JsonMetadataDomain).
type clusteringDomainConfig struct {
	ClusteringColumns [][]string `json:"clusteringColumns"`
	DomainName        string     `json:"domainName"`
}

// EncodeClusteringDomain returns the configuration string of the
// delta.clustering domain for the given physical column name paths (one
// []string of name parts per column), in the list-of-lists form Spark's
// ClusteringMetadataDomain writes:
// {"clusteringColumns":[["col1"],["col2"]],"domainName":"delta.clustering"}.
// An empty list is what ALTER TABLE ... CLUSTER BY NONE writes.
func EncodeClusteringDomain(columns [][]string) string {
	cfg := clusteringDomainConfig{ClusteringColumns: make([][]string, len(columns)), DomainName: ClusteringDomainName}
	for i, c := range columns {
		if c == nil {
			c = []string{}
		}
		cfg.ClusteringColumns[i] = c
	}
	b, err := marshalNoEscape(cfg)
	if err != nil {
		panic(err) // strings always encode
	}
	return string(b)
}

// ClusteringDomain returns the domainMetadata action recording the given
// physical clustering column paths.
func ClusteringDomain(columns [][]string) DomainMetadata {
	return DomainMetadata{Domain: ClusteringDomainName, Configuration: EncodeClusteringDomain(columns)}
}

// ClusteringDomainForColumns is ClusteringDomain for top-level columns
// without column mapping, where the physical name is the column name.
func ClusteringDomainForColumns(names ...string) DomainMetadata {
	cols := make([][]string, len(names))
	for i, n := range names {
		cols[i] = []string{n}
	}
	return ClusteringDomain(cols)
}

// ParseClusteringDomain reads the clusteringColumns of a delta.clustering
// configuration. It accepts Spark's list of name-part lists
// ([["a"],["b","c"]]), the flat list of PROTOCOL.md's example (["a","b"],
// each a one-part name) and, for logs written by older Databricks runtimes,
// a list of {"physicalName":[...]} objects.
func ParseClusteringDomain(config string) ([][]string, error) {
	var cfg struct {
		ClusteringColumns []json.RawMessage `json:"clusteringColumns"`
	}
	if err := json.Unmarshal([]byte(config), &cfg); err != nil {
		return nil, fmt.Errorf("invalid configuration JSON: %s", syntaxMessage(err))
	}
	if cfg.ClusteringColumns == nil {
		return nil, errors.New(`configuration has no "clusteringColumns" list`)
	}
	out := make([][]string, 0, len(cfg.ClusteringColumns))
	for i, raw := range cfg.ClusteringColumns {
		var name string
		var parts []string
		var obj struct {
			PhysicalName []string `json:"physicalName"`
		}
		switch {
		case json.Unmarshal(raw, &name) == nil:
			parts = []string{name}
		case json.Unmarshal(raw, &parts) == nil:
		case json.Unmarshal(raw, &obj) == nil && obj.PhysicalName != nil:
			parts = obj.PhysicalName
		default:
			return nil, fmt.Errorf("clusteringColumns[%d] is %s, expected a name or a list of name parts", i, raw)
		}
		if len(parts) == 0 {
			return nil, fmt.Errorf("clusteringColumns[%d] is empty", i)
		}
		out = append(out, parts)
	}
	return out, nil
}

// Databricks' preview of liquid clustering (Runtime 13.x, before open-source Delta named the
// feature "clustering") records a clustered table differently: writer feature "liquid", the
// delta.liquid domain (clusteringColumns as {"physicalName":[...]} objects) and the table
// property delta.liquid.clusteringColumns (logical names, comma-separated). delta-rs's
// table_with_liquid_clustering test table is one.
const (
	FeatureLiquidPreview         = "liquid"
	LiquidPreviewDomainName      = "delta.liquid"
	LiquidPreviewColumnsProperty = "delta.liquid.clusteringColumns"
)

// ClusteringFormat names how a clustered table's log records its clustering.
type ClusteringFormat string

const (
	// ClusteringFormatDelta is open-source Delta's: writer feature clustering, delta.clustering domain.
	ClusteringFormatDelta ClusteringFormat = "delta.clustering"
	// ClusteringFormatLiquidPreview is Databricks' liquid clustering preview: writer feature
	// liquid, delta.liquid domain or property.
	ClusteringFormatLiquidPreview ClusteringFormat = "Databricks liquid clustering preview (delta.liquid)"
)

// SupportsClustering reports whether the protocol is a clustered table's, in either format.
func SupportsClustering(p Protocol) bool {
	return p.IsFeatureSupported(FeatureClustering) || SupportsLiquidPreview(p)
}

// SupportsLiquidPreview reports whether the protocol lists the preview's liquid writer feature.
func SupportsLiquidPreview(p Protocol) bool {
	return slices.Contains(p.WriterFeatures, FeatureLiquidPreview)
}

// TableClusteringFormat is the format the table's clustering is recorded in, "" when it has no
// clustering columns in either. The open-source delta.clustering domain wins over the preview's.
func TableClusteringFormat(s *Snapshot) ClusteringFormat {
	if _, ok := s.DomainMetadata(ClusteringDomainName); ok {
		return ClusteringFormatDelta
	}
	if _, ok := liquidPreviewColumns(s); ok {
		return ClusteringFormatLiquidPreview
	}
	return ""
}

// ClusteringColumns returns the logical names of the table's clustering
// columns, as DESCRIBE DETAIL shows them (ClusteringColumnInfo.extractLogicalNames):
// physical name parts are mapped to logical field names through the schema
// (column mapping's delta.columnMapping.physicalName), then quoted with
// backticks where needed and joined with dots. ok is false when the table
// has no live delta.clustering domain, nor (TableClusteringFormat) the
// liquid preview's domain or property. An empty list with ok means
// CLUSTER BY NONE. A part not found in the schema is kept as is.
func ClusteringColumns(s *Snapshot) ([]string, bool) {
	d, ok := s.DomainMetadata(ClusteringDomainName)
	if !ok {
		return liquidPreviewColumns(s)
	}
	cols, err := ParseClusteringDomain(d.Configuration)
	if err != nil {
		return nil, false // unreachable for parsed logs: validateAction checks it
	}
	return logicalNames(s, cols), true
}

func logicalNames(s *Snapshot, cols [][]string) []string {
	st, _ := ParseSchema(s.Metadata().SchemaString) // parsed once; an invalid schema maps no name
	ix := physicalIndex{}
	names := make([]string, len(cols))
	for i, parts := range cols {
		names[i] = logicalName(ix, &st.Fields, parts)
	}
	return names
}

// liquidPreviewColumns reads a preview liquid table's clustering columns: from its delta.liquid
// domain, else from its delta.liquid.clusteringColumns property; only for a table whose
// protocol has the liquid writer feature.
func liquidPreviewColumns(s *Snapshot) ([]string, bool) {
	if s.protocol == nil || !SupportsLiquidPreview(*s.protocol) {
		return nil, false
	}
	if d, ok := s.DomainMetadata(LiquidPreviewDomainName); ok {
		if cols, err := ParseClusteringDomain(d.Configuration); err == nil {
			return logicalNames(s, cols), true
		}
	}
	prop, ok := s.Metadata().Configuration[LiquidPreviewColumnsProperty]
	if !ok {
		return nil, false
	}
	names := []string{}
	for _, n := range strings.Split(prop, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	return names, true
}

// physicalIndex maps, per struct (its fields slice), a physical name to the first field that
// has it, built on first use: a clustering domain naming a column a million times costs a
// million lookups, not a million scans of the schema.
type physicalIndex map[*[]SchemaField]map[string]int

func (ix physicalIndex) lookup(fields *[]SchemaField, physical string) *SchemaField {
	m, ok := ix[fields]
	if !ok {
		m = make(map[string]int, len(*fields))
		for i, f := range *fields {
			if _, dup := m[f.PhysicalName]; !dup {
				m[f.PhysicalName] = i
			}
		}
		ix[fields] = m
	}
	if i, ok := m[physical]; ok {
		return &(*fields)[i]
	}
	return nil
}

// logicalName maps physical name parts to logical names through the schema's structs, from
// fields down; a part not found is kept as is, and so are the parts below it.
func logicalName(ix physicalIndex, fields *[]SchemaField, parts []string) string {
	logical := make([]string, len(parts))
	for i, part := range parts {
		logical[i] = part
		var f *SchemaField
		if fields != nil {
			f = ix.lookup(fields, part)
		}
		fields = nil
		if f != nil {
			logical[i] = f.Name
			if f.Type.Name == "struct" {
				fields = &f.Type.Fields
			}
		}
	}
	for i, p := range logical {
		logical[i] = quoteIfNeeded(p)
	}
	return strings.Join(logical, ".")
}

var plainIdentifier = regexp.MustCompile(`^[a-zA-Z0-9_]+$`)

// quoteIfNeeded quotes a name part as Spark's QuotingUtils.quoteIfNeeded
// does for FieldReference.toString: plain identifiers stay bare, anything
// else is wrapped in backticks with inner backticks doubled.
func quoteIfNeeded(part string) string {
	if plainIdentifier.MatchString(part) && !isAllDigits(part) {
		return part
	}
	return "`" + strings.ReplaceAll(part, "`", "``") + "`"
}

func isAllDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// WithZCube returns a copy of a tagged as liquid clustering's OPTIMIZE
// writes it (ZCubeInfo.setForFile, spark/src/main/scala/org/apache/spark/sql/delta/zorder/ZCubeInfo.scala;
// ClusteringStrategy in OptimizeTableStrategy.scala): tags ZCUBE_ID=id and
// ZCUBE_ZORDER_BY=JSON array of the logical clustering columns, and
// clusteringProvider "liquid". a's tags map is not changed.
func (a AddFile) WithZCube(id string, zOrderBy []string) AddFile {
	e := a.Extras()
	e.Tags = maps.Clone(e.Tags)
	if e.Tags == nil {
		e.Tags = map[string]string{}
	}
	e.Tags[TagZCubeID] = id
	e.Tags[TagZCubeZOrderBy] = EncodeStringList(zOrderBy)
	e.ClusteringProvider = ClusteringProviderLiquid
	a.SetExtras(e)
	return a
}

// ZCube returns the file's ZCube id and clustering columns, as
// ZCubeInfo.getForFile reads them; ok is false unless both tags are present
// and ZCUBE_ZORDER_BY is a JSON array of strings.
func (a AddFile) ZCube() (id string, zOrderBy []string, ok bool) {
	tags := a.Tags()
	if len(tags) == 0 {
		return "", nil, false
	}
	id, hasID := tags[TagZCubeID]
	raw, hasBy := tags[TagZCubeZOrderBy]
	if !hasID || !hasBy {
		return "", nil, false
	}
	// by is declared here, not as the result, so that a file without the tags allocates
	// nothing: json.Unmarshal makes what it points to escape.
	var by []string
	if err := json.Unmarshal([]byte(raw), &by); err != nil {
		return "", nil, false
	}
	return id, by, true
}

// InZCubeWith reports whether the file belongs to a ZCube built with exactly
// these clustering columns (order-sensitive, as ClusteringStrategy compares them).
func (a AddFile) InZCubeWith(columns []string) bool {
	_, by, ok := a.ZCube()
	return ok && slices.Equal(by, columns)
}

// RemoveWithTimestamp returns the RemoveFile for a, as AddFile.removeWithTimestamp
// builds it (actions.scala): extendedFileMetadata=true and the add's
// partitionValues, size, tags, deletion vector, row tracking fields and
// stats, with deletionTimestamp ts (ms).
func (a AddFile) RemoveWithTimestamp(ts int64, dataChange bool) RemoveFile {
	size := a.Size
	ext := true
	pv := a.PartitionValues
	if pv == nil {
		pv = map[string]string{} // an add always has partitionValues, so its remove does too
	}
	return RemoveFile{
		Path:                    a.Path,
		DeletionTimestamp:       &ts,
		DataChange:              dataChange,
		ExtendedFileMetadata:    &ext,
		PartitionValues:         pv,
		Size:                    &size,
		Tags:                    a.Tags(),
		DeletionVector:          a.DeletionVector(),
		BaseRowID:               a.BaseRowID(),
		DefaultRowCommitVersion: a.DefaultRowCommitVersion(),
		Stats:                   a.Stats,
	}
}

// OptimizeRemove is the RemoveFile OPTIMIZE writes for a rewritten file:
// RemoveWithTimestamp(ts, dataChange=false) (OptimizeTableCommand.scala).
func (a AddFile) OptimizeRemove(ts int64) RemoveFile { return a.RemoveWithTimestamp(ts, false) }
