package deltalog

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
)

// VersionChecksum is a version's N.crc file (PROTOCOL.md "Version Checksum File"): Delta's own
// reconciliation of the table at that version.
type VersionChecksum struct {
	TxnID                 string           `json:"txnId,omitempty"`
	TableSizeBytes        int64            `json:"tableSizeBytes"`
	NumFiles              int64            `json:"numFiles"`
	NumMetadata           int64            `json:"numMetadata"`
	NumProtocol           int64            `json:"numProtocol"`
	NumDeletedRecordsOpt  *int64           `json:"numDeletedRecordsOpt,omitempty"`
	NumDeletionVectorsOpt *int64           `json:"numDeletionVectorsOpt,omitempty"`
	InCommitTimestampOpt  *int64           `json:"inCommitTimestampOpt,omitempty"`
	Metadata              *Metadata        `json:"metadata,omitempty"`
	Protocol              *Protocol        `json:"protocol,omitempty"`
	DomainMetadata        []DomainMetadata `json:"domainMetadata,omitempty"`
}

// ReadChecksum reads the checksum of version, ok=false when the log holds none.
func ReadChecksum(fsys fs.FS, version int64) (c VersionChecksum, ok bool, err error) {
	file := path.Join(LogDir, strings.TrimSuffix(CommitFileName(version), ".json")+".crc")
	b, err := fs.ReadFile(fsys, file)
	if errors.Is(err, fs.ErrNotExist) {
		return c, false, nil
	}
	if err != nil {
		return c, false, &LogError{File: file, Msg: err.Error()}
	}
	if err := json.Unmarshal(b, &c); err != nil {
		return c, false, &LogError{File: file, Msg: fmt.Sprintf("not a version checksum: %v", syntaxMessage(err))}
	}
	return c, true, nil
}

// CheckAgainst compares a snapshot with the checksum of its version: the file count, the
// table's bytes and, when recorded, the deleted-record count, protocol and metadata. It
// returns what differs, "" when they agree.
func (c VersionChecksum) CheckAgainst(s *Snapshot) string {
	var diffs []string
	if int64(s.NumFiles()) != c.NumFiles {
		diffs = append(diffs, fmt.Sprintf("numFiles %d, the snapshot has %d", c.NumFiles, s.NumFiles()))
	}
	if s.SizeInBytes() != c.TableSizeBytes {
		diffs = append(diffs, fmt.Sprintf("tableSizeBytes %d, the snapshot has %d", c.TableSizeBytes, s.SizeInBytes()))
	}
	if c.NumDeletedRecordsOpt != nil {
		var n int64
		for _, f := range s.Files() {
			if f.DeletionVector() != nil {
				n += f.DeletionVector().Cardinality
			}
		}
		if n != *c.NumDeletedRecordsOpt {
			diffs = append(diffs, fmt.Sprintf("numDeletedRecordsOpt %d, the deletion vectors' cardinalities sum to %d", *c.NumDeletedRecordsOpt, n))
		}
	}
	if c.Protocol != nil && c.Protocol.SimpleString() != s.Protocol().SimpleString() {
		diffs = append(diffs, fmt.Sprintf("protocol %s, the snapshot has %s", c.Protocol.SimpleString(), s.Protocol().SimpleString()))
	}
	if c.Metadata != nil && c.Metadata.ID != s.Metadata().ID {
		diffs = append(diffs, fmt.Sprintf("metadata id %s, the snapshot has %s", c.Metadata.ID, s.Metadata().ID))
	}
	return strings.Join(diffs, "; ")
}
