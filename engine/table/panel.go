package table

import "time"

// PanelDeviceModelPosition is where DefaultPanelSpec puts device_model_id among the leaves
// (1-based): one past delta.dataSkippingNumIndexedCols' default of 32, so that by default the
// column gets no statistics (M/DeltaConfig.scala DATA_SKIPPING_NUM_INDEXED_COLS, M =
// spark/src/main/scala/org/apache/spark/sql/delta/).
const PanelDeviceModelPosition = 33

// PanelDays is the span of DefaultPanelSpec's event time columns: three years of daily events,
// 2024-01-01 to 2026-12-31, over which the rows spread evenly whatever their number.
//
// The span is fixed rather than the rows per day so that event_date keeps more distinct values
// than Delta's range_partition_id makes buckets (spark.databricks.io.skipping.mdc.rangeId.max,
// 1000) at any row count the panel allows: with fewer, its range ids take only the low bits of
// interleave_bits and hilbert_index (M/expressions/InterleaveBits.scala), and a layout on
// (event_date, user_id) would be a sort on user_id alone. Fixed rows per day would shrink the
// span with the rows knob (100 rows a day: 10 days at 1,000 rows, a century at 4,000,000).
const PanelDays = 1096

// DefaultPanelSpec is the statistics panel's default table: event_date
// (sequential dates over PanelDays), user_id (bigint ids, millions of distinct values over the
// full row limit), region_id (6 values), device_model_id (a few hundred Zipf-skewed values) at
// leaf 33, and enough mixed columns around them, including a struct with nested leaves, long and
// non-ASCII strings, booleans, binaries and decimals, for 36 leaves in all.
//
// Leaves are counted depth-first (Schema.Leaves), the order in which Delta spends
// dataSkippingNumIndexedCols; the struct `device` contributes 7 of the first 32.
func DefaultPanelSpec() Spec {
	start := int64(DaysOf(2024, time.January, 1))
	startMicros := start * 86_400_000_000
	return Spec{Columns: []ColumnSpec{
		{Name: "event_date", Type: "date", Dist: Sequential, Start: start, Days: PanelDays, NotNull: true},                   // 1
		{Name: "event_ts", Type: "timestamp", Dist: Sequential, Start: startMicros, Days: PanelDays},                         // 2
		{Name: "user_id", Type: "bigint", Dist: HighCardinality, Min: 1, Max: 50_000_000},                                    // 3
		{Name: "region_id", Type: "int", Dist: LowCardinality, Min: 1, K: 6},                                                 // 4
		{Name: "session_id", Type: "string", Dist: HighCardinality, Prefix: "sess-", Min: 1_000_000_000, Max: 9_999_999_999}, // 5
		{Name: "event_type", Type: "string", Dist: Zipf, K: 12, MinLen: 4, MaxLen: 10},                                       // 6
		{Name: "country_code", Type: "string", Dist: LowCardinality, K: 40, MinLen: 2, MaxLen: 2},                            // 7
		{Name: "price", Type: "decimal(10,2)", Dist: Uniform, Min: 1, Max: 99_999},                                           // 8
		{Name: "quantity", Type: "int", Dist: Uniform, Min: 1, Max: 20},                                                      // 9
		{Name: "amount", Type: "double", Dist: Uniform, Min: 0, Max: 5_000},                                                  // 10
		{Name: "is_mobile", Type: "boolean", Dist: Uniform},                                                                  // 11
		{Name: "payload", Type: "binary", Dist: Uniform, MinLen: 8, MaxLen: 32, NullFraction: 0.1},                           // 12
		{Name: "device", Type: "struct", Fields: []ColumnSpec{
			{Name: "os", Type: "string", Dist: LowCardinality, K: 5},                       // 13
			{Name: "os_version", Type: "int", Dist: LowCardinality, Min: 1, K: 30},         // 14
			{Name: "app_version", Type: "string", Dist: Zipf, K: 50, MinLen: 5, MaxLen: 8}, // 15
			{Name: "screen", Type: "struct", Fields: []ColumnSpec{
				{Name: "width", Type: "int", Dist: LowCardinality, Min: 320, K: 40},  // 16
				{Name: "height", Type: "int", Dist: LowCardinality, Min: 480, K: 60}, // 17
			}},
			{Name: "locale", Type: "string", Dist: LowCardinality, K: 25, NonASCII: 0.2}, // 18
			{Name: "is_emulator", Type: "boolean", Dist: Uniform, NullFraction: 0.05},    // 19
		}},
		{Name: "page_url", Type: "string", Dist: Uniform, MinLen: 40, MaxLen: 120, NonASCII: 0.05},                     // 20
		{Name: "referrer", Type: "string", Dist: Zipf, K: 200, MinLen: 20, MaxLen: 60, NonASCII: 0.1},                  // 21
		{Name: "search_query", Type: "string", Dist: Uniform, MinLen: 0, MaxLen: 80, NonASCII: 0.2, NullFraction: 0.3}, // 22
		{Name: "campaign_id", Type: "int", Dist: Zipf, Min: 1, K: 80, NullFraction: 0.4},                               // 23
		{Name: "ingest_ts", Type: "timestamp_ntz", Dist: Sequential, Start: startMicros, Days: PanelDays},              // 24
		{Name: "latency_ms", Type: "double", Dist: Uniform, Min: 1, Max: 2_000},                                        // 25
		{Name: "discount", Type: "decimal(5,2)", Dist: Uniform, Min: 0, Max: 5_000, NullFraction: 0.6},                 // 26
		{Name: "store_id", Type: "int", Dist: LowCardinality, Min: 1, K: 300},                                          // 27
		{Name: "product_id", Type: "bigint", Dist: HighCardinality, Min: 1, Max: 2_000_000},                            // 28
		{Name: "category", Type: "string", Dist: LowCardinality, K: 20},                                                // 29
		{Name: "rating", Type: "int", Dist: LowCardinality, Min: 1, K: 5, NullFraction: 0.5},                           // 30
		{Name: "is_returning", Type: "boolean", Dist: LowCardinality},                                                  // 31
		{Name: "notes", Type: "string", Dist: Uniform, MinLen: 30, MaxLen: 200, NonASCII: 0.3, NullFraction: 0.8},      // 32
		{Name: "device_model_id", Type: "int", Dist: Zipf, Min: 1000, K: 400, Skew: 1.1},                               // 33
		{Name: "firmware_build", Type: "bigint", Dist: Uniform, Min: 100_000, Max: 999_999},                            // 34
		{Name: "ab_bucket", Type: "string", Dist: LowCardinality, K: 4, MinLen: 1, MaxLen: 1},                          // 35
		{Name: "tags_hash", Type: "binary", Dist: HighCardinality, Min: 0, Max: 1 << 40},                               // 36
	}}
}
