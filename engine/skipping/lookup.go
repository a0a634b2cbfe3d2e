package skipping

// AdjustTimestampMax is a timestamp maximum statistic (microseconds) as data skipping compares
// it: plus a millisecond, saturating, since Delta writes timestamps to JSON truncated to
// milliseconds (DataSkippingReader.getStatsColumnOpt, "SC-22824"). engine/inspect's clustering
// health counts the files of `col = v` with it, so that its counts are this planner's.
func AdjustTimestampMax(us int64) int64 { return adjustMax(us) }
