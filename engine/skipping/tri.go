package skipping

// SQL's three-valued logic, in which a statistics predicate is evaluated on a file: NULL is
// "unknown", so a file whose predicate is NULL is read (only FALSE skips).

// tri is SQL's three-valued truth.
type tri int8

const (
	triFalse tri = iota
	triNull
	triTrue
)

func (t tri) not() tri { return 2 - t }

func and3(a, b tri) tri {
	if a == triFalse || b == triFalse {
		return triFalse
	}
	if a == triNull || b == triNull {
		return triNull
	}
	return triTrue
}

func or3(a, b tri) tri {
	if a == triTrue || b == triTrue {
		return triTrue
	}
	if a == triNull || b == triNull {
		return triNull
	}
	return triFalse
}

func (t tri) String() string { return [...]string{"FALSE", "NULL", "TRUE"}[t] }
