package optimize

import (
	"fmt"
	"strings"
	"testing"
)

// TestEventStringsAsFormatted: CandidatesListed, FilterApplied and ZCubeWritten, built without fmt, print
// what their fmt formats printed, over counts of 0, 1 and many, sizes in every unit, FULL or
// not, and modes and platforms past the named ones.
func TestEventStringsAsFormatted(t *testing.T) {
	counts := []int{0, 1, 2, 17, 12345}
	sizes := []int64{0, 1, 1023, KiB, 5*MiB + 123, 3*GiB + 7, -2 * GiB}
	for _, mode := range []Mode{ModeCompaction, ModeZOrder, ModeClustering, Mode(9)} {
		for _, pl := range []Platform{PlatformOSS, PlatformFabricRuntime20, Platform(42)} {
			for i, n := range counts {
				e := CandidatesListed{Mode: mode, Platform: pl, Files: n, Bytes: sizes[i%len(sizes)],
					Partitions: counts[(i+1)%len(counts)], Full: i%2 == 0}
				want := fmt.Sprintf("candidates: %s on %s, %s (%s) in %d %s", e.Mode, e.Platform, fileCount(e.Files),
					FormatBytes(e.Bytes), e.Partitions, plural(e.Partitions, "partition", "partitions"))
				if e.Full {
					want += ", FULL"
				}
				if got := e.String(); got != want {
					t.Errorf("CandidatesListed.String() = %q, want %q", got, want)
				}
			}
		}
	}
	for _, cubes := range counts {
		for i, n := range counts {
			e := FilterApplied{Stage: "applyMinZCube", Name: "large ZCubes", DroppedZCubes: cubes, DroppedFiles: n,
				DroppedBytes: sizes[i%len(sizes)], KeptFiles: counts[(i+2)%len(counts)], KeptBytes: sizes[(i+3)%len(sizes)]}
			if i%2 == 1 {
				e.Detail = "at or over minCubeSize 100.0 GiB"
			}
			var b strings.Builder
			b.WriteString(e.Stage + ": dropped ")
			if e.DroppedZCubes > 0 {
				fmt.Fprintf(&b, "%d %s (%s, %s)", e.DroppedZCubes, plural(e.DroppedZCubes, "ZCube", "ZCubes"),
					fileCount(e.DroppedFiles), FormatBytes(e.DroppedBytes))
			} else {
				fmt.Fprintf(&b, "%s (%s)", fileCount(e.DroppedFiles), FormatBytes(e.DroppedBytes))
			}
			b.WriteString(" ")
			if e.Detail != "" {
				b.WriteString(e.Detail)
			} else {
				b.WriteString(e.Name)
			}
			fmt.Fprintf(&b, "; kept %s (%s)", fileCount(e.KeptFiles), FormatBytes(e.KeptBytes))
			if got := e.String(); got != b.String() {
				t.Errorf("FilterApplied.String() = %q, want %q", got, b.String())
			}
		}
	}
	for i, n := range counts {
		e := ZCubeWritten{Bin: counts[(i+3)%len(counts)], ZCubeID: NewZCubeID(uint64(i), int64(n), i, nil),
			ZOrderBy: [][]string{{"a"}, {"customer_id", "order_id"}, nil}[i%3], Files: n, Bytes: sizes[i%len(sizes)]}
		want := fmt.Sprintf("zcube %s from bin %d: %s in (%s), ZCUBE_ZORDER_BY %s",
			e.ZCubeID, e.Bin, fileCount(e.Files), FormatBytes(e.Bytes), encodeNames(e.ZOrderBy))
		if got := e.String(); got != want {
			t.Errorf("ZCubeWritten.String() = %q, want %q", got, want)
		}
	}
}
