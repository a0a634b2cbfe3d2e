package panel

import (
	"encoding/json"
	"maps"
	"slices"

	"layoutlab/engine/scenario"
	"layoutlab/engine/skipping"
)

// Result is what the panel shows for one scenario. Its JSON is read by the browser widget and
// printed by `layoutlab layout`; the field names are fixed.
//
// Spans are measured in rank space: a key's table-wide distinct non-null values are numbered
// 0..D-1 in ascending order, and a file whose rows take values of rank lo..hi on that key
// covers
//
//	span = (hi - lo + 1) / D          box = [lo / D, (hi + 1) / D]
//
// of the key's range. So a file holding a single value spans 1/D, a file holding the smallest
// and the largest value spans 1, and F files that split a key into disjoint ranges have spans
// averaging about 1/F. Spans come from the rows in the file, not from its statistics, so they
// are defined even for a key Delta keeps no statistics on. A file whose rows are all NULL on a
// key has span 0 and no box for it. Spans (top level) is the mean of the per-file spans.
type Result struct {
	FilesTotal int                `json:"files_total"`
	FilesRead  int                `json:"files_read"`
	RowsTotal  int64              `json:"rows_total"`
	RowsRead   int64              `json:"rows_read"`
	Spans      map[string]float64 `json:"spans"`
	Files      []File             `json:"files"`
	Keys       []string           `json:"keys"`
	// Layout is the layout the files are actually in: the requested one, or "append" when Delta
	// refuses the requested clustering and the table is shown as written (see Store.Answer).
	Layout    string   `json:"layout"`
	Where     string   `json:"where"`
	StatsJSON []string `json:"stats_json,omitempty"` // each file's add.stats string, when asked for
	Error     *Error   `json:"error,omitempty"`
	// NoStats are the keys Delta keeps no statistics on (past dataSkippingNumIndexedCols, or
	// not in dataSkippingStatsColumns): the pictures draw no min/max box for them. Not JSON.
	NoStats []string `json:"-"`
	Link    string   `json:"link"`
	// Axes are the keys' axes in rank space (the boxes' coordinates), for the pictures' tick
	// labels; not part of the JSON.
	Axes []Axis `json:"-"`

	in *scenario.Panel // the input, with its defaults: what Store.FileStats finds the layout by
}

// File is one data file of the laid-out table.
type File struct {
	Path       string          `json:"path"`
	NumRecords int64           `json:"numRecords"`
	MinValues  json.RawMessage `json:"minValues"` // Delta's stats JSON objects
	MaxValues  json.RawMessage `json:"maxValues"`
	NullCount  json.RawMessage `json:"nullCount"`
	// Read reports whether the query opens the file: true for every file when there is no WHERE.
	Read bool `json:"read"`
	// Why is Delta's reason for Read: the verdict of data skipping (skipping.Filter.Explain),
	// naming the conjunct that pruned the file.
	Why skipping.Reason `json:"-"`
	// Spans and Boxes are the file's span and box (see Result) on each of cols, the result's
	// span columns, in order; a file whose rows are all NULL on a column has span 0 and no box.
	// They are slices of two arrays an answer makes once for all its files, rather than a map
	// per file, which a files-slider move would pay for every file. The JSON writes (and reads)
	// them as two objects keyed by column, "span" and "box".
	Spans []float64    `json:"-"`
	Boxes [][2]float64 `json:"-"`
	cols  []string
}

// Span is the file's span on column col; 0 when col is not a span column.
func (f *File) Span(col string) float64 {
	if i := slices.Index(f.cols, col); i >= 0 {
		return f.Spans[i]
	}
	return 0
}

// Box is the file's box on column col; ok is false when col is not a span column or the file's
// rows are all NULL on it.
func (f *File) Box(col string) (box [2]float64, ok bool) {
	if i := slices.Index(f.cols, col); i >= 0 && f.Spans[i] > 0 {
		return f.Boxes[i], true
	}
	return box, false
}

// fileFields are File's fields without its JSON methods.
type fileFields File

// fileJSON is a File as JSON has it: spans and boxes keyed by column.
type fileJSON struct {
	fileFields
	Span map[string]float64    `json:"span"`
	Box  map[string][2]float64 `json:"box"`
}

func (f File) MarshalJSON() ([]byte, error) {
	v := fileJSON{fileFields(f), make(map[string]float64, len(f.cols)), make(map[string][2]float64, len(f.cols))}
	for i, c := range f.cols {
		v.Span[c] = f.Spans[i]
		if f.Spans[i] > 0 {
			v.Box[c] = f.Boxes[i]
		}
	}
	return json.Marshal(v)
}

func (f *File) UnmarshalJSON(b []byte) error {
	var v fileJSON
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*f = File(v.fileFields)
	f.cols = slices.Sorted(maps.Keys(v.Span))
	f.Spans, f.Boxes = make([]float64, len(f.cols)), make([][2]float64, len(f.cols))
	for i, c := range f.cols {
		f.Spans[i], f.Boxes[i] = v.Span[c], v.Box[c]
	}
	return nil
}

// Axis is one key's rank axis: Ticks name the value of the row at each rank position At (0 is
// the key's minimum, 1 its maximum).
type Axis struct {
	Column   string
	Distinct int
	Ticks    []AxisTick
}

// AxisTick is the value at one rank position of an Axis.
type AxisTick struct {
	At    float64
	Value string
}

// Error is a refusal as Delta raises it (class, SQLSTATE, message from
// delta-error-classes.json), or, for input the panel cannot use, class LAYOUTLAB_INVALID_INPUT
// with a message saying what was wrong and, under it, the knobs it is about.
type Error struct {
	Class    string `json:"class"`
	SQLState string `json:"sqlState"`
	Message  string `json:"message"`
	// knobs is the invalid input's scenario.KnobError: the knobs that bring it back, which the
	// command line names by their flags and the widget by their labels.
	knobs error
}

// Unwrap is the invalid input's scenario.KnobError, nil for a refusal of Delta's.
func (e *Error) Unwrap() error { return e.knobs }

// Knob is the knob an invalid input is about, "" when none is known.
func (e *Error) Knob() string {
	if k := scenario.KnobsOf(e.knobs); len(k) > 0 {
		return k[0]
	}
	return ""
}

func (e *Error) Error() string {
	if e.SQLState != "" {
		return "[" + e.Class + "] " + e.Message + " SQLSTATE: " + e.SQLState
	}
	return "[" + e.Class + "] " + e.Message
}

// ClassInvalidInput marks an error in the scenario itself rather than a Delta refusal.
const ClassInvalidInput = "LAYOUTLAB_INVALID_INPUT"

func invalid(msg string) *Error {
	return &Error{Class: ClassInvalidInput, SQLState: "22023", Message: msg}
}

// invalidKnob is invalid input about knobs (scenario.Knobs' ids), the first the likeliest.
func invalidKnob(msg string, knobs ...string) *Error {
	e := invalid(msg)
	e.knobs = &scenario.KnobError{Knobs: knobs, Msg: msg}
	return e
}

// invalidScenario is a scenario refused by its own checks, err naming the knobs (KnobError).
func invalidScenario(err error) *Error {
	e := invalid(err.Error())
	e.knobs = err
	return e
}
