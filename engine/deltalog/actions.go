package deltalog

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
)

// Action is one line of a commit file. The concrete types are Protocol,
// Metadata, AddFile, RemoveFile, DomainMetadata, CommitInfo and RawAction.
//
// Field omission follows Delta's Jackson configuration
// (spark/src/main/scala/org/apache/spark/sql/delta/util/JsonUtils.scala:
// Include.NON_ABSENT): a None or null field is left out, an empty map or
// list is written. In Go that means pointer fields are omitted when nil and
// map/slice fields marked omitzero are omitted only when nil.
type Action interface {
	// ActionKey is the key that wraps the action on its line: "add",
	// "remove", "metaData", "protocol", "domainMetadata", "commitInfo", or
	// the key of a RawAction.
	ActionKey() string
}

// Action keys, as in SingleAction (actions.scala).
const (
	KeyAdd            = "add"
	KeyRemove         = "remove"
	KeyMetadata       = "metaData"
	KeyProtocol       = "protocol"
	KeyDomainMetadata = "domainMetadata"
	KeyCommitInfo     = "commitInfo"
	KeyTxn            = "txn"
	KeyCDC            = "cdc"
)

// Protocol is the protocol action (actions.scala, Protocol). ReaderFeatures
// exists only when MinReaderVersion is 3 and WriterFeatures only when
// MinWriterVersion is 7 (PROTOCOL.md "Table Features"); nil means absent.
type Protocol struct {
	MinReaderVersion int32    `json:"minReaderVersion"`
	MinWriterVersion int32    `json:"minWriterVersion"`
	ReaderFeatures   []string `json:"readerFeatures,omitzero"`
	WriterFeatures   []string `json:"writerFeatures,omitzero"`
}

// ActionKey implements Action.
func (Protocol) ActionKey() string { return KeyProtocol }

// Format is Metadata.format (actions.scala, Format).
type Format struct {
	Provider string            `json:"provider"`
	Options  map[string]string `json:"options"`
}

// Metadata is the metaData action (actions.scala, Metadata). Format,
// PartitionColumns and Configuration are always written ({} / [] when empty).
type Metadata struct {
	ID               string            `json:"id"`
	Name             string            `json:"name,omitempty"`
	Description      string            `json:"description,omitempty"`
	Format           Format            `json:"format"`
	SchemaString     string            `json:"schemaString,omitempty"`
	PartitionColumns []string          `json:"partitionColumns"`
	Configuration    map[string]string `json:"configuration"`
	CreatedTime      *int64            `json:"createdTime,omitempty"`
}

// ActionKey implements Action.
func (Metadata) ActionKey() string { return KeyMetadata }

// DeletionVectorDescriptor is the deletionVector field of add and remove
// (spark/src/main/scala/org/apache/spark/sql/delta/actions/DeletionVectorDescriptor.scala).
// The transient maxRowIndex is never stored in the log and is not modelled.
type DeletionVectorDescriptor struct {
	StorageType    string `json:"storageType"`
	PathOrInlineDv string `json:"pathOrInlineDv"`
	Offset         *int32 `json:"offset,omitempty"`
	SizeInBytes    int32  `json:"sizeInBytes"`
	Cardinality    int64  `json:"cardinality"`
}

// UniqueID is the DV's legacy unique id, storageType + pathOrInlineDv, plus
// "@offset" when an offset is present (DeletionVectorDescriptor.legacyUniqueId).
func (d *DeletionVectorDescriptor) UniqueID() string {
	if d == nil {
		return ""
	}
	id := d.StorageType + d.PathOrInlineDv
	if d.Offset != nil {
		id += "@" + strconv.Itoa(int(*d.Offset))
	}
	return id
}

// AddFile is the add action (actions.scala, AddFile; PROTOCOL.md "Add File
// and Remove File"). Path is URL-encoded as in the log. Stats is the per-file
// statistics JSON string. PartitionValues is always written ({} for an
// unpartitioned or clustered table); a null partition value (the Hive
// default partition) reads as "" and "" is written as null. The fields few
// adds have (tags, deletion vector, row tracking, clustering provider) are
// AddFileExtras, read by Tags, DeletionVector... and set by SetExtras or
// SetTags...: held out of line, a million adds are 72 bytes each, not 112
// (40 MB of a million-file table's snapshot, in the CLI and in the page).
type AddFile struct {
	Path             string            `json:"path"`
	PartitionValues  map[string]string `json:"partitionValues"`
	Size             int64             `json:"size"`
	ModificationTime int64             `json:"modificationTime"`
	Stats            string            `json:"stats,omitempty"`
	// extras is nil when the add has none of them. It is never changed in place, only
	// replaced (SetExtras): copies of an add, and adds a decoder gives one extras, share it.
	extras     *AddFileExtras
	DataChange bool `json:"dataChange"`
}

// AddFileExtras are the add's fields that most adds leave out.
type AddFileExtras struct {
	Tags                    map[string]string         `json:"tags,omitzero"`
	DeletionVector          *DeletionVectorDescriptor `json:"deletionVector,omitempty"`
	BaseRowID               *int64                    `json:"baseRowId,omitempty"`
	DefaultRowCommitVersion *int64                    `json:"defaultRowCommitVersion,omitempty"`
	ClusteringProvider      string                    `json:"clusteringProvider,omitempty"`
}

// None says whether e holds nothing: an empty tags map ({} in the log) is something, as it is
// written back.
func (e *AddFileExtras) None() bool {
	return e.Tags == nil && e.DeletionVector == nil && e.BaseRowID == nil && e.DefaultRowCommitVersion == nil &&
		e.ClusteringProvider == ""
}

// Extras is a copy of the add's AddFileExtras (zero when it has none).
func (a AddFile) Extras() AddFileExtras { return *a.ext() }

// SetExtras sets the add's AddFileExtras to a copy of e.
func (a *AddFile) SetExtras(e AddFileExtras) {
	if e.None() {
		a.extras = nil
		return
	}
	a.extras = &e
}

// ShareExtras sets the add's AddFileExtras to e itself, which the caller never changes after:
// a decoder's adds share one, or each has its own in one array.
func (a *AddFile) ShareExtras(e *AddFileExtras) {
	if e == nil || e.None() {
		a.extras = nil
		return
	}
	a.extras = e
}

// ext is the add's AddFileExtras, noExtras when it has none: read-only.
func (a *AddFile) ext() *AddFileExtras {
	if a.extras == nil {
		return &noExtras
	}
	return a.extras
}

// noExtras is the AddFileExtras of an add that has none; never written.
var noExtras AddFileExtras

// Tags are the add's tags (read-only: shared with other adds), nil when absent.
func (a AddFile) Tags() map[string]string { return a.ext().Tags }

// DeletionVector is the add's deletion vector (read-only), nil when absent.
func (a AddFile) DeletionVector() *DeletionVectorDescriptor { return a.ext().DeletionVector }

// BaseRowID is the add's baseRowId (read-only), nil when absent.
func (a AddFile) BaseRowID() *int64 { return a.ext().BaseRowID }

// DefaultRowCommitVersion is the add's defaultRowCommitVersion (read-only), nil when absent.
func (a AddFile) DefaultRowCommitVersion() *int64 { return a.ext().DefaultRowCommitVersion }

// ClusteringProvider is the add's clusteringProvider, "" when absent.
func (a AddFile) ClusteringProvider() string { return a.ext().ClusteringProvider }

// SetTags sets the add's tags (nil: absent).
func (a *AddFile) SetTags(tags map[string]string) {
	a.editExtras(func(e *AddFileExtras) { e.Tags = tags })
}

// SetDeletionVector sets the add's deletion vector (nil: absent).
func (a *AddFile) SetDeletionVector(dv *DeletionVectorDescriptor) {
	a.editExtras(func(e *AddFileExtras) { e.DeletionVector = dv })
}

// SetClusteringProvider sets the add's clusteringProvider ("": absent).
func (a *AddFile) SetClusteringProvider(p string) {
	a.editExtras(func(e *AddFileExtras) { e.ClusteringProvider = p })
}

// editExtras sets the add's AddFileExtras to a copy of its own that edit changed: the one it
// had may be shared with other adds.
func (a *AddFile) editExtras(edit func(*AddFileExtras)) {
	e := a.Extras()
	edit(&e)
	a.SetExtras(e)
}

// ActionKey implements Action.
func (AddFile) ActionKey() string { return KeyAdd }

// RemoveFile is the remove action (actions.scala, RemoveFile). The optional
// fields are present when ExtendedFileMetadata is true.
type RemoveFile struct {
	Path                    string                    `json:"path"`
	DeletionTimestamp       *int64                    `json:"deletionTimestamp,omitempty"`
	DataChange              bool                      `json:"dataChange"`
	ExtendedFileMetadata    *bool                     `json:"extendedFileMetadata,omitempty"`
	PartitionValues         map[string]string         `json:"partitionValues,omitzero"`
	Size                    *int64                    `json:"size,omitempty"`
	Tags                    map[string]string         `json:"tags,omitzero"`
	DeletionVector          *DeletionVectorDescriptor `json:"deletionVector,omitempty"`
	BaseRowID               *int64                    `json:"baseRowId,omitempty"`
	DefaultRowCommitVersion *int64                    `json:"defaultRowCommitVersion,omitempty"`
	Stats                   string                    `json:"stats,omitempty"`
}

// ActionKey implements Action.
func (RemoveFile) ActionKey() string { return KeyRemove }

// DomainMetadata is the domainMetadata action (actions.scala,
// DomainMetadata; PROTOCOL.md "Domain Metadata"). Configuration is a string,
// usually JSON; Removed=true is a tombstone for the domain.
type DomainMetadata struct {
	Domain        string `json:"domain"`
	Configuration string `json:"configuration"`
	Removed       bool   `json:"removed"`
}

// ActionKey implements Action.
func (DomainMetadata) ActionKey() string { return KeyDomainMetadata }

// JobInfo is CommitInfo.job (actions.scala, JobInfo).
type JobInfo struct {
	JobID       string `json:"jobId"`
	JobName     string `json:"jobName,omitempty"`
	JobRunID    string `json:"jobRunId,omitempty"`
	RunID       string `json:"runId,omitempty"`
	JobOwnerID  string `json:"jobOwnerId,omitempty"`
	TriggerType string `json:"triggerType,omitempty"`
}

// NotebookInfo is CommitInfo.notebook (actions.scala, NotebookInfo).
type NotebookInfo struct {
	NotebookID string `json:"notebookId"`
}

// CommitInfo is the commitInfo action (actions.scala, CommitInfo).
//
// OperationParameters holds each value in the form DESCRIBE HISTORY shows
// (CommitInfo.getLegacyPostDeserializationOperationParameters): "Append" for
// mode, `["c1","c2"]` for zOrderBy, "false" for auto. On disk Delta's
// JsonMapSerializer writes some values as JSON strings ("mode":"Append",
// "zOrderBy":"[\"c1\"]") and others as bare JSON (booleans and numbers such
// as OPTIMIZE's "auto":false, or null). LiteralParameters lists, sorted, the
// keys whose value is written bare; reading a commit fills it and SetParameter
// maintains it, so a commit read and written again keeps Delta's encoding.
// A null parameter is kept as the literal "null". Parameters and metrics are
// written in sorted key order (Delta writes them in insertion order).
//
// OperationMetrics values are strings in Delta; numbers written by other
// engines are read as their JSON text.
//
// Version is not written by Delta on commit and is not filled by
// reading a commit; Snapshot.History fills it from the file name, as Delta does.
type CommitInfo struct {
	Version             *int64            `json:"version,omitempty"`
	InCommitTimestamp   *int64            `json:"inCommitTimestamp,omitempty"`
	Timestamp           int64             `json:"timestamp"`
	UserID              string            `json:"userId,omitempty"`
	UserName            string            `json:"userName,omitempty"`
	Operation           string            `json:"operation,omitempty"`
	OperationParameters map[string]string `json:"operationParameters,omitzero"`
	LiteralParameters   []string          `json:"-"`
	Job                 *JobInfo          `json:"job,omitempty"`
	Notebook            *NotebookInfo     `json:"notebook,omitempty"`
	ClusterID           string            `json:"clusterId,omitempty"`
	ReadVersion         *int64            `json:"readVersion,omitempty"`
	IsolationLevel      string            `json:"isolationLevel,omitempty"`
	IsBlindAppend       *bool             `json:"isBlindAppend,omitempty"`
	DataChange          *bool             `json:"dataChange,omitempty"`
	OperationMetrics    map[string]string `json:"operationMetrics,omitzero"`
	UserMetadata        string            `json:"userMetadata,omitempty"`
	Tags                map[string]string `json:"tags,omitzero"`
	EngineInfo          string            `json:"engineInfo,omitempty"`
	TxnID               string            `json:"txnId,omitempty"`
}

// ActionKey implements Action.
func (CommitInfo) ActionKey() string { return KeyCommitInfo }

// SetParameter sets operation parameter key the way Delta's operations build
// them (spark/src/main/scala/org/apache/spark/sql/delta/DeltaOperations.scala):
// a string is stored as is and written as a JSON string; a []string is
// JSON-encoded (predicate, zOrderBy, clusterBy, partitionBy) and written as a
// JSON string; a bool, an integer or nil is written bare. Other types panic.
func (c *CommitInfo) SetParameter(key string, value any) {
	var s string
	literal := false
	switch v := value.(type) {
	case string:
		s = v
	case []string:
		s = EncodeStringList(v)
	case bool:
		s, literal = strconv.FormatBool(v), true
	case int:
		s, literal = strconv.Itoa(v), true
	case int64:
		s, literal = strconv.FormatInt(v, 10), true
	case nil:
		s, literal = "null", true
	default:
		panic(fmt.Sprintf("deltalog: unsupported operation parameter type %T", value))
	}
	if c.OperationParameters == nil {
		c.OperationParameters = map[string]string{}
	}
	c.OperationParameters[key] = s
	lits := slices.DeleteFunc(slices.Clone(c.LiteralParameters), func(k string) bool { return k == key })
	if literal {
		lits = append(lits, key)
		sort.Strings(lits)
	}
	if len(lits) == 0 {
		lits = nil
	}
	c.LiteralParameters = lits
}

// EncodeStringList encodes names as a JSON array the way Delta's JsonUtils
// does for zOrderBy, clusterBy and ZCUBE_ZORDER_BY: ["a","b"], [] when empty.
func EncodeStringList(names []string) string {
	if names == nil {
		names = []string{}
	}
	b, err := marshalNoEscape(names)
	if err != nil {
		panic(err) // a []string always encodes
	}
	return string(b)
}

// RawAction is an action this package carries through without interpreting
// it: txn (SetTransaction), cdc (AddCDCFile), and any action type it does not
// know, as Delta readers must tolerate (PROTOCOL.md "Protocol Evolution").
// JSON is the compacted action body, without the wrapping key.
type RawAction struct {
	Key  string
	JSON json.RawMessage
}

// ActionKey implements Action.
func (r RawAction) ActionKey() string { return r.Key }

// commitInfoWire is CommitInfo as it is decoded. Its operationParameters
// and operationMetrics shadow the embedded fields so that non-string values
// can be read.
type commitInfoWire struct {
	CommitInfo
	OperationParameters map[string]json.RawMessage `json:"operationParameters,omitzero"`
	OperationMetrics    map[string]json.RawMessage `json:"operationMetrics,omitzero"`
}

// commitInfoOut is CommitInfo as it is encoded, in the field order of the
// CommitInfo case class, with literal parameters written bare.
type commitInfoOut struct {
	Version             *int64                     `json:"version,omitempty"`
	InCommitTimestamp   *int64                     `json:"inCommitTimestamp,omitempty"`
	Timestamp           int64                      `json:"timestamp"`
	UserID              string                     `json:"userId,omitempty"`
	UserName            string                     `json:"userName,omitempty"`
	Operation           string                     `json:"operation,omitempty"`
	OperationParameters map[string]json.RawMessage `json:"operationParameters,omitzero"`
	Job                 *JobInfo                   `json:"job,omitempty"`
	Notebook            *NotebookInfo              `json:"notebook,omitempty"`
	ClusterID           string                     `json:"clusterId,omitempty"`
	ReadVersion         *int64                     `json:"readVersion,omitempty"`
	IsolationLevel      string                     `json:"isolationLevel,omitempty"`
	IsBlindAppend       *bool                      `json:"isBlindAppend,omitempty"`
	DataChange          *bool                      `json:"dataChange,omitempty"`
	OperationMetrics    map[string]string          `json:"operationMetrics,omitzero"`
	UserMetadata        string                     `json:"userMetadata,omitempty"`
	Tags                map[string]string          `json:"tags,omitzero"`
	EngineInfo          string                     `json:"engineInfo,omitempty"`
	TxnID               string                     `json:"txnId,omitempty"`
}

// fromWire turns the raw maps into the display form and records literals.
func (w *commitInfoWire) fromWire() (CommitInfo, error) {
	c := w.CommitInfo
	c.OperationParameters, c.LiteralParameters = nil, nil
	c.OperationMetrics = nil
	if w.OperationParameters != nil {
		c.OperationParameters = make(map[string]string, len(w.OperationParameters))
		for k, raw := range w.OperationParameters {
			s, literal, err := rawToDisplay(raw)
			if err != nil {
				return CommitInfo{}, fmt.Errorf("operationParameters[%q]: %v", k, err)
			}
			c.OperationParameters[k] = s
			if literal {
				c.LiteralParameters = append(c.LiteralParameters, k)
			}
		}
		sort.Strings(c.LiteralParameters)
	}
	if w.OperationMetrics != nil {
		c.OperationMetrics = make(map[string]string, len(w.OperationMetrics))
		for k, raw := range w.OperationMetrics {
			s, _, err := rawToDisplay(raw)
			if err != nil {
				return CommitInfo{}, fmt.Errorf("operationMetrics[%q]: %v", k, err)
			}
			c.OperationMetrics[k] = s
		}
	}
	return c, nil
}

// toWire builds the encoding form of c.
func (c CommitInfo) toWire() (commitInfoOut, error) {
	w := commitInfoOut{
		Version: c.Version, InCommitTimestamp: c.InCommitTimestamp, Timestamp: c.Timestamp,
		UserID: c.UserID, UserName: c.UserName, Operation: c.Operation,
		Job: c.Job, Notebook: c.Notebook, ClusterID: c.ClusterID, ReadVersion: c.ReadVersion,
		IsolationLevel: c.IsolationLevel, IsBlindAppend: c.IsBlindAppend, DataChange: c.DataChange,
		OperationMetrics: c.OperationMetrics, UserMetadata: c.UserMetadata, Tags: c.Tags,
		EngineInfo: c.EngineInfo, TxnID: c.TxnID,
	}
	if c.OperationParameters != nil {
		w.OperationParameters = make(map[string]json.RawMessage, len(c.OperationParameters))
		for k, v := range c.OperationParameters {
			if slices.Contains(c.LiteralParameters, k) {
				if !json.Valid([]byte(v)) {
					return w, fmt.Errorf("operationParameters[%q] is marked literal but %q is not JSON", k, v)
				}
				w.OperationParameters[k] = json.RawMessage(v)
				continue
			}
			b, err := marshalNoEscape(v)
			if err != nil {
				return w, err
			}
			w.OperationParameters[k] = b
		}
	}
	return w, nil
}

// rawToDisplay converts one raw JSON map value to the legacy string form:
// a JSON string gives its contents; anything else gives its compact JSON
// text and literal=true.
func rawToDisplay(raw json.RawMessage) (string, bool, error) {
	if len(raw) > 0 && raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", false, err
		}
		return s, false, nil
	}
	b, err := compactJSON(raw)
	if err != nil {
		return "", false, err
	}
	return string(b), true, nil
}
