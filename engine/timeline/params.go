package timeline

import (
	"strconv"

	deltalog "layoutlab/engine/deltalog"
)

// paramLists sets the operation parameters of the commits a run makes every day (a WRITE's
// partitionBy, an OPTIMIZE's predicate, zOrderBy and clusterBy), encoding each distinct
// []string once: encoding/json, which deltalog.EncodeStringList uses, is slow in wasm, and the
// lists hardly change from night to night. CommitInfo.SetParameter keeps a []string as its JSON
// text and a string as it is, neither as a literal, so the text set as a string is the same
// parameter.
type paramLists struct{ enc map[string]string }

// set sets ci's parameter key to v, a []string taken from the encoded ones.
func (pl *paramLists) set(ci *deltalog.CommitInfo, key string, v any) {
	l, ok := v.([]string)
	if !ok || l == nil { // nil encodes as [], which the key below does not tell from [] (no cache)
		ci.SetParameter(key, v)
		return
	}
	k := listKey(l)
	s, ok := pl.enc[k]
	if !ok {
		if pl.enc == nil {
			pl.enc = map[string]string{}
		}
		s = deltalog.EncodeStringList(l)
		pl.enc[k] = s
	}
	ci.SetParameter(key, s)
}

// listKey tells lists apart: each element as its length, a colon and itself.
func listKey(l []string) string {
	var b []byte
	for _, s := range l {
		b = strconv.AppendInt(b, int64(len(s)), 10)
		b = append(b, ':')
		b = append(b, s...)
	}
	return string(b)
}
