package timeline

import (
	"strings"

	deltalog "layoutlab/engine/deltalog"
)

// ddl writes the day's DDL: CREATE TABLE on the first day, CLUSTER BY when clustering is
// enabled on a table with history, the key change, CLUSTER BY NONE.
func (r *run) ddl(day int, ds *dayState) {
	s := &r.s
	if r.tbl.version < 0 {
		r.create(day, ds)
	}
	if day == 1 && s.HistoryDays > 0 && r.liquid() {
		r.alterClusterBy(day, []string{ColCustomerID}, ds)
	}
	if day >= 1 && day == s.ChangeKeysDay {
		switch {
		case r.liquid():
			r.alterClusterBy(day, []string{ColOrderID}, ds)
		case r.tbl.partitioned:
			r.night.zorderCols = []string{ColOrderID}
			ds.statements = append(ds.statements, "-- from today the nightly OPTIMIZE Z-orders by order_id")
		default:
			ds.statements = append(ds.statements, "-- key change: not applicable, the table has no clustering keys")
		}
	}
	if day >= 1 && day == s.ClusterNoneDay {
		if r.tbl.clustering {
			r.alterClusterBy(day, nil, ds)
		} else {
			// AlterTableClusterByDeltaCommand: CLUSTER BY NONE on a non-clustered table is a
			// silent no-op (no commit).
			ds.statements = append(ds.statements, "ALTER TABLE "+TableName+" CLUSTER BY NONE; -- no-op: the table is not clustered")
		}
	}
}

// create writes version 0: CREATE TABLE, partitioned by event_date for the Z-order strategies,
// CLUSTER BY (customer_id) for the liquid strategies when there is no unclustered history.
func (r *run) create(day int, ds *dayState) {
	ts := timestamp(day, 0)
	p := deltalog.Protocol{MinReaderVersion: 1, MinWriterVersion: 2}
	m := deltalog.Metadata{
		ID:               uuidFrom(mix(r.s.Seed, 0x7461626c65)),
		Format:           deltalog.Format{Provider: "parquet", Options: map[string]string{}},
		SchemaString:     schemaString,
		PartitionColumns: []string{},
		Configuration:    map[string]string{},
		CreatedTime:      &ts,
	}
	stmt := "CREATE TABLE " + TableName + " (customer_id BIGINT, order_id BIGINT, event_date DATE)"
	c := logCommit{day: day, metadata: &m}
	ci := deltalog.CommitInfo{Timestamp: ts, Operation: "CREATE TABLE", IsolationLevel: "Serializable",
		IsBlindAppend: ptr(true), EngineInfo: engineInfo}
	if r.tbl.partitioned {
		m.PartitionColumns = []string{ColEventDate}
		stmt += " PARTITIONED BY (event_date)"
	}
	ci.SetParameter("isManaged", "false")
	ci.SetParameter("description", nil)
	ci.SetParameter("partitionBy", m.PartitionColumns)
	ci.SetParameter("properties", "{}")
	if r.liquid() && r.s.HistoryDays == 0 {
		p = p.WithClustering()
		dm := deltalog.ClusteringDomainForColumns(ColCustomerID)
		c.domain = &dm
		r.tbl.clustering, r.tbl.clusterCols = true, []string{ColCustomerID}
		ci.SetParameter("clusterBy", []string{ColCustomerID})
		stmt += " CLUSTER BY (customer_id)"
	}
	c.protocol = &p
	c.info = ci
	r.tbl.commit(c)
	ds.statements = append(ds.statements, stmt+";")
}

const engineInfo = "Layout-Lab-timeline (simulated open-source Delta Lake)"

func ptr[T any](v T) *T { return &v }

// alterClusterBy is ALTER TABLE CLUSTER BY (cols), or CLUSTER BY NONE when cols is empty
// (AlterTableClusterByDeltaCommand): a metadata-only commit of the delta.clustering domain,
// with the protocol upgrade when the table did not support clustering yet; no file is touched.
func (r *run) alterClusterBy(day int, cols []string, ds *dayState) {
	ts := timestamp(day, hourDDL)
	old := strings.Join(r.tbl.clusterCols, ",")
	c := logCommit{day: day}
	if !r.tbl.clustering {
		p := r.tbl.protocol().WithClustering()
		c.protocol = &p
		r.tbl.clustering = true
	}
	dm := deltalog.ClusteringDomainForColumns(cols...)
	c.domain = &dm
	ci := deltalog.CommitInfo{Timestamp: ts, Operation: "CLUSTER BY", IsolationLevel: "Serializable",
		IsBlindAppend: ptr(true), EngineInfo: engineInfo, ReadVersion: ptr(r.tbl.version)}
	ci.SetParameter("oldClusteringColumns", old)
	ci.SetParameter("newClusteringColumns", strings.Join(cols, ","))
	c.info = ci
	r.tbl.clusterCols = cols
	r.tbl.commit(c)
	if len(cols) == 0 {
		ds.statements = append(ds.statements, "ALTER TABLE "+TableName+" CLUSTER BY NONE;")
	} else {
		ds.statements = append(ds.statements, "ALTER TABLE "+TableName+" CLUSTER BY ("+strings.Join(cols, ", ")+");")
	}
}
