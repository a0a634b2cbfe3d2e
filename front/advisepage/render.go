package advisepage

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"

	"layoutlab/engine/advise"
	"layoutlab/engine/inspect"
	"layoutlab/engine/optimize"
)

// The Advise view's HTML, made from the Report `layoutlab advise --format json` prints, so that
// the page and the CLI show the same figures. Each figure's exact value is in a data-value
// attribute (the browser tests compare them with the CLI's JSON); the text is rounded.

var esc = html.EscapeString

// num is a figure's exact value, in the shortest decimal that reads back as it.
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

func bytesCell(metric string, b int64) string {
	return fmt.Sprintf(`<td data-metric="%s" data-value="%d">%s</td>`, metric, b, optimize.FormatBytes(b))
}

// ReportHTML is the whole view for a report.
func ReportHTML(r *advise.Report, health []inspect.ColumnHealth) string {
	var b strings.Builder
	if r.Error != nil {
		fmt.Fprintf(&b, `<p class="notice" id="advise-refusal">[%s] %s</p>`, esc(r.Error.Class), esc(r.Error.Message))
		return b.String()
	}
	b.WriteString(TodayHTML(r))
	b.WriteString(HealthHTML(health))
	fmt.Fprintf(&b, `<p class="ingest">Nightly OPTIMIZE at %s a day of ingest (%s).</p>`, optimize.FormatBytes(int64(r.Ingest.BytesPerDay)), esc(r.Ingest.Source))
	if r.Message != "" {
		fmt.Fprintf(&b, `<p class="notice" id="advise-message">%s</p>`, esc(capital(r.Message)))
		return b.String()
	}
	if s := r.Sample; s != nil {
		what := "all of them"
		if s.Fraction < 1 {
			what = fmt.Sprintf("a sample of whole row groups, %.2f%% of the rows", s.Fraction*100)
		}
		fmt.Fprintf(&b, `<p id="advise-sample" data-rows-read="%d" data-rows-total="%d" data-fraction="%s">Rows read from the data files: %d of %d live rows (%s).</p>`,
			s.RowsRead, s.RowsTotal, num(s.Fraction), s.RowsRead, s.RowsTotal, what)
	}
	b.WriteString(CandidatesHTML(r))
	b.WriteString(ParetoSVG(r))
	b.WriteString(RecommendationHTML(r))
	return b.String()
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// TodayHTML is each query's files and bytes read on the table as it is (inspect --where's path).
func TodayHTML(r *advise.Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<h3>Today</h3><p id="advise-today" data-version="%d" data-files="%d" data-bytes="%d">Version %d: %s, %s.</p>`,
		r.Version, r.Today.Files, r.Today.Bytes, r.Version, advise.Files(r.Today.Files), optimize.FormatBytes(r.Today.Bytes))
	b.WriteString(`<div class="scroll"><table class="today"><thead><tr><th>WHERE</th><th>weight</th><th>files read</th><th>bytes read</th></tr></thead><tbody>`)
	for i, q := range r.Today.Queries {
		fmt.Fprintf(&b, `<tr data-query="%d"><td><code>%s</code></td><td data-metric="weight" data-value="%s">%s</td><td data-metric="files_read" data-value="%d">%d</td>%s</tr>`,
			i, esc(q.Where), num(q.Weight), num(q.Weight), q.FilesRead, q.FilesRead, bytesCell("bytes_read", q.BytesRead))
	}
	b.WriteString(`</tbody></table></div>`)
	return b.String()
}

// HealthHTML is the clustering health of each column with statistics, from the log.
func HealthHTML(hs []inspect.ColumnHealth) string {
	if len(hs) == 0 {
		return `<p class="health-none">No column has statistics: the log gives no clustering health.</p>`
	}
	var b strings.Builder
	b.WriteString(`<h3>Clustering health (from the log's statistics)</h3><div class="scroll"><table class="advise-health"><thead><tr><th>column</th><th>overlap depth (max / mean files)</th><th>files a point lookup opens (mean)</th><th>files without stats</th></tr></thead><tbody>`)
	for _, h := range hs {
		fmt.Fprintf(&b, `<tr data-column="%s"><td>%s</td><td data-metric="overlap_max" data-value="%d">%d / %.1f</td><td data-metric="lookup_files_mean" data-value="%s">%.1f of %d</td><td data-metric="no_stats_share" data-value="%s">%.0f%%</td></tr>`,
			esc(h.Column), esc(h.Column), h.OverlapMax, h.OverlapMax, h.OverlapMean, num(h.LookupFilesMean), h.LookupFilesMean, h.Files, num(h.NoStatsShare), h.NoStatsShare*100)
	}
	b.WriteString(`</tbody></table></div>`)
	return b.String()
}

// CandidatesHTML is the candidates' table: a row each, Delta's refusal in place of figures.
func CandidatesHTML(r *advise.Report) string {
	front := frontier(r)
	var b strings.Builder
	b.WriteString(`<h3>Candidates</h3><div class="scroll"><table class="candidates"><thead><tr><th>#</th><th>layout</th><th>keys</th>` +
		`<th>files read (weighted)</th><th>bytes read (weighted)</th><th>first OPTIMIZE writes</th><th>nightly OPTIMIZE writes</th><th>files</th><th>frontier / refusal</th></tr></thead><tbody>`)
	for i, c := range r.Candidates {
		cls := ""
		if r.Recommendation != nil && r.Recommendation.Candidate == i {
			cls = ` class="chosen"`
		}
		fmt.Fprintf(&b, `<tr data-candidate="%d" data-layout="%s" data-keys="%s"%s><td>%d</td><td>%s</td><td>%s</td>`,
			i, esc(c.Layout), esc(strings.Join(c.Keys, ",")), cls, i, esc(advise.Label(c)), esc(strings.Join(c.Keys, ", ")))
		if c.Error != nil {
			fmt.Fprintf(&b, `<td colspan="5"></td><td class="refusal" data-class="%s">refused: [%s] %s</td></tr>`, esc(c.Error.Class), esc(c.Error.Class), esc(c.Error.Message))
			continue
		}
		nightly := `<td data-metric="nightly_optimize_bytes" data-value="-1">not modelled</td>`
		if c.NightlyOptimizeBytes >= 0 {
			nightly = bytesCell("nightly_optimize_bytes", c.NightlyOptimizeBytes)
		}
		mark := ""
		if front[i] {
			mark = "on the frontier"
		}
		if cls != "" {
			mark += ", chosen"
		}
		fmt.Fprintf(&b, `<td data-metric="files_read_weighted" data-value="%s">%.2f</td><td data-metric="bytes_read_weighted" data-value="%s">%s</td>%s%s<td data-metric="files" data-value="%d">%d</td><td class="mark">%s</td></tr>`,
			num(c.FilesReadWeighted), c.FilesReadWeighted, num(c.BytesReadWeighted), optimize.FormatBytes(int64(math.Round(c.BytesReadWeighted))),
			bytesCell("first_optimize_bytes", c.FirstOptimizeBytes), nightly, c.Files, c.Files, strings.TrimPrefix(mark, ", "))
	}
	b.WriteString(`</tbody></table></div>`)
	return b.String()
}

func frontier(r *advise.Report) map[int]bool {
	m := map[int]bool{}
	for _, i := range r.Pareto {
		m[i] = true
	}
	return m
}

// RecommendationHTML is the chosen candidate, its reasons and the SQL that applies it.
func RecommendationHTML(r *advise.Report) string {
	rec := r.Recommendation
	if rec == nil {
		return `<p id="advise-recommendation" class="notice">No candidate could be scored: there is nothing to recommend.</p>`
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<h3>Recommendation</h3><p id="advise-recommendation" data-candidate="%d">Candidate %d: <strong>%s</strong></p><ul class="reasons">`, rec.Candidate, rec.Candidate, esc(rec.Label))
	for _, s := range rec.Reasons {
		fmt.Fprintf(&b, `<li>%s</li>`, esc(s))
	}
	b.WriteString(`</ul><div class="sql-wrap"><pre id="advise-sql">`)
	for i, s := range rec.SQL {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(esc(s) + ";")
	}
	b.WriteString(`</pre><button type="button" id="advise-copy">Copy SQL</button></div>`)
	return b.String()
}
