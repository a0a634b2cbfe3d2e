package advisepage

import (
	"fmt"
	"math"
	"strings"

	"layoutlab/engine/advise"
	"layoutlab/engine/optimize"
)

// The Pareto chart's frame, in SVG user units (the SVG scales to its box).
const (
	chartW, chartH              = 480.0, 300.0
	padL, padR, padT, padB      = 84.0, 36.0, 12.0, 52.0
	plotW, plotH                = chartW - padL - padR, chartH - padT - padB
	chartTicks                  = 4
	pointR, frontierR, chosenR  = 4.0, 5.0, 9.0
	labelDX, labelDY            = 7.0, -6.0
	axisTitleBelow, axisTitleAt = 40.0, 14.0
)

// ParetoSVG plots each scored candidate's read cost (weighted bytes read per query) against its
// rewrite cost (bytes written in 30 days: the first OPTIMIZE and 30 nightly ones,
// RewriteBytes30d, the axes engine/advise's Pareto weighs), the frontier joined and filled, the
// chosen candidate ringed. Refused candidates have no point.
func ParetoSVG(r *advise.Report) string {
	var maxX, maxY float64
	n := 0
	for _, c := range r.Candidates {
		if c.Error == nil {
			maxX, maxY = math.Max(maxX, float64(c.RewriteBytes30d)), math.Max(maxY, c.BytesReadWeighted)
			n++
		}
	}
	if n == 0 {
		return ""
	}
	maxX, maxY = niceBytes(maxX), niceBytes(maxY)
	x := func(v float64) float64 { return padL + v/maxX*plotW }
	y := func(v float64) float64 { return padT + plotH - v/maxY*plotH }
	var b strings.Builder
	fmt.Fprintf(&b, `<h3>Read cost against rewrite cost</h3><figure class="pareto"><svg id="advise-pareto" viewBox="0 0 %g %g" role="img" aria-label="Pareto frontier: bytes read per query against bytes rewritten in 30 days">`, chartW, chartH)
	for i := 0; i <= chartTicks; i++ {
		f := float64(i) / chartTicks
		fmt.Fprintf(&b, `<line class="tick" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"/>`, x(f*maxX), padT, x(f*maxX), padT+plotH)
		fmt.Fprintf(&b, `<line class="tick" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"/>`, padL, y(f*maxY), padL+plotW, y(f*maxY))
		fmt.Fprintf(&b, `<text class="tl" x="%.1f" y="%.1f" text-anchor="middle">%s</text>`, x(f*maxX), padT+plotH+16, optimize.FormatBytes(int64(f*maxX)))
		fmt.Fprintf(&b, `<text class="tl" x="%.1f" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>`, padL-6, y(f*maxY), optimize.FormatBytes(int64(f*maxY)))
	}
	fmt.Fprintf(&b, `<line class="axis" x1="%g" y1="%g" x2="%g" y2="%g"/><line class="axis" x1="%g" y1="%g" x2="%g" y2="%g"/>`, padL, padT+plotH, padL+plotW, padT+plotH, padL, padT, padL, padT+plotH)
	fmt.Fprintf(&b, `<text class="at" x="%g" y="%g" text-anchor="middle">rewrite cost: bytes written in 30 days</text>`, padL+plotW/2, padT+plotH+axisTitleBelow)
	fmt.Fprintf(&b, `<text class="at" transform="translate(%g %g) rotate(-90)" text-anchor="middle">read cost: bytes per query (weighted)</text>`, axisTitleAt, padT+plotH/2)
	var line []string
	for _, i := range r.Pareto {
		c := r.Candidates[i]
		line = append(line, fmt.Sprintf("%.1f,%.1f", x(float64(c.RewriteBytes30d)), y(c.BytesReadWeighted)))
	}
	if len(line) > 1 {
		fmt.Fprintf(&b, `<polyline class="frontier" points="%s"/>`, strings.Join(line, " "))
	}
	front := frontier(r)
	for i, c := range r.Candidates {
		if c.Error != nil {
			continue
		}
		px, py := x(float64(c.RewriteBytes30d)), y(c.BytesReadWeighted)
		cls, rad := "pt", pointR
		if front[i] {
			cls, rad = "pt front", frontierR
		}
		fmt.Fprintf(&b, `<circle class="%s" data-candidate="%d" cx="%.1f" cy="%.1f" r="%g"><title>%d: %s</title></circle>`, cls, i, px, py, rad, i, esc(advise.Label(c)))
		if front[i] { // dominated points are named by their tooltips: they crowd
			fmt.Fprintf(&b, `<text class="pl" x="%.1f" y="%.1f">%d</text>`, px+labelDX, py+labelDY, i)
		}
		if r.Recommendation != nil && r.Recommendation.Candidate == i {
			fmt.Fprintf(&b, `<circle class="chosen" cx="%.1f" cy="%.1f" r="%g"/>`, px, py, chosenR)
		}
	}
	b.WriteString(`</svg><figcaption>Rewrite cost: the first OPTIMIZE and 30 nightly ones. <span class="key front"></span> on the Pareto frontier (no other candidate reads less and rewrites less; numbered by its row) · <span class="key pt"></span> dominated · <span class="key chosen"></span> chosen</figcaption></figure>`)
	return b.String()
}

// niceBytes is niceMax in the unit FormatBytes prints (B, KiB, MiB, GiB), so that the ticks
// read as round figures: 0, 250 KiB, 500 KiB, ...
func niceBytes(v float64) float64 {
	u := 1.0
	for v/u >= 1024 && u < float64(optimize.GiB) {
		u *= 1024
	}
	return niceMax(v/u) * u
}

// niceMax rounds a positive maximum up to 1, 2 or 5 times a power of ten (1 for 0), so that the
// ticks fall on round figures.
func niceMax(v float64) float64 {
	if v <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if v <= m*p {
			return m * p
		}
	}
	return 10 * p
}
