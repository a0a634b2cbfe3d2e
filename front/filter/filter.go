// Package filter is the panel's filter knobs (column, operator, value) as a view of its WHERE:
// they read a WHERE of the form `column op literal` and write one, and any other WHERE stays as
// typed in the WHERE field, the filter's column then showing "—". Plain Go, tested natively;
// wasm/knobs.go's filter knobs call it.
package filter

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"layoutlab/engine/scenario"
	"layoutlab/engine/table"
)

// Ops are the comparisons the filter offers, as Spark SQL writes them.
var Ops = []string{"=", "!=", "<", "<=", ">", ">="}

// Column is a column the filter offers: its name, whether its literals are quoted (a string,
// date or timestamp) and a value the explainer's panels look up, used when the column changes
// to one whose literals the old value does not fit.
type Column struct {
	Name   string
	Quoted bool
	Sample string
}

// Columns are the panel table's top-level columns that data skipping can use
// (table.Type.SkippingEligible: no booleans, binaries or structs), the explainer's four first.
var Columns = func() []Column {
	first := []string{"user_id", "event_date", "region_id", "device_model_id"}
	samples := map[string]string{"user_id": "31415926", "event_date": "2025-03-01", "region_id": "3", "device_model_id": "1003"}
	var out []Column
	add := func(c table.ColumnSpec) {
		t := strings.ToLower(c.Type)
		if t == "struct" || t == "boolean" || t == "binary" {
			return
		}
		quoted := t == "string" || strings.HasPrefix(t, "date") || strings.HasPrefix(t, "timestamp")
		sample := samples[c.Name]
		if sample == "" {
			sample = "1"
			if quoted {
				sample = "a"
				if t == "date" || strings.HasPrefix(t, "timestamp") {
					sample = "2025-03-01"
				}
			}
		}
		out = append(out, Column{Name: c.Name, Quoted: quoted, Sample: sample})
	}
	cols := table.DefaultPanelSpec().Columns
	for _, n := range first {
		for _, c := range cols {
			if c.Name == n {
				add(c)
			}
		}
	}
	for _, c := range cols {
		if !slices.Contains(first, c.Name) {
			add(c)
		}
	}
	return out
}()

// ColumnNames is the column select's options: "" (the WHERE is not a simple filter), then every
// filter column.
func ColumnNames() []string {
	out := []string{""}
	for _, c := range Columns {
		out = append(out, c.Name)
	}
	return out
}

// LookupColumn is the filter column named name.
func LookupColumn(name string) (Column, bool) {
	for _, c := range Columns {
		if c.Name == name {
			return c, true
		}
	}
	return Column{}, false
}

// simpleWhere is `column op literal`: a number, or a quoted string with ” for a quote,
// optionally typed (DATE'...', TIMESTAMP'...').
var simpleWhere = regexp.MustCompile(`^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(=|!=|<>|<=|>=|<|>)\s*(-?[0-9]+(?:\.[0-9]+)?|(?i:date|timestamp|timestamp_ntz)?\s*'(?:[^']|'')*')\s*$`)

// Filter is a WHERE read as column, operator and value (the value unquoted).
type Filter struct{ Col, Op, Value string }

// last is Parse's last answer: the three filter knobs read the same WHERE in every sync of the
// controls, which a dragged slider runs every frame.
var last struct {
	sync.Mutex
	where string
	f     Filter
	ok    bool
	set   bool
}

// Parse reads where as a filter on one of Columns; ok is false for any other WHERE.
func Parse(where string) (Filter, bool) {
	l := &last
	l.Lock()
	defer l.Unlock()
	if !l.set || l.where != where {
		l.f, l.ok = parseText(where)
		l.where, l.set = where, true
	}
	return l.f, l.ok
}

func parseText(where string) (f Filter, ok bool) {
	m := simpleWhere.FindStringSubmatch(where)
	if m == nil {
		return Filter{}, false
	}
	if _, known := LookupColumn(m[1]); !known {
		return Filter{}, false
	}
	op := m[2]
	if op == "<>" {
		op = "!="
	}
	v := m[3]
	if i := strings.IndexByte(v, '\''); i >= 0 {
		v = strings.ReplaceAll(v[i+1:len(v)-1], "''", "'")
	}
	return Filter{Col: m[1], Op: op, Value: v}, true
}

// Where composes the filter's WHERE, quoting the value for a string or date column.
func (f Filter) Where() (string, error) {
	c, ok := LookupColumn(f.Col)
	if !ok {
		return "", fmt.Errorf("filter: %q is not a column the filter offers", f.Col)
	}
	if !slices.Contains(Ops, f.Op) {
		return "", fmt.Errorf("filter: operator %q is not one of %s", f.Op, strings.Join(Ops, " "))
	}
	v := strings.TrimSpace(f.Value)
	if v == "" {
		return "", fmt.Errorf("filter: type a value for %s", f.Col)
	}
	if c.Quoted {
		v = "'" + strings.ReplaceAll(v, "'", "''") + "'"
	} else if _, err := strconv.ParseFloat(v, 64); err != nil {
		return "", fmt.Errorf("filter: %s takes a number, not %q", f.Col, v)
	}
	return f.Col + " " + f.Op + " " + v, nil
}

// Current is the panel's WHERE as a filter: the WHERE's own when it is one, else one on the
// first key (the explainer's lookups are on it) with its sample value.
func Current(s *scenario.Scenario) (Filter, bool) {
	if f, ok := Parse(s.Panel.Where); ok {
		return f, true
	}
	col := Columns[0]
	for _, k := range s.Panel.Keys {
		if c, ok := LookupColumn(k); ok {
			col = c
			break
		}
	}
	return Filter{Col: col.Name, Op: "=", Value: col.Sample}, false
}

// Set changes one part of the panel's filter and writes its WHERE.
func Set(s *scenario.Scenario, edit func(*Filter) error) error {
	f, _ := Current(s)
	if err := edit(&f); err != nil {
		return err
	}
	w, err := f.Where()
	if err != nil {
		return err
	}
	s.Panel.Where = w
	return nil
}
