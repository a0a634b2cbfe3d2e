package deltalog

import (
	"maps"
	"slices"
	"time"
)

// TableDetail is one row of DESCRIBE DETAIL, with Delta's column names and
// order (TableDetail in spark/src/main/scala/org/apache/spark/sql/delta/commands/DescribeDeltaDetailsCommand.scala).
type TableDetail struct {
	Format            string            `json:"format"`
	ID                string            `json:"id"`
	Name              string            `json:"name"`
	Description       string            `json:"description"`
	Location          string            `json:"location"`
	CreatedAt         *time.Time        `json:"createdAt"`
	LastModified      time.Time         `json:"lastModified"`
	PartitionColumns  []string          `json:"partitionColumns"`
	ClusteringColumns []string          `json:"clusteringColumns"`
	NumFiles          int64             `json:"numFiles"`
	SizeInBytes       int64             `json:"sizeInBytes"`
	Properties        map[string]string `json:"properties"`
	MinReaderVersion  int32             `json:"minReaderVersion"`
	MinWriterVersion  int32             `json:"minWriterVersion"`
	TableFeatures     []string          `json:"tableFeatures"`
}

// DescribeDetail computes DESCRIBE DETAIL for the snapshot of the table at
// location. Delta takes lastModified from the modification time of the
// latest commit file; a simulated log has no such time, so this uses the
// inCommitTimestamp, else the commitInfo timestamp, of the latest commit
// that has one. createdAt is
// metadata.createdTime (nil when absent). clusteringColumns are the logical
// names when the protocol supports the clustering feature, else empty.
// Times are UTC.
func DescribeDetail(s *Snapshot, location string) TableDetail {
	m := s.Metadata()
	p := s.Protocol()
	d := TableDetail{
		Format:            "delta",
		ID:                m.ID,
		Name:              m.Name,
		Description:       m.Description,
		Location:          location,
		PartitionColumns:  nonNil(slices.Clone(m.PartitionColumns)),
		ClusteringColumns: []string{},
		NumFiles:          int64(s.NumFiles()),
		SizeInBytes:       s.SizeInBytes(),
		Properties:        maps.Clone(m.Configuration),
		MinReaderVersion:  p.MinReaderVersion,
		MinWriterVersion:  p.MinWriterVersion,
		TableFeatures:     nonNil(p.TableFeatures()),
	}
	if d.Properties == nil {
		d.Properties = map[string]string{}
	}
	if m.CreatedTime != nil {
		t := time.UnixMilli(*m.CreatedTime).UTC()
		d.CreatedAt = &t
	}
	for i := len(s.history) - 1; i >= 0; i-- { // the latest commit that has a time
		if t := commitTime(s.history[i]); !t.Equal(time.UnixMilli(0)) {
			d.LastModified = t
			break
		}
	}
	if SupportsClustering(p) {
		if cols, ok := ClusteringColumns(s); ok {
			d.ClusteringColumns = cols
		}
	}
	return d
}

// DeltaHistory is one row of DESCRIBE HISTORY, with Delta's column names and
// order (DeltaHistory in spark/src/main/scala/org/apache/spark/sql/delta/DeltaHistoryManager.scala).
// OperationParameters is in the legacy form Delta shows there
// (getLegacyPostDeserializationOperationParameters): "Append", ["c1"], false.
type DeltaHistory struct {
	Version             int64             `json:"version"`
	Timestamp           time.Time         `json:"timestamp"`
	UserID              string            `json:"userId"`
	UserName            string            `json:"userName"`
	Operation           string            `json:"operation"`
	OperationParameters map[string]string `json:"operationParameters"`
	Job                 *JobInfo          `json:"job"`
	Notebook            *NotebookInfo     `json:"notebook"`
	ClusterID           string            `json:"clusterId"`
	ReadVersion         *int64            `json:"readVersion"`
	IsolationLevel      string            `json:"isolationLevel"`
	IsBlindAppend       *bool             `json:"isBlindAppend"`
	OperationMetrics    map[string]string `json:"operationMetrics"`
	UserMetadata        string            `json:"userMetadata"`
	EngineInfo          string            `json:"engineInfo"`
}

// DescribeHistory returns DESCRIBE HISTORY for the snapshot, newest version
// first as Delta lists it, at most limit rows (all when limit <= 0). The
// timestamp is the commit's inCommitTimestamp, else its commitInfo
// timestamp (Delta uses the commit file's modification time when in-commit
// timestamps are off; a simulated log has none). A commit without
// commitInfo gives a row with only its version.
func DescribeHistory(s *Snapshot, limit int) []DeltaHistory {
	n := len(s.history)
	if limit > 0 && limit < n {
		n = limit
	}
	out := make([]DeltaHistory, 0, n)
	for i := len(s.history) - 1; i >= 0 && len(out) < n; i-- {
		ci := s.history[i]
		out = append(out, DeltaHistory{
			Version:             *ci.Version,
			Timestamp:           commitTime(ci),
			UserID:              ci.UserID,
			UserName:            ci.UserName,
			Operation:           ci.Operation,
			OperationParameters: maps.Clone(ci.OperationParameters),
			Job:                 ci.Job,
			Notebook:            ci.Notebook,
			ClusterID:           ci.ClusterID,
			ReadVersion:         ci.ReadVersion,
			IsolationLevel:      ci.IsolationLevel,
			IsBlindAppend:       ci.IsBlindAppend,
			OperationMetrics:    maps.Clone(ci.OperationMetrics),
			UserMetadata:        ci.UserMetadata,
			EngineInfo:          ci.EngineInfo,
		})
	}
	return out
}

func commitTime(ci CommitInfo) time.Time {
	if ci.InCommitTimestamp != nil {
		return time.UnixMilli(*ci.InCommitTimestamp).UTC()
	}
	return time.UnixMilli(ci.Timestamp).UTC()
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
