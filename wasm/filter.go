package main

// The filter knobs' names in knobs.go, for the portable front/filter (which see).

import (
	"layoutlab/engine/scenario"
	panelfilter "layoutlab/front/filter"
)

type filter = panelfilter.Filter

var filterOps = panelfilter.Ops

func filterColumnNames() []string { return panelfilter.ColumnNames() }

func lookupFilterColumn(name string) (panelfilter.Column, bool) {
	return panelfilter.LookupColumn(name)
}

func parseFilter(where string) (filter, bool) { return panelfilter.Parse(where) }

func setFilter(s *scenario.Scenario, edit func(*filter) error) error { return panelfilter.Set(s, edit) }
