// Package parquetjson decodes Delta checkpoints and sidecars written as Parquet for
// engine/deltalog: Rows, which a program that opens real tables passes in
// deltalog.OpenOptions.Parquet, decodes adds straight to their type and every other action into
// the JSON line a commit file holds.
// It is a package of its own so that only programs that open real tables carry the Parquet
// library, github.com/parquet-go/parquet-go (chosen over github.com/apache/arrow-go's parquet
// package: both read every checkpoint of engine/deltalog/testdata/tables, and parquet-go costs a
// js/wasm build about a fifth of the bytes).
package parquetjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"reflect"
	"strings"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/format"
)

// checkpointActions are the top-level columns of a checkpoint that hold actions
// (PROTOCOL.md "Checkpoint Schema"); commitInfo is never checkpointed.
var checkpointActions = []string{"add", "remove", "metaData", "protocol", "domainMetadata", "txn", "checkpointMetadata", "sidecar"}

// checkpoint is an open Parquet checkpoint or sidecar: its schema and top-level fields.
type checkpoint struct {
	pf      *parquet.File
	footer  *footer
	schema  *parquet.Schema
	fields  map[string]parquet.Field
	decoded int64 // bytes decoded so far (see MaxDecodedBytes)
}

// MaxDecodedBytes caps what one checkpoint or sidecar decodes to: the bytes of every string
// value read (each repetition of a dictionary value counted again, since each is a copy), the
// JSON lines of the actions not decoded to their type, and the AddFiles that hold the adds.
// A dictionary lets a few KB of file stand for gigabytes of values (issue: a 1 MB path in 20,000
// rows, 6.3 MB on disk, took the CLI past 6 GB). 512 MiB is twice the text a JSON checkpoint may
// hold (deltalog.MaxCommitBytes, which applies to one), and half the 1 GiB the CLI and the page
// are held to, leaving room for the maps and indexes built beside it. The checkpoint of
// inspecttest.Table(1_000_000), 1,000,000 adds with statistics on three columns, decodes to
// 335 MB (62% of it).
const MaxDecodedBytes = 512 << 20

// decode counts n more decoded bytes, and fails past MaxDecodedBytes.
func (c *checkpoint) decode(n int64) error {
	if n > MaxDecodedBytes-c.decoded {
		return fmt.Errorf("decoded values pass the %d-byte limit on what a checkpoint decodes to (MaxDecodedBytes), after %d bytes", MaxDecodedBytes, c.decoded)
	}
	c.decoded += n
	return nil
}

// libraryPanic begins the message of a panic of the Parquet library, recovered.
const libraryPanic = "the Parquet library failed on it:"

// eachRowAt opens the checkpoint of size bytes read through r and hands it to use; it turns the
// library's panics on malformed files into errors.
func eachRowAt(r io.ReaderAt, size int64, use func(*checkpoint) error) (err error) {
	defer func() {
		if r := recover(); r != nil { // the library panics on some malformed files
			err = fmt.Errorf("not a readable Parquet checkpoint: %s %v", libraryPanic, r)
		}
	}()
	ft, err := checkFooter(r, size)
	if err != nil {
		return fmt.Errorf("not a readable Parquet checkpoint: %v", err)
	}
	// The page index and bloom filters are not needed, so their offsets and lengths are never
	// trusted.
	pf, err := parquet.OpenFile(r, size, parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return fmt.Errorf("not a readable Parquet checkpoint: %v", err)
	}
	schema, err := canonicalSchema(pf.Root(), ft.md.Schema)
	if err != nil {
		return fmt.Errorf("not a readable Parquet checkpoint: %v", err)
	}
	c := &checkpoint{pf: pf, footer: ft, schema: schema, fields: map[string]parquet.Field{}}
	for _, fl := range c.schema.Fields() {
		c.fields[fl.Name()] = fl
	}
	if _, ok := c.fields["add"]; !ok {
		if _, ok := c.fields["metaData"]; !ok {
			return fmt.Errorf("Parquet file has neither an add nor a metaData column: not a Delta checkpoint")
		}
	}
	return use(c)
}

// line is the JSON line of the action in row r.
func (c *checkpoint) line(r parquet.Row) ([]byte, error) {
	m := map[string]any{}
	if err := c.schema.Reconstruct(&m, r); err != nil {
		return nil, err
	}
	return rowLine(m, c.fields)
}

// rowLine returns the action in one checkpoint row as a JSON line, nil for a row with none.
func rowLine(m map[string]any, fields map[string]parquet.Field) ([]byte, error) {
	var key string
	var body map[string]any
	for _, k := range checkpointActions {
		v, ok := m[k].(map[string]any)
		if !ok || v == nil || allNil(v) {
			continue
		}
		if key != "" {
			return nil, fmt.Errorf("row holds two actions (%s, %s)", key, k)
		}
		key, body = k, v
	}
	if key == "" {
		return nil, nil
	}
	j := plainJSON(body, fields[key]).(map[string]any)
	if key == "add" {
		// A checkpoint may keep stats only as a struct (delta.checkpoint.writeStatsAsJson=false);
		// Delta Kernel reads stats_parsed then. It is rendered back into the JSON stats form.
		if s, _ := j["stats"].(string); s == "" {
			if sp, ok := j["stats_parsed"].(map[string]any); ok && sp != nil {
				sb, err := marshalNoEscape(dropNils(sp))
				if err != nil {
					return nil, err
				}
				j["stats"] = string(sb)
			}
		}
		delete(j, "stats_parsed")
		delete(j, "partitionValues_parsed")
	}
	return marshalNoEscape(map[string]any{key: j})
}

// marshalNoEscape is json.Marshal without HTML escaping, as Delta's Jackson writes.
func marshalNoEscape(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

func allNil(m map[string]any) bool {
	for _, v := range m {
		if v != nil {
			return false
		}
	}
	return true
}

// dropNils removes null entries from nested objects, as Delta's JSON stats omit absent values.
func dropNils(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		switch v := v.(type) {
		case nil:
		case map[string]any:
			out[k] = dropNils(v)
		default:
			out[k] = v
		}
	}
	return out
}

// plainJSON converts a reconstructed Parquet value into what a JSON commit would hold, guided by
// the Parquet schema node: binary as text, DATE as yyyy-MM-dd, TIMESTAMP as Delta's JSON stats
// write it (yyyy-MM-dd'T'HH:mm:ss.SSSXXX, or without zone for timestamp_ntz), DECIMAL as a number.
func plainJSON(v any, n parquet.Node) any {
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer { // optional map values
		if rv.IsNil() {
			return nil
		}
		v = rv.Elem().Interface()
	}
	switch x := v.(type) {
	case map[string]any:
		return plainStruct(x, n)
	case []any:
		out := make([]any, len(x))
		var elem parquet.Node
		if n != nil && !n.Leaf() && len(n.Fields()) == 1 {
			elem = n.Fields()[0]
			if !elem.Leaf() && len(elem.Fields()) == 1 {
				elem = elem.Fields()[0] // LIST: list.element
			}
		}
		for i, e := range x {
			out[i] = plainJSON(e, elem)
		}
		return out
	case nil:
		return nil
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Map && rv.Type().Key().Kind() == reflect.String {
		m := make(map[string]any, rv.Len())
		for it := rv.MapRange(); it.Next(); {
			m[it.Key().String()] = it.Value().Interface()
		}
		return plainJSON(m, n)
	}
	if n != nil && n.Leaf() {
		if lt := n.Type().LogicalType(); lt != nil {
			if out, ok := plainLogical(v, lt); ok {
				return out
			}
		}
	}
	switch x := v.(type) {
	case deprecated.Int96:
		// Spark's legacy INT96 timestamp: nanoseconds of the day, then the Julian day
		// (2440588 is 1970-01-01).
		nanos := int64(x[1])<<32 | int64(x[0])
		days := int64(x[2]) - 2440588
		return time.Unix(days*86400, nanos).UTC().Format("2006-01-02T15:04:05.000Z07:00")
	case []byte:
		return string(x)
	case time.Time:
		return x.UTC().Format("2006-01-02T15:04:05.000Z07:00")
	}
	return v
}

// plainStruct is plainJSON of a struct or a MAP's entries, each field guided by its node (a
// MAP's values by key_value.value).
func plainStruct(x map[string]any, n parquet.Node) map[string]any {
	out := make(map[string]any, len(x))
	var children map[string]parquet.Node
	if n != nil && !n.Leaf() {
		children = map[string]parquet.Node{}
		for _, f := range n.Fields() {
			children[f.Name()] = f
		}
	}
	for k, e := range x {
		var c parquet.Node
		if children != nil {
			c = children[k]
		}
		if c == nil && n != nil && !n.Leaf() && len(n.Fields()) == 1 {
			// a MAP: its values' node is key_value.value
			if kv := n.Fields()[0]; !kv.Leaf() {
				for _, f := range kv.Fields() {
					if f.Name() == "value" {
						c = f
					}
				}
			}
		}
		out[k] = plainJSON(e, c)
	}
	return out
}

// plainLogical is a leaf value of logical type lt as JSON holds it: DATE, TIMESTAMP and
// DECIMAL; false when lt is another type or v is not of the type's physical kind.
func plainLogical(v any, lt *format.LogicalType) (any, bool) {
	switch t := lt.Value.(type) {
	case *format.DateType:
		if d, ok := asInt(v); ok {
			return time.Unix(d*86400, 0).UTC().Format(time.DateOnly), true
		}
		if tm, ok := v.(time.Time); ok {
			return tm.UTC().Format(time.DateOnly), true
		}
	case *format.TimestampType:
		tm, ok := v.(time.Time)
		if i, isInt := asInt(v); isInt {
			// By the unit, not i·Duration: that overflows int64 nanoseconds past ±292 years
			// from 1970, and Delta's timestamps run from 0001 to 9999.
			switch t.Unit.Value.(type) {
			case *format.MilliSeconds:
				tm, ok = time.UnixMilli(i), true
			case *format.MicroSeconds:
				tm, ok = time.UnixMicro(i), true
			case *format.NanoSeconds:
				tm, ok = time.Unix(0, i), true
			}
		}
		if ok {
			if t.IsAdjustedToUTC {
				return tm.UTC().Format("2006-01-02T15:04:05.000Z07:00"), true
			}
			return tm.UTC().Format("2006-01-02T15:04:05.000"), true
		}
	case *format.DecimalType:
		return decimalNumber(v, int(t.Scale)), true
	}
	return nil, false
}

func asInt(v any) (int64, bool) {
	switch x := v.(type) {
	case int32:
		return int64(x), true
	case int64:
		return x, true
	case int:
		return int64(x), true
	}
	return 0, false
}

// decimalNumber renders an unscaled decimal (int32, int64 or big-endian two's complement bytes)
// with scale digits as a JSON number.
func decimalNumber(v any, scale int) any {
	u := new(big.Int)
	switch x := v.(type) {
	case []byte:
		u.SetBytes(x)
		if len(x) > 0 && x[0]&0x80 != 0 {
			u.Sub(u, new(big.Int).Lsh(big.NewInt(1), uint(8*len(x))))
		}
	default:
		i, ok := asInt(v)
		if !ok {
			return v
		}
		u.SetInt64(i)
	}
	s := u.String()
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	if scale > 0 {
		for len(s) <= scale {
			s = "0" + s
		}
		s = s[:len(s)-scale] + "." + s[len(s)-scale:]
	}
	if neg {
		s = "-" + s
	}
	return json.Number(s)
}
