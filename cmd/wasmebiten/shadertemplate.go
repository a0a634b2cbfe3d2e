package main

// This file is also written into Ebiten's internal/builtinshader package by the overlay (with
// its package clause changed), where it stands in for text/template: see main.go for why.

import (
	"fmt"
	"io"
	"reflect"
	"strings"
)

// shaderTemplate is a template of the one form Ebiten's builtin shader uses: text, {{if C}},
// {{else if C}}, {{else}} and {{end}}, where C is .Field (a bool) or eq .A .B. It reads fields
// with reflect's FieldByName, which, unlike text/template's MethodByName, leaves the linker free
// to drop the methods no one calls.
type shaderTemplate struct{ nodes []shaderNode }

// shaderNode is a run of text, or an if with its branches (conds[i] guards bodies[i]; a final
// body without a cond is the else).
type shaderNode struct {
	text   string
	conds  []string
	bodies [][]shaderNode
}

// mustParseShaderTemplate parses src, panicking on a form it does not know (as template.Must).
func mustParseShaderTemplate(src string) *shaderTemplate {
	t, err := parseShaderTemplate(src)
	if err != nil {
		panic("builtinshader: " + err.Error())
	}
	return t
}

// parseShaderTemplate parses src, or says which form it does not know.
func parseShaderTemplate(src string) (*shaderTemplate, error) {
	nodes, rest, end, err := parseShaderNodes(src)
	if err == nil && (rest != "" || end != "") {
		err = fmt.Errorf("unexpected {{%s}}", end)
	}
	return &shaderTemplate{nodes: nodes}, err
}

// parseShaderNodes parses src up to an {{else...}} or {{end}}, returned as end with the text
// after it.
func parseShaderNodes(src string) (nodes []shaderNode, rest, end string, err error) {
	for {
		i := strings.Index(src, "{{")
		if i < 0 {
			return append(nodes, shaderNode{text: src}), "", "", nil
		}
		if i > 0 {
			nodes = append(nodes, shaderNode{text: src[:i]})
		}
		j := strings.Index(src[i:], "}}")
		if j < 0 {
			return nil, "", "", fmt.Errorf("unclosed action")
		}
		action, after := strings.TrimSpace(src[i+2:i+j]), src[i+j+2:]
		if action == "end" || action == "else" || strings.HasPrefix(action, "else if ") {
			return nodes, after, action, nil
		}
		cond, ok := strings.CutPrefix(action, "if ")
		if !ok {
			return nil, "", "", fmt.Errorf("unknown action {{%s}}", action)
		}
		n := shaderNode{}
		for {
			body, r, e, err := parseShaderNodes(after)
			if err != nil {
				return nil, "", "", err
			}
			n.conds, n.bodies, after = append(n.conds, cond), append(n.bodies, body), r
			if e == "end" {
				break
			}
			if e == "" || cond == "" {
				return nil, "", "", fmt.Errorf("{{if %s}} has no {{end}}", n.conds[0])
			}
			cond, _ = strings.CutPrefix(e, "else if ")
			if e == "else" {
				cond = ""
			}
		}
		nodes, src = append(nodes, n), after
	}
}

// Execute writes the template with data's fields, as text/template's Execute.
func (t *shaderTemplate) Execute(w io.Writer, data any) error {
	return executeShaderNodes(w, t.nodes, reflect.ValueOf(data))
}

func executeShaderNodes(w io.Writer, nodes []shaderNode, data reflect.Value) error {
	for _, n := range nodes {
		if n.bodies == nil {
			if _, err := io.WriteString(w, n.text); err != nil {
				return err
			}
			continue
		}
		for i, c := range n.conds {
			ok, err := shaderCond(c, data)
			if err != nil {
				return err
			}
			if ok {
				if err := executeShaderNodes(w, n.bodies[i], data); err != nil {
					return err
				}
				break
			}
		}
	}
	return nil
}

// shaderCond is the truth of "" (else), ".Field" or "eq .A .B".
func shaderCond(c string, data reflect.Value) (bool, error) {
	field := func(name string) (reflect.Value, error) {
		f, ok := strings.CutPrefix(name, ".")
		v := data.FieldByName(f)
		if !ok || !v.IsValid() {
			return v, fmt.Errorf("no field %q", name)
		}
		return v, nil
	}
	args := strings.Fields(c)
	switch {
	case len(args) == 0:
		return true, nil
	case len(args) == 1:
		v, err := field(args[0])
		if err != nil || v.Kind() != reflect.Bool {
			return false, fmt.Errorf("{{if %s}}: not a bool field", c)
		}
		return v.Bool(), nil
	case len(args) == 3 && args[0] == "eq":
		a, err := field(args[1])
		if err != nil {
			return false, err
		}
		b, err := field(args[2])
		if err != nil || !a.CanInt() || !b.CanInt() {
			return false, fmt.Errorf("{{if %s}}: eq of non-integers", c)
		}
		return a.Int() == b.Int(), nil
	}
	return false, fmt.Errorf("unknown condition %q", c)
}
