package scenario

// The filter knobs (column, operator, value) are a view of the panel's WHERE: they read a WHERE
// of the form `column op literal` and write one, and any other WHERE stays as typed in the WHERE
// field, the filter's column then showing "—".

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"layoutlab/engine/table"
)

// filterOps are the comparisons the filter offers, as Spark SQL writes them.
var filterOps = []string{"=", "!=", "<", "<=", ">", ">="}

// filterColumn is a column the filter offers: its name, whether its literals are quoted (a
// string, date or timestamp) and a value the explainer's panels look up, used when the
// column changes to one whose literals the old value does not fit.
type filterColumn struct {
	Name   string
	Quoted bool
	Sample string
}

// filterColumns are the panel table's top-level columns that data skipping can use
// (table.Type.SkippingEligible: no booleans, binaries or structs), the explainer's four first.
var filterColumns = func() []filterColumn {
	first := []string{"user_id", "event_date", "region_id", "device_model_id"}
	samples := map[string]string{"user_id": "31415926", "event_date": "2025-03-01", "region_id": "3", "device_model_id": "1003"}
	var out []filterColumn
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
		out = append(out, filterColumn{Name: c.Name, Quoted: quoted, Sample: sample})
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

// filterColumnNames is the column select's options: "" (the WHERE is not a simple filter), then
// every filter column.
func filterColumnNames() []string {
	out := []string{""}
	for _, c := range filterColumns {
		out = append(out, c.Name)
	}
	return out
}

func lookupFilterColumn(name string) (filterColumn, bool) {
	for _, c := range filterColumns {
		if c.Name == name {
			return c, true
		}
	}
	return filterColumn{}, false
}

// simpleWhere is `column op literal`: a number, or a quoted string with ” for a quote,
// optionally typed (DATE'...', TIMESTAMP'...').
var simpleWhere = regexp.MustCompile(`^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(=|!=|<>|<=|>=|<|>)\s*(-?[0-9]+(?:\.[0-9]+)?|(?i:date|timestamp|timestamp_ntz)?\s*'(?:[^']|'')*')\s*$`)

// filter is a WHERE read as column, operator and value (the value unquoted).
type filter struct{ Col, Op, Value string }

// lastFilter is parseFilter's last answer: the three filter knobs read the same WHERE in every
// sync of the controls, which a dragged slider runs every frame.
var lastFilter struct {
	sync.Mutex
	where string
	f     filter
	ok    bool
	set   bool
}

// parseFilter reads where as a filter on one of filterColumns; ok is false for any other WHERE.
func parseFilter(where string) (filter, bool) {
	l := &lastFilter
	l.Lock()
	defer l.Unlock()
	if !l.set || l.where != where {
		l.f, l.ok = parseFilterText(where)
		l.where, l.set = where, true
	}
	return l.f, l.ok
}

func parseFilterText(where string) (f filter, ok bool) {
	m := simpleWhere.FindStringSubmatch(where)
	if m == nil {
		return filter{}, false
	}
	if _, known := lookupFilterColumn(m[1]); !known {
		return filter{}, false
	}
	op := m[2]
	if op == "<>" {
		op = "!="
	}
	v := m[3]
	if i := strings.IndexByte(v, '\''); i >= 0 {
		v = strings.ReplaceAll(v[i+1:len(v)-1], "''", "'")
	}
	return filter{Col: m[1], Op: op, Value: v}, true
}

// where composes the filter's WHERE, quoting the value for a string or date column.
func (f filter) where() (string, error) {
	c, ok := lookupFilterColumn(f.Col)
	if !ok {
		return "", knobErr("filter-col", "filter: %q is not a column the filter offers", f.Col)
	}
	if !slices.Contains(filterOps, f.Op) {
		return "", knobErr("filter-op", "filter: operator %q is not one of %s", f.Op, strings.Join(filterOps, " "))
	}
	v := strings.TrimSpace(f.Value)
	if v == "" {
		return "", knobErr("filter-value", "filter: type a value for %s", f.Col)
	}
	if c.Quoted {
		v = "'" + strings.ReplaceAll(v, "'", "''") + "'"
	} else if _, err := strconv.ParseFloat(v, 64); err != nil {
		return "", knobErr("filter-value", "filter: %s takes a number, not %q", f.Col, v)
	}
	return f.Col + " " + f.Op + " " + v, nil
}

// currentFilter is the panel's WHERE as a filter: the WHERE's own when it is one, else one on
// the first key (the explainer's lookups are on it) with its sample value.
func currentFilter(s *Scenario) (filter, bool) {
	if f, ok := parseFilter(s.Panel.Where); ok {
		return f, true
	}
	col := filterColumns[0]
	for _, k := range s.Panel.Keys {
		if c, ok := lookupFilterColumn(k); ok {
			col = c
			break
		}
	}
	return filter{Col: col.Name, Op: "=", Value: col.Sample}, false
}

// setFilter changes one part of the panel's filter and writes its WHERE.
func setFilter(s *Scenario, edit func(*filter) error) error {
	f, _ := currentFilter(s)
	if err := edit(&f); err != nil {
		return err
	}
	w, err := f.where()
	if err != nil {
		return err
	}
	s.Panel.Where = w
	return nil
}
