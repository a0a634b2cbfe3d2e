package datafiles

import (
	"fmt"
	"strings"

	deltalog "layoutlab/engine/deltalog"
	"layoutlab/engine/table"
)

// leafPlan is one leaf the reader fills: its logical leaf, where it sits in a data file (physical
// names and column-mapping field ids, top down), and whether it is a partition column.
type leafPlan struct {
	leaf      table.Leaf // logical
	physPath  []string
	ids       []int64
	partition bool
	partKey   string // the partitionValues key (physical name)
}

// planColumns resolves the columns to read against the snapshot's schema: logical leaves and
// their physical names as SkippingSchema gives them (column mapping), field ids from the
// schema's metadata. names nil means every leaf the engine models.
func planColumns(snap *deltalog.Snapshot, names []string) (table.Schema, []leafPlan, error) {
	md := snap.Metadata()
	st, err := deltalog.ParseSchema(md.SchemaString)
	if err != nil {
		return table.Schema{}, nil, fmt.Errorf("metaData.schemaString: %v", err)
	}
	logical, physical := st.SkippingSchema()
	ll, pl := logical.Leaves(), physical.Leaves()
	keep := make([]bool, len(ll))
	if names == nil {
		for i := range keep {
			keep[i] = true
		}
	}
	for _, name := range names {
		found := false
		for i, l := range ll {
			n := l.Name()
			if strings.EqualFold(n, name) || len(n) > len(name) && strings.EqualFold(n[:len(name)+1], name+".") {
				keep[i], found = true, true
			}
		}
		if !found {
			return table.Schema{}, nil, unknownColumn(st, name)
		}
	}
	var plans []leafPlan
	for i, l := range ll {
		if !keep[i] {
			continue
		}
		p := leafPlan{leaf: l, physPath: pl[i].Path, ids: fieldIDs(st.Fields, pl[i].Path)}
		if len(l.Path) == 1 {
			for _, pc := range md.PartitionColumns {
				if strings.EqualFold(pc, l.Path[0]) {
					p.partition, p.partKey = true, pl[i].Path[0]
				}
			}
		}
		plans = append(plans, p)
	}
	out := logical.KeepLeaves(keep)
	leaves := out.Leaves()
	for i := range plans {
		plans[i].leaf = leaves[i]
	}
	return out, plans, nil
}

// fieldIDs are the delta.columnMapping.id of each field down a physical path (0 where absent).
func fieldIDs(fields []deltalog.SchemaField, path []string) []int64 {
	ids := make([]int64, len(path))
	for d, name := range path {
		var next []deltalog.SchemaField
		for _, f := range fields {
			if f.PhysicalName == name {
				ids[d], next = f.ID, f.Type.Fields
				break
			}
		}
		fields = next
	}
	return ids
}

// unknownColumn explains a column name the reader cannot read: a type it does not model, or no
// such column.
func unknownColumn(st deltalog.StructType, name string) error {
	top, _, _ := strings.Cut(name, ".")
	for _, f := range st.Fields {
		if strings.EqualFold(f.Name, top) {
			return fmt.Errorf("column %q: type %s is not one Layout Lab reads (numbers, decimal, string, binary, boolean, date, timestamp, timestamp_ntz and structs of them)", name, f.Type.Name)
		}
	}
	var have []string
	for _, f := range st.Fields {
		have = append(have, f.Name)
	}
	return fmt.Errorf("column %q is not in the table (columns: %s)", name, strings.Join(have, ", "))
}

// unreadColumns names the schema's columns of types the engine does not model (arrays, maps,
// variant, ...), dotted under their structs: Read leaves them out, Write refuses a table that has
// them, since its copy would lose their values.
func unreadColumns(fields []deltalog.SchemaField, prefix string) []string {
	var out []string
	for _, f := range fields {
		name := prefix + f.Name
		switch f.Type.Name {
		case "struct":
			out = append(out, unreadColumns(f.Type.Fields, name+".")...)
		case "decimal", "byte", "short", "integer", "long", "float", "double", "void",
			"string", "date", "timestamp", "timestamp_ntz", "boolean", "binary":
		default:
			out = append(out, name+" ("+f.Type.Name+")")
		}
	}
	return out
}
