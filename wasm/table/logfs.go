package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"
	"testing/fstest"

	deltalog "layoutlab/engine/log"
)

// MaxLogBytes caps the log a reader may open: every file of it is held in the page's memory
// (a wasm module has 4 GiB at most, and the replay needs room beside it).
const MaxLogBytes = 1 << 30

// LogFS gathers the _delta_log files a reader gave (a folder's files, an archive's entries, or
// the log's files chosen loose) into the file system engine/inspect reads: _delta_log/... under
// its root. Data files are never kept, and an archive's are never decompressed.
type LogFS struct {
	FS    fstest.MapFS
	Table string // the folder the log was found in ("" for the given folder itself)
	bytes int64
	roots map[string]bool
}

// NewLogFS returns an empty LogFS.
func NewLogFS() *LogFS { return &LogFS{FS: fstest.MapFS{}, roots: map[string]bool{}} }

// LogPath says where a file given with its path relative to what the reader picked belongs:
// the table folder holding its _delta_log, and the name under the table root
// ("_delta_log/00000000000000000000.json", "_delta_log/_sidecars/x.parquet"). A loose file
// named as a log file is taken as one of _delta_log. Anything else (data files, deletion
// vectors, other folders' files) is not wanted.
func LogPath(rel string) (table, name string, ok bool) {
	rel = strings.Trim(strings.ReplaceAll(rel, `\`, "/"), "/")
	parts := strings.Split(rel, "/")
	i := slices.Index(parts, deltalog.LogDir)
	if i < 0 {
		if len(parts) == 1 && deltalog.ParseLogFileName(parts[0]).Kind != deltalog.KindOther {
			return "", path.Join(deltalog.LogDir, parts[0]), true
		}
		return "", "", false
	}
	sub := parts[i+1:]
	switch {
	case len(sub) == 1 && sub[0] != "":
	case len(sub) == 2 && sub[0] == deltalog.SidecarDir && sub[1] != "":
	default:
		return "", "", false
	}
	return strings.Join(parts[:i], "/"), path.Join(append([]string{deltalog.LogDir}, sub...)...), true
}

// Wants reports whether a file at rel would be kept: the page reads only those files.
func Wants(rel string) bool {
	_, _, ok := LogPath(rel)
	return ok
}

// Add keeps the file at rel if it belongs to a log; it reports whether it did.
func (l *LogFS) Add(rel string, data []byte) (bool, error) {
	table, name, ok := LogPath(rel)
	if !ok {
		return false, nil
	}
	if l.bytes+int64(len(data)) > MaxLogBytes {
		return false, fmt.Errorf("%s: the log is over %d MiB, more than this page can hold", rel, MaxLogBytes>>20)
	}
	l.bytes += int64(len(data))
	l.roots[table] = true
	l.Table = table
	l.FS[name] = &fstest.MapFile{Data: data}
	return true, nil
}

// Check reports a gathering that is not one table's log.
func (l *LogFS) Check(what string) error {
	if len(l.FS) == 0 {
		return fmt.Errorf("%s holds no _delta_log files: pick a Delta table's folder, its _delta_log, or a .zip or .tar of either", what)
	}
	if len(l.roots) > 1 {
		var rs []string
		for r := range l.roots {
			if r == "" {
				r = "."
			}
			rs = append(rs, r)
		}
		slices.Sort(rs)
		return fmt.Errorf("%s holds the logs of %d tables (%s): open one table at a time", what, len(rs), strings.Join(rs, ", "))
	}
	return nil
}

// Bytes is the size of the log files kept.
func (l *LogFS) Bytes() int64 { return l.bytes }

// archiveKind names the archive whose first bytes are data: "zip", "gzip" (a .tar.gz), "tar", or "".
func archiveKind(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte("PK\x03\x04")), bytes.HasPrefix(data, []byte("PK\x05\x06")):
		return "zip"
	case bytes.HasPrefix(data, []byte{0x1f, 0x8b}):
		return "gzip"
	case len(data) >= 262 && string(data[257:262]) == "ustar":
		return "tar"
	}
	return ""
}

// AddArchive keeps the log files of the zip, tar or .tar.gz archive data (named name).
func (l *LogFS) AddArchive(name string, data []byte) error {
	return l.AddArchiveFrom(name, bytes.NewReader(data), int64(len(data)))
}

// Archive is what AddArchiveFrom reads: the page's is the reader's File, read by slices.
type Archive interface {
	io.ReaderAt
	io.ReadSeeker
}

// AddArchiveFrom keeps the log files of the archive r (size bytes): a zip's central directory
// and log entries are all it reads, a tar's headers and log entries (it seeks past the rest);
// only a .tar.gz is read whole, as gzip cannot be skipped through.
func (l *LogFS) AddArchiveFrom(name string, r Archive, size int64) error {
	head := make([]byte, min(size, 512))
	if _, err := r.ReadAt(head, 0); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("%s: %v", name, err)
	}
	switch archiveKind(head) {
	case "zip":
		zr, err := zip.NewReader(r, size)
		if err != nil {
			return fmt.Errorf("%s: not a readable zip archive: %v", name, err)
		}
		for _, f := range zr.File {
			if f.FileInfo().IsDir() || !Wants(f.Name) {
				continue
			}
			if f.UncompressedSize64 > MaxLogBytes {
				return fmt.Errorf("%s: %s is %d bytes, over the %d MiB a log may hold", name, f.Name, f.UncompressedSize64, MaxLogBytes>>20)
			}
			rc, err := f.Open()
			if err != nil {
				return fmt.Errorf("%s: %s: %v", name, f.Name, err)
			}
			b, err := io.ReadAll(io.LimitReader(rc, MaxLogBytes+1))
			rc.Close()
			if err != nil {
				return fmt.Errorf("%s: %s: %v", name, f.Name, err)
			}
			if _, err := l.Add(f.Name, b); err != nil {
				return err
			}
		}
		return nil
	case "gzip":
		zr, err := gzip.NewReader(io.NewSectionReader(r, 0, size))
		if err != nil {
			return fmt.Errorf("%s: not a readable gzip file: %v", name, err)
		}
		return l.addTar(name, zr)
	case "tar":
		return l.addTar(name, io.NewSectionReader(r, 0, size))
	}
	return fmt.Errorf("%s is neither a zip nor a tar archive", name)
}

func (l *LogFS) addTar(name string, r io.Reader) error {
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: not a readable tar archive: %v", name, err)
		}
		if h.Typeflag != tar.TypeReg || !Wants(h.Name) {
			continue // a data file's bytes are skipped by the next Next
		}
		if h.Size > MaxLogBytes {
			return fmt.Errorf("%s: %s is %d bytes, over the %d MiB a log may hold", name, h.Name, h.Size, MaxLogBytes>>20)
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			return fmt.Errorf("%s: %s: %v", name, h.Name, err)
		}
		if _, err := l.Add(h.Name, b); err != nil {
			return err
		}
	}
}
