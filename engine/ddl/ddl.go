package ddl

import (
	"slices"
	"strings"

	"layoutlab/engine/table"
)

// resolve finds a multipart name in fields case-insensitively, as Spark's default resolver and
// Delta's SchemaUtils.findColumnPosition do. It returns the field reached, its schema-cased path,
// and, when it fails, how many parts were matched before the failing one (so the error can name
// the path up to that part).
func resolve(fields []table.Field, parts []string) (f table.Field, canonical []string, failedAt int, ok bool) {
	for i, part := range parts {
		j := slices.IndexFunc(fields, func(g table.Field) bool { return strings.EqualFold(g.Name, part) })
		if j < 0 {
			return table.Field{}, nil, i, false
		}
		f = fields[j]
		canonical = append(canonical, f.Name)
		if i < len(parts)-1 {
			if f.Type.Kind != table.Struct {
				return table.Field{}, nil, i + 1, false
			}
			fields = f.Type.Fields
		}
	}
	return f, canonical, 0, true
}

// leafIndex returns the position among s.Leaves() of the leaf at canonical path, or -1 when the
// path names a struct.
func leafIndex(leaves []table.Leaf, canonical []string) int {
	return slices.IndexFunc(leaves, func(l table.Leaf) bool { return slices.Equal(l.Path, canonical) })
}

// ValidateClusterBy checks CLUSTER BY (cols) for a table with the given schema, stats collection
// schema (statsIndexed, per leaf, from stats.StatsSchema) and partition columns, raising what
// Delta raises, in the order Delta checks (steps 2-4 are AbstractDeltaCatalog.validateClusterBySpec
// in spark/src/main/scala/org/apache/spark/sql/delta/catalog/AbstractDeltaCatalog.scala: every
// column's existence, then duplicates, then the count, so five columns with one unknown raise
// the unknown one; step 5 is skipping/clustering/ClusteredTableUtils.scala). The panel's liquid
// clustering calls it (panel.checkKeys):
//
//  1. partition columns and clustering together: DELTA_CLUSTER_BY_WITH_PARTITIONED_BY (the
//     DeltaTableBuilder check; SQL reports the same rule as a parse error);
//  2. each column must exist: DELTA_COLUMN_NOT_FOUND_IN_SCHEMA, naming the path up to the first
//     unknown part and printing the schema's treeString (AbstractDeltaCatalog.validateClusterBySpec
//     calls SchemaUtils.findColumnPosition, whose failure is DeltaErrors.columnNotInSchemaException;
//     ClusteringColumn.apply raises the same class later). This is the class Delta's own
//     ClusteringColumnSuite expects for an unknown clustering column;
//  3. duplicates, case-insensitively: DELTA_DUPLICATE_COLUMNS_FOUND.CLUSTER_BY, each "`name`";
//  4. more than 4 columns: DELTA_CLUSTER_BY_INVALID_NUM_COLUMNS;
//  5. columns without min/max statistics (not in the stats schema, of an ineligible type, or a
//     whole struct): DELTA_CLUSTERING_COLUMNS_DATATYPE_NOT_SUPPORTED if any of them has an
//     ineligible type ("name : SQLTYPE"), else DELTA_CLUSTERING_COLUMN_MISSING_STATS with the
//     treeString of the stats collection schema
//     (ClusteredTableUtils.validateClusteringColumnsInStatsSchema).
func ValidateClusterBy(schema table.Schema, leaves []table.Leaf, statsIndexed []bool, partitionCols, cols []string) error {
	if len(cols) == 0 {
		return nil
	}
	if len(partitionCols) > 0 {
		return ClusterByWithPartitionedBy()
	}
	type column struct {
		written   string // FieldReference.toString of what the user wrote
		logical   string // the schema-cased name (ClusteringColumnInfo.logicalName)
		field     table.Field
		canonical []string
	}
	var resolved []column
	for _, c := range cols {
		parts, err := table.ParseMultipartName(c)
		if err != nil {
			return err
		}
		f, canonical, failedAt, ok := resolve(schema.Fields, parts)
		if !ok {
			return ColumnNotInSchema(table.QuoteName(parts[:failedAt+1]), table.TreeString(schema.Fields))
		}
		resolved = append(resolved, column{table.QuoteName(parts), table.QuoteName(canonical), f, canonical})
	}
	// PartitionUtils.checkColumnNameDuplication, case-insensitive analysis.
	var dups []string
	count := map[string]int{}
	for _, c := range resolved {
		k := strings.ToLower(c.written)
		count[k]++
		if count[k] == 2 {
			dups = append(dups, "`"+k+"`")
		}
	}
	if len(dups) > 0 {
		return FoundDuplicateColumnsClusterBy(strings.Join(dups, ", "))
	}
	if len(cols) > NumClusteringColumnsLimit {
		return ClusterByInvalidNumColumns(NumClusteringColumnsLimit, len(cols))
	}
	var missing, unsupported []string
	for _, c := range resolved {
		i := leafIndex(leaves, c.canonical)
		// getClusteringColumnsNotInStatsSchema looks the column up under minValues: present only
		// for an indexed leaf of an eligible type; a struct is never a min/max stat.
		if i >= 0 && i < len(statsIndexed) && statsIndexed[i] && c.field.Type.SkippingEligible() {
			continue
		}
		missing = append(missing, c.logical)
		if !c.field.Type.SkippingEligible() {
			unsupported = append(unsupported, c.logical+" : "+c.field.Type.SQL())
		}
	}
	if len(unsupported) > 0 {
		return ClusteringColumnUnsupportedDataTypes(unsupported)
	}
	if len(missing) > 0 {
		return ClusteringColumnMissingStats(missing, table.TreeString(schema.KeepLeaves(statsIndexed).Fields))
	}
	return nil
}

// ValidateZOrderBy checks OPTIMIZE … ZORDER BY (cols) as OptimizeTableCommand.validateZorderByColumns
// (spark/src/main/scala/org/apache/spark/sql/delta/commands/OptimizeTableCommand.scala) does, column by column: note whether the column is in the stats collection schema (when
// checkStatsCollection, Delta's spark.databricks.delta.optimize.zorder.checkStatsCollection.enabled,
// default true), then refuse a partition column (DELTA_ZORDERING_ON_PARTITION_COLUMN), then a
// column missing from the data schema (DELTA_ZORDERING_COLUMN_DOES_NOT_EXIST); after the loop,
// the noted columns raise DELTA_ZORDERING_ON_COLUMN_WITHOUT_STATS. Membership in the stats schema
// is all that is checked: a boolean among the first 32 leaves passes (it has a nullCount). The
// panel's Z-order calls it (panel.checkKeys).
func ValidateZOrderBy(schema table.Schema, statsIndexed []bool, partitionCols, cols []string, checkStatsCollection bool) error {
	statsSchema := schema.KeepLeaves(statsIndexed)
	var data []table.Field
	for _, f := range schema.Fields {
		if !slices.ContainsFunc(partitionCols, func(p string) bool { return strings.EqualFold(p, f.Name) }) {
			data = append(data, f)
		}
	}
	var withoutStats []string
	for _, c := range cols {
		parts, err := table.ParseMultipartName(c)
		if err != nil {
			return err
		}
		name := table.QuoteName(parts) // UnresolvedAttribute.name
		if checkStatsCollection {
			if _, _, _, ok := resolve(statsSchema.Fields, parts); !ok {
				withoutStats = append(withoutStats, name)
			}
		}
		if slices.ContainsFunc(partitionCols, func(p string) bool { return strings.EqualFold(p, name) }) {
			return ZOrderingOnPartitionColumn(name)
		}
		if _, _, _, ok := resolve(data, parts); !ok {
			return ZOrderingColumnDoesNotExist(name)
		}
	}
	if checkStatsCollection && len(withoutStats) > 0 {
		return ZOrderingOnColumnWithNoStats(withoutStats)
	}
	return nil
}

// Optimize is what an OPTIMIZE command says and what the table is, for CheckOptimize.
type Optimize struct {
	Clustered         bool     // the table supports the clustering feature (CLUSTER BY at some point)
	ClusteringColumns []string // its current clustering columns; empty after CLUSTER BY NONE
	PartitionColumns  []string
	Where             []string // the WHERE predicates as written
	WhereColumns      []string // the columns they reference
	ZOrderBy          []string
	Full              bool
}

// CheckOptimize applies OptimizeTableCommand.run's refusals, in its order: on a clustered table,
// a WHERE (DELTA_CLUSTERING_WITH_PARTITION_PREDICATE) then ZORDER BY
// (DELTA_CLUSTERING_WITH_ZORDER_BY); FULL on a table without clustering columns
// (DELTA_OPTIMIZE_FULL_NOT_SUPPORTED); a WHERE referencing a non-partition column
// (DELTA_NON_PARTITION_COLUMN_REFERENCE, DeltaCommand.verifyPartitionPredicates). ZORDER BY
// columns are checked by ValidateZOrderBy, which Delta runs next.
func CheckOptimize(o Optimize) error {
	if o.Clustered {
		if len(o.Where) > 0 {
			return ClusteringWithPartitionPredicates(o.Where)
		}
		if len(o.ZOrderBy) > 0 {
			names := make([]string, len(o.ZOrderBy))
			for i, z := range o.ZOrderBy {
				names[i] = z
				if parts, err := table.ParseMultipartName(z); err == nil {
					names[i] = table.QuoteName(parts)
				}
			}
			return ClusteringWithZOrderBy(names)
		}
	}
	if o.Full && (!o.Clustered || len(o.ClusteringColumns) == 0) {
		return OptimizeFullNotSupported()
	}
	for _, c := range o.WhereColumns {
		if !slices.ContainsFunc(o.PartitionColumns, func(p string) bool { return strings.EqualFold(p, c) }) {
			return NonPartitionColumnReference(c, o.PartitionColumns)
		}
	}
	return nil
}
