package deltalog

// testParquet is the Parquet reader this package's own tests open real tables with. They cannot
// import it (parquetjson imports deltalog), so parquet_test.go, an external test file, hands it in.
var testParquet ParquetRows

// SetTestParquet hands this package's tests the Parquet reader.
func SetTestParquet(p ParquetRows) { testParquet = p }
