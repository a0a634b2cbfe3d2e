package inspect

import "layoutlab/engine/work"

// ReportShared is ReportYield for a caller that keeps only the latest Report (the page): its
// Files are the Inspector's own, each verdict set in place, not in a copy. So every earlier
// Report that shares them (ReportShared's, and Report's without a WHERE) has its verdicts
// replaced: read them no more. A million files' copy was 160 MB of pointers, and in js/wasm its
// allocation set the collector marking the page's whole heap: 1.5 s of a 2.1 s WHERE on the 1M
// table (BenchmarkTableOpen1M's where-ms).
func (in *Inspector) ReportShared(where string, yield work.Yield) (*Report, error) {
	return in.report(where, yield, true)
}
