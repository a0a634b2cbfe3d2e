// Package deltalog models a Delta Lake table as its transaction log, following
// the Delta protocol (delta-io/delta PROTOCOL.md) and Spark's implementation
// (spark/src/main/scala/org/apache/spark/sql/delta/actions/actions.scala).
//
// A table is a sequence of commits. Each commit is a newline-delimited JSON
// file named %020d.json under _delta_log/, holding one action per line wrapped
// in its key: {"add":{...}}, {"remove":{...}}, {"metaData":{...}},
// {"protocol":{...}}, {"domainMetadata":{...}}, {"commitInfo":{...}}.
// WriteCommit writes one commit and ExportFiles (ExportDir on disk) a whole
// _delta_log; OpenSnapshot reads one through io/fs, so the package works
// natively, in tests and under js/wasm.
//
// A Snapshot is the immutable state of the table at one version, obtained by
// Action Reconciliation (PROTOCOL.md "Action Reconciliation"): the latest
// protocol and metaData win, add/remove actions are reconciled per logical
// file, domainMetadata is kept per domain with removed=true as a tombstone,
// and one commitInfo per version is kept as history. Snapshot.Apply returns
// a new snapshot and never changes the receiver.
//
// On top of the snapshot the package offers the pieces of Delta that Layout
// Lab shows to a person: DESCRIBE DETAIL and DESCRIBE HISTORY rows, the
// protocol's table features, the delta.clustering domain of liquid
// clustering and the ZCube tags that OPTIMIZE writes on AddFiles.
//
// OpenSnapshot reads a whole _delta_log as Delta Kernel does
// (open.go): the listing gives a validated LogSegment (segment.go) of the
// newest complete checkpoint at or before the version (classic, multi-part,
// or V2 in JSON or Parquet with sidecars), log compaction files and the
// commits after it, walked by listed file, never by counting versions; its
// replay is apart (ReplaySegment). Hostile input is bounded by named limits:
// MaxLineBytes, MaxActionsPerCommit, MaxCommitBytes, MaxCheckpointBytes,
// MaxSidecars, MaxLastCheckpointBytes and MaxSchemaDepth. Parquet is read with
// github.com/parquet-go/parquet-go, chosen over arrow-go's parquet package
// because both read every checkpoint of testdata/tables and parquet-go costs
// a js/wasm build about a fifth of the bytes.
//
// What is deliberately not modelled:
//   - Version checksum files (*.crc) are not used to build the snapshot (the
//     tests check snapshots against them);
//     _last_checkpoint is parsed but the listing decides, as Kernel lists anyway.
//   - txn (SetTransaction), cdc (AddCDCFile) and a line of one unknown
//     action are carried through unchanged as RawAction and take no part in
//     replay. Unknown keys beside a known action, unknown fields inside one,
//     and lines of only unknown keys are ignored, as Delta's
//     SingleAction.unwrap ignores them (actionKey). Remove tombstones are not
//     retained in the Snapshot (they only matter to VACUUM).
//   - Paths are compared exactly as written in the log (Delta canonicalises
//     them as URIs first).
//   - Field names are matched as Go's encoding/json does, case-insensitively
//     (Jackson is case-sensitive); Delta's writers never differ in case.
package deltalog
