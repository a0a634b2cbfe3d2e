package tablepage

import (
	"errors"
	"fmt"
	"slices"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
)

// Update is the page's work on the model: files picked are listed (Listed) and read (Inspect,
// answered by Inspected), then drawn and their next OPTIMIZE planned (Plan, answered by
// Planned); the controls move the version (another Inspect), run a WHERE (RunWhere, answered by
// WhereRan), colour, group, pin a file or list more. A control does nothing before a table is
// shown. It writes no DOM and reads nothing, as front/widget.Update; wasm/table carries the
// effects out.
func Update(m Model, ev Event) (Model, []Effect) {
	switch ev := ev.(type) {
	case Picked:
		return m, []Effect{HideError{}}
	case Listed:
		return m.listed(ev)
	case OpenFailed:
		return m, []Effect{ShowError{ev.Text}}
	case Inspected:
		return m.inspected(ev)
	case Planned:
		if m.Rep == nil {
			return m, nil
		}
		rep := *m.Rep // a copy: the model given stays as it was
		rep.NextOptimize = ev.Next
		m.Rep = &rep
		return m, []Effect{ShowOptimize{}}
	case HealthMeasured:
		if m.Rep == nil {
			return m, nil
		}
		rep := *m.Rep // a copy: the model given stays as it was
		rep.ClusteringHealth = ev.Health
		m.Rep = &rep
		return m, []Effect{ShowHealth{}}
	}
	if m.Rep == nil {
		return m, nil // the controls act on a table shown
	}
	return m.control(ev)
}

// control takes a control's event, a table being shown.
func (m Model) control(ev Event) (Model, []Effect) {
	switch ev := ev.(type) {
	case VersionChosen:
		m.Pinned = -1
		m.reading = &reading{log: m.Log, name: m.Name, lo: m.Lo, hi: m.Hi, version: ev.Version}
		return m, []Effect{Inspect{Log: m.Log, Name: m.Name, Version: ev.Version, Where: m.Where}}
	case WhereSubmitted:
		m.Where = ev.Where
		return m, []Effect{RunWhere{ev.Where}}
	case WhereRan:
		fx := m.setReport(ev.Rep, nil)
		return m.renderWhere(fx)
	case ColumnChosen:
		m.Column = ev.Column
		return m, []Effect{DrawGrid{Spans: true}}
	case GroupByChosen:
		m.By, m.Pinned = ev.By, -1
		return m, []Effect{DrawGrid{}}
	case CellHovered:
		if m.Pinned >= 0 || ev.Cell < 0 {
			return m, nil // a pinned file stays shown
		}
		return m, []Effect{ShowFile{ev.Cell}}
	case CellClicked:
		c := ev.Cell
		if c == m.Pinned {
			c = -1 // a second click lets it go
		}
		m.Pinned = c
		if c < 0 {
			return m, []Effect{Paint{}}
		}
		return m, []Effect{ShowFile{c}, Paint{}}
	case MoreFiles:
		hi := min(len(m.Rep.Files), m.FilesShown+FileRows)
		fx := []Effect{AppendFiles{m.FilesShown, hi}}
		m.FilesShown = hi
		return m, fx
	case Resized:
		return m, []Effect{DrawGrid{}}
	}
	panic("tablepage: unknown event")
}

// listed reads the log listed, its latest version with no WHERE; the table shown stays until
// the read succeeds.
func (m Model) listed(l Listed) (Model, []Effect) {
	if l.Hi < 0 {
		return m, []Effect{ShowError{fmt.Sprintf("%s: %s has no commit files or checkpoints", l.Picked, deltalog.LogDir)}}
	}
	name := l.Picked
	if l.Table != "" {
		name = l.Table
	}
	m.reading = &reading{log: l.Log, name: name, lo: l.Lo, hi: l.Hi, version: -1, fresh: true}
	return m, []Effect{Inspect{Log: l.Log, Name: name, Version: -1}}
}

// inspected takes a read's answer: the table, or why it cannot be shown (a broken log, a table
// Delta would not read, a schema that does not parse), in which case what was shown stays.
func (m Model) inspected(ev Inspected) (Model, []Effect) {
	r := m.reading
	if r == nil {
		return m, nil
	}
	m.reading = nil
	where := m.Where
	if r.fresh {
		where = ""
	}
	var fail string
	var le *deltalog.LogError
	switch rep := ev.Rep; {
	case errors.As(ev.Err, &le):
		fail = fmt.Sprintf("%s: the log is broken at %s", r.name, le.Error())
	case ev.Err != nil:
		fail = fmt.Sprintf("%s: %v", r.name, ev.Err)
	// A refusal of the table itself, not of the WHERE.
	case ev.In == nil || rep.Error != nil && where == "":
		fail = RefusalText(r.log, r.name, r.version, rep.Error)
	case rep.Error != nil:
		if base := ev.In.Report(""); base.Error != nil {
			fail = RefusalText(r.log, r.name, r.version, base.Error)
		}
	}
	if fail != "" {
		fx := []Effect{ShowError{fail}}
		if !r.fresh {
			fx = append(fx, ShowVersion{}) // the version shown before stays, and the slider says so
		}
		return m, fx
	}
	m.Log, m.Name, m.Lo, m.Hi, m.Where, m.In = r.log, r.name, r.lo, r.hi, where, ev.In
	var fx []Effect
	if r.fresh {
		m.Column = ""
		m.By = DefaultGroupBy(ev.Rep)
		fx = append(fx, ShowGroupBy{m.By})
	}
	fx = m.setReport(ev.Rep, fx)
	m.Cols = m.In.SpanColumns()
	if !slices.Contains(m.Cols, m.Column) {
		m.Column = m.In.DefaultSpanColumn() // its statistics are kept from the open
	}
	m.FilesShown = min(len(m.Rep.Files), FileRows)
	fx = append(fx, Status{"Drawing the table…"}, Render{})
	if r.fresh {
		m.Pinned = -1
		fx = append(fx, ClearWhereField{})
	}
	return m, append(fx, Plan{Opened: r.fresh})
}

// setReport takes a report, falling back to none with no WHERE when the WHERE is refused (the
// refusal is shown under the field).
func (m *Model) setReport(rep *inspect.Report, fx []Effect) []Effect {
	fx = append(fx, ShowWhereError{""})
	if rep.Error != nil && m.Where != "" {
		fx = append(fx, ShowWhereError{fmt.Sprintf("[%s] %s", rep.Error.Class, rep.Error.Message)})
		rep = m.In.Report("")
	} else if rep.Error != nil {
		fx = append(fx, ShowError{fmt.Sprintf("%s: [%s] %s", m.Name, rep.Error.Class, rep.Error.Message)})
	}
	m.Rep = rep
	return fx
}

// renderWhere shows what the WHERE does, from the first rows of the file list.
func (m Model) renderWhere(fx []Effect) (Model, []Effect) {
	m.FilesShown = min(len(m.Rep.Files), FileRows)
	return m, append(fx, RenderWhere{})
}
