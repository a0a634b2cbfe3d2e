package table

import "testing"

// TestMaxDistinctBoundsTheRows: for every top-level column of the panel's table, the bound from
// the spec is at least the number of distinct values (NULL as one) the generator draws.
func TestMaxDistinctBoundsTheRows(t *testing.T) {
	spec := DefaultPanelSpec()
	for _, rows := range []int{1, 1000, 30_000} {
		tbl, err := Generate(spec, rows, 7)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range spec.Columns {
			bound, ok := spec.MaxDistinct(c.Name, rows)
			if c.Type == "struct" {
				if ok {
					t.Errorf("%s: a struct has no bound", c.Name)
				}
				continue
			}
			if !ok {
				t.Fatalf("%s: no bound", c.Name)
			}
			leaf := tbl.LeafIndex(c.Name)
			seen := map[string]bool{}
			for r := range rows {
				v := tbl.Cols[leaf].Value(r)
				seen[v.String()+"/"+boolString(v.Null)] = true
			}
			if int64(len(seen)) > bound {
				t.Errorf("%s at %d rows: %d distinct values, bound %d", c.Name, rows, len(seen), bound)
			}
			if rows == 30_000 && c.Name == "region_id" && bound != 6 {
				t.Errorf("region_id: bound %d, want its 6 values", bound)
			}
		}
	}
	if _, ok := spec.MaxDistinct("no_such", 10); ok {
		t.Error("an unknown column has a bound")
	}
}

func boolString(b bool) string {
	if b {
		return "null"
	}
	return "value"
}
