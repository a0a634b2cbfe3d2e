package widget

import (
	"slices"
	"strconv"
	"strings"

	"layoutlab/engine/readout"
)

// Readouts is what the readout list shows: the metrics in order and the text each figure shows,
// so that a slider move rewrites only the figures that changed.
type Readouts struct {
	metrics []string
	labels  []string
	shown   [][2]string // per figure: the text and the exact figure (data-value) it shows
}

// Show is what the list must change to show rows: when its metrics or labels changed (rebuild),
// html, the list's markup (every label escaped), in a figure one box per pair; and changed, the figures that changed, each as "index\x00text\x00exact\x00", which the
// page writes in one call (setReadouts, site/loader.js).
func (rl *Readouts) Show(rows []readout.Readout, figure bool) (html string, rebuild bool, changed string) {
	metrics := make([]string, len(rows))
	labels := make([]string, len(rows))
	for i, r := range rows {
		metrics[i], labels[i] = r.Metric, r.Label
	}
	if !slices.Equal(metrics, rl.metrics) || !slices.Equal(labels, rl.labels) {
		var b strings.Builder
		for _, r := range rows {
			pair := "<dt>" + EscapeHTML(r.Label) + `</dt><dd><span data-metric="` + EscapeHTML(r.Metric) + `"></span></dd>`
			if figure {
				pair = `<div class="readout">` + pair + "</div>" // a figure lays each pair out as one box
			}
			b.WriteString(pair)
		}
		html, rebuild = b.String(), true
		*rl = Readouts{metrics: metrics, labels: labels, shown: make([][2]string, len(rows))}
	}
	var batch strings.Builder
	for i, r := range rows {
		now := [2]string{r.Text(), r.Exact()}
		if rl.shown[i] == now {
			continue
		}
		rl.shown[i] = now
		batch.WriteString(strconv.Itoa(i) + "\x00" + now[0] + "\x00" + now[1] + "\x00")
	}
	return html, rebuild, batch.String()
}
