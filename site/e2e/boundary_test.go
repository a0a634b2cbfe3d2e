//go:build browser

package e2e

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	"layoutlab/front/boundary"
)

// TestBoundaryAsDeclared holds each browser program's window object, as the running page has
// it, to its declaration (front/boundary): every property on it is declared; every one not
// declared Later is there once the page says it is ready, of its declared type; a Later one, if
// there, is of its type too.
func TestBoundaryAsDeclared(t *testing.T) {
	ctx := browser(t)
	open(t, ctx, "")
	holdsToDeclaration(t, ctx, &boundary.Widget().Program)

	openTablePage(t, ctx)
	holdsToDeclaration(t, ctx, &boundary.Table().Program)
	if msg := give(t, ctx, archive(t, filepath.Join(tablesDir, "dat/basic_partitioned/delta"), "zip")); msg != "" {
		t.Fatal(msg)
	}
	types := holdsToDeclaration(t, ctx, &boundary.Table().Program)
	for _, name := range []string{"openMs", "logRead", "inspectMs", "renderMs", "planMs", "version", "via"} {
		if p := boundary.Table().Lookup(name); p == nil || types[name] != string(p.Type) {
			t.Errorf("after a table opened, window.layoutlabTable.%s is %q", name, types[name])
		}
	}

	// The advisor's object, once it has the table (its data files too) and after an advice.
	if msg := give(t, ctx, archive(t, filepath.Join(adviseTestdata, "events"), "zip")); msg != "" {
		t.Fatal(msg)
	}
	openAdvise(t, ctx)
	holdsToDeclaration(t, ctx, &boundary.Advise().Program)
	runAdvise(t, ctx, "user_id = 1")
	types = holdsToDeclaration(t, ctx, &boundary.Advise().Program)
	for _, name := range []string{"loadMs", "preparedOpen", "tableId", "dataFiles", "adviseMs", "longestGo", "longestWhat"} {
		if p := boundary.Advise().Lookup(name); p == nil || types[name] != string(p.Type) {
			t.Errorf("after an advice, window.layoutlabAdvise.%s is %q", name, types[name])
		}
	}
}

// holdsToDeclaration checks window[p.Global] against p and returns typeof each of its properties.
func holdsToDeclaration(t *testing.T, ctx context.Context, p *boundary.Program) map[string]string {
	t.Helper()
	var types map[string]string
	js := `JSON.stringify(Object.fromEntries(Object.keys(window.` + p.Global + `).map(k => [k, typeof window.` + p.Global + `[k]])))`
	if err := json.Unmarshal([]byte(eval[string](t, ctx, js)), &types); err != nil {
		t.Fatal(err)
	}
	for name, typ := range types {
		if p.Lookup(name) == nil {
			t.Errorf("window.%s.%s (a %s) is not declared in front/boundary", p.Global, name, typ)
		}
	}
	for _, pr := range p.Props {
		got, there := types[pr.Name]
		switch {
		case !there && !pr.Later:
			t.Errorf("window.%s.%s is missing once the page is ready", p.Global, pr.Name)
		case there && got != string(pr.Type):
			t.Errorf("window.%s.%s is a %s, declared a %s", p.Global, pr.Name, got, pr.Type)
		}
	}
	if len(types) < len(p.Props)/2 || !slices.ContainsFunc(p.Props, func(pr *boundary.Prop) bool { return pr.Later }) {
		t.Errorf("window.%s: %d properties found of %d declared", p.Global, len(types), len(p.Props))
	}
	return types
}
