package tablepage

import (
	"io"
	"strings"
)

// ReadWhole says whether the page reads the reader's file at rel (size bytes) in one piece
// rather than by slices: a Parquet log file (a checkpoint or a sidecar) of at most MaxWholeBytes.
// The Parquet reader checks every page's header before it decodes the pages, columns side by
// side, so by slices such a file is fetched about twice over in many round trips; one read of
// it, held while the replay reads it, costs one. A commit is read by slices: DESCRIBE HISTORY
// reads only the first line of most. A larger Parquet log file is read by bounded windows
// (ReadBounded).
func ReadWhole(rel string, size int64) bool {
	return parquetLog(rel) && size >= 0 && size <= MaxWholeBytes
}

// ReadBounded says whether the page reads the reader's file at rel (size bytes) through a few
// buffers filled again and again (picked.Bounded): a Parquet log file over MaxWholeBytes. Held
// whole, the 1,000,000-file table's 238 MB checkpoint sat in the module's heap beside the
// columns decoded from it, and the module's memory never shrinks.
func ReadBounded(rel string, size int64) bool {
	return parquetLog(rel) && size > MaxWholeBytes
}

// MaxWholeBytes is the largest Parquet log file the page reads whole (ReadWhole). The
// 100,000-file table's checkpoint is 23.8 MB, the 1,000,000-file table's 238 MB.
const MaxWholeBytes = 64 << 20

func parquetLog(rel string) bool {
	_, name, ok := LogPath(rel)
	return ok && strings.HasSuffix(name, ".parquet")
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
