package deltalog

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"reflect"
	"sort"
	"strings"
)

// Limits on what a commit file may hold. A commit file is read line by line and
// never held whole in memory; these bounds keep a corrupt or hostile file
// from exhausting memory (in the browser especially).
const (
	// MaxLineBytes caps one action line. Delta puts the whole schema of a
	// table in one metaData line, so this is generous.
	MaxLineBytes = 8 << 20
	// MaxActionsPerCommit caps the number of actions in one commit.
	MaxActionsPerCommit = 1 << 20
	// MaxCommitBytes caps the size of one commit file.
	MaxCommitBytes = 256 << 20
)

// limits carries the bounds so tests can exercise them cheaply.
type limits struct {
	lineBytes, actions, commitBytes int
}

var defaultLimits = limits{MaxLineBytes, MaxActionsPerCommit, MaxCommitBytes}

// Commit is one version of the table: the actions of file %020d.json.
type Commit struct {
	Version int64
	Actions []Action
}

// CommitFileName is the name of the commit file for version, as Delta's
// FileNames.deltaFile writes it
// (spark/src/main/scala/org/apache/spark/sql/delta/util/FileNames.scala).
func CommitFileName(version int64) string { return fmt.Sprintf("%020d.json", version) }

// LogError reports a problem in the log: the file, the 1-based line (0 when
// the problem is not on one line) and what is wrong. It prints as
// "00000000000000000003.json:2: add action has no path".
type LogError struct {
	File string
	Line int
	Msg  string
	// Err is the reader's error when the file could not be opened or read (a Yield's stop
	// among them: errors.Is finds it), nil for what the file says.
	Err error
}

func (e *LogError) Unwrap() error { return e.Err }

func (e *LogError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// readCommitFile opens and parses commit file `file` (version v) of fsys; an error names the file.
func readCommitFile(fsys fs.FS, v int64, file string) (Commit, error) {
	f, err := fsys.Open(file)
	if err != nil {
		return Commit{}, &LogError{File: file, Msg: err.Error(), Err: err}
	}
	defer f.Close()
	return parseCommit(v, file, f, defaultLimits)
}

func parseCommit(version int64, file string, r io.Reader, lim limits) (Commit, error) {
	if version < 0 {
		return Commit{}, &LogError{File: file, Msg: fmt.Sprintf("invalid version %d", version)}
	}
	c := Commit{Version: version}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), lim.lineBytes+1)
	line, total := 0, 0
	var seen singletons
	for sc.Scan() {
		line++
		b := sc.Bytes()
		total += len(b) + 1
		if len(b) > lim.lineBytes {
			return Commit{}, tooLong(file, line, lim)
		}
		if total > lim.commitBytes {
			return Commit{}, &LogError{File: file, Line: line, Msg: fmt.Sprintf("commit is larger than the %d-byte limit", lim.commitBytes)}
		}
		if len(bytes.TrimSpace(b)) == 0 {
			continue
		}
		if len(c.Actions) >= lim.actions {
			return Commit{}, &LogError{File: file, Line: line, Msg: fmt.Sprintf("commit has more than %d actions", lim.actions)}
		}
		a, err := parseActionLine(b)
		if a == nil && err == nil {
			continue // only keys this reader does not know (actionKey)
		}
		if err == nil {
			err = validateAction(a)
		}
		if err == nil {
			err = seen.check(a, line)
		}
		if err != nil {
			return Commit{}, &LogError{File: file, Line: line, Msg: err.Error()}
		}
		c.Actions = append(c.Actions, a)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return Commit{}, tooLong(file, line+1, lim)
		}
		return Commit{}, &LogError{File: file, Line: line + 1, Msg: "read error: " + err.Error(), Err: err}
	}
	return c, nil
}

func tooLong(file string, line int, lim limits) error {
	return &LogError{File: file, Line: line, Msg: fmt.Sprintf("line is longer than the %d-byte limit", lim.lineBytes)}
}

// singletons enforces PROTOCOL.md: at most one metaData action in a version;
// this package holds protocol to the same rule.
type singletons struct{ metadataLine, protocolLine int }

func (s *singletons) check(a Action, line int) error {
	var first *int
	switch a.(type) {
	case Metadata:
		first = &s.metadataLine
	case Protocol:
		first = &s.protocolLine
	default:
		return nil
	}
	if *first > 0 {
		return fmt.Errorf("second %s action in one commit (the first is on line %d)", a.ActionKey(), *first)
	}
	*first = line
	return nil
}

// parseActionLine decodes one {"key":{...}} line.
func parseActionLine(b []byte) (Action, error) {
	if a, ok := parseAddLine(b); ok {
		return a, nil
	}
	return parseAction(b)
}

// parseAddLine is parseActionLine's answer for the line most of a log is, an add as Delta writes
// it, {"add":{...}} with nothing around: its body decoded once, where parseAction decodes the
// line as a map of actions and then the body (a JSON log's replay spent a third of its time in
// the map). ok is false for any other line, and for an add whose body does not decode, which
// parseAction then reads and reports as it always has: a line this takes is one object holding
// one action, an add, whose body is the same bytes parseAction would decode.
func parseAddLine(b []byte) (AddFile, bool) {
	const prefix = `{"add":{`
	if len(b) <= len(prefix) || string(b[:len(prefix)]) != prefix || b[len(b)-1] != '}' {
		return AddFile{}, false
	}
	a, err := decodeAdd(b[len(prefix)-1 : len(b)-1])
	return a, err == nil
}

// parseAction is parseActionLine for any line.
func parseAction(b []byte) (Action, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, fmt.Errorf("line is a JSON %s, expected an object holding one action", te.Value)
		}
		return nil, fmt.Errorf("invalid JSON: %s", syntaxMessage(err))
	}
	key, err := actionKey(obj)
	if err != nil || key == "" {
		return nil, err
	}
	raw := obj[key]
	switch key {
	case KeyAdd:
		return decodeAdd(raw)
	case KeyRemove:
		var a RemoveFile
		err = decodeBody(key, raw, &a)
		return a, err
	case KeyMetadata:
		return decodeMetadata(raw)
	case KeyProtocol:
		var a Protocol
		if err = decodeBody(key, raw, &a); err == nil {
			err = requireFields(key, raw, "minReaderVersion", "minWriterVersion")
		}
		return a, err
	case KeyDomainMetadata:
		var a DomainMetadata
		err = decodeBody(key, raw, &a)
		return a, err
	case KeyCommitInfo:
		var w commitInfoWire
		if err = decodeBody(key, raw, &w); err != nil {
			return nil, err
		}
		ci, err := w.fromWire()
		if err != nil {
			return nil, fmt.Errorf("commitInfo: %v", err)
		}
		return ci, nil
	default:
		if len(raw) == 0 || raw[0] != '{' {
			return nil, fmt.Errorf("%s action is not a JSON object", key)
		}
		compact, err := compactJSON(raw)
		if err != nil {
			return nil, fmt.Errorf("invalid JSON: %s", syntaxMessage(err))
		}
		return RawAction{Key: key, JSON: compact}, nil
	}
}

// decodeAdd decodes an add action's body.
func decodeAdd(raw json.RawMessage) (AddFile, error) {
	// size is required; the shadowing field tells absent from 0 in one decode.
	var w struct {
		AddFile
		AddFileExtras
		Size *int64 `json:"size"`
	}
	err := decodeBody(KeyAdd, raw, &w)
	a := w.AddFile
	a.SetExtras(w.AddFileExtras)
	if w.Size != nil {
		a.Size = *w.Size
	} else if err == nil && a.Path != "" { // validateAction reports a missing path first
		err = fmt.Errorf("%s action has no size", KeyAdd)
	}
	if a.PartitionValues == nil {
		a.PartitionValues = map[string]string{} // always written by Delta
	}
	return a, err
}

// decodeMetadata decodes a metaData action's body.
func decodeMetadata(raw json.RawMessage) (Metadata, error) {
	var a Metadata
	err := decodeBody(KeyMetadata, raw, &a)
	// Always written by Delta; normalised so nil and empty read alike.
	if a.Format.Options == nil {
		a.Format.Options = map[string]string{}
	}
	if a.PartitionColumns == nil {
		a.PartitionColumns = []string{}
	}
	if a.Configuration == nil {
		a.Configuration = map[string]string{}
	}
	return a, err
}

// knownActionKeys are the keys of SingleAction (actions.scala), the actions Delta itself knows.
var knownActionKeys = map[string]bool{
	KeyAdd: true, KeyRemove: true, KeyMetadata: true, KeyTxn: true, KeyProtocol: true, KeyCDC: true,
	"sidecar": true, "checkpointMetadata": true, KeyDomainMetadata: true, KeyCommitInfo: true,
	"checkpoint": true,
}

// actionKey picks the action a line holds, as Delta's SingleAction.unwrap does with Jackson set
// to ignore unknown properties (JsonUtils.scala): keys a newer writer added beside a known
// action are ignored (EvolvabilitySuite's transaction_log_schema_evolvability table writes
// {"add":{...},"some_new_action_alongside_add_action":["a","1"]}). A line of one unknown
// action is carried as a RawAction; a line of only unknown keys that is not that (several of
// them, or a value that is not an object) is skipped: key "" and no error. Two known actions on
// one line are refused, where Delta would silently keep the first.
func actionKey(obj map[string]json.RawMessage) (string, error) {
	var known, unknown []string
	for k, v := range obj {
		switch {
		case string(v) == "null":
		case knownActionKeys[k]:
			known = append(known, k)
		default:
			unknown = append(unknown, k)
		}
	}
	sort.Strings(known)
	switch {
	case len(known) == 1:
		return known[0], nil
	case len(known) > 1:
		return "", fmt.Errorf("line holds %d actions (%s), expected one", len(known), strings.Join(known, ", "))
	case len(unknown) == 0:
		return "", errors.New("line holds no action")
	case len(unknown) == 1 && len(obj[unknown[0]]) > 0 && obj[unknown[0]][0] == '{':
		return unknown[0], nil
	}
	return "", nil
}

// decodeBody decodes an action body into v, describing type errors by field.
func decodeBody(key string, raw json.RawMessage, v any) error {
	err := json.Unmarshal(raw, v)
	if err == nil {
		return nil
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field == "" {
			return fmt.Errorf("%s action must be a JSON object, got %s", key, te.Value)
		}
		// The add decoder embeds AddFile and AddFileExtras.
		field := strings.TrimPrefix(strings.TrimPrefix(te.Field, "AddFileExtras."), "AddFile.")
		return fmt.Errorf("%s: field %q must be %s, got %s", key, field, jsonKind(te.Type), te.Value)
	}
	return fmt.Errorf("%s: %v", key, err)
}

// requireFields reports required fields missing from an action body.
func requireFields(key string, raw json.RawMessage, names ...string) error {
	var present map[string]json.RawMessage
	if err := json.Unmarshal(raw, &present); err != nil {
		return fmt.Errorf("%s: %v", key, err)
	}
	for _, n := range names {
		if v, ok := present[n]; !ok || string(v) == "null" {
			return fmt.Errorf("%s action has no %s", key, n)
		}
	}
	return nil
}

// validateAction checks what Delta requires of an action beyond its JSON
// shape. It runs on read (parseCommit), on write (WriteCommit) and on Apply.
// validateAdd is validateAction for an add, without boxing it in an Action.
func validateAdd(a *AddFile) error {
	if a.Path == "" {
		return errors.New("add action has no path") // AddFile: require(path.nonEmpty)
	}
	if a.Size < 0 {
		return fmt.Errorf("add action for %s has negative size %d", a.Path, a.Size)
	}
	return nil
}

func validateAction(a Action) error {
	switch a := a.(type) {
	case AddFile:
		return validateAdd(&a)
	case RemoveFile:
		if a.Path == "" {
			return errors.New("remove action has no path")
		}
		if a.Size != nil && *a.Size < 0 {
			return fmt.Errorf("remove action for %s has negative size %d", a.Path, *a.Size)
		}
	case Metadata:
		if a.ID == "" {
			return errors.New("metaData action has no id")
		}
		if err := checkSchemaDepth(a.SchemaString); err != nil { // before anything parses it
			return fmt.Errorf("metaData: %v", err)
		}
	case Protocol:
		if a.MinReaderVersion < 1 || a.MinWriterVersion < 1 {
			return fmt.Errorf("protocol action has invalid versions (%d,%d)", a.MinReaderVersion, a.MinWriterVersion)
		}
	case DomainMetadata:
		if a.Domain == "" {
			return errors.New("domainMetadata action has no domain")
		}
		if a.Domain == ClusteringDomainName && !a.Removed {
			if _, err := ParseClusteringDomain(a.Configuration); err != nil {
				return fmt.Errorf("domainMetadata %s: %v", a.Domain, err)
			}
		}
	case CommitInfo:
		for _, k := range a.LiteralParameters {
			if _, ok := a.OperationParameters[k]; !ok {
				return fmt.Errorf("commitInfo: literal parameter %q is not in operationParameters", k)
			}
		}
	case RawAction:
		if a.Key == "" || !json.Valid(a.JSON) || len(a.JSON) == 0 || a.JSON[0] != '{' {
			return fmt.Errorf("raw action %q is not a JSON object", a.Key)
		}
	case nil:
		return errors.New("nil action")
	default:
		return fmt.Errorf("unsupported action type %T", a)
	}
	return nil
}

// WriteCommit writes c as a commit file: one JSON action per line, each
// followed by a newline, in the order of c.Actions. Nil partitionValues,
// format.options, partitionColumns and configuration are written as {} or
// [], which Delta always writes. Actions are validated first, so WriteCommit
// never produces a file that parseCommit rejects.
func WriteCommit(w io.Writer, c Commit) error {
	file := CommitFileName(c.Version)
	if len(c.Actions) > MaxActionsPerCommit {
		return &LogError{File: file, Msg: fmt.Sprintf("commit has %d actions, more than the %d limit", len(c.Actions), MaxActionsPerCommit)}
	}
	var buf bytes.Buffer
	var seen singletons
	for i, a := range c.Actions {
		line := i + 1
		err := validateAction(a)
		if err == nil {
			err = seen.check(a, line)
		}
		var b []byte
		if err == nil {
			b, err = encodeAction(a)
		}
		if err == nil && len(b) > MaxLineBytes {
			err = fmt.Errorf("encoded line is longer than the %d-byte limit", MaxLineBytes)
		}
		if err != nil {
			return &LogError{File: file, Line: line, Msg: err.Error()}
		}
		buf.Write(b)
		buf.WriteByte('\n')
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// EncodeAction returns the JSON line for a, without the trailing newline, exactly as
// WriteCommit writes it (the table page shows a file's add action so).
func EncodeAction(a Action) ([]byte, error) {
	if err := validateAction(a); err != nil {
		return nil, err
	}
	return encodeAction(a)
}

func encodeAction(a Action) ([]byte, error) {
	var body any
	switch a := a.(type) {
	case AddFile:
		body = addFileOut(a)
	case RemoveFile:
		body = removeFileOut(a)
	case Metadata:
		if a.Format.Options == nil {
			a.Format.Options = map[string]string{}
		}
		if a.PartitionColumns == nil {
			a.PartitionColumns = []string{}
		}
		if a.Configuration == nil {
			a.Configuration = map[string]string{}
		}
		body = a
	case CommitInfo:
		w, err := a.toWire()
		if err != nil {
			return nil, err
		}
		body = w
	case RawAction:
		body = a.JSON
	default:
		body = a
	}
	return marshalNoEscape(map[string]any{a.ActionKey(): body})
}

// addFileWire is AddFile in Delta's field order with null partition values.
type addFileWire struct {
	Path                    string                    `json:"path"`
	PartitionValues         map[string]*string        `json:"partitionValues"`
	Size                    int64                     `json:"size"`
	ModificationTime        int64                     `json:"modificationTime"`
	DataChange              bool                      `json:"dataChange"`
	Stats                   string                    `json:"stats,omitempty"`
	Tags                    map[string]string         `json:"tags,omitzero"`
	DeletionVector          *DeletionVectorDescriptor `json:"deletionVector,omitempty"`
	BaseRowID               *int64                    `json:"baseRowId,omitempty"`
	DefaultRowCommitVersion *int64                    `json:"defaultRowCommitVersion,omitempty"`
	ClusteringProvider      string                    `json:"clusteringProvider,omitempty"`
}

// MarshalJSON writes the add as Delta's log does (addFileWire), its AddFileExtras with it:
// without it encoding/json would drop them, held out of line (a timeline day's selected add
// lost its ZCube tags and clusteringProvider in the widget).
func (a AddFile) MarshalJSON() ([]byte, error) {
	return marshalNoEscape(addFileOut(a))
}

func addFileOut(a AddFile) addFileWire {
	pv := nullPartitionValues(a.PartitionValues)
	if pv == nil {
		pv = map[string]*string{}
	}
	return addFileWire{a.Path, pv, a.Size, a.ModificationTime, a.DataChange, a.Stats, a.Tags(),
		a.DeletionVector(), a.BaseRowID(), a.DefaultRowCommitVersion(), a.ClusteringProvider()}
}

// removeFileWire is RemoveFile in Delta's field order with null partition values.
type removeFileWire struct {
	Path                    string                    `json:"path"`
	DeletionTimestamp       *int64                    `json:"deletionTimestamp,omitempty"`
	DataChange              bool                      `json:"dataChange"`
	ExtendedFileMetadata    *bool                     `json:"extendedFileMetadata,omitempty"`
	PartitionValues         map[string]*string        `json:"partitionValues,omitzero"`
	Size                    *int64                    `json:"size,omitempty"`
	Tags                    map[string]string         `json:"tags,omitzero"`
	DeletionVector          *DeletionVectorDescriptor `json:"deletionVector,omitempty"`
	BaseRowID               *int64                    `json:"baseRowId,omitempty"`
	DefaultRowCommitVersion *int64                    `json:"defaultRowCommitVersion,omitempty"`
	Stats                   string                    `json:"stats,omitempty"`
}

func removeFileOut(r RemoveFile) removeFileWire {
	return removeFileWire{r.Path, r.DeletionTimestamp, r.DataChange, r.ExtendedFileMetadata,
		nullPartitionValues(r.PartitionValues), r.Size, r.Tags, r.DeletionVector, r.BaseRowID,
		r.DefaultRowCommitVersion, r.Stats}
}

// nullPartitionValues maps "" to JSON null. Delta writes a null partition
// value as null ("letter":null); reading gives "" in Go, and Spark itself
// treats an empty partition value as null, so "" is written back as null.
func nullPartitionValues(pv map[string]string) map[string]*string {
	if pv == nil {
		return nil
	}
	out := make(map[string]*string, len(pv))
	for k, v := range pv {
		if v == "" {
			out[k] = nil
		} else {
			out[k] = &v
		}
	}
	return out
}

// marshalNoEscape encodes v like Jackson does: without Go's HTML escaping
// of <, > and &.
func marshalNoEscape(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

func compactJSON(raw []byte) ([]byte, error) {
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// syntaxMessage renders a JSON syntax error for a one-line message.
func syntaxMessage(err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		if strings.Contains(se.Error(), "unexpected end of JSON input") {
			return "unexpected end of input"
		}
		return fmt.Sprintf("%s (at byte %d)", se.Error(), se.Offset)
	}
	return err.Error()
}

// jsonKind names the JSON kind a Go type decodes from.
func jsonKind(t reflect.Type) string {
	if t == nil {
		return "a valid value"
	}
	switch t.Kind() {
	case reflect.Bool:
		return "a boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer (" + t.Kind().String() + ")"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	}
	return t.String()
}
