package llm

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
)

// typeSchema is the JSON Schema of a decision type, derived once per type.
type typeSchema struct {
	schema   *jsonschema.Schema
	raw      json.RawMessage
	resolved *jsonschema.Resolved
	// object says the schema is a JSON object (a struct type).
	object bool
	// reasoning says T has its own top-level "reasoning" property.
	reasoning bool
}

// schemas caches typeSchema (or error) per reflect.Type. It holds only
// values derived from Go types, so sharing it is safe.
var schemas sync.Map

type schemaResult struct {
	ts  *typeSchema
	err error
}

// schemaFor returns the cached schema of T.
func schemaFor[T any]() (*typeSchema, error) {
	t := reflect.TypeFor[T]()
	if v, ok := schemas.Load(t); ok {
		r := v.(schemaResult)
		return r.ts, r.err
	}
	ts, err := deriveSchema(t)
	v, _ := schemas.LoadOrStore(t, schemaResult{ts, err})
	r := v.(schemaResult)
	return r.ts, r.err
}

func deriveSchema(t reflect.Type) (*typeSchema, error) {
	s, err := jsonschema.ForType(t, &jsonschema.ForOptions{})
	if err != nil {
		return nil, fmt.Errorf("JSON Schema for %s: %w", t, err)
	}
	if err := applyEnumTags(t, s, map[reflect.Type]bool{}); err != nil {
		return nil, fmt.Errorf("JSON Schema for %s: %w", t, err)
	}
	return finishSchema(s)
}

func finishSchema(s *jsonschema.Schema) (*typeSchema, error) {
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("encoding JSON Schema: %w", err)
	}
	res, err := s.Resolve(nil)
	if err != nil {
		return nil, fmt.Errorf("resolving JSON Schema: %w", err)
	}
	ts := &typeSchema{schema: s, raw: raw, resolved: res, object: s.Type == "object" || slices.Contains(s.Types, "object")}
	_, ts.reasoning = s.Properties["reasoning"]
	return ts, nil
}

// Enumer is implemented by named string types with a fixed set of values,
// e.g. type Direction string. A decision schema restricts every value of
// such a type (a field, slice element or T itself) to Enum(), called on the
// zero value.
type Enumer interface {
	Enum() []string
}

var enumerType = reflect.TypeFor[Enumer]()

// applyEnumTags walks t alongside its schema and turns Enumer types and
// `enum:"a,b,c"` field tags into enum keywords: on the schema of a string
// (or *string, where null stays allowed), on the items of a []string. A tag
// overrides the field type's Enumer.
func applyEnumTags(t reflect.Type, s *jsonschema.Schema, seen map[reflect.Type]bool) error {
	if s == nil {
		return nil
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() == reflect.String && t.Implements(enumerType) {
		values := reflect.Zero(t).Interface().(Enumer).Enum()
		if len(values) == 0 {
			return fmt.Errorf("type %s: Enum() returned no values", t)
		}
		return setEnum(s, values)
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return applyEnumTags(t.Elem(), s.Items, seen)
	case reflect.Map:
		return applyEnumTags(t.Elem(), s.AdditionalProperties, seen)
	case reflect.Struct:
	default:
		return nil
	}
	if seen[t] {
		return nil
	}
	seen[t] = true
	defer delete(seen, t)
	for _, f := range reflect.VisibleFields(t) {
		if f.Anonymous || !f.IsExported() {
			continue
		}
		name, ok := jsonName(f)
		if !ok {
			continue
		}
		fs := s.Properties[name]
		if fs == nil {
			continue
		}
		if err := applyEnumTags(f.Type, fs, seen); err != nil {
			return err
		}
		if tag, ok := f.Tag.Lookup("enum"); ok {
			values := splitEnum(tag)
			if len(values) == 0 {
				return fmt.Errorf("field %s.%s: empty enum tag", t, f.Name)
			}
			if err := setEnum(fs, values); err != nil {
				return fmt.Errorf("field %s.%s: %w", t, f.Name, err)
			}
		}
	}
	return nil
}

func splitEnum(tag string) []string {
	var out []string
	for v := range strings.SplitSeq(tag, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// setEnum restricts a string schema, or the items of an array-of-strings
// schema, to values.
func setEnum(s *jsonschema.Schema, values []string) error {
	if isType(s, "array") && s.Items != nil {
		s = s.Items
	}
	if !isType(s, "string") {
		return fmt.Errorf("enum needs a string or []string field, schema is %s", s)
	}
	enum := make([]any, 0, len(values)+1)
	for _, v := range values {
		enum = append(enum, v)
	}
	if isType(s, "null") {
		enum = append(enum, nil)
	}
	s.Enum = enum
	return nil
}

func isType(s *jsonschema.Schema, typ string) bool {
	return s.Type == typ || slices.Contains(s.Types, typ)
}

// jsonName is the JSON property name of a struct field, false when the field
// is not encoded.
func jsonName(f reflect.StructField) (string, bool) {
	tag := f.Tag.Get("json")
	if tag == "-" {
		return "", false
	}
	name, _, _ := strings.Cut(tag, ",")
	if name == "" {
		name = f.Name
	}
	return name, true
}

// withEnums returns a copy of ts restricted by per-call enums, keyed by
// dotted JSON property path ("action", "stops.kind"; arrays and maps are
// crossed without a path element).
func (ts *typeSchema) withEnums(enums map[string][]string) (*typeSchema, error) {
	s := ts.schema.CloneSchemas()
	paths := make([]string, 0, len(enums))
	for p := range enums {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, p := range paths {
		target := s
		for part := range strings.SplitSeq(p, ".") {
			for target != nil && target.Properties == nil {
				switch {
				case target.Items != nil:
					target = target.Items
				case target.AdditionalProperties != nil && target.AdditionalProperties.Properties != nil:
					target = target.AdditionalProperties
				default:
					target = nil
				}
			}
			if target == nil || target.Properties[part] == nil {
				return nil, fmt.Errorf("enum path %q: no property %q", p, part)
			}
			target = target.Properties[part]
		}
		if len(enums[p]) == 0 {
			return nil, fmt.Errorf("enum path %q: no allowed values", p)
		}
		if err := setEnum(target, enums[p]); err != nil {
			return nil, fmt.Errorf("enum path %q: %w", p, err)
		}
	}
	return finishSchema(s)
}
