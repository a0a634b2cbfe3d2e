// Package skipping decides which files a query opens, the way open-source Delta Lake's data
// skipping does (DataSkippingReaderBase.filesForScan in spark/src/main/scala/org/apache/spark/
// sql/delta/stats/DataSkippingReader.scala, abbreviated M/stats/DataSkippingReader.scala).
//
// A WHERE predicate in a small SQL subset is lexed and parsed (lexer.go, parser.go) into a
// resolved, type-checked Expr whose String is canonical: Parse(e.String()) gives e back. The
// predicate is split into top-level conjuncts; those that reference only partition columns are
// evaluated against each file's partitionValues cast to the column type, as
// DeltaLog.rewritePartitionFilters does (M/DeltaLog.scala). The others are rewritten into a
// predicate over minValues, maxValues, nullCount and numRecords by DataFiltersBuilder
// (M/stats/DataFiltersBuilder.scala, M/stats/DataSkippingPredicateBuilder.scala), which is then
// evaluated per file with SQL three-valued logic. A file is read when
//
//	partitionFilter AND (dataSkippingPredicate OR NOT verifyStatsForFilter(referencedStats))
//
// is TRUE: any file missing a statistic the predicate needs is always read.
//
// Before Delta sees a filter, Spark's analyzer and optimizer reshape it. This package models
// only the rewrites that change what Delta can use: BETWEEN becomes two comparisons, <> and !=
// become NOT(=), LIKE is simplified as LikeSimplification does (a pure prefix 'abc%' becomes
// StartsWith, a pattern without wildcards becomes =, 'abc%xyz' becomes a length test AND
// StartsWith AND EndsWith), and an IN list is deduplicated and a single-item IN becomes = as in
// OptimizeIn. A comparison of numbers of different types is typed as Spark's analyzer types it
// and handed to Delta as UnwrapCastInBinaryComparison leaves it (coerce.go). Constant folding and
// inferred IS NOT NULL filters are not modelled; they never make a kept file wrongly skipped.
//
// A predicate Parse refuses is an ErrorList whose entries print "line:column: [CLASS] message".
// CLASS is Spark 3.5's error class where Spark refuses the predicate too (errors.go:
// UNRESOLVED_COLUMN.WITH_SUGGESTION, DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES, INVALID_TYPED_LITERAL,
// PARSE_SYNTAX_ERROR, ...), and one of LayoutLabLimits where Spark runs it and Layout Lab does
// not (a region time zone, a value that depends on when the query runs); ErrorList.Class gives
// the first one, which inspect reports as its error's class.
package skipping
