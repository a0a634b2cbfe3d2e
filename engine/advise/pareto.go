package advise

import "sort"

// Pareto is the frontier of read cost against rewrite cost: the candidates Delta runs that no
// other beats on both BytesReadWeighted and RewriteBytes30d (at most equal on both, better on
// one). Equal points keep the first candidate. The indices are in ascending rewrite cost, then
// ascending read cost.
func Pareto(cs []Candidate) []int {
	var out []int
	for i := range cs {
		if cs[i].Error != nil {
			continue
		}
		dominated := false
		for j := range cs {
			if j == i || cs[j].Error != nil {
				continue
			}
			if dominates(&cs[j], &cs[i]) || (j < i && samePoint(&cs[j], &cs[i])) {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, i)
		}
	}
	sort.SliceStable(out, func(a, b int) bool {
		x, y := &cs[out[a]], &cs[out[b]]
		if x.RewriteBytes30d != y.RewriteBytes30d {
			return x.RewriteBytes30d < y.RewriteBytes30d
		}
		return x.BytesReadWeighted < y.BytesReadWeighted
	})
	if out == nil {
		out = []int{}
	}
	return out
}

func dominates(a, b *Candidate) bool {
	return a.BytesReadWeighted <= b.BytesReadWeighted && a.RewriteBytes30d <= b.RewriteBytes30d &&
		(a.BytesReadWeighted < b.BytesReadWeighted || a.RewriteBytes30d < b.RewriteBytes30d)
}

func samePoint(a, b *Candidate) bool {
	return a.BytesReadWeighted == b.BytesReadWeighted && a.RewriteBytes30d == b.RewriteBytes30d
}
