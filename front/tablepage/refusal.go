package tablepage

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"unicode"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
)

// refusedField is the action and field a table-level refusal is about, by Delta's error class
// (DeltaErrors.scala): "" when the class names none.
func refusedField(class string) (action, field string) {
	switch class {
	case "DELTA_UNSUPPORTED_FEATURES_FOR_READ":
		return "protocol", "readerFeatures"
	case "DELTA_INVALID_PROTOCOL_VERSION":
		return "protocol", "minReaderVersion"
	case "DELTA_INVALID_SCHEMA":
		return "metaData", "schemaString"
	}
	return "", ""
}

// RefusalText says why the table named table, at version (-1: the latest) of the log in fsys,
// is not shown: the log file holding the action refused and its field, then Delta's class and
// message.
func RefusalText(fsys fs.FS, table string, version int64, e *inspect.ErrorInfo) string {
	if action, field := refusedField(e.Class); action != "" {
		if file := ActionFile(fsys, action, version); file != "" {
			return fmt.Sprintf("%s: %s: %s.%s: [%s] %s", table, file, action, field, e.Class, e.Message)
		}
	}
	return fmt.Sprintf("%s: [%s] %s", table, e.Class, e.Message)
}

// ActionFile names the log file that last set the action key ("protocol", "metaData") at or
// before version (-1: the latest): the newest commit after the newest checkpoint at or before
// the version with a line of that action (only each line's start is looked at), else that
// checkpoint's first file; "" when the log cannot say. Commits are taken from the listing, not
// counted down, so a gap in the versions costs nothing.
func ActionFile(fsys fs.FS, key string, version int64) string {
	lst, err := deltalog.List(fsys)
	if err != nil {
		return ""
	}
	if version < 0 || version > lst.MaxVersion {
		version = lst.MaxVersion
	}
	var cp *deltalog.Checkpoint
	for i := range lst.Checkpoints {
		if c := &lst.Checkpoints[i]; c.Version <= version && (cp == nil || c.Version > cp.Version) {
			cp = c
		}
	}
	var after []int64
	for v := range lst.Commits {
		if v <= version && (cp == nil || v > cp.Version) {
			after = append(after, v)
		}
	}
	slices.SortFunc(after, func(a, b int64) int { return cmp.Compare(b, a) }) // newest first
	prefix := []byte(`{"` + key + `"`)
	br := bufio.NewReaderSize(nil, 64<<10)
	for _, v := range after {
		file := path.Join(deltalog.LogDir, lst.Commits[v])
		if hasActionLine(fsys, file, prefix, br) {
			return file
		}
	}
	if cp != nil {
		return path.Join(deltalog.LogDir, cp.Files[0])
	}
	return ""
}

// hasActionLine reports whether a line of file starts with prefix, reading it through br.
func hasActionLine(fsys fs.FS, file string, prefix []byte, br *bufio.Reader) bool {
	f, err := fsys.Open(file)
	if err != nil {
		return false
	}
	defer f.Close()
	br.Reset(f)
	for start := true; ; {
		chunk, err := br.ReadSlice('\n')
		if start && bytes.HasPrefix(bytes.TrimLeftFunc(chunk, unicode.IsSpace), prefix) {
			return true
		}
		start = err != bufio.ErrBufferFull // the rest of a long line is not a line's start
		if err != nil && err != bufio.ErrBufferFull {
			return false
		}
	}
}
