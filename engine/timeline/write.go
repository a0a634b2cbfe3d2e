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
	split := 0
	var job statsJob
	for start := 0; start < len(dayRows); start += perFile {
		end := min(len(dayRows), start+perFile)
		id := r.newFile(dayRows[start:end:end], day, part, dir, split, ts)
		split++
		f := r.tbl.files.f(id)
		bytes += f.size
		c.adds = append(c.adds, id)
		job.files, job.rows = append(job.files, f), append(job.rows, f.rows)
	}
	job.sts = make([]fileStats, len(job.files))
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

// newFile registers an append file of rows; appendDay has its statistics collected.
func (r *run) newFile(rows []int32, day int, part map[string]string, dir string, split int, ts int64) int32 {
	id, f := r.tbl.files.alloc()
	f.path, f.size, f.rows, f.day = r.tbl.namer.Name(dir, split), r.sz.bytes(len(rows)), rows, day
	f.part, f.cube, f.layout, f.slab, f.modTime = part, -1, -1, -1, ts
	if r.tbl.partitioned {
		f.partDay = day
	}
	return id
}
