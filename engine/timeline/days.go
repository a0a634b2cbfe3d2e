package timeline

// dayState keeps what the lazy per-day views need.
type dayState struct {
	live       []int32
	versions   []int64
	statements []string
	lookup     string
	probe      int64
}

// lastVersion is the last version the day committed, -1 when none.
func (ds *dayState) lastVersion() int64 {
	if n := len(ds.versions); n > 0 {
		return ds.versions[n-1]
	}
	return -1
}

func gb(b int64) float64 { return float64(b) / float64(GiB) }

// readout fills the day's row after the night (the versions from first on are the day's) and
// hands the day's lookup to the statistics collection; LookupFiles and the probe are filled in
// when the run ends.
func (r *run) readout(d *Day, ds dayState, first int64) {
	t := &r.tbl
	for v := first; v <= t.version; v++ {
		ds.versions = append(ds.versions, v)
	}
	d.TableGB = gb(t.liveBytes())
	if r.ingested > 0 {
		d.WriteAmplification = float64(r.night.written) / float64(r.ingested)
	}
	d.Files = len(t.live)
	d.ZCubes, d.SealedZCubes = t.zcubes.live, t.zcubes.sealed
	ds.lookup = r.lookupColumn()
	ds.live = append([]int32(nil), t.live...)
	leaf, _ := leafOf(ds.lookup)
	chunks := t.files.chunks
	r.stats.submit(statsJob{look: &lookupJob{day: d.Day, leaf: leaf, live: ds.live,
		commits: t.commits[:len(t.commits):len(t.commits)], chunks: chunks[:len(chunks):len(chunks)]}})
	r.days = append(r.days, ds)
}

// lookupColumn is the day's lookup column: the scenario's, else the first clustering (or
// Z-order) key in force, else the last one that was, else customer_id.
func (r *run) lookupColumn() string {
	if r.s.Lookup != "" {
		return r.s.Lookup
	}
	switch {
	case r.liquid() && len(r.tbl.clusterCols) > 0:
		r.lastKey = r.tbl.clusterCols[0]
	case r.tbl.partitioned:
		r.lastKey = r.night.zorderCols[0]
	}
	return r.lastKey
}
