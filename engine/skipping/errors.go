package skipping

import (
	"fmt"
	"sort"
	"strings"
)

// Pos is a byte offset into the predicate text.
type Pos int

// Position is a human-readable location: 1-based line and column (in bytes), as go/token prints.
type Position struct {
	Offset int
	Line   int
	Column int
}

func (p Position) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Column) }

// position converts a byte offset of src into a Position.
func position(src string, off int) Position {
	if off > len(src) {
		off = len(src)
	}
	if off < 0 {
		off = 0
	}
	line, col := 1, 1
	for i := 0; i < off; i++ {
		if src[i] == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return Position{Offset: off, Line: line, Column: col}
}

// Error is one problem in a predicate, in the form of go/scanner.Error.
type Error struct {
	Pos Position
	Msg string
}

func (e Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// ErrorList is a list of errors sorted by position, as go/scanner.ErrorList.
type ErrorList []*Error

func (l *ErrorList) add(p Position, msg string) { *l = append(*l, &Error{Pos: p, Msg: msg}) }

func (l ErrorList) Len() int      { return len(l) }
func (l ErrorList) Swap(i, j int) { l[i], l[j] = l[j], l[i] }
func (l ErrorList) Less(i, j int) bool {
	if l[i].Pos.Offset != l[j].Pos.Offset {
		return l[i].Pos.Offset < l[j].Pos.Offset
	}
	return l[i].Msg < l[j].Msg
}

// Sort orders the list by position.
func (l ErrorList) Sort() { sort.Stable(l) }

// Error prints the first error and how many more there are.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Err returns nil for an empty list, the list otherwise.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// All prints every error, one per line.
func (l ErrorList) All() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}
