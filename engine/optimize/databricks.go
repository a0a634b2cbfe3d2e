package optimize

// DatabricksClustersOnWrite reports whether a Databricks write of newBytes into a liquid
// clustered table clusters its own output (clustering on write) — a PLATFORM behaviour: open
// source Delta has no clustering on write (TransactionalWrite has no clustering hook), so the
// OSS planner never needs this; smaller writes arrive unclustered and wait for OPTIMIZE.
//
// Thresholds, from the Databricks liquid clustering page ("Size thresholds for clustering";
// experiences.md §4 gives the 1- and 4-key ends), by number of clustering keys:
//
//	keys  Unity Catalog managed  other Delta tables
//	1     64 MB                  256 MB
//	2     256 MB                 1 GB
//	3     512 MB                 2 GB
//	4     1 GB                   4 GB
//
// The 2- and 3-key rows are the documented values, not an interpolation (they are not a
// geometric series: ×4, ×2, ×2). Sizes are read as binary units (1 MB = 2^20 bytes), the way
// Spark configs read "64m". "Meets a size threshold" is read as newBytes ≥ threshold. Outside
// 1..4 keys (no clustering, or more keys than Delta allows) it returns false.
func DatabricksClustersOnWrite(newBytes int64, numKeys int, unityCatalogManaged bool) bool {
	if numKeys < 1 || numKeys > 4 {
		return false
	}
	t := DatabricksClusterOnWriteThreshold(numKeys, unityCatalogManaged)
	return newBytes >= t
}

// DatabricksClusterOnWriteThreshold is the threshold DatabricksClustersOnWrite compares with;
// 0 outside 1..4 keys.
func DatabricksClusterOnWriteThreshold(numKeys int, unityCatalogManaged bool) int64 {
	uc := [...]int64{64 * MiB, 256 * MiB, 512 * MiB, GiB}
	if numKeys < 1 || numKeys > 4 {
		return 0
	}
	t := uc[numKeys-1]
	if !unityCatalogManaged {
		t *= 4
	}
	return t
}
