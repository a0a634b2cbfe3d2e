package advise

import (
	"fmt"
	"strings"

	"layoutlab/engine/optimize"
)

// NearBest is how close to the lowest weighted read cost a candidate must come to be chosen for
// a lower rewrite cost: within 5%.
const NearBest = 1.05

// Recommendation is the chosen candidate, why, and the SQL that applies it.
type Recommendation struct {
	Candidate int      `json:"candidate"`
	Label     string   `json:"label"`
	Reasons   []string `json:"reasons"`
	SQL       []string `json:"sql"`
}

// Recommend picks, on the Pareto frontier, the candidate with the lowest weighted bytes read;
// among those within NearBest of it, the one with the lowest 30-day rewrite bytes, then the one
// with fewer keys, then the earlier one. Its reasons give every figure with the stage it comes
// from; the trade-offs name each other frontier candidate that reads less for some query. nil
// when no candidate could be scored.
func Recommend(cs []Candidate, pareto []int, name string, partitioned bool) *Recommendation {
	if len(pareto) == 0 {
		return nil
	}
	best := pareto[0]
	for _, i := range pareto {
		if cs[i].BytesReadWeighted < cs[best].BytesReadWeighted {
			best = i
		}
	}
	chosen := -1
	for _, i := range pareto {
		if cs[i].BytesReadWeighted > cs[best].BytesReadWeighted*NearBest {
			continue
		}
		if chosen < 0 || better(&cs[i], &cs[chosen], i, chosen) {
			chosen = i
		}
	}
	c := cs[chosen]
	r := &Recommendation{Candidate: chosen, Label: Label(c), SQL: SQL(c, name, partitioned)}
	r.Reasons = reasons(cs, pareto, chosen)
	return r
}

func better(a, b *Candidate, ai, bi int) bool {
	switch {
	case a.RewriteBytes30d != b.RewriteBytes30d:
		return a.RewriteBytes30d < b.RewriteBytes30d
	case len(a.Keys) != len(b.Keys):
		return len(a.Keys) < len(b.Keys)
	}
	return ai < bi
}

// reasons says, in plain words with the figures, why the chosen candidate.
func reasons(cs []Candidate, pareto []int, chosen int) []string {
	c := cs[chosen]
	var out []string
	asIs := asIsIndex(cs)
	if asIs >= 0 && asIs != chosen {
		a := cs[asIs]
		out = append(out, fmt.Sprintf("%s reads %s a query on average (weighted; %.1f files), against %s (%.1f files) for the table as it is (what-if on the real rows: engine/layout, engine/stats, engine/skipping)",
			Label(c), optimize.FormatBytes(int64(c.BytesReadWeighted)), c.FilesReadWeighted,
			optimize.FormatBytes(int64(a.BytesReadWeighted)), a.FilesReadWeighted))
	} else {
		out = append(out, fmt.Sprintf("no candidate reads less than %s within %.0f%%: it reads %s a query on average (weighted; %.1f files)",
			Label(c), (NearBest-1)*100, optimize.FormatBytes(int64(c.BytesReadWeighted)), c.FilesReadWeighted))
	}
	for i, q := range c.Queries {
		line := fmt.Sprintf("%s (weight %g): %s, %s", q.Where, q.Weight, Files(q.FilesRead), optimize.FormatBytes(q.BytesRead))
		if asIs >= 0 && asIs != chosen {
			a := cs[asIs].Queries[i]
			line += fmt.Sprintf(", against %s, %s as it is", Files(a.FilesRead), optimize.FormatBytes(a.BytesRead))
		}
		out = append(out, line)
	}
	out = append(out, fmt.Sprintf("it costs %s in its first rewrite (engine/optimize's plan), then %s a night (engine/timeline, %s): %s in 30 days, over %d files",
		optimize.FormatBytes(c.FirstOptimizeBytes), optimize.FormatBytes(max(0, c.NightlyOptimizeBytes)), c.NightlyStrategy,
		optimize.FormatBytes(c.RewriteBytes30d), c.Files))
	out = append(out, tradeOffs(cs, pareto, chosen)...)
	return out
}

// tradeOffs names each other frontier candidate that reads fewer files for some query, with
// both candidates' figures for that query and their weighted and rewrite costs.
func tradeOffs(cs []Candidate, pareto []int, chosen int) []string {
	c := cs[chosen]
	var out []string
	for _, i := range pareto {
		if i == chosen {
			continue
		}
		o := cs[i]
		var wins []string
		for k, q := range o.Queries {
			if q.FilesRead < c.Queries[k].FilesRead {
				wins = append(wins, fmt.Sprintf("%s instead of %d for %s", Files(q.FilesRead), c.Queries[k].FilesRead, q.Where))
			}
		}
		if len(wins) == 0 {
			continue
		}
		out = append(out, fmt.Sprintf("trade-off: %s would read %s, but %s a query on average (weighted) against %s, for %s of rewrites in 30 days against %s",
			Label(o), strings.Join(wins, "; "), optimize.FormatBytes(int64(o.BytesReadWeighted)),
			optimize.FormatBytes(int64(c.BytesReadWeighted)), optimize.FormatBytes(o.RewriteBytes30d), optimize.FormatBytes(c.RewriteBytes30d)))
	}
	return out
}

// Files is a count of files in words: "1 file", "9 files".
func Files(n int) string {
	if n == 1 {
		return "1 file"
	}
	return fmt.Sprintf("%d files", n)
}

func asIsIndex(cs []Candidate) int {
	for i, c := range cs {
		if c.Layout == AsIs && c.Error == nil {
			return i
		}
	}
	return -1
}
