package deltalog

import (
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Table feature names (spark/src/main/scala/org/apache/spark/sql/delta/TableFeature.scala).
const (
	FeatureAppendOnly       = "appendOnly"
	FeatureInvariants       = "invariants"
	FeatureCheckConstraints = "checkConstraints"
	FeatureChangeDataFeed   = "changeDataFeed"
	FeatureGeneratedColumns = "generatedColumns"
	FeatureColumnMapping    = "columnMapping"
	FeatureIdentityColumns  = "identityColumns"
	FeatureDeletionVectors  = "deletionVectors"
	FeatureDomainMetadata   = "domainMetadata"
	FeatureClustering       = "clustering"
	FeatureRowTracking      = "rowTracking"
	FeatureV2Checkpoint     = "v2Checkpoint"
)

// Protocol versions from which features are listed explicitly
// (TableFeatureProtocolUtils.TABLE_FEATURES_MIN_READER_VERSION / _WRITER_VERSION).
const (
	TableFeaturesMinReaderVersion = 3
	TableFeaturesMinWriterVersion = 7
)

// legacyFeature is a feature that older protocols support implicitly by
// version number: LegacyWriterFeature and LegacyReaderWriterFeature in
// TableFeature.scala. A legacy writer feature has minReaderVersion 0.
type legacyFeature struct {
	name                               string
	minReaderVersion, minWriterVersion int32
}

// legacyFeatures lists every legacy feature of TableFeature.scala (test-only
// features excluded), with the versions that imply it.
var legacyFeatures = []legacyFeature{
	{FeatureAppendOnly, 0, 2},
	{FeatureInvariants, 0, 2},
	{FeatureCheckConstraints, 0, 3},
	{FeatureChangeDataFeed, 0, 4},
	{FeatureGeneratedColumns, 0, 4},
	{FeatureColumnMapping, 2, 5},
	{FeatureIdentityColumns, 0, 6},
}

// SupportsReaderFeatures reports whether the protocol lists reader features
// explicitly (reader version 3).
func (p Protocol) SupportsReaderFeatures() bool {
	return p.MinReaderVersion >= TableFeaturesMinReaderVersion
}

// SupportsWriterFeatures reports whether the protocol lists writer features
// explicitly (writer version 7).
func (p Protocol) SupportsWriterFeatures() bool {
	return p.MinWriterVersion >= TableFeaturesMinWriterVersion
}

// ImplicitFeatures returns, sorted, the legacy features the protocol
// supports by version number alone, as TableFeatureSupport.implicitlySupportedFeatures
// computes them (spark/src/main/scala/org/apache/spark/sql/delta/actions/TableFeatureSupport.scala):
// none when both reader and writer features are explicit; otherwise each
// legacy feature whose versions are met, skipping the reader (writer) check
// failing when that side lists features explicitly. (1,2) gives
// [appendOnly invariants]; (1,3) adds checkConstraints; (2,5) adds
// changeDataFeed, generatedColumns and columnMapping; (1,7) gives none.
func (p Protocol) ImplicitFeatures() []string {
	if p.SupportsReaderFeatures() && p.SupportsWriterFeatures() {
		return nil
	}
	var out []string
	for _, f := range legacyFeatures {
		if p.SupportsReaderFeatures() || p.MinReaderVersion < f.minReaderVersion {
			continue
		}
		if p.SupportsWriterFeatures() || p.MinWriterVersion < f.minWriterVersion {
			continue
		}
		out = append(out, f.name)
	}
	sort.Strings(out)
	return out
}

// TableFeatures returns the sorted, de-duplicated names of all features the
// protocol supports, implicitly or explicitly: the tableFeatures column of
// DESCRIBE DETAIL (DescribeDeltaDetailsCommand.scala). Explicit names that
// this package does not know are kept, as Delta keeps them there.
func (p Protocol) TableFeatures() []string {
	out := p.ImplicitFeatures()
	out = append(out, p.ReaderFeatures...)
	out = append(out, p.WriterFeatures...)
	sort.Strings(out)
	return slices.Compact(out)
}

// IsFeatureSupported reports whether the protocol supports feature name.
func (p Protocol) IsFeatureSupported(name string) bool {
	return slices.Contains(p.TableFeatures(), name)
}

// SimpleString renders the protocol as Protocol.simpleString does: "1,2"
// for a legacy protocol, "3,7,[deletionVectors],[clustering,domainMetadata]"
// when features are listed ("None" for an absent list).
func (p Protocol) SimpleString() string {
	v := strconv.Itoa(int(p.MinReaderVersion)) + "," + strconv.Itoa(int(p.MinWriterVersion))
	if !p.SupportsReaderFeatures() && !p.SupportsWriterFeatures() {
		return v
	}
	list := func(names []string) string {
		if names == nil {
			return "None"
		}
		s := slices.Clone(names)
		sort.Strings(s)
		return "[" + strings.Join(s, ",") + "]"
	}
	return v + "," + list(p.ReaderFeatures) + "," + list(p.WriterFeatures)
}

// WithClustering returns the protocol after enabling liquid clustering
// (PROTOCOL.md "Clustered Table"; ClusteringTableFeature requires
// DomainMetadataTableFeature in TableFeature.scala): the writer version
// becomes 7 and writerFeatures gains clustering and domainMetadata. A legacy
// writer's implicit features become explicit writerFeatures, as Delta does
// when it moves a table to table features. The reader version and
// readerFeatures are unchanged, since both features are writer-only
// (docs/src/content/docs/delta-clustering.mdx: clustered tables "use Delta
// writer version 7 and reader version 1"). p is not changed; the feature
// lists of the result are sorted.
func (p Protocol) WithClustering() Protocol {
	out := Protocol{
		MinReaderVersion: p.MinReaderVersion,
		MinWriterVersion: TableFeaturesMinWriterVersion,
		ReaderFeatures:   slices.Clone(p.ReaderFeatures),
	}
	var writer []string
	if p.SupportsWriterFeatures() {
		writer = slices.Clone(p.WriterFeatures)
	} else {
		writer = p.ImplicitFeatures()
	}
	writer = append(writer, FeatureClustering, FeatureDomainMetadata)
	sort.Strings(writer)
	out.WriterFeatures = slices.Compact(writer)
	if out.MinReaderVersion < 1 {
		out.MinReaderVersion = 1
	}
	return out
}
