package deltalog

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/cockroachdb/datadriven"
)

// TestSegmentFixtures runs the fixtures in testdata/segment/: choosing a log segment from a
// listing of file names alone, before any file is read (Listing.Segment). Command:
//
//	segment [version=N] [no-checkpoint] [no-compaction]
//
// Its input is the listing, one file name under _delta_log a line; _last_checkpoint may be
// followed by its JSON content on the same line (every other file is empty: nothing but the
// names is read). The output is the segment (its version, checkpoint, the commit and
// compaction files replayed after it, the commit versions DESCRIBE HISTORY reads) or the error.
//
// Regenerate expectations with go test -run TestSegmentFixtures -rewrite.
func TestSegmentFixtures(t *testing.T) {
	datadriven.Walk(t, "testdata/segment", func(t *testing.T, path string) {
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			if d.Cmd != "segment" {
				t.Fatalf("%s: unknown command %q", d.Pos, d.Cmd)
			}
			opt := OpenOptions{Version: -1}
			d.MaybeScanArgs(t, "version", &opt.Version)
			opt.NoCheckpoint = d.HasArg("no-checkpoint")
			opt.NoCompaction = d.HasArg("no-compaction")
			l, err := List(listingFS(d.Input))
			if err != nil {
				return "error: " + err.Error() + "\n"
			}
			seg, err := l.Segment(opt)
			if err != nil {
				return "error: " + err.Error() + "\n"
			}
			return segmentString(seg)
		})
	})
}

// listingFS is a table whose _delta_log holds the listed names.
func listingFS(listing string) fstest.MapFS {
	fsys := fstest.MapFS{LogDir: &fstest.MapFile{Mode: fs.ModeDir | 0o755}}
	for _, line := range strings.Split(listing, "\n") {
		name, content, _ := strings.Cut(strings.TrimSpace(line), " ")
		if name != "" {
			fsys[LogDir+"/"+name] = &fstest.MapFile{Data: []byte(content)}
		}
	}
	return fsys
}

func segmentString(seg *LogSegment) string {
	var b strings.Builder
	fmt.Fprintf(&b, "version %d\n", seg.Version)
	if cp := seg.Checkpoint; cp != nil {
		kind := "classic"
		switch {
		case cp.V2:
			kind = "v2"
		case len(cp.Files) > 1:
			kind = fmt.Sprintf("%d parts", len(cp.Files))
		}
		fmt.Fprintf(&b, "checkpoint %d (%s)\n", cp.Version, kind)
		for _, f := range cp.Files {
			fmt.Fprintf(&b, "  %s\n", f)
		}
	} else {
		b.WriteString("checkpoint none\n")
	}
	for _, f := range seg.Deltas {
		if f.Kind == KindCompaction {
			fmt.Fprintf(&b, "compaction %d..%d %s\n", f.Version, f.To, f.Name)
		} else {
			fmt.Fprintf(&b, "commit %d %s\n", f.Version, f.Name)
		}
	}
	fmt.Fprintf(&b, "history %s\n", versionRuns(seg.History))
	return b.String()
}

// versionRuns prints the files' versions as runs: "0..4 7 9..10", "none" when empty.
func versionRuns(files []LogFile) string {
	if len(files) == 0 {
		return "none"
	}
	var runs []string
	for i := 0; i < len(files); {
		j := i
		for j+1 < len(files) && files[j+1].Version == files[j].Version+1 {
			j++
		}
		if j == i {
			runs = append(runs, fmt.Sprint(files[i].Version))
		} else {
			runs = append(runs, fmt.Sprintf("%d..%d", files[i].Version, files[j].Version))
		}
		i = j + 1
	}
	return strings.Join(runs, " ")
}
