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

func (p *Program) add(name string, by Side, t Type, means string) *Prop {
	if p.Lookup(name) != nil {
		panic("boundary: " + p.Global + "." + name + " declared twice")
	}
	pr := &Prop{Name: name, SetBy: by, Type: t, Means: means}
	p.Props = append(p.Props, pr)
	return pr
}

// out declares a property Go sets (by is Go, or GoAndPage).
func (p *Program) out(name string, by Side, t Type, means string) Out {
	return Out{p.add(name, by, t, means)}
}

// in declares a property the page sets for Go.
func (p *Program) in(name string, t Type, means string) In {
	return In{p.add(name, Page, t, means)}
}

// page declares a property the page sets for itself and the browser tests; Go never touches it.
func (p *Program) page(name string, t Type, means string) {
	p.add(name, Page, t, means)
}

// later marks the property last declared as set only after the program is ready.
func (p *Program) later() { p.Props[len(p.Props)-1].Later = true }

// Lookup returns the property of that name, or nil.
func (p *Program) Lookup(name string) *Prop {
	for _, pr := range p.Props {
		if pr.Name == name {
			return pr
		}
	}
	return nil
}
