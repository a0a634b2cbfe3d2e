package stats

import (
	"fmt"
	"slices"
	"strings"

	"layoutlab/engine/ddl"
	"layoutlab/engine/table"
)

// Config is the part of a table's configuration that decides which leaves get statistics and how
// strings are cut. See DefaultConfig for Delta's defaults.
type Config struct {
	// NumIndexedCols is delta.dataSkippingNumIndexedCols: the first N leaves of the data schema
	// (partition columns excluded) get statistics; -1 (any negative) means all, 0 means none
	// (numRecords only). Note the zero Config therefore indexes nothing: start from DefaultConfig.
	NumIndexedCols int
	// StatsColumns is delta.dataSkippingStatsColumns split into names ("a", "s.b", "`x.y`"); when
	// non-empty it takes precedence over NumIndexedCols. A struct name means all of its leaves.
	StatsColumns []string
	// PartitionColumns are the table's partition columns; their values live in the path, never in
	// statistics.
	PartitionColumns []string
	// StringPrefixLength is delta.dataSkippingStringPrefixLength (default 32; 0 means default).
	StringPrefixLength int
}

// DefaultConfig is Delta's default: 32 indexed leaves, 32-character string prefixes
// (DataSkippingReaderConf.DATA_SKIPPING_NUM_INDEXED_COLS_DEFAULT_VALUE; StatsCollectionUtils).
func DefaultConfig() Config { return Config{NumIndexedCols: 32, StringPrefixLength: 32} }

func (c Config) prefix() int {
	if c.StringPrefixLength <= 0 {
		return 32
	}
	return c.StringPrefixLength
}

// StatsSchema marks, per leaf of s (in Schema.Leaves order), whether Delta collects statistics on
// it: the stats collection schema of M/stats/StatisticsCollection.scala (getIndexedColumns).
//
// With StatsColumns set, the named columns are validated as validateDeltaStatsColumns does, in
// its order (per column: partition column, existence, top-level type; then duplicates over
// all), and the marked leaves are those at or under a named path, case-insensitively. Otherwise
// the first NumIndexedCols leaves of the data schema are marked (truncateSchema): partition
// columns do not count, a struct spends one per leaf and may be cut part-way.
//
// Leaves of ineligible types (boolean, binary) can be marked: they get a nullCount but no
// min/max.
func StatsSchema(s table.Schema, cfg Config) ([]bool, error) {
	leaves := s.Leaves()
	indexed := make([]bool, len(leaves))
	isPartition := func(top int) bool {
		return slices.ContainsFunc(cfg.PartitionColumns, func(p string) bool {
			return strings.EqualFold(p, s.Fields[top].Name)
		})
	}
	if len(cfg.StatsColumns) > 0 {
		paths, err := validateStatsColumns(s, cfg)
		if err != nil {
			return nil, err
		}
		for i, l := range leaves {
			if isPartition(l.Top) {
				continue
			}
			for _, p := range paths {
				if hasPrefixFold(l.Path, p) {
					indexed[i] = true
					break
				}
			}
		}
		return indexed, nil
	}
	if cfg.NumIndexedCols < -1 {
		return nil, fmt.Errorf("delta.dataSkippingNumIndexedCols = %d: needs to be larger than or equal to -1", cfg.NumIndexedCols)
	}
	taken := 0
	for i, l := range leaves {
		if isPartition(l.Top) {
			continue
		}
		if cfg.NumIndexedCols >= 0 && taken == cfg.NumIndexedCols {
			break
		}
		indexed[i] = true
		taken++
	}
	return indexed, nil
}

func hasPrefixFold(path, prefix []string) bool {
	if len(prefix) > len(path) {
		return false
	}
	for i := range prefix {
		if !strings.EqualFold(path[i], prefix[i]) {
			return false
		}
	}
	return true
}

// dataSchema is the schema without partition columns (Metadata.dataSchema).
func dataSchema(s table.Schema, partitionColumns []string) []table.Field {
	var out []table.Field
	for _, f := range s.Fields {
		if !slices.ContainsFunc(partitionColumns, func(p string) bool { return strings.EqualFold(p, f.Name) }) {
			out = append(out, f)
		}
	}
	return out
}

// validateStatsColumns follows StatisticsCollection.validateDeltaStatsColumns and returns the
// parsed paths.
func validateStatsColumns(s table.Schema, cfg Config) ([][]string, error) {
	data := dataSchema(s, cfg.PartitionColumns)
	var paths [][]string
	var visited []string
	for _, raw := range cfg.StatsColumns {
		parts, err := table.ParseMultipartName(raw)
		if err != nil {
			return nil, fmt.Errorf("delta.dataSkippingStatsColumns: %v", err)
		}
		// columnAttribute.name: the parts as written, quoted where needed.
		name := table.QuoteName(parts)
		for _, p := range cfg.PartitionColumns {
			if strings.EqualFold(p, name) {
				return nil, ddl.ColumnDataSkippingNotSupportedPartitionedColumn(name)
			}
		}
		// SchemaUtils.findColumnPosition over the data schema: the error names the path up to the
		// first part not found.
		fields := data
		var f table.Field
		for i, part := range parts {
			j := slices.IndexFunc(fields, func(g table.Field) bool { return strings.EqualFold(g.Name, part) })
			if j < 0 {
				return nil, ddl.ColumnNotInSchema(table.QuoteName(parts[:i+1]), table.TreeString(data))
			}
			f = fields[j]
			if i < len(parts)-1 {
				if f.Type.Kind != table.Struct {
					// Delta reports "Expected <path> to be a nested data type"; Layout Lab reports
					// it as not found, which is what it means for a leaf path.
					return nil, ddl.ColumnNotInSchema(table.QuoteName(parts[:i+2]), table.TreeString(data))
				}
				fields = f.Type.Fields
			}
		}
		// validateDataSkippingType: a struct contributes all its leaves (an ineligible one inside
		// a struct only warns); an ineligible top-level type is an error.
		insideStruct := len(parts) > 1
		var visit func(n string, t table.Type, inside bool) error
		visit = func(n string, t table.Type, inside bool) error {
			switch {
			case t.Kind == table.Struct:
				for _, c := range t.Fields {
					if err := visit(n+"."+table.QuoteIfNeeded(c.Name), c.Type, true); err != nil {
						return err
					}
				}
			case t.SkippingEligible() || inside:
				visited = append(visited, n)
			default:
				return ddl.ColumnDataSkippingNotSupportedType(n, t.CatalystString())
			}
			return nil
		}
		if err := visit(name, f.Type, insideStruct); err != nil {
			return nil, err
		}
		lower := make([]string, len(parts))
		for i, p := range parts {
			lower[i] = strings.ToLower(p)
		}
		paths = append(paths, lower)
	}
	// Duplicates compare the visited names exactly (Delta groups them by identity); they are
	// reported in order of first appearance.
	var dups []string
	seen := map[string]int{}
	for _, v := range visited {
		seen[v]++
		if seen[v] == 2 {
			dups = append(dups, v)
		}
	}
	if len(dups) > 0 {
		return nil, ddl.DuplicateDataSkippingColumns(dups)
	}
	return paths, nil
}
