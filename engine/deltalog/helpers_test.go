package deltalog

import (
	"fmt"
	"io"
	"io/fs"
	"path"
)

// readCommits reads the commit files of the table rooted at fsys, which must run from version 0
// without a gap, for the tests that replay a log commit by commit (Replay).
func readCommits(fsys fs.FS) ([]Commit, error) {
	l, err := List(fsys)
	if err != nil {
		return nil, err
	}
	commits := make([]Commit, 0, len(l.Commits))
	for v := int64(0); v < int64(len(l.Commits)); v++ {
		name, ok := l.Commits[v]
		if !ok {
			return nil, fmt.Errorf("%s: commit %d is missing", LogDir, v)
		}
		c, err := readCommitFile(fsys, v, path.Join(LogDir, name))
		if err != nil {
			return nil, err
		}
		commits = append(commits, c)
	}
	return commits, nil
}

// readSnapshot reads the latest snapshot of the table rooted at fsys.
func readSnapshot(fsys fs.FS) (*Snapshot, error) {
	return OpenSnapshot(fsys, OpenOptions{Version: -1, Parquet: testParquet})
}

// parseCommitText reads the commit file of the given version from r.
func parseCommitText(version int64, r io.Reader) (Commit, error) {
	return parseCommit(version, CommitFileName(version), r, defaultLimits)
}

// encodeChecked is the JSON line WriteCommit writes for a, without its newline.
func encodeChecked(a Action) ([]byte, error) {
	if err := validateAction(a); err != nil {
		return nil, err
	}
	return encodeAction(a)
}
