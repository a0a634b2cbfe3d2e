// Package optimize plans Delta Lake's OPTIMIZE the way open-source Delta's OptimizeTableCommand,
// OptimizeExecutor, OptimizeTableStrategy, ClusteringStrategy and ZCube decide it: which files are
// rewritten together, into which bins, as which new ZCubes, and why.
//
// References (M/ = spark/src/main/scala/org/apache/spark/sql/delta/ in github.com/delta-io/delta):
//
//   - M/commands/OptimizeTableCommand.scala: OptimizeTableCommand.run (refusals, in order),
//     OptimizeExecutor.optimize (filesForScan → filterCandidateFileList → group by partition →
//     groupFilesIntoBins), getOperation (commitInfo parameters), createMetrics (operationMetrics).
//   - M/commands/OptimizeTableStrategy.scala: getMode, CompactionStrategy, ZOrderStrategy,
//     ClusteringStrategy (prepareFilesPerPartition, applyMinZCube, initNewBin, tagAddFile).
//   - M/skipping/clustering/ZCube.scala: filterOutLargeZCubes, filterOutSingleZCubes.
//   - M/commands/optimize/ZCubeFileStatsCollector.scala, M/skipping/clustering/ClusteringStats.scala,
//     M/commands/optimize/ZOrderMetrics.scala, M/commands/optimize/OptimizeStats.scala: metrics.
//
// The planner is a pure function of an immutable Snapshot, a Request and a Config, in the manner
// of pebble's compaction picker: the same inputs always give the same Plan, natively and under
// wasm. It never executes a rewrite and holds no row data: the caller (the timeline) runs each Bin
// through the curve/layout code, then hands the output files back to Plan.Commit, which builds the
// commit's add/remove actions, the commitInfo operationParameters and operationMetrics, and the
// command's OptimizeMetrics.
//
// Every decision is recorded as a typed Event with a stable one-line String() (Plan.Events, and
// an optional EventListener), so the product can show why each file was, or was not, rewritten.
//
// Platform behaviours beyond open-source Delta (Microsoft Fabric Runtime 2.0 incremental
// clustering with auto-recluster, Fabric Runtime 1.3) are opt-in
// through Config.Platform, labelled in every event they cause, and never the default.
//
// # Worked example: liquid clustering at 40 GiB a day
//
// With 1 GiB files, minCubeSize 100 GiB and targetCubeSize 150 GiB, nightly OPTIMIZE rewrites:
//
//	night 1: 40 new files                      → one ZCube A of 40 GiB          (40 GiB written)
//	night 2: A (40 GiB, open) + 40 new         → ZCube B of 80 GiB              (80 GiB written)
//	night 3: B (80 GiB, open) + 40 new         → ZCube C of 120 GiB, now sealed (120 GiB written)
//	night 4: C skipped (≥ minCubeSize) + 40 new → ZCube D of 40 GiB              (40 GiB written)
//
// and the cycle repeats: 40, 80, 120, 40, 80, 120 … (testdata/liquid).
package optimize
