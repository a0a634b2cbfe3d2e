// Package table holds Layout Lab's in-memory tables: a Spark/Delta schema of typed columns,
// columnar storage of real rows, and the scalar Value the rest of the engine compares.
//
// Types follow Spark SQL as Delta uses them (spark/src/main/scala/org/apache/spark/sql/delta/
// schema/SchemaUtils.scala walks the same leaves); a struct contributes its leaves in order, which
// is what delta.dataSkippingNumIndexedCols counts (M/stats/StatisticsCollection.scala).
package table
