package deltalog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
)

// TestReplayScenarios runs the replay fixtures in testdata/replay/. Commands:
//
//	reset                 start again from EmptySnapshot
//	commit v=N            parse the input as commit file N and apply it
//	snapshot              print Snapshot.DebugString
//	detail                print DESCRIBE DETAIL as JSON
//	history [limit=N]     print DESCRIBE HISTORY, newest first
//	clustering            print ClusteringColumns
//	write v=N             print commit N as WriteCommit writes it
//
// Regenerate expectations with go test -run TestReplayScenarios -rewrite.
func TestReplayScenarios(t *testing.T) {
	datadriven.Walk(t, "testdata/replay", func(t *testing.T, path string) {
		s := EmptySnapshot()
		var commits []Commit
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			switch d.Cmd {
			case "reset":
				s, commits = EmptySnapshot(), nil
				return ""
			case "commit":
				var v int64
				d.ScanArgs(t, "v", &v)
				c, err := parseCommitText(v, strings.NewReader(d.Input))
				if err != nil {
					return "error: " + err.Error()
				}
				next, err := s.Apply(c)
				if err != nil {
					return "error: " + err.Error()
				}
				s = next
				commits = append(commits, c)
				return fmt.Sprintf("version %d: %d files, %d bytes", s.Version(), s.NumFiles(), s.SizeInBytes())
			case "snapshot":
				return s.DebugString()
			case "detail":
				b, err := json.MarshalIndent(DescribeDetail(s, "/tables/t"), "", "  ")
				if err != nil {
					t.Fatal(err)
				}
				return string(b)
			case "history":
				limit := 0
				d.MaybeScanArgs(t, "limit", &limit)
				var b strings.Builder
				for _, h := range DescribeHistory(s, limit) {
					fmt.Fprintf(&b, "v%d %s %s", h.Version, h.Timestamp.Format("2006-01-02T15:04:05.000Z"), orNone(h.Operation))
					if len(h.OperationParameters) > 0 {
						fmt.Fprintf(&b, " params=%s", kvString(h.OperationParameters))
					}
					if len(h.OperationMetrics) > 0 {
						fmt.Fprintf(&b, " metrics=%s", kvString(h.OperationMetrics))
					}
					b.WriteByte('\n')
				}
				return b.String()
			case "clustering":
				cols, ok := ClusteringColumns(s)
				if !ok {
					return "not clustered"
				}
				return fmt.Sprintf("%q", cols)
			case "write":
				var v int64
				d.ScanArgs(t, "v", &v)
				for _, c := range commits {
					if c.Version == v {
						var buf bytes.Buffer
						if err := WriteCommit(&buf, c); err != nil {
							return "error: " + err.Error()
						}
						return buf.String()
					}
				}
				return fmt.Sprintf("no commit %d", v)
			default:
				t.Fatalf("unknown command %q", d.Cmd)
				return ""
			}
		})
	})
}
