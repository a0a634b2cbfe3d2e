// Package ddl applies Delta Lake's DDL and OPTIMIZE rules (CLUSTER BY, ZORDER BY, OPTIMIZE
// FULL/WHERE, data skipping columns) and raises Delta's own error classes with their exact
// message text, from spark/src/main/resources/error/delta-error-classes.json as thrown by
// spark/src/main/scala/org/apache/spark/sql/delta/DeltaErrors.scala.
package ddl

import (
	"strconv"
	"strings"
)

// DeltaError is a Delta error with its error class (a sub-class after a dot, as in
// "DELTA_DUPLICATE_COLUMNS_FOUND.CLUSTER_BY"), SQLSTATE and rendered message. Error() prints it
// as Spark's SparkThrowable getMessage does: "[CLASS] message".
type DeltaError struct {
	Class    string
	SQLState string
	Message  string
}

func (e *DeltaError) Error() string { return "[" + e.Class + "] " + e.Message }

// Is lets errors.Is match on the class alone: errors.Is(err, &DeltaError{Class: "X"}).
func (e *DeltaError) Is(target error) bool {
	t, ok := target.(*DeltaError)
	return ok && t.Class == e.Class && (t.SQLState == "" || t.SQLState == e.SQLState) && (t.Message == "" || t.Message == e.Message)
}

// The error classes used here. Messages are the JSON message arrays joined with "\n"; a
// sub-class message follows its class message after one space (Spark's ErrorClassesJsonReader).
const (
	ClassClusterByWithPartitionedBy     = "DELTA_CLUSTER_BY_WITH_PARTITIONED_BY"
	ClassClusterByInvalidNumColumns     = "DELTA_CLUSTER_BY_INVALID_NUM_COLUMNS"
	ClassClusteringWithPartitionPred    = "DELTA_CLUSTERING_WITH_PARTITION_PREDICATE"
	ClassClusteringWithZOrderBy         = "DELTA_CLUSTERING_WITH_ZORDER_BY"
	ClassClusteringColumnMissingStats   = "DELTA_CLUSTERING_COLUMN_MISSING_STATS"
	ClassClusteringColumnsDatatype      = "DELTA_CLUSTERING_COLUMNS_DATATYPE_NOT_SUPPORTED"
	ClassOptimizeFullNotSupported       = "DELTA_OPTIMIZE_FULL_NOT_SUPPORTED"
	ClassDuplicateColumnsClusterBy      = "DELTA_DUPLICATE_COLUMNS_FOUND.CLUSTER_BY"
	ClassZOrderingOnPartitionColumn     = "DELTA_ZORDERING_ON_PARTITION_COLUMN"
	ClassZOrderingOnColumnWithoutStats  = "DELTA_ZORDERING_ON_COLUMN_WITHOUT_STATS"
	ClassZOrderingColumnDoesNotExist    = "DELTA_ZORDERING_COLUMN_DOES_NOT_EXIST"
	ClassDataSkippingPartitionedColumn  = "DELTA_COLUMN_DATA_SKIPPING_NOT_SUPPORTED_PARTITIONED_COLUMN"
	ClassDataSkippingNotSupportedType   = "DELTA_COLUMN_DATA_SKIPPING_NOT_SUPPORTED_TYPE"
	ClassDuplicateDataSkippingColumns   = "DELTA_DUPLICATE_DATA_SKIPPING_COLUMNS"
	ClassNonPartitionColumnReference    = "DELTA_NON_PARTITION_COLUMN_REFERENCE"
	ClassColumnNotFoundInSchema         = "DELTA_COLUMN_NOT_FOUND_IN_SCHEMA"
	ClassClusteringColumnsDatatypeSQLSt = "0A000"
	ZOrderColStatCheckKey               = "spark.databricks.delta.optimize.zorder.checkStatsCollection.enabled"
	NumClusteringColumnsLimit           = 4 // spark.databricks.delta.clusteredTable.numClusteringColumnsLimit
)

// The constructors below are named after the DeltaErrors.scala methods that throw each class.

// ClusterByWithPartitionedBy is DeltaErrors.clusterByWithPartitionedBy (DeltaTableBuilder).
func ClusterByWithPartitionedBy() *DeltaError {
	return &DeltaError{ClassClusterByWithPartitionedBy, "42613",
		"Clustering and partitioning cannot both be specified. Please remove partitionedBy if you want to create a Delta table with clustering."}
}

// ClusterByInvalidNumColumns is DeltaErrors.clusterByInvalidNumColumnsException.
func ClusterByInvalidNumColumns(limit, actual int) *DeltaError {
	return &DeltaError{ClassClusterByInvalidNumColumns, "54000",
		"CLUSTER BY supports up to " + strconv.Itoa(limit) + " clustering columns, but the table has " +
			strconv.Itoa(actual) + " clustering columns. Please remove the extra clustering columns."}
}

// ClusteringWithPartitionPredicates is DeltaErrors.clusteringWithPartitionPredicatesException:
// the predicates are joined with a space.
func ClusteringWithPartitionPredicates(predicates []string) *DeltaError {
	return &DeltaError{ClassClusteringWithPartitionPred, "0A000",
		"OPTIMIZE command for Delta table with clustering doesn't support partition predicates. Please remove the predicates: " +
			strings.Join(predicates, " ") + "."}
}

// ClusteringWithZOrderBy is DeltaErrors.clusteringWithZOrderByException: names joined by ", ".
func ClusteringWithZOrderBy(zOrderBy []string) *DeltaError {
	return &DeltaError{ClassClusteringWithZOrderBy, "42613",
		"OPTIMIZE command for Delta table with clustering cannot specify ZORDER BY. Please remove ZORDER BY (" +
			strings.Join(zOrderBy, ", ") + ")."}
}

// ClusteringColumnMissingStats is DeltaErrors.clusteringColumnMissingStats; statsSchema is the
// treeString of the stats collection schema.
func ClusteringColumnMissingStats(columns []string, statsSchema string) *DeltaError {
	return &DeltaError{ClassClusteringColumnMissingStats, "22000",
		"Clustering requires clustering columns to have stats. Couldn't find clustering column(s) '" +
			strings.Join(columns, ", ") + "' in stats schema:\n" + statsSchema}
}

// ClusteringColumnUnsupportedDataTypes is DeltaErrors.clusteringColumnUnsupportedDataTypes;
// each entry reads "name : SQLTYPE".
func ClusteringColumnUnsupportedDataTypes(columnsWithDataTypes []string) *DeltaError {
	return &DeltaError{ClassClusteringColumnsDatatype, "0A000",
		"CLUSTER BY is not supported because the following column(s): " + strings.Join(columnsWithDataTypes, ", ") +
			" don't support data skipping."}
}

// OptimizeFullNotSupported is DeltaErrors.optimizeFullNotSupportedException.
func OptimizeFullNotSupported() *DeltaError {
	return &DeltaError{ClassOptimizeFullNotSupported, "42601",
		"OPTIMIZE FULL is only supported for clustered tables with non-empty clustering columns."}
}

// FoundDuplicateColumnsClusterBy is DeltaErrors.foundDuplicateColumnsException("CLUSTER_BY", …);
// duplicateCols is already formatted ("`a`, `b`").
func FoundDuplicateColumnsClusterBy(duplicateCols string) *DeltaError {
	return &DeltaError{ClassDuplicateColumnsClusterBy, "42711",
		"Found duplicate column(s): " + duplicateCols + ". The duplicate was found in CLUSTER BY."}
}

// ZOrderingOnPartitionColumn is DeltaErrors.zOrderingOnPartitionColumnException.
func ZOrderingOnPartitionColumn(colName string) *DeltaError {
	return &DeltaError{ClassZOrderingOnPartitionColumn, "42P10",
		colName + " is a partition column. Z-Ordering can only be performed on data columns"}
}

// ZOrderingOnColumnWithNoStats is DeltaErrors.zOrderingOnColumnWithNoStatsException: the columns
// print as "[c1, c2]"; the message's two lines join with "\n".
func ZOrderingOnColumnWithNoStats(cols []string) *DeltaError {
	return &DeltaError{ClassZOrderingOnColumnWithoutStats, "KD00D",
		"Z-Ordering on [" + strings.Join(cols, ", ") + "] will be ineffective, because we currently do not collect stats for these columns. You can disable this check by setting\n SET " +
			ZOrderColStatCheckKey + " = false"}
}

// ZOrderingColumnDoesNotExist is DeltaErrors.zOrderingColumnDoesNotExistException.
func ZOrderingColumnDoesNotExist(colName string) *DeltaError {
	return &DeltaError{ClassZOrderingColumnDoesNotExist, "42703",
		"Z-Ordering column " + colName + " does not exist in data schema."}
}

// ColumnDataSkippingNotSupportedPartitionedColumn is thrown by
// StatisticsCollection.validateDeltaStatsColumns for a partition column.
func ColumnDataSkippingNotSupportedPartitionedColumn(column string) *DeltaError {
	return &DeltaError{ClassDataSkippingPartitionedColumn, "0AKDC",
		"Data skipping is not supported for partition column '" + column + "'."}
}

// ColumnDataSkippingNotSupportedType is thrown by StatisticsCollection.validateDataSkippingType;
// typ is the Catalyst toString of the type ("BooleanType").
func ColumnDataSkippingNotSupportedType(column, typ string) *DeltaError {
	return &DeltaError{ClassDataSkippingNotSupportedType, "0AKDC",
		"Data skipping is not supported for column '" + column + "' of type " + typ + "."}
}

// DuplicateDataSkippingColumns is thrown by StatisticsCollection.validateDeltaStatsColumns; the
// names are joined with "," (no space).
func DuplicateDataSkippingColumns(columns []string) *DeltaError {
	return &DeltaError{ClassDuplicateDataSkippingColumns, "42701",
		"Duplicated data skipping columns found: " + strings.Join(columns, ",") + "."}
}

// NonPartitionColumnReference is DeltaErrors.nonPartitionColumnReference (OPTIMIZE … WHERE).
func NonPartitionColumnReference(colName string, partitionColumns []string) *DeltaError {
	return &DeltaError{ClassNonPartitionColumnReference, "42P10",
		"Predicate references non-partition column '" + colName + "'. Only the partition columns may be referenced: [" +
			strings.Join(partitionColumns, ", ") + "]"}
}

// ColumnNotInSchema is DeltaErrors.columnNotInSchemaException (nonExistentColumnInSchema):
// tableSchema is the treeString of the schema searched.
func ColumnNotInSchema(column, tableSchema string) *DeltaError {
	return &DeltaError{ClassColumnNotFoundInSchema, "42703",
		"Couldn't find column " + column + " in:\n" + tableSchema}
}
