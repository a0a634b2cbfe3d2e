package timeline

import (
	"encoding/csv"
	"io"
	"strconv"
)

// WriteCSV writes the timeline series, one row per day, with the JSON field names as the header.
// The command line's --format csv and the widget's CSV export both write exactly this.
func (res *Result) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"day", "ingested_gb", "table_gb", "optimize_written_gb", "write_amplification",
		"lookup_files", "files", "zcubes", "sealed_zcubes"})
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	for _, d := range res.Days {
		cw.Write([]string{strconv.Itoa(d.Day), f(d.IngestedGB), f(d.TableGB), f(d.OptimizeWrittenGB),
			f(d.WriteAmplification), f(d.LookupFiles), strconv.Itoa(d.Files), strconv.Itoa(d.ZCubes),
			strconv.Itoa(d.SealedZCubes)})
	}
	cw.Flush()
	return cw.Error()
}
