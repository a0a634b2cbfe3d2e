package skipping

import (
	"fmt"
	"strings"
	"testing"
)

// isNullTree is a balanced AND/OR tree of comparisons, depth levels deep, under IS NULL: the
// predicate whose IS NULL pushdown (DataFiltersBuilder.constructDataFilters' IsNull(And/Or)
// case) visits each operand through both of its rewrites.
func isNullTree(depth int) string {
	var b strings.Builder
	leaf := 0
	var tree func(d int)
	tree = func(d int) {
		if d == 0 {
			fmt.Fprintf(&b, "a = %d", leaf)
			leaf++
			return
		}
		op := " AND "
		if d%2 == 0 {
			op = " OR "
		}
		b.WriteByte('(')
		tree(d - 1)
		b.WriteString(op)
		tree(d - 1)
		b.WriteByte(')')
	}
	tree(depth)
	b.WriteString(" IS NULL")
	return b.String()
}

func compileAllocs(t *testing.T, where string) float64 {
	t.Helper()
	e, err := Parse(where, fuzzLeaves)
	if err != nil {
		t.Fatal(err)
	}
	return testing.AllocsPerRun(5, func() {
		if _, err := Compile(e, Table{Leaves: fuzzLeaves}); err != nil {
			t.Fatal(err)
		}
	})
}

// TestCompileIsLinear: compiling a predicate twice the size allocates about twice as much. The
// IS NULL pushdown once rewrote each operand twice at every level, four times the work per
// level: depth 8 (3 KB of SQL) allocated 77 MB.
func TestCompileIsLinear(t *testing.T) {
	prev := compileAllocs(t, isNullTree(3))
	for d := 4; d <= 8; d++ { // depth 9 is past MaxInputBytes
		where := isNullTree(d)
		got := compileAllocs(t, where)
		t.Logf("depth %d (%d bytes): %.0f allocations", d, len(where), got)
		if got > 2.5*prev {
			t.Errorf("depth %d: %.0f allocations, %.1f times depth %d's %.0f: compiling is not linear in the predicate", d, got, got/prev, d-1, prev)
		}
		prev = got
	}
}

// BenchmarkCompileIsNullTree compiles isNullTree at depths 4 to 8.
func BenchmarkCompileIsNullTree(b *testing.B) {
	for d := 4; d <= 8; d++ {
		e, err := Parse(isNullTree(d), fuzzLeaves)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("depth=%d", d), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Compile(e, Table{Leaves: fuzzLeaves}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
