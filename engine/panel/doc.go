// Package panel runs Layout Lab's statistics panel (experiences.md §2): what Delta Lake's
// per-file min/max statistics can and cannot do for a query, on a real seeded table laid out
// exactly as Delta lays it out.
//
// Engine.Run(scenario.Panel) does, in order:
//
//  1. generates table.DefaultPanelSpec() for (rows, seed) (cached until either changes);
//  2. decides the stats schema from delta.dataSkippingNumIndexedCols / dataSkippingStatsColumns
//     (stats.StatsSchema);
//  3. checks the keys as Delta does for CLUSTER BY (liquid clustering, layout "hilbert") and
//     OPTIMIZE … ZORDER BY (layout "zorder"), raising Delta's error classes (package ddl);
//  4. lays the table out (package layout): append, ORDER BY the first key, Z-order or Hilbert,
//     into Files files (or max(1, rows/RowsPerFile), Delta's approxNumFiles);
//  5. collects every file's statistics exactly as stats.Collect does (collectAll; a test checks
//     it against stats.Collect file by file) and renders them with Delta's stats JSON;
//  6. runs Delta's data skipping for the WHERE predicate (skipping.Parse, skipping.FilesForScan);
//  7. measures each key's span per file and on average (see Result).
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
// # Caching
//
// An Engine keeps the table, each column's dense ranks (radix sorted once), Delta's range ids
// per key, the noise bytes, the last layout and the last statistics. A knob that changes only
// the query recomputes only the scan; a new layout recomputes the layout, the statistics and
// the spans (BenchmarkRelayout; a flip back to a kept layout, BenchmarkKeptLayoutFlip); a new
// row count or seed regenerates everything.
package panel
