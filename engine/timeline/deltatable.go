package timeline

import (
	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/layout"
	"layoutlab/engine/table"
)

// deltaTable is the table's Delta state, what its log defines: the commits in compact form,
// every file they ever added, and what replaying them gives (the live files, whether the
// protocol has the clustering feature, the clustering columns of the delta.clustering domain,
// the ZCubes). deltalog.Replay of Commits() is this state (tested file by file); the planner
// sees it through nightlyOptimize.snapshot.
type deltaTable struct {
	files       fileStore
	commits     []logCommit
	version     int64
	live        []int32 // the live files in log order
	partitioned bool    // PARTITIONED BY (event_date): the Z-order strategies
	clustering  bool    // the protocol has the clustering feature
	clusterCols []string
	zcubes      zcubes
	namer       *layout.FileNamer // names every file the table's writers add
	params      paramLists        // the commits' list parameters, each encoded once
	leaves      []table.Leaf      // the schema's leaves, for the add actions' stats
}

// logCommit is one commit of the table's log in compact form: the file actions point at files.
// actions() expands it into the deltalog.Commit a Delta writer would have written.
type logCommit struct {
	version  int64
	day      int
	info     deltalog.CommitInfo
	protocol *deltalog.Protocol
	metadata *deltalog.Metadata
	domain   *deltalog.DomainMetadata
	adds     []int32
	removes  []int32
	change   bool // dataChange of the file actions
}

// commit appends c to the log as the next version and applies its file actions to the live set
// and the ZCubes.
func (t *deltaTable) commit(c logCommit) {
	t.version++
	c.version = t.version
	if len(c.removes) > 0 {
		for _, id := range c.removes {
			f := t.files.f(id)
			f.live = false
			t.zcubes.change(f.cube, -f.size, -1)
		}
		live := t.live[:0]
		for _, id := range t.live {
			if t.files.f(id).live { // a file is live exactly while it is in t.live
				live = append(live, id)
			}
		}
		t.live = live
	}
	for _, id := range c.adds {
		f := t.files.f(id)
		f.live = true
		t.live = append(t.live, id)
		t.zcubes.change(f.cube, f.size, 1)
	}
	t.commits = append(t.commits, c)
}

// protocol is the protocol in force: the last commit's that has one.
func (t *deltaTable) protocol() deltalog.Protocol {
	for i := len(t.commits) - 1; i >= 0; i-- {
		if t.commits[i].protocol != nil {
			return *t.commits[i].protocol
		}
	}
	return deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2}
}

func (t *deltaTable) partitionColumns() []string {
	if t.partitioned {
		return []string{ColEventDate}
	}
	return []string{}
}

// liveBytes is the size of the live files.
func (t *deltaTable) liveBytes() int64 {
	var n int64
	for _, id := range t.live {
		n += t.files.f(id).size
	}
	return n
}
