// Package datafiles reads a Delta table's live rows from its Parquet data files (only the columns
// asked for, column mapping resolved, partition values filled in, deletion vectors applied) and
// writes a re-laid-out copy of a table: Parquet files and a first commit with Delta's statistics.
//
// Read is bounded (Options.MaxRows, Options.MaxBytes; docs/limits.md): past the limits it reads
// a seeded sample of whole row groups and says so (Rows.Sample). Every size a footer or a
// deletion vector declares is checked against the file's real size, and a footer's rows against
// the log's numRecords and the limits, before anything is sized from them. Options.Progress sees
// each row group and can stop the read.
//
// Write lays given rows out as given files, as an OPTIMIZE would commit them; ColumnChecksums
// compares a table with its copy whatever the order of their rows.
package datafiles
