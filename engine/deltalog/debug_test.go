// DebugString: the text form the tests and fixtures print, kept out of the engine the browser
// and the CLI link.

package deltalog

import (
	"fmt"
	"strings"
)

// DebugString renders the snapshot in a stable, line-oriented form for
// tests and fixtures.
func (s *Snapshot) DebugString() string {
	var b strings.Builder
	fmt.Fprintf(&b, "version: %d\n", s.version)
	p := s.Protocol()
	fmt.Fprintf(&b, "protocol: %s\n", p.SimpleString())
	fmt.Fprintf(&b, "features: [%s]\n", strings.Join(p.TableFeatures(), " "))
	m := s.Metadata()
	fmt.Fprintf(&b, "metadata: id=%s partitionColumns=[%s]\n", m.ID, strings.Join(m.PartitionColumns, " "))
	for _, k := range sortedKeys(m.Configuration) {
		fmt.Fprintf(&b, "  %s=%s\n", k, m.Configuration[k])
	}
	fmt.Fprintf(&b, "files: %d (%d bytes)\n", s.NumFiles(), s.SizeInBytes())
	for _, f := range s.Files() {
		fmt.Fprintf(&b, "  %s size=%d", f.Path, f.Size)
		if len(f.PartitionValues) > 0 {
			fmt.Fprintf(&b, " partition=%s", kvString(f.PartitionValues))
		}
		if f.DeletionVector() != nil {
			fmt.Fprintf(&b, " dv=%s", f.DeletionVector().UniqueID())
		}
		if f.ClusteringProvider() != "" {
			fmt.Fprintf(&b, " provider=%s", f.ClusteringProvider())
		}
		if len(f.Tags()) > 0 {
			fmt.Fprintf(&b, " tags=%s", kvString(f.Tags()))
		}
		if f.Stats != "" {
			fmt.Fprintf(&b, " stats=%s", f.Stats)
		}
		b.WriteByte('\n')
	}
	for _, d := range s.Domains() {
		fmt.Fprintf(&b, "domain %s: %s\n", d.Domain, d.Configuration)
	}
	for _, ci := range s.history {
		fmt.Fprintf(&b, "history %d: %s\n", *ci.Version, orNone(ci.Operation))
	}
	return b.String()
}

func kvString(m map[string]string) string {
	parts := make([]string, 0, len(m))
	for _, k := range sortedKeys(m) {
		parts = append(parts, k+"="+m[k])
	}
	return "{" + strings.Join(parts, ",") + "}"
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}
