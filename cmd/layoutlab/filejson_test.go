package main

import (
	"bytes"
	"encoding/json"
	"testing"
)

// indentCases are statistics' shapes: nested objects, empty ones, arrays, escapes, and
// brackets, commas and colons inside strings, with and without whitespace between tokens.
var indentCases = []string{
	`{"id":1,"day":"2024-01-01","name":"n000001"}`,
	`{}`, `{ }`, `[]`, `[ ]`, `{"a":{}}`, `{"a":[]}`, `{"a":[1,2,[3,{}]]}`,
	`{"st":{"a":-233,"inner":{"z":"ünï"}},"x":"NaN","d":1.5e-7,"b":true,"n":null,"f":false}`,
	` { "a" : 1 , "b" :	{ "c" : [ 1 , 2 ] } } `,
	"{\"a\"\r\n:\n2}",
	`{"s":"a,b:c{d}[e]\"f\\g\u00e9\/"}`, `{"\\":"\\\\","\"":"\""}`, `"top"`, `12`, `[{"a":"}"}]`,
}

// TestIndentRawAsJSONIndent: indentRaw writes what json.Indent writes.
func TestIndentRawAsJSONIndent(t *testing.T) {
	for _, s := range indentCases {
		var got, want bytes.Buffer
		got.WriteString("x")
		want.WriteString("x")
		if !indentRaw(&got, s, fieldIndent, "  ") {
			t.Errorf("%q: indentRaw gave up on valid JSON", s)
			continue
		}
		if err := json.Indent(&want, bytes.TrimRight([]byte(s), " \t\r\n"), fieldIndent, "  "); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("%q:\nindentRaw %q\njson      %q", s, got.String(), want.String())
		}
	}
	// What it cannot indent it leaves to json.Indent, with nothing written.
	for _, s := range []string{`{"a":1`, `{"a":"1}`, `}`, `{"a":x}`, `{"a":"\`} {
		var got bytes.Buffer
		got.WriteString("x")
		if indentRaw(&got, s, fieldIndent, "  ") || got.String() != "x" {
			t.Errorf("%q: indentRaw took it (%q)", s, got.String())
		}
	}
}

// FuzzIndentRaw: on valid JSON, indentRaw writes json.Indent's bytes or gives up.
func FuzzIndentRaw(f *testing.F) {
	for _, s := range indentCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !json.Valid([]byte(s)) {
			return
		}
		var got, want bytes.Buffer
		if !indentRaw(&got, s, fieldIndent, "  ") {
			return
		}
		if err := json.Indent(&want, bytes.TrimRight([]byte(s), " \t\r\n"), fieldIndent, "  "); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("%q:\nindentRaw %q\njson      %q", s, got.String(), want.String())
		}
	})
}
