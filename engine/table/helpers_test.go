package table

// Generate builds a table of the given number of rows from spec, deterministically from seed.
func Generate(spec Spec, rows int, seed uint64) (*Table, error) {
	t, err := GenerateLazily(spec, rows, seed)
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
