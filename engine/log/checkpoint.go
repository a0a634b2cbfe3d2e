package deltalog

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
)

// MaxCheckpointBytes caps one checkpoint or sidecar file, which is read whole (Parquet needs
// random access to its footer).
const MaxCheckpointBytes = 1 << 30

// SidecarDir is where V2 checkpoints keep their sidecar files (PROTOCOL.md "V2 Spec").
const SidecarDir = "_sidecars"

// readCheckpoint returns every action of checkpoint cp, sidecars included. Errors are
// *LogError naming the file and, for JSON, the line, or for Parquet the row.
func readCheckpoint(fsys fs.FS, cp *Checkpoint, progress func(done, total int)) ([]Action, error) {
	var out []Action
	for _, name := range cp.Files {
		acts, err := readCheckpointFile(fsys, path.Join(LogDir, name), progress)
		if err != nil {
			return nil, err
		}
		for _, a := range acts {
			raw, ok := a.(RawAction)
			if !ok || raw.Key != "sidecar" {
				out = append(out, a)
				continue
			}
			// PROTOCOL.md "Sidecar File Information": path is relative to _delta_log/_sidecars.
			var sc struct {
				Path string `json:"path"`
			}
			if err := json.Unmarshal(raw.JSON, &sc); err != nil || sc.Path == "" {
				return nil, &LogError{File: path.Join(LogDir, name), Msg: "sidecar action has no path"}
			}
			p := sc.Path
			if !strings.Contains(p, "/") {
				p = path.Join(LogDir, SidecarDir, p)
			} else if strings.Contains(p, "://") {
				return nil, &LogError{File: path.Join(LogDir, name), Msg: fmt.Sprintf("sidecar %s is an absolute URI; only sidecars under %s/%s can be read", p, LogDir, SidecarDir)}
			} else {
				p = path.Join(LogDir, p)
			}
			side, err := readCheckpointFile(fsys, p, progress)
			if err != nil {
				return nil, err
			}
			for _, s := range side {
				switch s.(type) {
				case AddFile, RemoveFile:
					out = append(out, s)
				default: // PROTOCOL.md: sidecars hold only add and remove actions
					return nil, &LogError{File: p, Msg: fmt.Sprintf("sidecar holds a %s action; sidecars may hold only add and remove", s.ActionKey())}
				}
			}
		}
	}
	return out, nil
}

func readCheckpointFile(fsys fs.FS, file string, progress func(done, total int)) ([]Action, error) {
	f, err := fsys.Open(file)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, &LogError{File: file, Msg: "checkpoint file is missing"}
		}
		return nil, &LogError{File: file, Msg: err.Error()}
	}
	defer f.Close()
	if strings.HasSuffix(file, ".json") {
		c, err := parseCommit(0, file, f, defaultLimits)
		if err != nil {
			return nil, err
		}
		return c.Actions, nil
	}
	// Read in one piece when the size is known: growing a buffer for a large checkpoint copies it
	// over and over, which in the browser also grows the module's memory.
	var b []byte
	if st, err := f.Stat(); err == nil && st.Size() >= 0 && st.Size() <= MaxCheckpointBytes {
		b = make([]byte, 0, st.Size()+1)
	}
	b, err = readAllInto(b, io.LimitReader(f, MaxCheckpointBytes+1))
	if err != nil {
		return nil, &LogError{File: file, Msg: "read error: " + err.Error()}
	}
	if len(b) > MaxCheckpointBytes {
		return nil, &LogError{File: file, Msg: fmt.Sprintf("checkpoint is larger than the %d-byte limit", MaxCheckpointBytes)}
	}
	if parquetRows != nil {
		return checkpointRows(file, b, progress)
	}
	if parquetLines == nil {
		return nil, &LogError{File: file, Msg: "this program cannot read Parquet checkpoints: it does not include the Parquet reader (layoutlab/engine/log/parquetjson, installed with UseParquet)"}
	}
	lines, err := parquetLines(b)
	if err != nil {
		return nil, &LogError{File: file, Msg: err.Error()}
	}
	var acts []Action
	for i, line := range lines {
		if line == nil {
			continue
		}
		a, err := parseActionLine(line)
		if err == nil {
			err = validateAction(a)
		}
		if err != nil {
			return nil, &LogError{File: file, Msg: fmt.Sprintf("row %d: %v", i+1, err)}
		}
		acts = append(acts, a)
	}
	return acts, nil
}

// ParquetLines decodes a Parquet checkpoint or sidecar into one JSON action line per row
// ({"add":{...}}, as a commit holds it), nil for a row that holds no action. Errors say which
// row and what was wrong.
type ParquetLines func(b []byte) ([][]byte, error)

var parquetLines ParquetLines

// UseParquet installs the Parquet decoder (layoutlab/engine/log/parquetjson.Lines). It lives in
// its own package so that programs which never open a real table (the docs widget) do not carry
// a Parquet library; without it, a Parquet checkpoint is an error that says so.
func UseParquet(f ParquetLines) { parquetLines = f }

// ParquetRow is one row of a Parquet checkpoint or sidecar, decoded: an add action straight to
// its type (Add), any other action as the JSON line a commit holds (Line), neither for a row
// that holds no action.
type ParquetRow struct {
	Add  *AddFile
	Line []byte
}

// ParquetRows decodes a Parquet checkpoint or sidecar into its rows, telling progress (when not
// nil) every few thousand rows how many it has read. Decoding add actions to their type skips a
// JSON encoding and decoding per file, most of a large checkpoint's cost.
type ParquetRows func(b []byte, progress func(done, total int)) ([]ParquetRow, error)

var parquetRows ParquetRows

// UseParquetRows installs a typed Parquet decoder (layoutlab/engine/log/parquetjson.Rows); it
// takes precedence over UseParquet's. Nil uninstalls it.
func UseParquetRows(f ParquetRows) { parquetRows = f }

func checkpointRows(file string, b []byte, progress func(done, total int)) ([]Action, error) {
	rows, err := parquetRows(b, progress)
	if err != nil {
		return nil, &LogError{File: file, Msg: err.Error()}
	}
	acts := make([]Action, 0, len(rows))
	for i, r := range rows {
		var a Action
		switch {
		case r.Add != nil:
			add := *r.Add
			if add.PartitionValues == nil {
				add.PartitionValues = map[string]string{} // always written by Delta
			}
			a = add
		case r.Line != nil:
			if a, err = parseActionLine(r.Line); err != nil {
				return nil, &LogError{File: file, Msg: fmt.Sprintf("row %d: %v", i+1, err)}
			}
		default:
			continue
		}
		if err := validateAction(a); err != nil {
			return nil, &LogError{File: file, Msg: fmt.Sprintf("row %d: %v", i+1, err)}
		}
		acts = append(acts, a)
	}
	return acts, nil
}

// readAllInto is io.ReadAll appending to b.
func readAllInto(b []byte, r io.Reader) ([]byte, error) {
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}
