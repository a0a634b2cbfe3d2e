package optimize

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"layoutlab/engine/work"
)

// Tag keys Delta writes on clustered AddFiles (M/actions/actions.scala, AddFile.Tags).
const (
	TagZCubeID      = "ZCUBE_ID"
	TagZCubeZOrder  = "ZCUBE_ZORDER_BY"
	ProviderLiquid  = "liquid" // ClusteredTableUtils.clusteringProvider
	GiB             = int64(1) << 30
	MiB             = int64(1) << 20
	KiB             = int64(1) << 10
	defaultFileSize = GiB // DELTA_OPTIMIZE_MIN_FILE_SIZE / DELTA_OPTIMIZE_MAX_FILE_SIZE
)

// Range is a closed interval [Min, Max] of one clustering column in rank space (the caller maps
// values to float64 rank positions, e.g. their quantile in the table's value distribution).
type Range struct{ Min, Max float64 }

// File is one live AddFile as the planner needs it: what every plan reads inline, what only
// clustering and a deletion vector read (FileExtra) behind one pointer that files may share. A
// million files of an unclustered table without deletion vectors were 88 bytes each in the
// inspector's plan, a tag map, a provider and a DV count a file of which none was set; 64 now.
type File struct {
	Path            string
	Size            int64
	PartitionValues map[string]string
	// NumRecords is the stats numRecords: physical rows, including DV-deleted ones (PROTOCOL.md
	// "Per-file Statistics"); 0 means unknown (no stats). No planner reads an add's
	// modificationTime (OptimizeExecutor bins by size, partition and ZCube): a million files'
	// times were 8 MB of the page's peak, so File has none.
	NumRecords int64
	// ClusterRange is the file's [min, max] of the first clustering column in rank space, what
	// the Fabric auto-recluster overlap score compares; nil means unknown (the file is never
	// scored). One range, not a slice of one per column, of which only the first was ever read:
	// a million files' list was 104 bytes a file (the table page's plan, one 99 MiB array), 88
	// with it.
	ClusterRange *Range
	// Extra is the file's tags, clustering provider and deletion vector; nil for a file with none
	// of them. Read-only: files share it (the adds of one bin, one ZCube's files).
	Extra *FileExtra
	// Ref is the caller's handle for the file (an index into its own file table, say). The
	// planner never reads it; it is carried unchanged into bins and removes, so the caller
	// needs no lookup by path.
	Ref int64
}

// FileExtra is what few files carry: an unclustered table's files without a deletion vector
// carry none of it.
type FileExtra struct {
	// Tags as Delta writes them: ZCUBE_ID (a UUID) and ZCUBE_ZORDER_BY (a JSON array of logical
	// clustering column names, e.g. ["customer_id"]). Read-only: files may share one map (the
	// adds of one bin do), as they share PartitionValues.
	Tags map[string]string
	// ClusteringProvider is "liquid" on files written by clustering OPTIMIZE, "" when absent.
	ClusteringProvider string
	// DeletedRecords is the deletion vector's cardinality; > 0 means the file has a DV.
	DeletedRecords int64
}

// Tags is the file's tags (FileExtra.Tags), nil without.
func (f *File) Tags() map[string]string {
	if f.Extra == nil {
		return nil
	}
	return f.Extra.Tags
}

// ClusteringProvider is the file's clustering provider (FileExtra.ClusteringProvider), "" without.
func (f *File) ClusteringProvider() string {
	if f.Extra == nil {
		return ""
	}
	return f.Extra.ClusteringProvider
}

// DeletedRecords is the file's deletion vector cardinality (FileExtra.DeletedRecords), 0 without.
func (f *File) DeletedRecords() int64 {
	if f.Extra == nil {
		return 0
	}
	return f.Extra.DeletedRecords
}

// ZCube returns the file's ZCube id and ZCUBE_ZORDER_BY columns, ok=false when untagged
// (ZCubeInfo.getForFile, M/zorder/ZCubeInfo.scala: both tags are required).
func (f *File) ZCube() (id string, zOrderBy []string, ok bool) {
	tags := f.Tags()
	id, ok1 := tags[TagZCubeID]
	raw, ok2 := tags[TagZCubeZOrder]
	if !ok1 || !ok2 {
		return "", nil, false
	}
	// by is declared here, not as the result, so that a file without the tags allocates
	// nothing: json.Unmarshal makes what it points to escape.
	var by []string
	if err := json.Unmarshal([]byte(raw), &by); err != nil {
		return "", nil, false
	}
	return id, by, true
}

// hasDV reports deletionVector != null.
func (f *File) hasDV() bool { return f.DeletedRecords() > 0 }

// deletedRatio is AddFile.deletedToPhysicalRecordsRatio; ok=false when numRecords is unknown.
func (f *File) deletedRatio() (float64, bool) {
	if f.NumRecords <= 0 {
		return 0, false
	}
	logical := f.NumRecords - f.DeletedRecords()
	return 1.0 - float64(logical)/float64(f.NumRecords), true
}

// estLogicalFileSize is AddFile.estLogicalFileSize.getOrElse(size): size scaled by
// logical/physical rows, i.e. after subtracting DV-deleted rows, truncated like Scala's toLong.
func (f *File) estLogicalFileSize() int64 {
	if f.NumRecords <= 0 {
		return f.Size
	}
	ratio := float64(f.NumRecords-f.DeletedRecords()) / float64(f.NumRecords)
	return int64(ratio * float64(f.Size))
}

// Snapshot is the table as it stands: an immutable input the planner never modifies.
type Snapshot struct {
	Version          int64
	Files            []File // live AddFiles in log order
	PartitionColumns []string
	// ClusteringFeature is true when the protocol supports the "clustering" writer feature
	// (ClusteredTableUtils.isSupported); it stays true after CLUSTER BY NONE.
	ClusteringFeature bool
	// ClusteringColumns are the logical names from the delta.clustering domain; empty after
	// CLUSTER BY NONE or on a non-clustered table.
	ClusteringColumns []string
	Properties        map[string]string
	// NumColumns is the number of top-level schema columns, for OptimizeMetrics.numTableColumns.
	NumColumns int
	// FilesGiven says the caller gives Files up to one plan: Planner.Plan may overwrite them
	// (filterCandidateFileList keeps the candidates in place), and after it they mean nothing.
	// The inspector's Files are made for its last plan: when any file is at or above
	// minFileSize, a table's candidates were copied, 100 MB for a million (not the bench table's
	// case: every file of inspecttest.Table is a candidate, which was never copied).
	FilesGiven bool
}

// Request is what the OPTIMIZE statement says.
type Request struct {
	Full bool
	// PartitionFilter keeps a file by its partition values (the WHERE clause, already parsed);
	// nil keeps every file.
	PartitionFilter func(partitionValues map[string]string) bool
	// Predicate is the WHERE clause as SQL text, one entry per predicate: the commitInfo
	// "predicate" parameter and the text of DELTA_CLUSTERING_WITH_PARTITION_PREDICATE.
	Predicate []string
	// PredicateColumns are the columns the WHERE clause references, for
	// DELTA_NON_PARTITION_COLUMN_REFERENCE.
	PredicateColumns []string
	ZOrderBy         []string
	// Yield, when set, is told the partitions binned so far, between the planner's stages
	// (after the candidates are filtered, after each partition's files are prepared and
	// binned), so that a caller on one thread (the browser) can let input in; its error stops
	// the plan, which returns it. The plan does not depend on it.
	Yield work.Yield
}

// Mode is OptimizeTableMode (M/commands/OptimizeTableStrategy.scala).
type Mode int

const (
	ModeCompaction Mode = iota
	ModeZOrder
	ModeClustering
)

func (m Mode) String() string {
	switch m {
	case ModeCompaction:
		return "COMPACTION"
	case ModeZOrder:
		return "ZORDER"
	case ModeClustering:
		return "CLUSTERING"
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// Platform selects whose OPTIMIZE is simulated. OSS, open-source Delta, is the default; the
// others are labelled platform behaviours.
type Platform int

const (
	PlatformOSS Platform = iota
	// PlatformFabricRuntime20: Microsoft Fabric Runtime 2.0 with incremental clustering
	// (spark.microsoft.delta.optimize.clustering.strategy.incremental) and auto-recluster.
	PlatformFabricRuntime20
	// PlatformFabricRuntime13: Microsoft Fabric Runtime 1.3 (Delta 3.2): every file of every
	// ZCube under minCubeSize is rewritten on each run, without filterOutSingleZCubes.
	PlatformFabricRuntime13
	// PlatformDatabricks: the OSS planner (Databricks' clustering on write is a write-path
	// behaviour, not modelled).
	PlatformDatabricks
)

var platformNames = []string{"oss", "fabric-runtime-2.0", "fabric-runtime-1.3", "databricks"}

func (p Platform) String() string {
	if int(p) >= 0 && int(p) < len(platformNames) {
		return platformNames[p]
	}
	return fmt.Sprintf("Platform(%d)", int(p))
}

// Default sizes (M/sources/DeltaSQLConf.scala).
const (
	DefaultMinFileSize         = defaultFileSize       // spark.databricks.delta.optimize.minFileSize
	DefaultMaxFileSize         = defaultFileSize       // spark.databricks.delta.optimize.maxFileSize
	DefaultMinCubeSize         = 100 * defaultFileSize // …clustering.mergeStrategy.minCubeSize.threshold
	DefaultMaxDeletedRowsRatio = 0.05                  // spark.databricks.delta.optimize.maxDeletedRowsRatio
	DefaultMinOffendingFiles   = 4
	DefaultMinOverlapThreshold = 0.75
)

// FabricConfig tunes the Fabric Runtime 2.0 incremental clustering (PlatformFabricRuntime20).
type FabricConfig struct {
	// Incremental is spark.microsoft.delta.optimize.clustering.strategy.incremental (default true).
	Incremental *bool
	// AutoRecluster is …clustering.strategy.incremental.autoRecluster (default true).
	AutoRecluster *bool
	// MinOffendingFiles (default 4, at least 2): a file is offending when it overlaps at least
	// MinOffendingFiles-1 other files.
	MinOffendingFiles int
	// MinOverlapThreshold (default 0.75, in (0.25, 1.0]): a pair overlaps when its score is above.
	MinOverlapThreshold float64
	// TargetFileSize: files below it are selected (default Config.MaxFileSize).
	TargetFileSize int64
}

// Bool returns a pointer to v, for FabricConfig's switches.
func Bool(v bool) *bool { return &v }

// Config is the session configuration OPTIMIZE reads. Zero fields take Delta's defaults
// (EnsureDefaults).
type Config struct {
	MinFileSize int64
	MaxFileSize int64
	MinCubeSize int64
	// TargetCubeSize defaults to 1.5 × MinCubeSize (saturating). Delta's own default is 1.5 × the
	// *default* minCube (150 GiB) whatever minCube is set to; Layout Lab lets the target follow
	// the minimum, as the product's knob does. Set it explicitly to get Delta's behaviour.
	TargetCubeSize int64
	// MaxDeletedRowsRatio; 0 takes the default 0.05 (REORG's 0 is not modelled).
	MaxDeletedRowsRatio float64
	Platform            Platform
	Fabric              FabricConfig
	// ZCubeSeed feeds the deterministic ZCube id generator (Delta uses UUID.randomUUID).
	ZCubeSeed uint64
	// Listener, if set, receives every decision event as it is made.
	Listener *EventListener
}

// EnsureDefaults returns a copy with zero fields set to their defaults.
func (c Config) EnsureDefaults() Config {
	if c.MinFileSize == 0 {
		c.MinFileSize = DefaultMinFileSize
	}
	if c.MaxFileSize == 0 {
		c.MaxFileSize = DefaultMaxFileSize
	}
	if c.MinCubeSize == 0 {
		c.MinCubeSize = DefaultMinCubeSize
	}
	if c.TargetCubeSize == 0 {
		if c.MinCubeSize > math.MaxInt64/3*2 {
			c.TargetCubeSize = math.MaxInt64
		} else {
			c.TargetCubeSize = c.MinCubeSize + c.MinCubeSize/2
		}
	}
	if c.MaxDeletedRowsRatio == 0 {
		c.MaxDeletedRowsRatio = DefaultMaxDeletedRowsRatio
	}
	f := &c.Fabric
	if f.Incremental == nil {
		f.Incremental = Bool(true)
	}
	if f.AutoRecluster == nil {
		f.AutoRecluster = Bool(true)
	}
	if f.MinOffendingFiles == 0 {
		f.MinOffendingFiles = DefaultMinOffendingFiles
	}
	if f.MinOverlapThreshold == 0 {
		f.MinOverlapThreshold = DefaultMinOverlapThreshold
	}
	if f.TargetFileSize == 0 {
		f.TargetFileSize = c.MaxFileSize
	}
	if c.Listener != nil {
		l := *c.Listener
		l.EnsureDefaults()
		c.Listener = &l
	}
	return c
}

// Validate checks a defaulted Config.
func (c Config) Validate() error {
	switch {
	case c.MinFileSize < 0 || c.MaxFileSize <= 0:
		return fmt.Errorf("optimize: minFileSize %d and maxFileSize %d must be positive", c.MinFileSize, c.MaxFileSize)
	case c.MinCubeSize <= 0 || c.TargetCubeSize <= 0:
		return fmt.Errorf("optimize: minCubeSize %d and targetCubeSize %d must be positive", c.MinCubeSize, c.TargetCubeSize)
	case c.MaxDeletedRowsRatio < 0 || c.MaxDeletedRowsRatio > 1:
		return fmt.Errorf("optimize: maxDeletedRowsRatio %v must be in [0, 1]", c.MaxDeletedRowsRatio)
	case c.Platform < PlatformOSS || c.Platform > PlatformDatabricks:
		return fmt.Errorf("optimize: unknown platform %d", int(c.Platform))
	case c.Fabric.MinOffendingFiles < 2:
		return fmt.Errorf("optimize: Fabric minOffendingFiles %d must be at least 2", c.Fabric.MinOffendingFiles)
	case !(c.Fabric.MinOverlapThreshold > 0.25 && c.Fabric.MinOverlapThreshold <= 1.0):
		return fmt.Errorf("optimize: Fabric minOverlapThreshold %v must be in (0.25, 1.0]", c.Fabric.MinOverlapThreshold)
	}
	return nil
}

// clusteringMaxBinSize is ClusteringStrategy.maxBinSize: max(targetCubeSize, minCubeSize).
func (c Config) clusteringMaxBinSize() int64 { return max(c.TargetCubeSize, c.MinCubeSize) }

// FormatBytes prints a size the way the decision log does: "40.0 GiB", "512.0 MiB", "3 B".
func FormatBytes(b int64) string {
	switch {
	case b >= GiB || b <= -GiB:
		return tenths(b, 30, " GiB")
	case b >= MiB || b <= -MiB:
		return tenths(b, 20, " MiB")
	case b >= KiB || b <= -KiB:
		return tenths(b, 10, " KiB")
	}
	return strconv.FormatInt(b, 10) + " B"
}

func encodeNames(names []string) string {
	if names == nil {
		names = []string{}
	}
	// Jackson (JsonUtils) does not escape HTML characters; encoding/json would turn '>' into \u003e.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(names)
	return strings.TrimSuffix(buf.String(), "\n")
}

// Extras hands out the files' FileExtra, one for all the files with the same ZCube tags and
// provider and no deletion vector (a clustered table's files: one a ZCube, not one a file).
// The zero value is ready.
type Extras struct{ byCube map[extraKey]*FileExtra }

// extraKey is what a shared FileExtra holds: tags of ZCUBE_ID and ZCUBE_ZORDER_BY at most
// (has says which), and the provider.
type extraKey struct {
	id, zOrderBy, provider string
	has                    uint8
}

// Of is the FileExtra of a file with these tags, provider and deletion vector cardinality: nil
// for none of them, a shared one when it can be, the file's own otherwise. The tags are read,
// never written.
func (x *Extras) Of(tags map[string]string, provider string, deletedRecords int64) *FileExtra {
	if len(tags) == 0 && provider == "" && deletedRecords == 0 {
		return nil
	}
	k := extraKey{provider: provider}
	id, ok1 := tags[TagZCubeID]
	by, ok2 := tags[TagZCubeZOrder]
	if ok1 {
		k.id, k.has = id, k.has|1
	}
	if ok2 {
		k.zOrderBy, k.has = by, k.has|2
	}
	if deletedRecords != 0 || len(tags) != int(k.has&1+k.has>>1) {
		return &FileExtra{Tags: tags, ClusteringProvider: provider, DeletedRecords: deletedRecords}
	}
	if e, ok := x.byCube[k]; ok {
		return e
	}
	if x.byCube == nil {
		x.byCube = map[extraKey]*FileExtra{}
	}
	e := &FileExtra{Tags: tags, ClusteringProvider: provider}
	x.byCube[k] = e
	return e
}
