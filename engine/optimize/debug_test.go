// The text form the datadriven tests print and read (DebugString, ParseSnapshot): test code,
// kept out of the engine the browser and the CLI link.

package optimize

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// DebugString prints the snapshot in the compact text form ParseSnapshot reads:
//
//	table version=3 partitioned-by=event_date clustered-by=customer_id clustering-feature=true columns=40 props=k:v,k2:v2
//	<path> size=1G [part=k:v,…] [zcube=<id> zorder=c1,c2|- provider=<p>|none] [provider=<p>] [records=N] [deleted=N] [ranges=lo:hi]
//
// Sizes print as <n>G, <n>M or <n>K when they are whole binary units, else in bytes.
func (s *Snapshot) DebugString() string {
	var b strings.Builder
	fmt.Fprintf(&b, "table version=%d", s.Version)
	if len(s.PartitionColumns) > 0 {
		b.WriteString(" partitioned-by=" + strings.Join(s.PartitionColumns, ","))
	}
	if len(s.ClusteringColumns) > 0 {
		b.WriteString(" clustered-by=" + strings.Join(s.ClusteringColumns, ","))
	}
	fmt.Fprintf(&b, " clustering-feature=%t", s.ClusteringFeature)
	if s.NumColumns != 0 {
		fmt.Fprintf(&b, " columns=%d", s.NumColumns)
	}
	if len(s.Properties) > 0 {
		b.WriteString(" props=" + kvList(s.Properties))
	}
	b.WriteByte('\n')
	for i := range s.Files {
		b.WriteString(s.Files[i].debugString())
		b.WriteByte('\n')
	}
	return b.String()
}

func (f *File) debugString() string {
	var b strings.Builder
	b.WriteString(f.Path)
	b.WriteString(" size=" + FormatSize(f.Size))
	if len(f.PartitionValues) > 0 {
		b.WriteString(" part=" + kvList(f.PartitionValues))
	}
	id, hasID := f.Tags()[TagZCubeID]
	if hasID {
		b.WriteString(" zcube=" + id)
		if raw, ok := f.Tags()[TagZCubeZOrder]; ok {
			var cols []string
			if _, zo, ok := f.ZCube(); ok {
				cols = zo
			}
			if cols == nil && raw != "[]" {
				b.WriteString(" zorder-json=" + raw)
			} else {
				b.WriteString(" zorder=" + strings.Join(cols, ","))
			}
		} else {
			b.WriteString(" zorder=-")
		}
		switch f.ClusteringProvider() {
		case ProviderLiquid:
		case "":
			b.WriteString(" provider=none")
		default:
			b.WriteString(" provider=" + f.ClusteringProvider())
		}
	} else if f.ClusteringProvider() != "" {
		b.WriteString(" provider=" + f.ClusteringProvider())
	}
	if f.NumRecords != 0 {
		fmt.Fprintf(&b, " records=%d", f.NumRecords)
	}
	if f.DeletedRecords() != 0 {
		fmt.Fprintf(&b, " deleted=%d", f.DeletedRecords())
	}
	if r := f.ClusterRange; r != nil {
		b.WriteString(" ranges=" + fmtFloat(r.Min) + ":" + fmtFloat(r.Max))
	}
	return b.String()
}

// ParseSnapshot reads DebugString's form. A file line may also say repeat=N (N files named
// <path>-001 … <path>-N); a zcube without zorder takes the table's clustering columns and a
// zcube without provider takes "liquid", as OPTIMIZE writes them. It ends by checking that
// paths are unique.
func ParseSnapshot(text string) (*Snapshot, error) {
	s := &Snapshot{}
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if len(lines) == 0 || !strings.HasPrefix(strings.TrimSpace(lines[0]), "table") {
		return nil, fmt.Errorf("optimize: snapshot must start with a 'table' line")
	}
	featureSet := false
	for _, tok := range strings.Fields(lines[0])[1:] {
		k, v, ok := strings.Cut(tok, "=")
		if !ok {
			return nil, fmt.Errorf("optimize: line 1: bad token %q", tok)
		}
		var err error
		switch k {
		case "version":
			s.Version, err = strconv.ParseInt(v, 10, 64)
		case "partitioned-by":
			s.PartitionColumns = strings.Split(v, ",")
		case "clustered-by":
			s.ClusteringColumns = strings.Split(v, ",")
		case "clustering-feature":
			s.ClusteringFeature, err = strconv.ParseBool(v)
			featureSet = true
		case "columns":
			s.NumColumns, err = strconv.Atoi(v)
		case "props":
			s.Properties, err = parseKV(v)
		default:
			err = fmt.Errorf("unknown key %q", k)
		}
		if err != nil {
			return nil, fmt.Errorf("optimize: line 1: %s: %w", k, err)
		}
	}
	if !featureSet && len(s.ClusteringColumns) > 0 {
		s.ClusteringFeature = true
	}
	for n, line := range lines[1:] {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		files, err := s.parseFileLine(line)
		if err != nil {
			return nil, fmt.Errorf("optimize: line %d: %w", n+2, err)
		}
		s.Files = append(s.Files, files...)
	}
	seen := map[string]bool{}
	for _, f := range s.Files {
		if seen[f.Path] {
			return nil, fmt.Errorf("optimize: duplicate path %q", f.Path)
		}
		seen[f.Path] = true
	}
	return s, nil
}

func (s *Snapshot) parseFileLine(line string) ([]File, error) {
	toks := strings.Fields(line)
	f := File{Path: toks[0]}
	repeat := 1
	zorderSet, providerSet := false, false
	for _, tok := range toks[1:] {
		k, v, ok := strings.Cut(tok, "=")
		if !ok {
			return nil, fmt.Errorf("bad token %q", tok)
		}
		var err error
		switch k {
		case "size":
			f.Size, err = ParseSize(v)
		case "part":
			f.PartitionValues, err = parseKV(v)
		case "zcube":
			if f.Tags() == nil {
				extra(&f).Tags = map[string]string{}
			}
			f.Tags()[TagZCubeID] = v
		case "zorder", "zorder-json":
			if f.Tags() == nil {
				extra(&f).Tags = map[string]string{}
			}
			zorderSet = true
			switch {
			case k == "zorder-json":
				f.Tags()[TagZCubeZOrder] = v
			case v == "-":
			case v == "":
				f.Tags()[TagZCubeZOrder] = "[]"
			default:
				f.Tags()[TagZCubeZOrder] = encodeNames(strings.Split(v, ","))
			}
		case "provider":
			providerSet = true
			if v != "none" {
				extra(&f).ClusteringProvider = v
			}
		case "records":
			f.NumRecords, err = strconv.ParseInt(v, 10, 64)
		case "deleted":
			extra(&f).DeletedRecords, err = strconv.ParseInt(v, 10, 64)
		case "ranges":
			// One range, the first clustering column's (File.ClusterRange).
			lo, hi, ok := strings.Cut(v, ":")
			if !ok {
				return nil, fmt.Errorf("bad range %q", v)
			}
			var rg Range
			if rg.Min, err = strconv.ParseFloat(lo, 64); err == nil {
				rg.Max, err = strconv.ParseFloat(hi, 64)
			}
			if err == nil && rg.Max < rg.Min {
				err = fmt.Errorf("range %q has max < min", v)
			}
			if err != nil {
				return nil, err
			}
			f.ClusterRange = &rg
		case "repeat":
			repeat, err = strconv.Atoi(v)
			if err == nil && repeat < 1 {
				err = fmt.Errorf("repeat must be ≥ 1")
			}
		default:
			err = fmt.Errorf("unknown key %q", k)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", k, err)
		}
	}
	if _, ok := f.Tags()[TagZCubeID]; ok {
		if !zorderSet {
			f.Tags()[TagZCubeZOrder] = encodeNames(s.ClusteringColumns)
		}
		if !providerSet {
			extra(&f).ClusteringProvider = ProviderLiquid
		}
	}
	if repeat == 1 {
		return []File{f}, nil
	}
	out := make([]File, repeat)
	for i := range out {
		out[i] = f
		out[i].Path = fmt.Sprintf("%s-%03d", f.Path, i+1)
	}
	return out, nil
}

// ParseSize reads a byte count: a plain integer, or a number with a binary-unit suffix K, M, G
// or T (optionally followed by "iB" or "B"): "1G", "0.5G", "512M", "1GiB".
func ParseSize(v string) (int64, error) {
	t := strings.TrimSuffix(strings.TrimSuffix(v, "iB"), "B")
	mult := int64(1)
	if n := len(t); n > 0 {
		switch t[n-1] {
		case 'K', 'k':
			mult = KiB
		case 'M', 'm':
			mult = MiB
		case 'G', 'g':
			mult = GiB
		case 'T', 't':
			mult = GiB << 10
		}
		if mult != 1 {
			t = t[:n-1]
		}
	}
	if i, err := strconv.ParseInt(t, 10, 64); err == nil {
		if i > math.MaxInt64/mult {
			return 0, fmt.Errorf("size %q overflows", v)
		}
		return i * mult, nil
	}
	x, err := strconv.ParseFloat(t, 64)
	if err != nil {
		return 0, fmt.Errorf("bad size %q", v)
	}
	return int64(x * float64(mult)), nil
}

// FormatSize prints a size in ParseSize's form, exactly.
func FormatSize(n int64) string {
	switch {
	case n != 0 && n%(GiB<<10) == 0:
		return strconv.FormatInt(n/(GiB<<10), 10) + "T"
	case n != 0 && n%GiB == 0:
		return strconv.FormatInt(n/GiB, 10) + "G"
	case n != 0 && n%MiB == 0:
		return strconv.FormatInt(n/MiB, 10) + "M"
	case n != 0 && n%KiB == 0:
		return strconv.FormatInt(n/KiB, 10) + "K"
	}
	return strconv.FormatInt(n, 10)
}

func kvList(m map[string]string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + ":" + m[k]
	}
	return strings.Join(parts, ",")
}

func parseKV(v string) (map[string]string, error) {
	m := map[string]string{}
	for _, p := range strings.Split(v, ",") {
		k, val, ok := strings.Cut(p, ":")
		if !ok {
			return nil, fmt.Errorf("bad key:value %q", p)
		}
		m[k] = val
	}
	return m, nil
}

func fmtFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// compressPaths prints paths compactly: runs <prefix>-NNN with consecutive NNN become
// <prefix>-001..040.
func compressPaths(paths []string) string {
	var out []string
	for i := 0; i < len(paths); {
		pre, n, ok := splitNum(paths[i])
		j := i + 1
		if ok {
			for j < len(paths) {
				p2, n2, ok2 := splitNum(paths[j])
				if !ok2 || p2 != pre || n2.v != n.v+(j-i) || len(n2.s) != len(n.s) {
					break
				}
				j++
			}
		}
		if j-i > 1 {
			_, last, _ := splitNum(paths[j-1])
			out = append(out, paths[i]+".."+last.s)
		} else {
			out = append(out, paths[i])
		}
		i = j
	}
	return strings.Join(out, " ")
}

type numPart struct {
	s string
	v int
}

func splitNum(p string) (string, numPart, bool) {
	i := strings.LastIndexByte(p, '-')
	if i < 0 {
		return "", numPart{}, false
	}
	v, err := strconv.Atoi(p[i+1:])
	if err != nil || slices.Contains([]byte(p[i+1:]), '+') {
		return "", numPart{}, false
	}
	return p[:i], numPart{p[i+1:], v}, true
}
