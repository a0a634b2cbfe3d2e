package tablepage

import (
	"fmt"
	"strconv"
	"strings"

	"layoutlab/engine/inspect"
)

// healthBarW is the width of one bar of the health chart, in CSS pixels (SVG attributes: the
// page's Content-Security-Policy allows no inline style).
const healthBarW = 120

// bar is one SVG bar track of healthBarW with its parts: fractions of the track (0..1), each
// drawn in its CSS class, from the left, then a tick at mark (< 0: none).
func bar(label string, mark float64, parts ...any) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="hbar" width="%d" height="10" viewBox="0 0 %d 10" preserveAspectRatio="none" role="img" aria-label="%s"><rect class="track" width="%d" height="10"/>`,
		healthBarW, healthBarW, esc(label), healthBarW)
	x := 0.0
	for i := 0; i+1 < len(parts); i += 2 {
		w := clamp01(parts[i+1].(float64)) * healthBarW
		w = min(w, healthBarW-x)
		if w > 0 {
			fmt.Fprintf(&b, `<rect class="%s" x="%.1f" width="%.1f" height="10"/>`, parts[i].(string), x, w)
		}
		x += w
	}
	if mark >= 0 {
		fmt.Fprintf(&b, `<rect class="mark" x="%.1f" width="2" height="10"/>`, min(clamp01(mark)*healthBarW, healthBarW-2))
	}
	b.WriteString("</svg>")
	return b.String()
}

func clamp01(f float64) float64 { return max(0, min(1, f)) }

func fixed(f float64, d int) string { return strconv.FormatFloat(f, 'f', d, 64) }

func pct(f float64) string { return fixed(100*f, 1) + "%" }

// HealthHTML is the clustering health chart: a row per column with statistics, each bar on the
// scale of the table's files (a full bar is every file), and a clustered table's rows by ZCube
// state. Every figure carries its JSON name (`clustering_health.<column>.<field>`) for the tests.
func HealthHTML(r *inspect.Report) string {
	var b strings.Builder
	if len(r.ClusteringHealth) == 0 {
		b.WriteString(`<p class="muted">No column has statistics to measure.</p>`)
	} else {
		fmt.Fprintf(&b, `<p class="health-how">A lookup <code>col = v</code> for each file's min and max in the log; bars on the scale of the table's %d files. `+
			`<b>Overlap</b>: files whose [min, max] holds the value, mean (bar) and largest (tick). <b>A lookup reads</b>: those plus the files without statistics (grey), as <code>--where</code> counts them.</p>`,
			r.FilesTotal)
		b.WriteString(`<div class="scroll-x"><table class="health"><thead><tr><th>column</th><th>overlap: mean / max</th><th>a lookup reads (mean)</th><th>without stats</th></tr></thead><tbody>`)
		for _, h := range r.ClusteringHealth {
			healthRow(&b, h)
		}
		b.WriteString("</tbody></table></div>")
	}
	if z := r.ZCubeHealth; z != nil {
		zm := func(field string, v any, text string) string { return metric("zcube_health."+field, v, text) }
		fmt.Fprintf(&b, `<p class="zcubes">Rows by ZCube %s %s sealed (%s cubes at or over minCubeSize %s), %s open (%s cubes), %s in no ZCube.</p>`,
			bar("rows: sealed, open, no ZCube", -1, "sealed", z.SealedShare, "open", z.OpenShare, "none", z.NoZCubeShare),
			zm("sealed_share", z.SealedShare, pct(z.SealedShare)), zm("cubes_sealed", z.CubesSealed, strconv.Itoa(z.CubesSealed)),
			esc(bytesText(z.MinCubeSize)), zm("open_share", z.OpenShare, pct(z.OpenShare)), zm("cubes_open", z.CubesOpen, strconv.Itoa(z.CubesOpen)),
			zm("no_zcube_share", z.NoZCubeShare, pct(z.NoZCubeShare)))
	}
	return b.String()
}

func healthRow(b *strings.Builder, h inspect.ColumnHealth) {
	m := func(field string, v any, text string) string {
		return metric("clustering_health."+h.Column+"."+field, v, text)
	}
	n := float64(max(h.Files, 1))
	name := esc(h.Column)
	if !h.Indexed {
		name += ` <span class="muted">(not indexed)</span>`
	}
	fmt.Fprintf(b, `<tr data-column="%s"><th scope="row">%s <span class="muted">%s</span></th>`, esc(h.Column), name, esc(h.Type))
	fmt.Fprintf(b, `<td>%s %s / %s</td>`, bar("overlap of "+h.Column, float64(h.OverlapMax)/n, "overlap", h.OverlapMean/n),
		m("overlap_mean", h.OverlapMean, fixed(h.OverlapMean, 2)), m("overlap_max", h.OverlapMax, strconv.Itoa(h.OverlapMax)))
	fmt.Fprintf(b, `<td>%s %s files (%s)</td>`, bar("files a lookup on "+h.Column+" reads", -1, "nostats", float64(h.FilesNoStats)/n, "overlap", h.OverlapMean/n),
		m("lookup_files_mean", h.LookupFilesMean, fixed(h.LookupFilesMean, 2)), m("lookup_files_share", h.LookupFilesShare, pct(h.LookupFilesShare)))
	fmt.Fprintf(b, `<td>%s %s (%s files)</td></tr>`, bar("files without statistics for "+h.Column, -1, "nostats", h.NoStatsShare),
		m("no_stats_share", h.NoStatsShare, pct(h.NoStatsShare)), m("files_without_stats", h.FilesNoStats, strconv.Itoa(h.FilesNoStats)))
}
