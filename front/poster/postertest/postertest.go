// Package postertest reads posters back for the tests that compare them with what the live
// canvas draws (front/poster's own tests and the browser tests in site/e2e).
package postertest

import (
	"bytes"
	"encoding/xml"
	"io"
)

// Texts is every <text> element's character data in an SVG, in document order.
func Texts(svg []byte) ([]string, error) {
	d := xml.NewDecoder(bytes.NewReader(svg))
	var out []string
	in := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		switch v := tok.(type) {
		case xml.StartElement:
			if in = v.Name.Local == "text"; in {
				out = append(out, "")
			}
		case xml.CharData:
			if in {
				out[len(out)-1] += string(v)
			}
		case xml.EndElement:
			in = false
		}
	}
}
