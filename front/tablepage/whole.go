package tablepage

import (
	"io"
	"strings"
)

// ReadWhole says whether the page reads the reader's file at rel (size bytes) in one piece
// rather than by slices: a Parquet log file (a checkpoint or a sidecar) of at most MaxHeldBytes.
// The Parquet reader checks every page's header before it decodes the pages, columns side by
// side, so by slices such a file is fetched about twice over in many round trips; one read of
// it, held while the replay reads it, costs one. A commit is read by slices: DESCRIBE HISTORY
// reads only the first line of most.
func ReadWhole(rel string, size int64) bool {
	_, name, ok := LogPath(rel)
	return ok && strings.HasSuffix(name, ".parquet") && size >= 0 && size <= MaxHeldBytes
}

// Close closes the file and, when its reader holds the file's bytes (a file read whole, see
// ReadWhole), lets it drop them as the replay is done with the file.
func (f *logFileAt) Close() error {
	err := f.logFile.Close()
	if c, ok := f.ra.(io.Closer); ok {
		if e := c.Close(); err == nil {
			err = e
		}
	}
	f.ra = nil
	return err
}
