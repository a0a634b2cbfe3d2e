// Package datafiles reads a Delta table's live rows from its Parquet data files (only the columns
// asked for, column mapping resolved, partition values filled in, deletion vectors applied) and
// writes a re-laid-out copy of a table: Parquet files and a first commit with Delta's statistics.
//
// Reading is bounded (Options.MaxRows, Options.MaxBytes; docs/limits.md): past the limits it reads
// a seeded sample of whole row groups and says so (Sample). Every count and size a footer or a
// deletion vector declares is checked against the file's real size before it sizes anything.
package datafiles
