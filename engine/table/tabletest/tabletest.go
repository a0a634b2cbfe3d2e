// Package tabletest builds whole generated tables for the tests of the packages that read them;
// the product generates columns lazily (table.GenerateLazily), as it first needs each.
package tabletest

import "layoutlab/engine/table"

// Generate builds a table of the given number of rows from spec, deterministically from seed,
// with every column generated.
func Generate(spec table.Spec, rows int, seed uint64) (*table.Table, error) {
	t, err := table.GenerateLazily(spec, rows, seed)
	if err != nil {
		return nil, err
	}
	for i := range t.Cols {
		if err := t.Fill(i); err != nil {
			return nil, err
		}
	}
	return t, nil
}
