package timeline

import (
	deltalog "layoutlab/engine/deltalog"
)

// The log's export: a compact logCommit expanded into the actions a Delta writer puts in
// _delta_log/%020d.json (Commits, CommitsThrough, Snapshot, Describe and ExportDir read these).

// actions expands c: commitInfo first, then protocol, metaData, domainMetadata, removes, adds.
func (t *deltaTable) actions(c *logCommit) deltalog.Commit {
	acts := make([]deltalog.Action, 0, 4+len(c.adds)+len(c.removes))
	acts = append(acts, c.info)
	if c.protocol != nil {
		acts = append(acts, *c.protocol)
	}
	if c.metadata != nil {
		acts = append(acts, *c.metadata)
	}
	if c.domain != nil {
		acts = append(acts, *c.domain)
	}
	ts := c.info.Timestamp
	for _, id := range c.removes {
		a := t.addAction(id, c.change)
		acts = append(acts, a.RemoveWithTimestamp(ts, c.change))
	}
	for _, id := range c.adds {
		acts = append(acts, t.addAction(id, c.change))
	}
	return deltalog.Commit{Version: c.version, Actions: acts}
}

// addAction is the add action that wrote file id.
func (t *deltaTable) addAction(id int32, dataChange bool) deltalog.AddFile {
	f := t.files.f(id)
	a := deltalog.AddFile{
		Path:             f.path,
		PartitionValues:  f.part,
		Size:             f.size,
		ModificationTime: f.modTime,
		DataChange:       dataChange,
		Stats:            t.statsJSON(id),
	}
	a.SetExtras(deltalog.AddFileExtras{Tags: f.tags, ClusteringProvider: f.provider})
	return a
}

// statsJSON is the stats string of file id's add action (FileStats.JSON), made once.
func (t *deltaTable) statsJSON(id int32) string {
	fs := t.files.f(id).st
	if fs.json == "" {
		fs.json = fs.st.JSON(t.leaves)
	}
	return fs.json
}
