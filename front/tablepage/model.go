package tablepage

import (
	"io/fs"

	"layoutlab/engine/inspect"
)

// Model is what the table page shows: the table read (its log, name and the versions the
// slider offers), the report shown and the choices that shape it (the WHERE, the colour column,
// the grouping, the file pinned, the rows listed). Only Update changes it. A read under way (an
// open, or another version) is kept apart until it succeeds, so that a failure leaves the
// table shown before, and what the controls act on, as it was.
type Model struct {
	Log    fs.FS // the log read (a *LogFS in the browser)
	Name   string
	Lo, Hi int64 // the versions the slider offers

	Rep *inspect.Report    // the report shown; nil before the first table
	In  *inspect.Inspector // what answers the WHERE, the spans and the next OPTIMIZE of Rep's snapshot

	Where  string   // the WHERE shown ("" none)
	Column string   // the column whose spans colour the grid
	Cols   []string // the columns the grid can be coloured by
	By     GroupBy
	Pinned int // the cell clicked, -1 none
	// FilesShown is how many rows the file list shows (FileRows at first, more on request).
	FilesShown int

	reading *reading // the read under way, nil when none
}

// reading is a read under way: the log it reads, at which version, and whether it opens a
// table (fresh: its grouping, WHERE and colour column start again) or moves the version shown.
type reading struct {
	log     fs.FS
	name    string
	lo, hi  int64
	version int64
	fresh   bool
}

// New is the page before any table.
func New() Model { return Model{Pinned: -1} }

// Event is what Update takes.
type Event interface{ event() }

type (
	// Picked: files were picked (or dropped) to be opened.
	Picked struct{}
	// Listed: the files picked as Picked hold a log whose versions run from Lo to Hi
	// (deltalog.List: Hi < 0 when it has none), in the folder Table ("" when the files were
	// the folder's own).
	Listed struct {
		Log           fs.FS
		Picked, Table string
		Lo, Hi        int64
	}
	// Planned is the next OPTIMIZE a Plan effect worked out.
	Planned struct{ Next *inspect.NextOptimize }
	// HealthMeasured is the clustering health a Plan effect worked out before the plans
	// (Inspector.HealthYield): the table is drawn without it (inspect.Options.HealthLater).
	HealthMeasured struct{ Health []inspect.ColumnHealth }
	// OpenFailed: the files picked hold no log that can be listed; Text says why.
	OpenFailed struct{ Text string }
	// Inspected is what an Inspect effect read (inspect.Open).
	Inspected struct {
		Rep *inspect.Report
		In  *inspect.Inspector
		Err error
	}
	// VersionChosen: the slider let go at Version.
	VersionChosen struct{ Version int64 }
	// WhereSubmitted: the WHERE field submitted.
	WhereSubmitted struct{ Where string }
	// WhereRan is the report a RunWhere effect computed.
	WhereRan struct{ Rep *inspect.Report }
	// ColumnChosen: the colour column's select changed.
	ColumnChosen struct{ Column string }
	// GroupByChosen: the grouping's select changed.
	GroupByChosen struct{ By GroupBy }
	// CellHovered and CellClicked: the pointer over, or a click on, grid cell Cell (-1 none).
	CellHovered struct{ Cell int }
	CellClicked struct{ Cell int }
	// MoreFiles: the file list's "Show more" button.
	MoreFiles struct{}
	// Resized: the window's size changed (and settled).
	Resized struct{}
)

func (Picked) event()         {}
func (Listed) event()         {}
func (Planned) event()        {}
func (HealthMeasured) event() {}
func (OpenFailed) event()     {}
func (Inspected) event()      {}
func (VersionChosen) event()  {}
func (WhereSubmitted) event() {}
func (WhereRan) event()       {}
func (ColumnChosen) event()   {}
func (GroupByChosen) event()  {}
func (CellHovered) event()    {}
func (CellClicked) event()    {}
func (MoreFiles) event()      {}
func (Resized) event()        {}

// Effect is what Update asks the browser program to do, in order.
type Effect interface{ effect() }

type (
	// HideError hides the error line.
	HideError struct{}
	// ShowError shows what went wrong; the table shown before (if any) stays.
	ShowError struct{ Text string }
	// Inspect reads Log at Version (-1: the latest) with Where (inspect.Open); its answer comes
	// back as Inspected.
	Inspect struct {
		Log     fs.FS
		Name    string
		Version int64
		Where   string
	}
	// ShowWhereError shows the refusal of the WHERE under its field ("" hides it).
	ShowWhereError struct{ Text string }
	// ShowGroupBy sets the grouping's select.
	ShowGroupBy struct{ By GroupBy }
	// ClearWhereField empties the WHERE field (a table opened anew).
	ClearWhereField struct{}
	// Status shows the status line.
	Status struct{ Text string }
	// Render shows the whole report: its summary, the version slider, the colour columns, the
	// next OPTIMIZE (or that it is being worked out), the details and the history, then what
	// RenderWhere shows.
	Render struct{}
	// RenderWhere shows what the WHERE does (the summary, the reasons, the first FilesShown
	// files), then draws the grid.
	RenderWhere struct{}
	// DrawGrid lays out and paints the grid; Spans: the colour column's spans are read anew
	// (another column, or another snapshot).
	DrawGrid struct{ Spans bool }
	// Paint paints the grid laid out again (another cell pinned).
	Paint struct{}
	// ShowFile shows cell Cell's file: its place and its add action (-1: nothing changes).
	ShowFile struct{ Cell int }
	// AppendFiles adds the file list's rows From to To, and the button for the rest.
	AppendFiles struct{ From, To int }
	// Plan works out the clustering health (its answer comes back as HealthMeasured) and then
	// the next OPTIMIZE of the report shown (Planned), and shows them; Opened: the plan follows
	// an open (the status line says what the open read), else a version moved to.
	Plan struct{ Opened bool }
	// ShowOptimize shows the next OPTIMIZE worked out (Rep.NextOptimize).
	ShowOptimize struct{}
	// ShowHealth shows the clustering health worked out (Rep.ClusteringHealth).
	ShowHealth struct{}
	// ShowVersion puts the slider back on the version shown (a version that could not be read).
	ShowVersion struct{}
	// RunWhere checks the files against Where (RunWhere.Run); its report comes back as
	// WhereRan.
	RunWhere struct{ Where string }
)

func (HideError) effect()       {}
func (ShowError) effect()       {}
func (Inspect) effect()         {}
func (ShowWhereError) effect()  {}
func (ShowGroupBy) effect()     {}
func (ClearWhereField) effect() {}
func (Status) effect()          {}
func (Render) effect()          {}
func (RenderWhere) effect()     {}
func (DrawGrid) effect()        {}
func (Paint) effect()           {}
func (ShowFile) effect()        {}
func (AppendFiles) effect()     {}
func (Plan) effect()            {}
func (ShowVersion) effect()     {}
func (ShowOptimize) effect()    {}
func (ShowHealth) effect()      {}
func (RunWhere) effect()        {}

// CompactStatsFrom is the page's inspect.Options.CompactStatsFrom: a table of this many files
// or more keeps its statistics text compacted once parsed (178 MB of the 1,000,000-file
// table's 595 MiB peak, BenchmarkPageOpenPeak1M). A smaller one's text is too little (18 MB
// at 100,000 files) to pay for the pass.
const CompactStatsFrom = 250_000
