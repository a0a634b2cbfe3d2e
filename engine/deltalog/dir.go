package deltalog

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
)

// LogDir is the name of the transaction log directory under a table root.
const LogDir = "_delta_log"

// ExportFiles renders commits as the files of a _delta_log: a map from
// slash-separated path ("_delta_log/00000000000000000000.json") to
// contents. It suits testing/fstest.MapFS and the browser, where there is
// no file system to write to.
func ExportFiles(commits []Commit) (map[string][]byte, error) {
	out := make(map[string][]byte, len(commits))
	for _, c := range commits {
		name := path.Join(LogDir, CommitFileName(c.Version))
		if _, dup := out[name]; dup {
			return nil, &LogError{File: name, Msg: "two commits with the same version"}
		}
		var buf bytes.Buffer
		if err := WriteCommit(&buf, c); err != nil {
			return nil, err
		}
		out[name] = buf.Bytes()
	}
	return out, nil
}

// ExportDir writes commits as real files under dir/_delta_log, creating the
// directories. Like a Delta writer it never overwrites a commit file: an
// existing file is an error. Nothing is written if any commit fails to
// encode.
func ExportDir(dir string, commits []Commit) error {
	files, err := ExportFiles(commits)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(dir, LogDir), 0o755); err != nil {
		return err
	}
	for _, c := range commits {
		name := filepath.Join(dir, LogDir, CommitFileName(c.Version))
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			if errors.Is(err, fs.ErrExist) {
				return fmt.Errorf("%s: commit file already exists; Delta never overwrites a commit", name)
			}
			return err
		}
		_, werr := f.Write(files[path.Join(LogDir, CommitFileName(c.Version))])
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return werr
		}
	}
	return nil
}
