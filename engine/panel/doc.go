// Package panel runs Layout Lab's statistics panel (experiences.md §2): what Delta Lake's
// per-file min/max statistics can and cannot do for a query, on a real seeded table laid out
// exactly as Delta lays it out.
//
// Engine.Run(scenario.Panel) (Engine.Answer) does, in order:
//
//  1. generates table.DefaultPanelSpec() for (rows, seed), each column when first read
//     (tableFor);
//  2. decides the stats schema from delta.dataSkippingNumIndexedCols / dataSkippingStatsColumns
//     (statisticsColumns, stats.StatsSchema);
//  3. checks the keys as Delta does for CLUSTER BY (liquid clustering, layout "hilbert") and
//     OPTIMIZE … ZORDER BY (layout "zorder"), raising Delta's error classes (checkKeys, package
//     ddl);
//  4. lays the table out (orderAndCut, package layout): append, ORDER BY the first key, Z-order
//     or Hilbert, into Files files (or max(1, rows/RowsPerFile), Delta's approxNumFiles);
//  5. collects every file's statistics on the columns the WHERE reads exactly as stats.Collect
//     does (collectFor, collectAll; a test checks it against stats.Collect file by file); every
//     column's, in Delta's stats JSON, when asked for (FileStatsObjects, FillFileStats);
//  6. runs Delta's data skipping for the WHERE predicate (scanFor, skipping.FilesForScan);
//  7. measures each key's span per file and on average (resultFiles; see Result).
//
// The Result's JSON is what the browser widget renders and `layoutlab layout` prints.
//
// # Spans
//
// A key's span in a file is the share of the key's distinct values, in rank order over the
// whole table, that lie between the file's minimum and maximum:
//
//	span = (rank(max) - rank(min) + 1) / D          box = [rank(min)/D, (rank(max)+1)/D]
//
// with ranks 0..D-1 over the table's D distinct non-null values. A file holding one value spans
// 1/D; one holding the smallest and largest spans 1. F files that split a key into disjoint
// ranges average about 1/F; Hilbert or Z-order on k equally fine keys gives about F^(-1/k)
// each. Ranks, not raw values, make a 6-value region_id and a 50-million-value user_id
// comparable, and match how range_partition_id sees a column. Spans come from the rows, not from
// statistics, so they exist for columns Delta keeps no statistics on.
//
// # The store
//
// What the stages compute is kept in a Store under their inputs: the table for (rows, seed),
// each column's generation, dense ranks and compact ranks, and up to five layouts with their
// rank ranges. Engines given one Store share it (the widget's answers and its rehearsals), and
// work done for an answer not shown is kept there only where it pushes out nothing of a higher
// Priority. An Engine's own working state (the current layout's files, block summaries, the
// last statistics, the Layouter's buffers) serves the next knob move: a knob that changes only
// the query recomputes only the scan; a new layout recomputes the layout, the statistics and
// the spans (BenchmarkRelayout; a flip back to a kept layout, BenchmarkKeptLayoutFlip); a new
// row count or seed regenerates everything.
package panel
