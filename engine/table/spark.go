package table

import (
	"fmt"
	"strconv"
	"strings"
)

// This file renders types and names the three ways Spark prints them, because Delta's error
// messages embed each of them verbatim: typeName (StructType.treeString), sql (ClusteringColumn
// errors) and the Catalyst toString (DELTA_COLUMN_DATA_SKIPPING_NOT_SUPPORTED_TYPE).

// TypeName is Spark's DataType.typeName, the word treeString and the Delta schemaString use:
// "integer", "long", "decimal(10,2)", "struct".
func (t Type) TypeName() string {
	switch t.Kind {
	case Int:
		return "integer"
	case Bigint:
		return "long"
	case Decimal:
		return fmt.Sprintf("decimal(%d,%d)", t.Precision, t.Scale)
	}
	return t.Kind.String()
}

// SQL is Spark's DataType.sql: "INT", "BIGINT", "DECIMAL(10,2)", "STRUCT<b: INT, c: STRING>".
// Delta prints it in DELTA_CLUSTERING_COLUMNS_DATATYPE_NOT_SUPPORTED ("a : STRUCT<b: INT>").
func (t Type) SQL() string {
	switch t.Kind {
	case Decimal:
		return fmt.Sprintf("DECIMAL(%d,%d)", t.Precision, t.Scale)
	case Struct:
		var b strings.Builder
		b.WriteString("STRUCT<")
		for i, f := range t.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(QuoteIfNeeded(f.Name) + ": " + f.Type.SQL())
		}
		b.WriteString(">")
		return b.String()
	}
	return strings.ToUpper(t.Kind.String())
}

// CatalystString is the Scala toString of the Catalyst type object ("BooleanType",
// "DecimalType(10,2)"), which Delta passes as <type> to
// DELTA_COLUMN_DATA_SKIPPING_NOT_SUPPORTED_TYPE (M/stats/StatisticsCollection.scala,
// validateDataSkippingType: `dataType.toString`).
func (t Type) CatalystString() string {
	switch t.Kind {
	case Bigint:
		return "LongType"
	case Int:
		return "IntegerType"
	case Double:
		return "DoubleType"
	case Decimal:
		return fmt.Sprintf("DecimalType(%d,%d)", t.Precision, t.Scale)
	case String:
		return "StringType"
	case Date:
		return "DateType"
	case Timestamp:
		return "TimestampType"
	case TimestampNTZ:
		return "TimestampNTZType"
	case Boolean:
		return "BooleanType"
	case Binary:
		return "BinaryType"
	case Struct:
		var b strings.Builder
		b.WriteString("StructType(")
		for i, f := range t.Fields {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "StructField(%s,%s,%t)", f.Name, f.Type.CatalystString(), f.Nullable)
		}
		b.WriteString(")")
		return b.String()
	}
	return t.Kind.String()
}

// TreeString renders fields as Spark's StructType.treeString does: a "root" line, then one
// " |-- name: typeName (nullable = b)" line per field, nested fields indented by "    |", every
// line ending in "\n". Delta embeds it in DELTA_COLUMN_NOT_FOUND_IN_SCHEMA and
// DELTA_CLUSTERING_COLUMN_MISSING_STATS.
func TreeString(fields []Field) string {
	var b strings.Builder
	b.WriteString("root\n")
	var walk func(prefix string, fs []Field)
	walk = func(prefix string, fs []Field) {
		for _, f := range fs {
			fmt.Fprintf(&b, "%s-- %s: %s (nullable = %t)\n", prefix, escapeMeta(f.Name), f.Type.TypeName(), f.Nullable)
			if f.Type.Kind == Struct {
				walk(prefix+"    |", f.Type.Fields)
			}
		}
	}
	walk(" |", fields)
	return b.String()
}

// escapeMeta is Spark's SchemaUtils.escapeMetaCharacters: control characters in a field name
// print as their escapes so that treeString stays one line per field.
func escapeMeta(s string) string {
	r := strings.NewReplacer("\n", `\n`, "\r", `\r`, "\t", `\t`, "\f", `\f`, "\b", `\b`, "\v", `\v`, "\a", `\a`)
	return r.Replace(s)
}

// QuoteIfNeeded is Spark's quoteIfNeeded: a name part made only of letters, digits and
// underscores, and not only of digits, prints bare; anything else in backticks with inner
// backticks doubled. Delta uses
// it whenever it prints a multipart column name (UnresolvedAttribute.name, FieldReference).
func QuoteIfNeeded(part string) string {
	allDigits := strings.IndexFunc(part, func(r rune) bool { return r < '0' || r > '9' }) < 0
	if part != "" && !allDigits && strings.IndexFunc(part, func(r rune) bool {
		return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return part
	}
	return "`" + strings.ReplaceAll(part, "`", "``") + "`"
}

// QuoteName prints a multipart name as UnresolvedAttribute.name does.
func QuoteName(parts []string) string {
	q := make([]string, len(parts))
	for i, p := range parts {
		q[i] = QuoteIfNeeded(p)
	}
	return strings.Join(q, ".")
}

// ParseMultipartName splits a column reference such as "a.b" or "`a.b`.c" into its parts, as
// Spark's multipartIdentifier rule does: dots separate parts outside backticks, and "“" inside
// backticks is one backtick.
func ParseMultipartName(s string) ([]string, error) {
	var parts []string
	var cur strings.Builder
	quoted, wasQuoted := false, false
	s = strings.TrimSpace(s)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quoted && c == '`' && i+1 < len(s) && s[i+1] == '`':
			cur.WriteByte('`')
			i++
		case c == '`':
			quoted = !quoted
			wasQuoted = true
		case !quoted && c == '.':
			if cur.Len() == 0 && !wasQuoted {
				return nil, fmt.Errorf("invalid column name %q: empty name part", s)
			}
			parts = append(parts, cur.String())
			cur.Reset()
			wasQuoted = false
		default:
			cur.WriteByte(c)
		}
	}
	if quoted {
		return nil, fmt.Errorf("invalid column name %q: unclosed backtick", s)
	}
	if cur.Len() == 0 && !wasQuoted {
		return nil, fmt.Errorf("invalid column name %q: empty name part", s)
	}
	parts = append(parts, strings.TrimSpace(cur.String()))
	return parts, nil
}

// ParseType reads a Spark SQL type name, including "decimal(p,s)" (precision 1..18: the
// simulator's columns keep unscaled decimals in an int64; a real table's decimal(38) is read by
// engine/deltalog, not through here). A struct's fields are supplied separately.
func ParseType(s string) (Type, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	if rest, ok := strings.CutPrefix(name, "decimal"); ok && rest != "" {
		rest = strings.TrimSpace(rest)
		if !strings.HasPrefix(rest, "(") || !strings.HasSuffix(rest, ")") {
			return Type{}, fmt.Errorf("unknown type %q", s)
		}
		ps := strings.Split(rest[1:len(rest)-1], ",")
		if len(ps) != 2 {
			return Type{}, fmt.Errorf("unknown type %q: decimal needs (precision,scale)", s)
		}
		p, err1 := strconv.Atoi(strings.TrimSpace(ps[0]))
		sc, err2 := strconv.Atoi(strings.TrimSpace(ps[1]))
		if err1 != nil || err2 != nil || p < 1 || p > 18 || sc < 0 || sc > p {
			return Type{}, fmt.Errorf("unsupported type %q: precision must be 1..18 and 0 <= scale <= precision", s)
		}
		return Type{Kind: Decimal, Precision: uint8(p), Scale: uint8(sc)}, nil
	}
	k, ok := ParseKind(name)
	if !ok {
		return Type{}, fmt.Errorf("unknown type %q", s)
	}
	if k == Decimal {
		// Spark's bare DECIMAL is DECIMAL(10,0).
		return Type{Kind: Decimal, Precision: 10}, nil
	}
	return Type{Kind: k}, nil
}

// KeepLeaves returns the schema cut down to the leaves marked in keep (indexed by Leaves()
// order); a struct stays when any of its leaves does, with only those leaves. This is how Delta's
// truncateSchema and filterSchema shape statCollectionLogicalSchema
// (M/stats/StatisticsCollection.scala), whose treeString error messages print.
func (s Schema) KeepLeaves(keep []bool) Schema {
	i := 0
	var walk func(fs []Field) []Field
	walk = func(fs []Field) []Field {
		var out []Field
		for _, f := range fs {
			if f.Type.Kind == Struct {
				sub := walk(f.Type.Fields)
				if len(sub) > 0 {
					g := f
					g.Type.Fields = sub
					out = append(out, g)
				}
				continue
			}
			if i < len(keep) && keep[i] {
				out = append(out, f)
			}
			i++
		}
		return out
	}
	return Schema{Fields: walk(s.Fields)}
}
