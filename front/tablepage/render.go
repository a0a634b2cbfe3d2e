package tablepage

import (
	"encoding/json"
	"fmt"
	"html"
	"slices"
	"strconv"
	"strings"

	"layoutlab/engine/deltalog"
	"layoutlab/engine/inspect"
	"layoutlab/front/view"
)

// FileRows is how many files the file list shows at first, and adds each time the reader asks
// for more: a 100,000-file table lists its first files (the reason counts above the list cover
// all of them). Each row costs the page parsing, style and layout in the task that shows it.
const FileRows = 200

// MaxEventRows caps the OPTIMIZE plans' decisions drawn as HTML: the planner's decisions come
// first, then one event per bin formed (engine/optimize, planner.go), 10,003 for the 100,000-file
// table, whose list cost the browser longer to lay out than the rest of the page.
const MaxEventRows = 40

var esc = html.EscapeString

// bytesText writes a byte count as the CLI's text does (KiB, MiB, GiB).
func bytesText(b int64) string {
	f := float64(b)
	for _, u := range []string{"B", "KiB", "MiB", "GiB", "TiB"} {
		if f < 1024 || u == "TiB" {
			if u == "B" {
				return strconv.FormatInt(b, 10) + " B"
			}
			return strconv.FormatFloat(f, 'f', 1, 64) + " " + u
		}
		f /= 1024
	}
	return ""
}

// metric writes a figure with its exact value in data-value, named for the tests and for a
// reader looking for where it comes from (the JSON field of `layoutlab inspect --format json`).
func metric(name string, value any, text string) string {
	return fmt.Sprintf(`<span data-metric="%s" data-value="%s">%s</span>`, esc(name), esc(fmt.Sprint(value)), esc(text))
}

// SummaryHTML is the line under the table's name.
func SummaryHTML(r *inspect.Report) string {
	var b strings.Builder
	var size int64
	for _, f := range r.Files {
		size += f.Size
	}
	fmt.Fprintf(&b, "Version %s: %s files, %s", metric("version", r.Version, strconv.FormatInt(r.Version, 10)),
		metric("files_total", r.FilesTotal, strconv.Itoa(r.FilesTotal)), esc(bytesText(size)))
	if r.RowsTotal != nil {
		fmt.Fprintf(&b, ", %s rows", metric("rows_total", *r.RowsTotal, strconv.FormatInt(*r.RowsTotal, 10)))
	}
	if len(r.PartitionColumns) > 0 {
		fmt.Fprintf(&b, "; partitioned by %s", esc(strings.Join(r.PartitionColumns, ", ")))
	}
	if len(r.ClusteringColumns) > 0 {
		fmt.Fprintf(&b, "; clustered by %s", esc(strings.Join(r.ClusteringColumns, ", ")))
		if r.ClusteringFormat == deltalog.ClusteringFormatLiquidPreview {
			fmt.Fprintf(&b, " (%s)", esc(string(r.ClusteringFormat)))
		}
	}
	b.WriteByte('.')
	return b.String()
}

// WhereHTML says how many files and rows the WHERE reads and skips.
func WhereHTML(r *inspect.Report) string {
	skipped := r.FilesTotal - r.FilesRead
	var b strings.Builder
	if strings.TrimSpace(r.Where) == "" {
		fmt.Fprintf(&b, "No WHERE: every file is read (%s of %s).", metric("files_read", r.FilesRead, strconv.Itoa(r.FilesRead)),
			metric("files_total", r.FilesTotal, strconv.Itoa(r.FilesTotal)))
		return b.String()
	}
	fmt.Fprintf(&b, "<code>WHERE %s</code> reads %s of %s files, skips %s", esc(r.Where),
		metric("files_read", r.FilesRead, strconv.Itoa(r.FilesRead)), metric("files_total", r.FilesTotal, strconv.Itoa(r.FilesTotal)),
		metric("files_skipped", skipped, strconv.Itoa(skipped)))
	if r.RowsRead != nil && r.RowsTotal != nil {
		fmt.Fprintf(&b, "; reads %s of %s rows", metric("rows_read", *r.RowsRead, strconv.FormatInt(*r.RowsRead, 10)),
			strconv.FormatInt(*r.RowsTotal, 10))
	}
	b.WriteByte('.')
	return b.String()
}

// ReasonsHTML counts the files by their reason, most frequent first.
func ReasonsHTML(r *inspect.Report) string {
	// Counted by runs of one reason, the map touched once a run: a million files' reasons
	// hashed one by one were 133 ms of the page's drawing, and of each WHERE, in js/wasm.
	count := map[string]int{}
	for i := 0; i < len(r.Files); {
		k, j := r.Files[i].Reason, i+1
		for j < len(r.Files) && r.Files[j].Reason == k {
			j++
		}
		count[k] += j - i
		i = j
	}
	keys := make([]string, 0, len(count))
	for k := range count {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if count[a] != count[b] {
			return count[b] - count[a]
		}
		return strings.Compare(a, b)
	})
	var b strings.Builder
	b.WriteString(`<ul class="reasons">`)
	for _, k := range keys {
		fmt.Fprintf(&b, "<li>%d × %s</li>", count[k], esc(k))
	}
	b.WriteString("</ul>")
	return b.String()
}

// FilesHTML lists the first n files with their verdicts; FileRowsHTML adds more.
func FilesHTML(r *inspect.Report, n int) string {
	var b strings.Builder
	b.WriteString(`<div class="scroll"><table class="files"><thead><tr><th>path</th><th>partition</th><th>size</th><th>rows</th><th>ZCube</th><th>verdict</th></tr></thead><tbody>`)
	b.WriteString(FileRowsHTML(r, 0, n))
	b.WriteString("</tbody></table></div>")
	b.WriteString(FilesMoreHTML(r, n))
	return b.String()
}

// FilesMoreHTML says how many of the files the list shows, with a button for more, when it does
// not show them all.
func FilesMoreHTML(r *inspect.Report, shown int) string {
	if shown >= len(r.Files) {
		return ""
	}
	return fmt.Sprintf(`<p class="files-more">The first %d of %d files, in path order. <button type="button" id="files-more">Show %d more</button></p>`,
		shown, len(r.Files), min(FileRows, len(r.Files)-shown))
}

// FileRowsHTML is the file list's rows for files [lo, hi).
func FileRowsHTML(r *inspect.Report, lo, hi int) string {
	var b strings.Builder
	for _, f := range r.Files[lo:hi] {
		var part []string
		for k, v := range f.PartitionValues {
			s := "NULL"
			if v != nil {
				s = *v
			}
			part = append(part, k+"="+s)
		}
		slices.Sort(part)
		rows := ""
		if f.NumRecords != nil {
			rows = view.Thousands(*f.NumRecords)
		}
		cube := ""
		if f.ZCube != nil {
			cube = f.ZCube.ID
			if f.ZCube.Sealed {
				cube += " (sealed)"
			}
		}
		fmt.Fprintf(&b, `<tr data-path="%s" data-read="%t"><td>%s</td><td>%s</td><td class="n">%s</td><td class="n">%s</td><td>%s</td><td class="reason">%s</td></tr>`,
			esc(f.Path), f.Read, esc(f.Path), esc(strings.Join(part, "/")), view.Thousands(f.Size), rows, esc(cube), esc(f.Reason))
	}
	return b.String()
}

// OptimizeHTML shows the next OPTIMIZE's plans: the open-source planner's, and Fabric Runtime
// 2.0's, labelled, for a clustered table.
func OptimizeHTML(n *inspect.NextOptimize) string {
	if n == nil {
		return "<p>No plan: the table could not be read.</p>"
	}
	var b strings.Builder
	for _, p := range []*inspect.OptimizePlan{n.OSS, n.FabricRuntime20} {
		if p == nil {
			continue
		}
		fmt.Fprintf(&b, `<div class="plan" data-platform="%s"><h3>%s</h3>`, esc(p.Platform), esc(p.Label))
		if p.Error != nil {
			fmt.Fprintf(&b, `<p class="notice">[%s] %s</p></div>`, esc(p.Error.Class), esc(p.Error.Message))
			continue
		}
		fmt.Fprintf(&b, "<p>%s: of %s candidate files, rewrites %s files (%s) in %s bins; %s ZCubes sealed.</p>",
			esc(p.Mode), metric("candidate_files", p.ConsideredFiles, strconv.FormatInt(p.ConsideredFiles, 10)),
			metric("selected_files", p.SelectedFiles, strconv.Itoa(p.SelectedFiles)),
			metric("selected_bytes", p.SelectedBytes, bytesText(p.SelectedBytes)),
			metric("bins", len(p.Bins), strconv.Itoa(len(p.Bins))), metric("cubes_sealed", p.SealedCubes, strconv.Itoa(p.SealedCubes)))
		if len(p.Events) > 0 {
			b.WriteString(`<p>Why:</p><ul class="events">`)
			for i, e := range p.Events {
				if i == MaxEventRows {
					fmt.Fprintf(&b, `<li class="more">… and %d more (<code>layoutlab inspect --format json</code> lists every one).</li>`,
						len(p.Events)-MaxEventRows)
					break
				}
				fmt.Fprintf(&b, "<li>%s</li>", esc(e))
			}
			b.WriteString("</ul>")
		}
		if p.ClusteringStats != nil {
			j, _ := json.MarshalIndent(p.ClusteringStats, "", "  ")
			fmt.Fprintf(&b, "<details><summary>clusteringStats</summary><pre>%s</pre></details>", esc(string(j)))
		}
		b.WriteString("</div>")
	}
	return b.String()
}

// HistoryHTML is DESCRIBE HISTORY, newest first, with each commit's operationParameters and
// operationMetrics (clusteringStats and zOrderStats among them, as Delta writes them).
func HistoryHTML(h []deltalog.DeltaHistory) string {
	var b strings.Builder
	b.WriteString(`<div class="scroll"><table class="history"><thead><tr><th>version</th><th>timestamp</th><th>operation</th><th>operationParameters</th><th>operationMetrics</th><th>engineInfo</th></tr></thead><tbody>`)
	for _, r := range h {
		ts := ""
		if !r.Timestamp.IsZero() {
			ts = r.Timestamp.UTC().Format("2006-01-02 15:04:05")
		}
		fmt.Fprintf(&b, `<tr data-version="%d"><td>%d</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>`,
			r.Version, r.Version, esc(ts), esc(r.Operation), kv(r.OperationParameters), kv(r.OperationMetrics), esc(r.EngineInfo))
	}
	b.WriteString("</tbody></table></div>")
	return b.String()
}

func kv(m map[string]string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "<div><b>%s</b>: %s</div>", esc(k), esc(m[k]))
	}
	return b.String()
}

// DetailText is DESCRIBE DETAIL as indented JSON.
func DetailText(d *deltalog.TableDetail) string {
	j, _ := json.MarshalIndent(d, "", "  ")
	return string(j)
}

// AddActionText is a file's add action as the log line Delta writes, indented.
func AddActionText(f deltalog.AddFile) string {
	raw, err := deltalog.EncodeAction(f)
	if err != nil {
		return err.Error()
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	j, _ := json.MarshalIndent(v, "", "  ")
	return string(j)
}

// HoverText describes the file under the pointer.
func HoverText(r *inspect.Report, g *Grid, cell int, spans []float64, column string) string {
	fi := int(g.File[cell])
	f := &r.Files[fi]
	gl := g.Labels[g.Group[cell]]
	span := "unknown (no statistics)"
	if s := spanOf(spans, fi); s >= 0 {
		span = strconv.FormatFloat(s, 'f', 3, 64)
	}
	state := ""
	if gl.Sealed {
		state = ", sealed"
	} else if gl.Open {
		state = ", open"
	}
	cp := "none"
	if f.ClusteringProvider != nil {
		cp = *f.ClusteringProvider
	}
	text := fmt.Sprintf("%s\n%s (%d files, %s%s)\n%s, span of %s: %s, clusteringProvider: %s\n%s",
		f.Path, gl.Name, gl.Files, bytesText(gl.Bytes), state, bytesText(f.Size), column, span, cp, f.Reason)
	for _, n := range f.StatsNotes() {
		text += "\nstatistic left out: " + n
	}
	return text
}
