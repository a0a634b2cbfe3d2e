package deltalog

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// LogDir is the name of the transaction log directory under a table root.
const LogDir = "_delta_log"

// ReadDir reads every commit file _delta_log/%020d.json of the table rooted
// at fsys, in version order: the table's JSON history. Everything else in the
// directory is ignored here; ReadSnapshot and OpenSnapshot read checkpoints,
// sidecars and log compaction files too. The commits must be contiguous from
// version 0; when commit 0 is missing (log cleanup after a checkpoint), the
// error says so and names the checkpoint found. Errors are *LogError with
// File relative to fsys (e.g. "_delta_log/00000000000000000003.json").
func ReadDir(fsys fs.FS) ([]Commit, error) {
	entries, err := fs.ReadDir(fsys, LogDir)
	if err != nil {
		return nil, &LogError{File: LogDir, Msg: "cannot list the log: " + err.Error()}
	}
	var names, checkpoints []string
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		if _, ok := ParseCommitFileName(e.Name()); ok {
			names = append(names, e.Name())
		} else if strings.Contains(e.Name(), ".checkpoint.") {
			checkpoints = append(checkpoints, e.Name())
		}
	}
	if len(names) == 0 {
		msg := "no commit files (%020d.json) in the log"
		if len(checkpoints) > 0 {
			msg += fmt.Sprintf("; it holds only checkpoints (%s), which ReadSnapshot reads", strings.Join(checkpoints, ", "))
		}
		return nil, &LogError{File: LogDir, Msg: msg}
	}
	commits := make([]Commit, 0, len(names))
	for i, name := range names { // fs.ReadDir sorts by name; zero padding makes that version order
		v, _ := ParseCommitFileName(name)
		file := path.Join(LogDir, name)
		if i == 0 && v != 0 {
			msg := fmt.Sprintf("commit 0 is missing: the log starts at version %d", v)
			if len(checkpoints) > 0 {
				msg += fmt.Sprintf(" and holds checkpoints (%s)", strings.Join(checkpoints, ", "))
			}
			msg += "; earlier commits were removed by log cleanup, so the JSON history alone cannot rebuild the table (ReadSnapshot starts from a checkpoint)"
			return nil, &LogError{File: file, Msg: msg}
		}
		if i > 0 && v != commits[i-1].Version+1 {
			return nil, &LogError{File: file, Msg: fmt.Sprintf(
				"version gap: expected %s after %s", CommitFileName(commits[i-1].Version+1), CommitFileName(commits[i-1].Version))}
		}
		c, err := readCommitFile(fsys, v, file)
		if err != nil {
			return nil, err
		}
		commits = append(commits, c)
	}
	return commits, nil
}

// ReadDirPath reads the log of the table at directory dir on the local file
// system (os.DirFS); errors are prefixed with dir.
func ReadDirPath(dir string) ([]Commit, error) {
	commits, err := ReadDir(os.DirFS(dir))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	return commits, nil
}

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
