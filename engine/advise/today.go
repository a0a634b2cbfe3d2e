package advise

import (
	"layoutlab/engine/inspect"
)

func (e *ErrorInfo) Error() string { return "[" + e.Class + "] " + e.Message }

// today is each query's files and bytes read on the table as it stands: inspect's
// Inspector.Report(where), the path `layoutlab inspect --where` takes, its files read and the
// sum of their sizes. It also hands the table the files' numRecords the Report parsed. A table
// or predicate Delta refuses is an *ErrorInfo.
func today(in *inspect.Inspector, w *Workload, t *tableInfo) (Today, error) {
	base := in.Report("")
	if base.Error != nil {
		return Today{}, &ErrorInfo{base.Error.Class, base.Error.Message}
	}
	t.setRecords(base.Files)
	td := Today{Files: len(base.Files), Queries: make([]QueryCost, 0, len(w.Queries))}
	for _, f := range base.Files {
		td.Bytes += f.Size
	}
	for _, q := range w.Queries {
		r := in.Report(q.Where)
		if r.Error != nil {
			return Today{}, &ErrorInfo{r.Error.Class, "workload line " + itoa(q.Line) + ": " + r.Error.Message}
		}
		c := QueryCost{Where: q.Where, Weight: q.Weight}
		for _, f := range r.Files {
			if f.Read {
				c.FilesRead++
				c.BytesRead += f.Size
			}
		}
		td.Queries = append(td.Queries, c)
	}
	return td, nil
}
