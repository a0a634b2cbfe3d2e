// Package advise answers "what should I cluster this table by, and what will it cost?" for a
// real Delta table and a workload of WHERE predicates, with figures from the engine's own
// mechanisms, never from a formula standing in for them:
//
//   - today: each query's files and bytes read, from engine/inspect's Inspector.Report, the path
//     `layoutlab inspect --where` takes (Delta's data skipping on the log's statistics);
//   - what-if: the table's live rows (read from its data files by the caller) laid out under each
//     candidate with engine/layout (range_partition_id, interleave_bits, the Hilbert index, the
//     noise byte), each output file's statistics collected by engine/stats as Delta's
//     StatisticsCollection writes them, and each query pruned by engine/skipping
//     (DataSkippingReaderBase.filesForScan);
//   - the bins and the first OPTIMIZE's bytes from engine/optimize's open-source planner
//     (OptimizeExecutor, ZOrderStrategy, ClusteringStrategy with OPTIMIZE FULL), file counts as
//     OptimizeExecutor.runOptimizeBinJob's approxNumFiles cuts them (layout.ApproxNumFiles);
//   - the nightly OPTIMIZE's bytes from engine/timeline run with the candidate's strategy;
//   - Delta's refusals (engine/ddl: ValidateClusterBy, ValidateZOrderBy, CheckOptimize) as
//     answers with Delta's error class.
//
// Delta sources followed (M/ = spark/src/main/scala/org/apache/spark/sql/delta/):
// M/skipping/MultiDimClustering.scala (one clustering key falls back to Z-order, several use the
// Hilbert curve: MultiDimClustering.cluster with ClusteringStrategy.curve = "hilbert"),
// M/commands/OptimizeTableCommand.scala and M/commands/OptimizeTableStrategy.scala (bins, FULL,
// ZORDER BY one bin per partition), M/stats/StatisticsCollection.scala (the stats schema:
// delta.dataSkippingNumIndexedCols, delta.dataSkippingStatsColumns),
// M/skipping/clustering/ClusteredTableUtils.scala (clustering keys need statistics).
//
// The shape follows pebble's compaction picker: Advise is a pure, deterministic function of
// (snapshot, rows, workload, options); candidates are scored (score.go) apart from the choice
// (pareto.go, recommend.go) and from the SQL that applies it (sql.go). Nothing here reads files:
// the caller hands in the inspected log and the rows (engine/datafiles in the CLI).
package advise
