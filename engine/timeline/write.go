package timeline

import (
	"strconv"

	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/optimize"
)

// appendDay writes the day's rows as append files of FileGB (the last one smaller when it does
// not divide): untagged, no clusteringProvider, as every Delta write is.
func (r *run) appendDay(day int, ds *dayState) int64 {
	dayRows := r.g.rowsOfDay(day)
	perFile := max(1, r.sz.rowsFor(r.s.FileGB))
	ts := timestamp(day, hourAppend)
	c := logCommit{day: day, change: true}
	var bytes int64
	var part map[string]string
	dir := ""
	if r.tbl.partitioned {
		dir = ColEventDate + "=" + dateString(day)
		part = map[string]string{ColEventDate: dateString(day)}
	} else {
		part = map[string]string{}
	}
	// The day's paths are named in split order, as one string (the executor's names): one
	// allocation a day rather than one a file, 2,400 of a liquid run's 12,700.
	n := (len(dayRows) + perFile - 1) / perFile
	paths := r.exec.names(dir, n)
	c.adds = make([]int32, 0, n)
	job := statsJob{files: make([]*file, 0, n), rows: make([][]int32, 0, n), sts: make([]fileStats, n)}
	for split := range n {
		start := split * perFile
		end := min(len(dayRows), start+perFile)
		id := r.newFile(dayRows[start:end:end], day, part, paths[split], ts)
		f := r.tbl.files.f(id)
		bytes += f.size
		c.adds = append(c.adds, id)
		job.files, job.rows = append(job.files, f), append(job.rows, f.rows)
	}
	r.stats.submit(job)
	ci := deltalog.CommitInfo{Timestamp: ts, Operation: "WRITE", IsolationLevel: "Serializable",
		IsBlindAppend: ptr(true), EngineInfo: engineInfo, ReadVersion: ptr(r.tbl.version)}
	ci.SetParameter("mode", "Append")
	r.tbl.params.set(&ci, "partitionBy", r.tbl.partitionColumns())
	ci.OperationMetrics = map[string]string{
		"numFiles":       strconv.Itoa(len(c.adds)),
		"numOutputRows":  strconv.Itoa(len(dayRows)),
		"numOutputBytes": strconv.FormatInt(bytes, 10),
	}
	c.info = ci
	r.tbl.commit(c)
	r.ingested += bytes
	// Without fmt, which under js/wasm cost ~10 µs a day.
	ds.statements = append(ds.statements, "INSERT INTO "+TableName+" -- "+strconv.Itoa(len(dayRows))+" rows, "+
		optimize.FormatBytes(bytes)+" in "+strconv.Itoa(len(c.adds))+" files")
	return bytes
}

// newFile registers an append file of rows at path; appendDay has its statistics collected.
func (r *run) newFile(rows []int32, day int, part map[string]string, path string, ts int64) int32 {
	id, f := r.tbl.files.alloc()
	f.path, f.size, f.rows, f.day = path, r.sz.bytes(len(rows)), rows, day
	f.part, f.cube, f.layout, f.slab, f.modTime = part, -1, -1, -1, ts
	if r.tbl.partitioned {
		f.partDay = day
	}
	return id
}
