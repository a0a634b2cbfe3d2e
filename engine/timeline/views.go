package timeline

import (
	"fmt"
	"slices"

	"layoutlab/engine/deltalog"
)

// Commits returns the table's transaction log: every commit of the run, versions 0..N, as the
// actions a Delta writer puts in _delta_log/%020d.json (commitInfo first, then protocol,
// metaData, domainMetadata, removes, adds). deltalog.Replay of them is the table the engine
// planned on; ExportDir writes them.
func (res *Result) Commits() []deltalog.Commit {
	r := res.run
	if r == nil {
		return nil // given ahead (IsGiven): no log here
	}
	out := make([]deltalog.Commit, len(r.tbl.commits))
	for i := range r.tbl.commits {
		out[i] = r.tbl.actions(&r.tbl.commits[i])
	}
	return out
}

// CommitsThrough returns the log up to the last version committed on day (1..Days).
func (res *Result) CommitsThrough(day int) ([]deltalog.Commit, error) {
	r := res.run
	if r == nil {
		return nil, ErrGiven
	}
	if day < 1 || day > len(r.days) {
		return nil, fmt.Errorf("day %d is outside 1..%d", day, len(r.days))
	}
	last := r.days[day-1].lastVersion()
	out := make([]deltalog.Commit, last+1)
	for v := range out {
		out[v] = r.tbl.actions(&r.tbl.commits[v])
	}
	return out, nil
}

// Snapshot replays the log through day (1..Days) with engine/log: the table as Delta reads it.
func (res *Result) Snapshot(day int) (*deltalog.Snapshot, error) {
	commits, err := res.CommitsThrough(day)
	if err != nil {
		return nil, err
	}
	return deltalog.Replay(commits)
}

// Location is the table's location in DESCRIBE DETAIL.
const Location = "file:/tmp/layoutlab/" + TableName

// Describe returns DESCRIBE DETAIL and DESCRIBE HISTORY of the table at the end of day, as
// engine/deltalog computes them from the replayed log. History lists that day's commits, newest
// first (DESCRIBE HISTORY limited to them).
func (res *Result) Describe(day int) (deltalog.TableDetail, []deltalog.DeltaHistory, error) {
	snap, err := res.Snapshot(day)
	if err != nil {
		return deltalog.TableDetail{}, nil, err
	}
	ds := &res.run.days[day-1] // Snapshot answered ErrGiven without a run
	return deltalog.DescribeDetail(snap, Location), deltalog.DescribeHistory(snap, len(ds.versions)), nil
}

// Statements returns the SQL the day ran, in order, and the day's lookup column.
func (res *Result) Statements(day int) ([]string, string) {
	if res.run == nil {
		if g := res.given; g != nil && day == g.Day {
			return g.Statements, g.Lookup
		}
		return nil, "" // given ahead, for another day
	}
	ds := &res.run.days[day-1]
	return ds.statements, ds.lookup
}

// DayFiles is the file grid of day (1..Days): every live file after that night, in log order,
// with its min/max of the day's lookup column as rank positions and whether the day's first
// probe value opens it.
func (res *Result) DayFiles(day int) (*DayFiles, error) {
	df := &DayFiles{}
	if err := res.DayFilesInto(df, day); err != nil {
		return nil, err
	}
	return df, nil
}

// DayFilesInto is DayFiles written into df, reusing its Files array: the widget's day slider
// asks for a day per move, thousands of files each on a large table, and a new array per move
// fed the garbage collector.
func (res *Result) DayFilesInto(df *DayFiles, day int) error {
	r := res.run
	if r == nil {
		return res.givenDayFiles(df, day)
	}
	if day < 1 || day > len(r.days) {
		return fmt.Errorf("day %d is outside 1..%d", day, len(r.days))
	}
	ds := &r.days[day-1]
	leaf, _ := leafOf(ds.lookup)
	sc := r.ranks.column(leaf)
	*df = DayFiles{Day: day, LookupColumn: ds.lookup, ProbeValue: ds.probe, Files: slices.Grow(df.Files[:0], len(ds.live))[:len(ds.live)]}
	cubeBytes := make([]int64, len(r.tbl.zcubes.cubes)) // each ZCube's live bytes that day
	for _, id := range ds.live {
		if f := r.tbl.files.f(id); f.cube >= 0 {
			cubeBytes[f.cube] += f.size
		}
	}
	dirs := map[string]string{} // one directory name per partition value, not one per file
	for i, id := range ds.live {
		f := r.tbl.files.f(id)
		lo, hi := r.ranks.filePos(sc, id, leaf)
		fi := FileInfo{Path: f.path, Size: f.size, Min: lo, Max: hi,
			Read: f.lo[leaf] <= ds.probe && ds.probe <= f.hi[leaf], Added: f.day}
		if f.cube >= 0 {
			fi.ZCube = r.tbl.zcubes.cubes[f.cube].id
			fi.Sealed = cubeBytes[f.cube] >= r.tbl.zcubes.minCube
		}
		if r.tbl.partitioned {
			v := f.part[ColEventDate]
			dir, ok := dirs[v]
			if !ok {
				dir = ColEventDate + "=" + v
				dirs[v] = dir
			}
			fi.Partition = dir
		}
		df.Files[i] = fi
	}
	return nil
}

// PrepareDayFiles builds, for every day's lookup column, what the first DayFilesInto of a day
// of that column builds otherwise: the column's values sorted (sortColumn). A run whose lookup
// column changes (a key change) has more than one; the widget calls this while idle, so that
// the day slider's first move across the change answers within a frame: sorting the column is
// most of that move's work.
func (res *Result) PrepareDayFiles() {
	r := res.run
	if r == nil {
		return // given ahead: its one day's grid is built
	}
	for i := range r.days {
		if leaf, ok := leafOf(r.days[i].lookup); ok {
			r.ranks.column(leaf)
		}
	}
}

// WithExtras returns a copy of res whose days carry the extras the default JSON leaves out:
// the lookup column, the statements, the commit versions, and, when files is set, the file
// grid, and when describe is set, DESCRIBE DETAIL and that day's DESCRIBE HISTORY.
func (res *Result) WithExtras(files, describe bool) (*Result, error) {
	if res.run == nil {
		return nil, ErrGiven
	}
	out := *res
	out.Days = make([]Day, len(res.Days))
	copy(out.Days, res.Days)
	r := res.run
	var snap *deltalog.Snapshot
	next := int64(0)
	for i := range out.Days {
		d := &out.Days[i]
		ds := &r.days[i]
		d.LookupColumn, d.Statements, d.Versions = ds.lookup, ds.statements, ds.versions
		if files {
			df, err := res.DayFiles(d.Day)
			if err != nil {
				return nil, err
			}
			d.FileList = df.Files
		}
		if describe {
			// Apply the day's commits to the previous day's snapshot.
			var err error
			if snap == nil {
				snap = deltalog.EmptySnapshot()
			}
			last := ds.lastVersion()
			for ; next <= last; next++ {
				if snap, err = snap.Apply(r.tbl.actions(&r.tbl.commits[next])); err != nil {
					return nil, err
				}
			}
			det := deltalog.DescribeDetail(snap, Location)
			d.Detail = &det
			d.History = deltalog.DescribeHistory(snap, len(ds.versions))
		}
	}
	return &out, nil
}
