// Package boundary declares what each browser program and its page exchange through one window
// object (window.layoutlab for the widget, window.layoutlabTable for the table page,
// window.layoutlabAdvise for the table page's advisor): every
// property, who sets it, its JavaScript type and what it means, as esbuild's
// cmd/esbuild/stdio_protocol.go declares the messages both of its sides speak. One file per
// program (widget.go, table.go, advise.go).
//
// The js mains set, read and call only what is declared here (wasm/browser.Global takes an Out
// to set and an In to call, nothing else); its tests generate docs/boundary.md from it and
// hold the pages' scripts (site/*.js) and the browser tests (site/e2e) to it: a name they use
// that is not declared, or a declared one nobody uses, fails.
package boundary

import (
	"reflect"
	"strings"
)

// Side says who sets a property.
type Side string

const (
	Go        Side = "Go"          // the Go program
	Page      Side = "page"        // the page's script (site/*.js)
	GoAndPage Side = "Go and page" // the page makes it, Go updates it (or the other way round)
)

// Type is a property's JavaScript type as typeof names it (an array is an "object").
type Type string

const (
	Number   Type = "number"
	Boolean  Type = "boolean"
	String   Type = "string"
	Object   Type = "object"
	Function Type = "function"
)

// Prop is one declared property of a program's window object.
type Prop struct {
	Name  string
	SetBy Side
	Type  Type
	// Later: not there yet when the page says the program is ready; set by a later event,
	// which Means names.
	Later bool
	Means string
}

// Out is a property the Go program sets (a value, or a function the page and tests call).
// Only this package makes one, so Go sets nothing undeclared.
type Out struct{ p *Prop }

// In is a property the page sets for the Go program to read or call.
type In struct{ p *Prop }

// Name is the property's name; it panics on an Out made outside this package.
func (o Out) Name() string { return o.p.Name }

// Name is the property's name; it panics on an In made outside this package.
func (i In) Name() string { return i.p.Name }

// Program is one browser program's window object and every property of it.
type Program struct {
	Global string // window[Global]
	Main   string // the Go program
	Script string // the page's script that makes the object before the program starts
	Ready  string // how the page learns the program is ready
	Props  []*Prop
}

// Lookup returns the property of that name, or nil.
func (p *Program) Lookup(name string) *Prop {
	for _, pr := range p.Props {
		if pr.Name == name {
			return pr
		}
	}
	return nil
}

// declare adds a program's properties, declared as data (a call a property costs about 1 KB of
// Go's wasm code, and the widget's download has a budget).
func (p *Program) declare(props []Prop) {
	for i := range props {
		pr := &props[i]
		if p.Lookup(pr.Name) != nil {
			panic("boundary: " + p.Global + "." + pr.Name + " declared twice")
		}
		p.Props = append(p.Props, pr)
	}
}

// bind points each Out and In field of b (a *WidgetBoundary, say) at the property of the same
// name (Ready at "ready", GCCycles at "gcCycles"): an Out at one Go sets, an In at one the page
// sets. A field without its property panics, so a declaration cannot drift from its fields.
func bind(b any, p *Program) {
	v := reflect.ValueOf(b).Elem()
	outT, inT := reflect.TypeFor[Out](), reflect.TypeFor[In]()
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		if f.Type != outT && f.Type != inT {
			continue
		}
		var pr *Prop
		for _, c := range p.Props {
			if strings.EqualFold(c.Name, f.Name) {
				pr = c
			}
		}
		switch {
		case pr == nil:
			panic("boundary: " + p.Global + " has no property for field " + f.Name)
		case f.Type == outT && pr.SetBy == Page, f.Type == inT && pr.SetBy != Page:
			panic("boundary: " + p.Global + "." + pr.Name + " is set by " + string(pr.SetBy) + ", not as field " + f.Name + " says")
		case f.Type == outT:
			v.Field(i).Set(reflect.ValueOf(Out{pr}))
		default:
			v.Field(i).Set(reflect.ValueOf(In{pr}))
		}
	}
}
