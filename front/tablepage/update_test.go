package tablepage

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
	"layoutlab/front/updatescript"
)

// TestUpdate runs the scripts in testdata/update/: each command is an event given to Update
// (the ones that answer an effect carry out the last such effect for real, on the tables of
// engine/deltalog's testdata), and prints the effects it asked for, then the model. Commands:
//
//	open table=PATH [picked=NAME] [hi=N]  Picked, then Listed of the table's log
//	open-failed                    TEXT (the input: the message)
//	inspected [error|refused]      the last Inspect, read by inspect.Open (or failing with the
//	                               input, or a table Delta would not read)
//	health                         the clustering health of the report shown
//	planned                        the next OPTIMIZE of the report shown
//	version v=N
//	where                          the input: the WHERE
//	where-ran                      the last RunWhere, run by the Inspector
//	column name=C
//	group-by by=zcube|partition|none
//	hover cell=N
//	click cell=N
//	more
//	resize
//
// Rewrite the expected output with go test ./front/tablepage -run TestUpdate -rewrite.
func TestUpdate(t *testing.T) {
	updatescript.Run(t, "testdata/update", func() *updatescript.Script[Model, Event, Effect] {
		var lastInspect *Inspect
		var lastWhere *RunWhere
		return &updatescript.Script[Model, Event, Effect]{
			Model:  New(),
			Update: Update,
			Events: func(t *testing.T, d *datadriven.TestData, m *Model) []Event {
				return eventsOf(t, d, m, lastInspect, lastWhere)
			},
			Effect: func(e Effect) string {
				switch e := e.(type) {
				case Inspect:
					lastInspect = &e
				case RunWhere:
					lastWhere = &e
				}
				return effectString(e)
			},
			Show: modelString,
		}
	})
}

// eventsOf reads a command as its events; inspected and where-ran answer the last Inspect and
// RunWhere asked for.
func eventsOf(t *testing.T, d *datadriven.TestData, m *Model, lastInspect *Inspect, lastWhere *RunWhere) []Event {
	switch d.Cmd {
	case "open":
		return []Event{Picked{}, listedOf(t, d)}
	case "open-failed":
		return []Event{OpenFailed{strings.TrimSpace(d.Input)}}
	case "inspected":
		return []Event{inspectedOf(t, d, lastInspect)}
	case "health":
		h, err := m.In.HealthYield(nil)
		if err != nil {
			t.Fatal(err)
		}
		return []Event{HealthMeasured{h}}
	case "planned":
		n, err := m.In.NextOptimize(nil)
		if err != nil {
			t.Fatal(err)
		}
		return []Event{Planned{n}}
	case "version":
		var v int64
		d.ScanArgs(t, "v", &v)
		return []Event{VersionChosen{v}}
	case "where":
		return []Event{WhereSubmitted{strings.TrimSpace(d.Input)}}
	case "where-ran":
		r, err := lastWhere.Run(m.In, nil)
		if err != nil {
			t.Fatal(err)
		}
		return []Event{WhereRan{r}}
	case "column":
		var s string
		d.ScanArgs(t, "name", &s)
		return []Event{ColumnChosen{s}}
	case "group-by":
		var s string
		d.ScanArgs(t, "by", &s)
		return []Event{GroupByChosen{GroupBy(s)}}
	case "hover", "click":
		var c int
		d.ScanArgs(t, "cell", &c)
		if d.Cmd == "click" {
			return []Event{CellClicked{c}}
		}
		return []Event{CellHovered{c}}
	case "more":
		return []Event{MoreFiles{}}
	case "resize":
		return []Event{Resized{}}
	}
	d.Fatalf(t, "unknown command %s", d.Cmd)
	return nil
}

// inspectedOf answers the last Inspect: read by inspect.Open, or failing with the input, or a
// table Delta would not read.
func inspectedOf(t *testing.T, d *datadriven.TestData, e *Inspect) Event {
	switch {
	case e == nil:
		d.Fatalf(t, "no Inspect to answer")
	case d.HasArg("refused"):
		return Inspected{Rep: &inspect.Report{Error: &inspect.ErrorInfo{Class: "DELTA_UNSUPPORTED_FEATURES_FOR_READ", Message: "Unsupported Delta reader features: [fancy]"}}}
	case d.HasArg("error"):
		return Inspected{Err: errors.New(strings.TrimSpace(d.Input))}
	}
	rep, in, err := inspect.Open(e.Log, e.Name, inspect.Options{Version: e.Version, Where: e.Where, PlanLater: true, HealthLater: true})
	return Inspected{rep, in, err}
}

func listedOf(t *testing.T, d *datadriven.TestData) Listed {
	var table string
	d.ScanArgs(t, "table", &table)
	l := Listed{Log: os.DirFS(filepath.Join(tables, table)), Picked: filepath.Base(table) + ".zip"}
	d.MaybeScanArgs(t, "picked", &l.Picked)
	if !d.HasArg("picked") {
		l.Table = filepath.Base(table)
	}
	lst, err := deltalog.List(l.Log)
	if err != nil {
		d.Fatalf(t, "%s: %v", table, err)
	}
	l.Lo, l.Hi = lst.Earliest(), lst.MaxVersion
	d.MaybeScanArgs(t, "hi", &l.Hi) // hi=-1: a listing with no version
	return l
}

func effectString(e Effect) string {
	name := updatescript.Name(e)
	switch e := e.(type) {
	case ShowError:
		return fmt.Sprintf("%s %q", name, e.Text)
	case ShowWhereError:
		return fmt.Sprintf("%s %q", name, e.Text)
	case Status:
		return fmt.Sprintf("%s %q", name, e.Text)
	case Inspect:
		return fmt.Sprintf("%s %s version=%d where=%q", name, e.Name, e.Version, e.Where)
	case RunWhere:
		return fmt.Sprintf("%s %q", name, e.Where)
	case ShowGroupBy:
		return fmt.Sprintf("%s %s", name, e.By)
	case DrawGrid:
		return fmt.Sprintf("%s spans=%v", name, e.Spans)
	case ShowFile:
		return fmt.Sprintf("%s cell=%d", name, e.Cell)
	case AppendFiles:
		return fmt.Sprintf("%s %d-%d", name, e.From, e.To)
	case Plan:
		return fmt.Sprintf("%s opened=%v", name, e.Opened)
	}
	return name
}

func modelString(m *Model) string {
	if m.Rep == nil {
		s := "model: no table"
		if m.reading != nil {
			s += fmt.Sprintf(" reading=%s@%d", m.reading.name, m.reading.version)
		}
		return s
	}
	s := fmt.Sprintf("model: %s v%d of [%d, %d] files=%d read=%d where=%q column=%s cols=%v by=%s pinned=%d listed=%d",
		m.Name, m.Rep.Version, m.Lo, m.Hi, m.Rep.FilesTotal, m.Rep.FilesRead, m.Where, m.Column, m.Cols, m.By, m.Pinned, m.FilesShown)
	if m.Rep.ClusteringHealth != nil {
		s += fmt.Sprintf(" health=%d", len(m.Rep.ClusteringHealth))
	}
	if m.Rep.NextOptimize != nil {
		s += " planned"
	}
	if m.reading != nil {
		s += fmt.Sprintf(" reading=%s@%d", m.reading.name, m.reading.version)
	}
	return s
}

// TestMoreFilesAddsFileRowsAtATime: "Show more" lists FileRows more files each time, up to the
// report's last, and then nothing more.
func TestMoreFilesAddsFileRowsAtATime(t *testing.T) {
	m := New()
	m.Rep = &inspect.Report{Files: make([]inspect.File, 2*FileRows+50)}
	m.FilesShown = FileRows
	for _, want := range []AppendFiles{{FileRows, 2 * FileRows}, {2 * FileRows, 2*FileRows + 50}, {2*FileRows + 50, 2*FileRows + 50}} {
		var fx []Effect
		m, fx = Update(m, MoreFiles{})
		if len(fx) != 1 || fx[0] != want || m.FilesShown != want.To {
			t.Fatalf("got %v, %d listed; want %v", fx, m.FilesShown, want)
		}
	}
}
