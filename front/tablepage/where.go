package tablepage

import (
	"layoutlab/engine/inspect"
	"layoutlab/engine/work"
)

// Run answers the WHERE on the Inspector of the report shown, telling yield its progress: the
// verdicts are set in the Inspector's files (Inspector.ReportShared), not in a copy, as the page
// keeps only the latest Report. A copy of the 1M table's files was 160 MB, and the collection
// its allocation set off in js/wasm was most of the WHERE (#49).
func (e RunWhere) Run(in *inspect.Inspector, yield work.Yield) (*inspect.Report, error) {
	return in.ReportShared(e.Where, yield)
}
