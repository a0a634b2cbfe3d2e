// Package timeline runs Layout Lab's maintenance timeline: a Delta table
// lives for N days, every day new rows are appended, and every night open-source Delta's real
// OPTIMIZE planner (engine/optimize: OptimizeExecutor, ZOrderStrategy, ClusteringStrategy with
// ZCube.filterOutLargeZCubes / filterOutSingleZCubes) runs on the table as it stands.
//
// Nothing is a formula standing in for the mechanism:
//
//   - Rows are real and seeded: day d's rows come from PCG(seed, d); a GiB holds RowsPerGB rows
//     (4 MiB a row at the default 256), so file sizes are exact integers and Delta's Long
//     division approxNumFiles = max(1, binBytes/maxFileSize) sees exactly what the rows stand for.
//   - The table is its transaction log: every statement is a commit (CREATE TABLE, WRITE,
//     ALTER TABLE CLUSTER BY, OPTIMIZE) kept in compact form; Commits() expands it into the
//     engine/deltalog actions Delta writes, deltalog.Replay of those is the table the planner saw
//     (tested file by file), and deltalog.ExportDir writes them as real _delta_log/%020d.json
//     files (the CLI's --export-log; not linked into the widget, which has no file system).
//   - Each night the planner gets the live AddFiles (tags, clusteringProvider, numRecords) and
//     plans; each bin is then executed on its rows with engine/layout: Z-order for ZORDER BY,
//     Hilbert (one key: Z-order, as MultiDimClustering does) for clustering, range ids per bin,
//     the noise byte seeded per bin; output files get their rows' sizes, statistics collected by
//     engine/stats, and the planner's ZCUBE_ID / ZCUBE_ZORDER_BY / clusteringProvider tags.
//   - A point lookup's file count is Delta's data skipping on those statistics (min <= v <= max;
//     partition pruning on event_date), averaged over NumProbes values drawn from the rows.
//
// The one reuse: Z-ordering a partition depends only on its set of rows (read in row order,
// noise seeded by the partition), so a partition Z-ordered unchanged night after night (the
// zorder strategies) gets its previous result's rows and statistics under new paths; a test
// checks that recomputing gives byte-identical results.
//
// # What the mechanism gives at the defaults (40 GiB a day, 1 GiB files, 100 GiB cubes, day 60)
//
//	zorder-full    night 60 rewrites 2400 GiB; a lookup opens 59.97 files (one per partition)
//	zorder-window  120 GiB a night; 59.97 files
//	liquid         40, 80, 120 GiB, repeating; 20 sealed ZCubes; a lookup opens 21.5 files
//	liquid, 10 GiB/day: 10, 20, ... 100 GiB then again: write amplification 5.50 at day 60
//
// Liquid's 21.5 rather than 20 is Delta's noise byte (spark.databricks.io.skipping.mdc.addNoise,
// default true): the file boundaries of a 120-file cube fall inside one of its 1000 range ids,
// so neighbouring files share part of that range id's values and a lookup there opens both —
// about (files-1)·0.6/1000 extra files per cube. With the noise off the same run opens 19.9:
// scenario.Timeline.NoNoise (a link's "nn"), the command line's --add-noise=false, the widget's
// "Noise byte (addNoise)" checkbox. It is independent of RowsPerGB, so no resolution removes it;
// it is what Delta does by default.
//
// Enabling clustering on a table with history (HistoryDays): the old files have no
// clusteringProvider and no ZCube, so every one is a candidate, and ClusteringStrategy keeps
// every bin of max(targetCubeSize, minCubeSize): the whole history is rewritten on the first
// night (840 GiB for 20 days of history), in OSS and in the Fabric model alike. It does not
// drain slowly in open-source Delta.
//
// Strategy liquid-incremental is Microsoft Fabric Runtime 2.0's incremental clustering with
// auto-recluster as engine/optimize models it (PlatformFabricRuntime20), a labelled platform
// behaviour, with Fabric's four settings from the scenario (Timeline.Fabric*); its overlap score
// reads each file's clustering-column range in rank space. Strategy liquid-fabric-1.3 is Fabric
// Runtime 1.3's standard clustering (PlatformFabricRuntime13). docs/fabric.md separates
// Fabric's documentation from Layout Lab's reading of it.
//
// The browser recomputes through Engine, which keeps the last run: moving only the day slider
// selects a day of it; DayFiles, Describe, Statements and Snapshot compute a day's views on
// demand. A rerun whose rows are the last run's (the same seed, days, history and rows per day:
// every knob but those) reads the last run's table instead of generating it again; that is the
// input, not a result, and everything after it runs in full. RunYield (and
// Engine.RunYield) reports each simulated day as it completes, so the widget can yield to the
// browser during a long recompute, and stop a run that a newer move made stale.
//
// Cost: a run's work is the mechanism's, dominated by ranking and laying out every bin's rows
// (the open cube plus the new data, every night, for liquid) and by collecting statistics; the
// engine keeps allocation low (reused rank, layout and planning buffers; OPTIMIZE output
// written into recycled slabs once the files using them are removed), which matters most in
// wasm, where the collector is single-threaded and growing the heap is slow.
package timeline
