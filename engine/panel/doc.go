// Package panel runs Layout Lab's statistics panel: what Delta Lake's
// per-file min/max statistics can and cannot do for a query, on a real seeded table laid out
// exactly as Delta lays it out.
//
// Store.Answer(scenario.Panel, Priority, work.Yield) runs these stages, in order, each a function of
// the inputs it is given and stored in the Store under them:
//
//  1. the table: table.DefaultPanelSpec() for (rows, seed), each column generated when first
//     read (Store.table, fill);
//  2. the statistics columns, from delta.dataSkippingNumIndexedCols / dataSkippingStatsColumns
//     (statisticsColumns, stats.StatsSchema);
//  3. Delta's refusals of the keys for CLUSTER BY (liquid clustering, layout "hilbert") and
//     OPTIMIZE … ZORDER BY (layout "zorder"), from package ddl in Delta's check order (refusal);
//  4. each key ranked (rankOf), the rows ordered for the layout and cut into files (cutFor,
//     package layout): append, ORDER BY the first key, Z-order or Hilbert, into Files files (or
//     max(1, rows/RowsPerFile), Delta's approxNumFiles); a clustered order is stored apart from
//     its cut, so that another number of files only cuts it again;
//  5. every file's statistics on the columns the WHERE reads, exactly as stats.Collect computes
//     them (collectAll; a test checks it against stats.Collect file by file); every column's,
//     in Delta's stats JSON, when asked for (Store.FileStats, Store.FillFileStats);
//  6. Delta's data skipping for the WHERE predicate (scan, skipping.FilesForScan);
//  7. each key's span per file and on average, and the Result (assemble; see Result).
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
// What the stages computed is kept in a Store under their inputs (see Store): a knob that
// changes only the query recomputes only the scan; another number of files cuts the stored
// order again and reads its statistics from block summaries; a new layout lays the table out
// from the stored ranks (BenchmarkRelayout; a flip back to a stored layout,
// BenchmarkKeptLayoutFlip); a new row count or seed regenerates everything. Work for an answer
// not shown (Priority Rehearsal or Ahead) is stored only where it pushes out nothing of a
// higher priority. A Yield that returns an error stops an answer between or inside stages; the
// stage under way stores nothing.
package panel
