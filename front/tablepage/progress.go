package tablepage

import (
	"fmt"
	"html"
	"strings"
	"time"

	"layoutlab/engine/inspect"
	"layoutlab/engine/work"
	"layoutlab/front/picked"
)

// Shown is what the page shows of a work.Progress of an open, a WHERE or a plan: Status the
// status line ("" leaves it as it is), the bar at Done of Total when Bar, and EndStep whether
// the page's task ends now (a step begins) rather than once it has run its budget. Collect says
// the page collects as the step begins, should its heap hold much garbage: the files'
// statistics (inspect.StatisticsBegin) make the Inspector's per-file arrays, and the replay's
// decoding is garbage by then; collected first, the arrays are placed in the room it leaves
// (the 1,000,000-file table's module memory, which never shrinks, 774 MiB without, 756 with);
// so does the compaction of their text (inspect.CompactBegin), for its values, and as it goes
// (inspect.CompactStep): the text of the files done is garbage, and no collection of the
// runtime's own comes before the values are all placed on top of it (the 1,000,000-file
// table's Go heap was at its most, 549 MiB, 88 over what was live, at the compaction's end).
type Shown struct {
	Status      string
	Bar         bool
	Done, Total int
	EndStep     bool
	Collect     bool
}

// ShowProgress says what the page shows of p. A step as it begins is named ("Working out the
// files' statistics") and ends the page's task, so that a short rest of one step and the next
// are not one task; a log file the replay opens is named, and counted by the bar; a long step's
// progress (a checkpoint's actions, the files' statistics, their verdicts: a WHERE on 100,000
// files is several tasks' worth) is shown with the bar; a read of the reader's files and the
// planner's progress, which counts nothing to show, only give the page its turn.
func ShowProgress(p work.Progress) Shown {
	switch {
	case p.Unit == picked.ReadUnit:
		return Shown{}
	case p.Done == 0 && p.Total == 0:
		return Shown{Status: "Working out " + p.Step, EndStep: true, Collect: p.Step == inspect.StatisticsBegin || p.Step == inspect.CompactBegin}
	case p.Unit == "":
		return Shown{}
	case p.Unit == OpenedUnit:
		return Shown{Status: p.Step, Bar: true, Done: p.Done, Total: p.Total}
	}
	return Shown{Status: p.String(), Bar: true, Done: p.Done, Total: p.Total, Collect: p.Step == inspect.CompactStep}
}

// Opening is the status line once a table is open, before and after its next OPTIMIZE is
// worked out: the log bytes read of all its log files' (LogFS.Read, Size, Len), and how long
// the open and then the plan took.
type Opening struct {
	Name              string
	Read, Size        int64
	Files             int
	Took, PlanTook    time.Duration
	Planned, Switched bool
	Version           int64
}

// Status is the status line: an open's ("Opened t: 1.2 MB read of its 12 log files' 3.4 MB, in
// 52 ms; working out the next OPTIMIZE…"), or, when Switched, a version's ("Showing version 3.").
func (o Opening) Status() string {
	if o.Switched {
		if o.Planned {
			return fmt.Sprintf("Showing version %d.", o.Version)
		}
		return fmt.Sprintf("Showing version %d; working out the next OPTIMIZE…", o.Version)
	}
	what := fmt.Sprintf("Opened %s: %.1f MB read of its %d log files' %.1f MB, in %.0f ms", o.Name, float64(o.Read)/(1<<20), o.Files, float64(o.Size)/(1<<20), ms(o.Took))
	if !o.Planned {
		return what + "; working out the next OPTIMIZE…"
	}
	return fmt.Sprintf("%s; the next OPTIMIZE's plan in %.0f ms.", what, ms(o.PlanTook))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// ReadingArchive is the status line as the log is read out of the archive name.
func ReadingArchive(name string) string { return "Reading the log out of " + name + "…" }

// VersionLabel labels the version slider at v (as shown, or as dragged) of the table's [lo, hi].
func VersionLabel(v string, lo, hi int64) string { return fmt.Sprintf("v%s of [%d, %d]", v, lo, hi) }

// ColumnOptionsHTML is the span column select's options, one per column.
func ColumnOptionsHTML(cols []string) string {
	var b strings.Builder
	for _, c := range cols {
		c = html.EscapeString(c)
		b.WriteString(`<option value="` + c + `">` + c + `</option>`)
	}
	return b.String()
}

// PendingOptimizeHTML is the next OPTIMIZE's panel until its plan is worked out.
const PendingOptimizeHTML = `<p class="pending">Working out the next OPTIMIZE once the table is drawn…</p>`

// PendingHealthHTML is the clustering health's panel until it is worked out.
const PendingHealthHTML = `<p class="pending">Working out the clustering health once the table is drawn…</p>`
