package deltalog

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"layoutlab/engine/work"
)

// MaxSidecars caps the distinct sidecar files one V2 checkpoint may name. Spark writes one
// sidecar per part of a checkpoint (DeltaSQLConf.DELTA_CHECKPOINT_PART_SIZE actions each, 5
// million by default), so 10,000 would be a table far beyond the size one checkpoint file may
// have here (MaxCheckpointBytes).
const MaxSidecars = 10_000

// readSidecars reads the sidecar files that the sidecar actions of V2 checkpoint file
// checkpoint name, each once however often it is named, adding their actions to c. Every
// error names the checkpoint.
func (c *checkpointActions) readSidecars(fsys fs.FS, checkpoint string, sidecars []RawAction, progress work.Yield) error {
	var files []string
	seen := map[string]bool{}
	for _, raw := range sidecars {
		p, err := sidecarFile(raw)
		if err != nil {
			return &LogError{File: checkpoint, Msg: err.Error()}
		}
		if !seen[p] { // Delta would read it again and reconcile the same adds to the same files
			seen[p] = true
			files = append(files, p)
		}
		if len(files) > MaxSidecars {
			return &LogError{File: checkpoint, Msg: fmt.Sprintf("checkpoint names more than %d sidecar files", MaxSidecars)}
		}
	}
	for _, p := range files {
		if err := c.readSidecar(fsys, checkpoint, p, progress); err != nil {
			return err
		}
	}
	return nil
}

// sidecarFile is the file a sidecar action names, under _delta_log/_sidecars. PROTOCOL.md
// "Sidecar File Information": sidecars always reside in the table's _delta_log/_sidecars, and
// writers store only the file's name. So a name is all that is read: an absolute path or URI,
// a parent-relative one, or one that names a directory instead of a file (".", "..") is
// refused, which also keeps a sidecar from naming a file outside the log or the checkpoint
// itself.
func sidecarFile(raw RawAction) (string, error) {
	var sc struct {
		Path string `json:"path"`
	}
	if err := json.Unmarshal(raw.JSON, &sc); err != nil || sc.Path == "" {
		return "", fmt.Errorf("sidecar action has no path")
	}
	p := sc.Path
	if strings.ContainsAny(p, `/\`) || p == "." || p == ".." || !fs.ValidPath(p) {
		return "", fmt.Errorf("sidecar path %q is not a file name: sidecars are read only from %s/%s", p, LogDir, SidecarDir)
	}
	return path.Join(LogDir, SidecarDir, p), nil
}

// readSidecar adds the actions of sidecar file p to c: only adds and removes, as PROTOCOL.md
// allows a sidecar.
func (c *checkpointActions) readSidecar(fsys fs.FS, checkpoint, p string, progress work.Yield) error {
	if st, err := fs.Stat(fsys, p); err != nil || st.IsDir() {
		return &LogError{File: checkpoint, Msg: fmt.Sprintf("sidecar %s is missing", p)}
	}
	side, err := readCheckpointFile(fsys, p, progress)
	if err != nil {
		return err
	}
	c.adds = appendAdds(c.adds, side.adds)
	for _, s := range side.others {
		if _, ok := s.(RemoveFile); !ok {
			return &LogError{File: p, Msg: fmt.Sprintf("sidecar holds a %s action; sidecars may hold only add and remove", s.ActionKey())}
		}
		c.others = append(c.others, s)
	}
	return nil
}
