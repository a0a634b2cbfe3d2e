package scenario

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
)

// A link's fragment is "#s=" followed by base64url (no padding) of
//
//	[version byte][flags byte][payload]
//
// where the payload is the msgp encoding of a Scenario, raw-deflated when flags&flagDeflate and
// only when that is shorter.
const (
	LinkVersion     = 1
	flagDeflate     = 1 << 0
	knownFlags      = flagDeflate
	MaxLinkChars    = 8192      // the whole fragment
	MaxPayloadBytes = 64 * 1024 // after inflation
)

// LinkError says what was wrong with a link; the widget shows it verbatim.
type LinkError struct{ Msg string }

func (e *LinkError) Error() string { return "link: " + e.Msg }

func linkErr(format string, args ...any) error { return &LinkError{Msg: fmt.Sprintf(format, args...)} }

// deflaters keeps flate writers for Link: a new one allocates and clears about a megabyte of
// tables, and every panel Result carries its link.
var deflaters = sync.Pool{New: func() any {
	w, _ := flate.NewWriter(nil, flate.BestCompression)
	return w
}}

// Link encodes s as a URL fragment, "#s=...".
func Link(s Scenario) string {
	raw, err := s.MarshalMsg(nil)
	if err != nil {
		panic("scenario: msgp marshal cannot fail for this struct: " + err.Error())
	}
	flags := byte(0)
	var z bytes.Buffer
	w := deflaters.Get().(*flate.Writer)
	w.Reset(&z)
	w.Write(raw)
	w.Close()
	deflaters.Put(w)
	if z.Len() < len(raw) {
		raw, flags = z.Bytes(), flagDeflate
	}
	buf := append([]byte{LinkVersion, flags}, raw...)
	return "#s=" + base64.RawURLEncoding.EncodeToString(buf)
}

// FromFragment is the scenario a page's URL fragment carries: the defaults when the page has no
// fragment ("" or "#"), otherwise ParseLink's.
func FromFragment(fragment string) (Scenario, error) {
	if fragment == "" || fragment == "#" {
		return Default(), nil
	}
	return ParseLink(fragment)
}

// ParseLink decodes a fragment ("#s=...", "s=..." or a whole URL). It never panics; the error
// names what was wrong. The result has defaults filled in and is validated.
func ParseLink(fragment string) (Scenario, error) {
	var s Scenario
	if i := strings.IndexByte(fragment, '#'); i >= 0 {
		fragment = fragment[i+1:]
	}
	if len(fragment) > MaxLinkChars {
		return s, linkErr("%d characters is longer than the %d a link may have", len(fragment), MaxLinkChars)
	}
	var enc string
	found := false
	for _, part := range strings.Split(fragment, "&") {
		if v, ok := strings.CutPrefix(part, "s="); ok {
			enc, found = v, true
		}
	}
	if !found {
		return s, linkErr("no s= parameter in the fragment")
	}
	buf, err := base64.RawURLEncoding.DecodeString(enc)
	if err != nil {
		var ce base64.CorruptInputError
		if errors.As(err, &ce) {
			return s, linkErr("not base64url at character %d", int64(ce)+1)
		}
		return s, linkErr("not base64url: %v", err)
	}
	if len(buf) < 2 {
		return s, linkErr("truncated: %d bytes, a link needs at least a version and a flags byte", len(buf))
	}
	if buf[0] != LinkVersion {
		return s, linkErr("version %d is not one this Layout Lab reads (it reads %d)", buf[0], LinkVersion)
	}
	if buf[1]&^knownFlags != 0 {
		return s, linkErr("unknown flags %#02x", buf[1])
	}
	payload := buf[2:]
	if buf[1]&flagDeflate != 0 {
		r := flate.NewReader(bytes.NewReader(payload))
		payload, err = io.ReadAll(io.LimitReader(r, MaxPayloadBytes+1))
		if err != nil {
			return s, linkErr("compressed payload is damaged (%v)", err)
		}
		if len(payload) > MaxPayloadBytes {
			return s, linkErr("payload inflates past %d bytes", MaxPayloadBytes)
		}
	}
	rest, err := s.UnmarshalMsg(payload)
	if err != nil {
		return Scenario{}, linkErr("payload is damaged or truncated (%v)", err)
	}
	if len(rest) != 0 {
		return Scenario{}, linkErr("%d unexpected bytes after the scenario", len(rest))
	}
	s.EnsureDefaults()
	if err := s.Validate(); err != nil {
		return Scenario{}, linkErr("%v", err)
	}
	if err := s.checkColumns(); err != nil {
		return Scenario{}, linkErr("%v", err)
	}
	return s, nil
}
