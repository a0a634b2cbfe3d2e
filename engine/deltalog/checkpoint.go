package deltalog

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"

	"layoutlab/engine/work"
)

// MaxCheckpointBytes caps one checkpoint or sidecar file, which is read whole (Parquet needs
// random access to its footer).
const MaxCheckpointBytes = 1 << 30

// SidecarDir is where V2 checkpoints keep their sidecar files (PROTOCOL.md "V2 Spec").
const SidecarDir = "_sidecars"

// checkpointActions are a checkpoint's actions, sidecars included: its add actions apart, in
// one slice (a large table's checkpoint is mostly adds, each kept once, never boxed in an
// Action), and every other action.
type checkpointActions struct {
	adds   []AddFile
	others []Action
}

// split moves the adds of acts to c.adds.
func (c *checkpointActions) split(acts []Action) {
	for _, a := range acts {
		if add, ok := a.(AddFile); ok {
			c.adds = append(c.adds, add)
		} else {
			c.others = append(c.others, a)
		}
	}
}

// readCheckpoint returns every action of checkpoint cp, sidecars included. Errors are
// *LogError naming the file and, for JSON, the line, or for Parquet the row.
func readCheckpoint(fsys fs.FS, cp *Checkpoint, pq parquetReader) (*checkpointActions, error) {
	out := &checkpointActions{}
	for _, name := range cp.Files {
		acts, err := readCheckpointFile(fsys, path.Join(LogDir, name), pq)
		if err != nil {
			return nil, err
		}
		out.adds = appendAdds(out.adds, acts.adds)
		var sidecars []RawAction
		for _, a := range acts.others {
			if raw, ok := a.(RawAction); ok && raw.Key == "sidecar" {
				sidecars = append(sidecars, raw)
			} else {
				out.others = append(out.others, a)
			}
		}
		if err := out.readSidecars(fsys, path.Join(LogDir, name), sidecars, pq); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// appendAdds is append(to, adds...), except that the first file's adds are taken as they are.
func appendAdds(to, adds []AddFile) []AddFile {
	if to == nil {
		return adds
	}
	return append(to, adds...)
}

// parquetReader is what reading a Parquet checkpoint takes from OpenOptions.
type parquetReader struct {
	decode   ParquetRows // nil: this program cannot read Parquet
	progress work.Yield
}

func readCheckpointFile(fsys fs.FS, file string, pq parquetReader) (*checkpointActions, error) {
	f, err := fsys.Open(file)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, &LogError{File: file, Msg: "checkpoint file is missing"}
		}
		return nil, &LogError{File: file, Msg: err.Error(), Err: err}
	}
	defer f.Close()
	if strings.HasSuffix(file, ".json") {
		c, err := parseCommit(0, file, f, defaultLimits)
		if err != nil {
			return nil, err
		}
		out := &checkpointActions{}
		out.split(c.Actions)
		return out, nil
	}
	if pq.decode == nil {
		return nil, &LogError{File: file, Msg: "this program cannot read Parquet checkpoints: no Parquet reader was given (OpenOptions.Parquet: layoutlab/engine/deltalog/parquetjson.Rows)"}
	}
	// A file that can be read at offsets (a file on disk, the browser's files held in memory) is
	// decoded where it is, without a copy of the whole checkpoint.
	if ra, ok := f.(io.ReaderAt); ok {
		if st, err := f.Stat(); err == nil && st.Size() >= 0 {
			if st.Size() > MaxCheckpointBytes {
				return nil, &LogError{File: file, Msg: fmt.Sprintf("checkpoint is larger than the %d-byte limit", MaxCheckpointBytes)}
			}
			return checkpointRows(file, pq, ra, st.Size())
		}
	}
	// Otherwise read in one piece when the size is known: growing a buffer for a large
	// checkpoint copies it over and over, which in the browser also grows the module's memory.
	var b []byte
	if st, err := f.Stat(); err == nil && st.Size() >= 0 && st.Size() <= MaxCheckpointBytes {
		b = make([]byte, 0, st.Size()+1)
	}
	b, err = readAllInto(b, io.LimitReader(f, MaxCheckpointBytes+1))
	if err != nil {
		return nil, &LogError{File: file, Msg: "read error: " + err.Error(), Err: err}
	}
	if len(b) > MaxCheckpointBytes {
		return nil, &LogError{File: file, Msg: fmt.Sprintf("checkpoint is larger than the %d-byte limit", MaxCheckpointBytes)}
	}
	return checkpointRows(file, pq, bytes.NewReader(b), int64(len(b)))
}

// ParquetActions is a Parquet checkpoint or sidecar decoded: its add actions straight to their
// type, in one slice (Adds, with the row of each in AddRows, counted from 1 for messages), and
// every other action as the JSON line a commit holds (Lines). A row that holds no action is in
// neither.
type ParquetActions struct {
	Adds    []AddFile
	AddRows []int
	Lines   []ParquetLine
}

// ParquetLine is one row of a checkpoint as a JSON action line.
type ParquetLine struct {
	Row  int // from 1
	JSON []byte
}

// ParquetRows decodes a Parquet checkpoint or sidecar of size bytes read through r, telling
// yield (when not nil) every few thousand rows how far it has read, and returning its error as
// it is. Decoding add actions to their type skips a JSON encoding and decoding per file, most
// of a large checkpoint's cost.
type ParquetRows func(r io.ReaderAt, size int64, yield work.Yield) (*ParquetActions, error)

func checkpointRows(file string, pq parquetReader, r io.ReaderAt, size int64) (*checkpointActions, error) {
	var stop error // the yield's error, returned as it is rather than as the file's
	recorded := pq.progress
	if pq.progress != nil {
		recorded = func(p work.Progress) error { stop = pq.progress(p); return stop }
	}
	pa, err := pq.decode(r, size, recorded)
	if err != nil && err == stop {
		return nil, err
	}
	if err != nil {
		return nil, &LogError{File: file, Msg: err.Error(), Err: err}
	}
	// The first invalid row is the one named, as a row-by-row reading would.
	errRow, errMsg := 0, ""
	fail := func(row int, err error) {
		if errRow == 0 || row < errRow {
			errRow, errMsg = row, err.Error()
		}
	}
	adds := pa.Adds
	for i := range adds {
		add := &adds[i]
		if add.PartitionValues == nil {
			add.PartitionValues = map[string]string{} // always written by Delta
		}
		if err := validateAdd(add); err != nil {
			fail(pa.AddRows[i], err)
			break
		}
	}
	out := &checkpointActions{}
	var lineAdds []AddFile
	var lineAddRows []int
	for _, l := range pa.Lines {
		a, err := parseActionLine(l.JSON)
		if a == nil && err == nil {
			continue // only keys this reader does not know (actionKey)
		}
		if err == nil {
			err = validateAction(a)
		}
		if err != nil {
			fail(l.Row, err)
			break
		}
		if add, ok := a.(AddFile); ok {
			lineAdds, lineAddRows = append(lineAdds, add), append(lineAddRows, l.Row)
		} else {
			out.others = append(out.others, a)
		}
	}
	if errRow > 0 {
		return nil, &LogError{File: file, Msg: fmt.Sprintf("row %d: %s", errRow, errMsg)}
	}
	if len(lineAdds) == 0 {
		out.adds = adds
		return out, nil
	}
	// Adds decoded both ways go back into row order, so that a path added twice resolves as it
	// would row by row.
	out.adds = make([]AddFile, 0, len(adds)+len(lineAdds))
	i, j := 0, 0
	for i < len(adds) || j < len(lineAdds) {
		if j == len(lineAdds) || (i < len(adds) && pa.AddRows[i] < lineAddRows[j]) {
			out.adds = append(out.adds, adds[i])
			i++
		} else {
			out.adds = append(out.adds, lineAdds[j])
			j++
		}
	}
	return out, nil
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
