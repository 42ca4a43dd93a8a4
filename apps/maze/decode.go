package maze

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"reflect"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// MaxConfigBytes bounds an experiment config and a noise profiles file:
// both are a few lines of hand-written YAML.
const MaxConfigBytes = 1 << 20

// maxConfigValues bounds the values a document may hold once its aliases
// are expanded, so a few anchors cannot make a small file huge.
const maxConfigValues = 100_000

// readSmallFile reads a file that must hold at most limit bytes. Reading
// stops at limit+1, so /dev/zero or a named pipe that never ends is an
// error naming the file and the limit, not a program that fills memory.
func readSmallFile(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	raw, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(len(raw)) > limit {
		return nil, fmt.Errorf("%s: larger than %s, the most this file may hold", path, formatBytes(limit))
	}
	return raw, nil
}

// decodeStrict decodes one YAML document into v, a pointer to a struct
// whose fields carry yaml tags. It checks what yaml.v3 lets through: an
// unknown or repeated key, a fraction where a whole number belongs (8.5
// is not read as 8), a list where one value belongs. Errors name the line,
// the key path and the value in the config's own words, never Go types.
func decodeStrict(raw []byte, v any) error {
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(raw)).Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return errors.New("empty document")
		}
		return err
	}
	if len(doc.Content) == 0 || doc.Content[0].ShortTag() == "!!null" {
		return errors.New("empty document")
	}
	d := &decoder{}
	return d.value(doc.Content[0], "", reflect.ValueOf(v).Elem(), "")
}

type decoder struct {
	values int // nodes read, aliases expanded
}

// fieldError is a value of the wrong kind.
func fieldError(n *yaml.Node, path, want string) error {
	where := path
	if where == "" {
		where = "the document"
	}
	return fmt.Errorf("line %d: %s: %s: want %s", n.Line, where, describe(n), want)
}

// describe shows a value as the user wrote it.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	}
	if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 || n.Value == "" {
		return strconv.Quote(n.Value)
	}
	return n.Value
}

// value reads n into v; path names it in errors and example, when set,
// shows a good value.
func (d *decoder) value(n *yaml.Node, path string, v reflect.Value, example string) error {
	for n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if d.values++; d.values > maxConfigValues {
		return fmt.Errorf("line %d: %s: more than %d values once aliases are expanded", n.Line, path, maxConfigValues)
	}
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null" {
		return nil // not set: the default applies
	}
	switch v.Kind() {
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		if err := d.value(n, path, p.Elem(), example); err != nil {
			return err
		}
		v.Set(p)
		return nil
	case reflect.Struct:
		return d.mapping(n, path, v)
	case reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			return fieldError(n, path, "a list"+example)
		}
		s := reflect.MakeSlice(v.Type(), len(n.Content), len(n.Content))
		for i, item := range n.Content {
			if err := d.value(item, fmt.Sprintf("%s[%d]", path, i), s.Index(i), ""); err != nil {
				return err
			}
		}
		v.Set(s)
		return nil
	}
	if n.Kind != yaml.ScalarNode {
		return fieldError(n, path, "one value, not "+describe(n))
	}
	if tu, ok := v.Addr().Interface().(encoding.TextUnmarshaler); ok {
		if err := tu.UnmarshalText([]byte(n.Value)); err != nil {
			return fmt.Errorf("line %d: %s: %w", n.Line, path, err)
		}
		return nil
	}
	switch v.Kind() {
	case reflect.String:
		if t := n.ShortTag(); t != "!!str" && t != "!!int" && t != "!!float" && t != "!!bool" {
			return fieldError(n, path, "text")
		}
		v.SetString(n.Value)
	case reflect.Bool:
		var b bool
		if n.Decode(&b) != nil { // true, false and YAML 1.1's yes, no, on, off
			return fieldError(n, path, "true or false")
		}
		v.SetBool(b)
	case reflect.Int:
		i, ok := whole[int64](n)
		if !ok || i < math.MinInt || i > math.MaxInt {
			if n.ShortTag() == "!!int" { // too many digits
				return fieldError(n, path, fmt.Sprintf("a whole number from %d to %d", math.MinInt, math.MaxInt))
			}
			return fieldError(n, path, "a whole number")
		}
		v.SetInt(i)
	case reflect.Uint64:
		u, ok := whole[uint64](n)
		if !ok {
			return fieldError(n, path, fmt.Sprintf("a whole number from 0 to %d", uint64(math.MaxUint64)))
		}
		v.SetUint(u)
	case reflect.Float64:
		var f float64
		if t := n.ShortTag(); t != "!!int" && t != "!!float" || n.Decode(&f) != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return fieldError(n, path, "a number")
		}
		v.SetFloat(f)
	default:
		panic(fmt.Sprintf("maze config: no YAML reading for %s at %s", v.Type(), path))
	}
	return nil
}

// whole reads an integer scalar, or a float one with no fraction (1e3,
// 8.0), that fits T; ok is false for anything else, 8.5 included.
func whole[T int64 | uint64](n *yaml.Node) (T, bool) {
	var v T
	switch n.ShortTag() {
	case "!!int":
		return v, n.Decode(&v) == nil
	case "!!float":
		var f float64
		if n.Decode(&f) != nil || f != math.Trunc(f) {
			return v, false
		}
		v = T(f)
		// Out of T's range, the conversion gives another number.
		return v, float64(v) == f
	}
	return v, false
}

// mapping reads a YAML mapping into a struct by its fields' yaml tags.
func (d *decoder) mapping(n *yaml.Node, path string, v reflect.Value) error {
	keys := keysOf(v.Type())
	if n.Kind != yaml.MappingNode {
		return fieldError(n, path, "keys such as "+strings.Join(keys[:min(3, len(keys))], ", "))
	}
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		name := k.Value
		if line, dup := seen[name]; dup {
			return fmt.Errorf("line %d: %s: given twice (first on line %d)", k.Line, join(path, name), line)
		}
		seen[name] = k.Line
		f, example, ok := fieldByKey(v, name)
		if !ok {
			return fmt.Errorf("line %d: unknown key %q%s; known keys: %s", k.Line, name, in(path), strings.Join(keys, ", "))
		}
		if example != "" {
			example = ", e.g. " + example
		}
		if err := d.value(val, join(path, name), f, example); err != nil {
			return err
		}
	}
	return nil
}

func in(path string) string {
	if path == "" {
		return ""
	}
	return " in " + path
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func keysOf(t reflect.Type) []string {
	var keys []string
	for i := range t.NumField() {
		if k := yamlKey(t.Field(i)); k != "" {
			keys = append(keys, k)
		}
	}
	return keys
}

func yamlKey(f reflect.StructField) string {
	if !f.IsExported() {
		return ""
	}
	k, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
	if k == "-" {
		return ""
	}
	return k
}

// fieldByKey finds the field of a key and its example tag.
func fieldByKey(v reflect.Value, key string) (reflect.Value, string, bool) {
	t := v.Type()
	for i := range t.NumField() {
		if f := t.Field(i); yamlKey(f) == key && key != "" {
			return v.Field(i), f.Tag.Get("example"), true
		}
	}
	return reflect.Value{}, "", false
}
