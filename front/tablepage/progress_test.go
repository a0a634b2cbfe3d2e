package tablepage

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cockroachdb/datadriven"

	"layoutlab/engine/inspect"
	"layoutlab/engine/work"
)

// TestProgress runs the scripts in testdata/progress: what the table page shows as it opens a
// table (ShowProgress of every Progress its LogFS and inspect tell the page's one Yield), and
// its status lines once open (Opening). Commands:
//
//	replay table=PATH [zip] [stop-at=N]  gather the table's files (as a zip), replay its log with
//	                                     inspect.Open, print each status and bar shown, and how
//	                                     many Progresses were only a turn; stop-at=N: the Nth
//	                                     Progress's Yield says stop
//	opened name=T read=B size=B files=N took=MS [plan=MS]  Opening's status line
//	switched v=N [planned]               a version's status line
//	reading name=N                       the status line as an archive's log is read
//	version-label v=V lo=L hi=H          the version slider's label
//	column-options cols=(A,B,...)        the span column select's options
//
// Rewrite the expected output with go test ./front/tablepage -run TestProgress -rewrite.
func TestProgress(t *testing.T) {
	datadriven.Walk(t, "testdata/progress", func(t *testing.T, path string) {
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			switch d.Cmd {
			case "replay":
				return replayShown(t, d)
			case "opened":
				var o Opening
				var took, plan int
				d.ScanArgs(t, "name", &o.Name)
				d.ScanArgs(t, "read", &o.Read)
				d.ScanArgs(t, "size", &o.Size)
				d.ScanArgs(t, "files", &o.Files)
				d.ScanArgs(t, "took", &took)
				o.Took = time.Duration(took) * time.Millisecond
				out := o.Status() + "\n"
				if d.HasArg("plan") {
					d.ScanArgs(t, "plan", &plan)
					o.Planned, o.PlanTook = true, time.Duration(plan)*time.Millisecond
					out += o.Status() + "\n"
				}
				return out
			case "reading":
				var name string
				d.ScanArgs(t, "name", &name)
				return ReadingArchive(name) + "\n"
			case "version-label":
				var v string
				var lo, hi int64
				d.ScanArgs(t, "v", &v)
				d.ScanArgs(t, "lo", &lo)
				d.ScanArgs(t, "hi", &hi)
				return VersionLabel(v, lo, hi) + "\n"
			case "column-options":
				a, _ := d.Arg("cols")
				return ColumnOptionsHTML(a.Vals) + "\n" + PendingOptimizeHTML + "\n"
			case "switched":
				o := Opening{Switched: true, Planned: d.HasArg("planned")}
				d.ScanArgs(t, "v", &o.Version)
				return o.Status() + "\n"
			}
			d.Fatalf(t, "unknown command %s", d.Cmd)
			return ""
		})
	})
}

var errStop = errors.New("stopped by the page")

// replayShown gathers a table into a LogFS whose Yield is the page's, replays it, and prints
// what the page would show.
func replayShown(t *testing.T, d *datadriven.TestData) string {
	var table string
	d.ScanArgs(t, "table", &table)
	stopAt := -1
	if d.HasArg("stop-at") {
		d.ScanArgs(t, "stop-at", &stopAt)
	}
	var out strings.Builder
	n, turns := 0, 0
	y := work.Yield(func(p work.Progress) error {
		n++
		sh := ShowProgress(p)
		switch {
		case sh.Status == "" && !sh.Bar:
			turns++
		case sh.Bar && sh.Collect:
			fmt.Fprintf(&out, "%s [bar %d of %d; collect]\n", sh.Status, sh.Done, sh.Total)
		case sh.Bar:
			fmt.Fprintf(&out, "%s [bar %d of %d]\n", sh.Status, sh.Done, sh.Total)
		case sh.Collect:
			fmt.Fprintf(&out, "%s (end of task: %v; collect first)\n", sh.Status, sh.EndStep)
		default:
			fmt.Fprintf(&out, "%s (end of task: %v)\n", sh.Status, sh.EndStep)
		}
		if n == stopAt {
			return errStop
		}
		return nil
	})
	l := NewLogFS()
	l.Yield = y
	files := tableFiles(t, table)
	var err error
	if d.HasArg("zip") {
		err = l.AddArchive("t.zip", zipOf(t, files))
	} else {
		for rel, b := range files {
			if _, err = l.Add(rel, b); err != nil {
				break
			}
		}
	}
	if err == nil {
		l.CountOpens()
		var rep *inspect.Report
		opt := inspect.Options{Version: -1, PlanLater: true, Yield: y}
		if d.HasArg("compact") { // as a table of CompactStatsFrom files or more is
			opt.CompactStatsFrom = 1
		}
		var in *inspect.Inspector
		rep, in, err = inspect.Open(l, l.Table, opt)
		if err == nil {
			err = in.CompactStats(y) // the page's, once the health is worked out
		}
		if err == nil {
			fmt.Fprintf(&out, "version %d: %d files\n", rep.Version, rep.FilesTotal)
		}
	}
	if err != nil {
		fmt.Fprintf(&out, "error: %v (the page's stop: %v)\n", err, errors.Is(err, errStop))
	}
	fmt.Fprintf(&out, "turns only: %v\n", turns > 0)
	return out.String()
}
