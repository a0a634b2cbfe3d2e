package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"layoutlab/engine/inspect"
)

// writeHealthText is inspect's text section for clustering_health and zcube_health: a line per
// column (docs/cli.md defines each figure).
func writeHealthText(w io.Writer, r *inspect.Report) {
	if len(r.ClusteringHealth) > 0 {
		fmt.Fprintln(w, "clustering health (lookups col = v drawn at each file's min and max):")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "  column\ttype\toverlap max\toverlap mean\tlookup files\tof files\twithout stats\tNULL only")
		for _, h := range r.ClusteringHealth {
			col := termSafe(h.Column)
			if !h.Indexed {
				col += " (not indexed)"
			}
			fmt.Fprintf(tw, "  %s\t%s\t%d\t%.2f\t%.2f\t%.1f%%\t%d (%.1f%%)\t%d\n", col, termSafe(h.Type), h.OverlapMax, h.OverlapMean,
				h.LookupFilesMean, 100*h.LookupFilesShare, h.FilesNoStats, 100*h.NoStatsShare, h.FilesNullOnly)
		}
		tw.Flush()
	}
	if z := r.ZCubeHealth; z != nil {
		var b strings.Builder
		fmt.Fprintf(&b, "zcube health: rows %.1f%% in %d sealed ZCubes, %.1f%% in %d open, %.1f%% in none (minCubeSize %d bytes)",
			100*z.SealedShare, z.CubesSealed, 100*z.OpenShare, z.CubesOpen, 100*z.NoZCubeShare, z.MinCubeSize)
		if z.FilesNoCounts > 0 {
			fmt.Fprintf(&b, "; %d files without numRecords not counted", z.FilesNoCounts)
		}
		fmt.Fprintln(w, b.String())
	}
}
