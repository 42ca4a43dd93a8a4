package locnav

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

// The upstream evaluators are Python; these helpers give decoded JSON
// values (nil, bool, float64, string, []any, map[string]any) the Python
// semantics the checks rely on: ==, <, `in`, x[k], iteration, float(x).
// Where Python raises, they return a *pyError naming the exception the
// upstream evaluator would have raised.

// pyError is an exception the upstream evaluator would raise. It fails the
// evaluator with "Execution error" upstream; cause says why when we can
// tell.
type pyError struct {
	exc   string // "KeyError", "TypeError", ...
	msg   string
	cause Cause
	empty bool // raised because the answer holds nothing there (see verdict.empty)
}

func (e *pyError) Error() string { return e.exc + ": " + e.msg }

func raise(exc, format string, a ...any) *pyError {
	return &pyError{exc: exc, msg: fmt.Sprintf(format, a...), cause: CausePlanner}
}

// pyType is Python's type name of a decoded JSON value.
func pyType(v any) string {
	switch v.(type) {
	case nil:
		return "NoneType"
	case bool:
		return "bool"
	case float64:
		if isInt(v.(float64)) {
			return "int"
		}
		return "float"
	case string:
		return "str"
	case []any:
		return "list"
	case map[string]any:
		return "dict"
	}
	return fmt.Sprintf("%T", v)
}

func isInt(f float64) bool { return f == math.Trunc(f) && !math.IsInf(f, 0) && math.Abs(f) < 1e15 }

// pyRepr renders v roughly as Python's repr, for reasons.
func pyRepr(v any) string {
	switch x := v.(type) {
	case nil:
		return "None"
	case bool:
		if x {
			return "True"
		}
		return "False"
	case float64:
		if isInt(x) {
			return strconv.FormatInt(int64(x), 10)
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	case string:
		return "'" + x + "'"
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = pyRepr(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		keys := sortedKeys(x)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = "'" + k + "': " + pyRepr(x[k])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return fmt.Sprint(v)
}

// short cuts a repr for a reason line.
func short(s string) string {
	if len(s) > 160 {
		return s[:157] + "..."
	}
	return s
}

// sortedKeys is m's keys in order.
func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// number returns v as a float when Python would treat it as a number
// (bool is an int subclass).
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// pyEqual is Python's ==.
func pyEqual(a, b any) bool {
	if x, ok := number(a); ok {
		y, ok := number(b)
		return ok && x == y
	}
	switch x := a.(type) {
	case nil:
		return b == nil
	case string:
		y, ok := b.(string)
		return ok && x == y
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !pyEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !pyEqual(v, w) {
				return false
			}
		}
		return true
	}
	return false
}

// pyCompare is Python's ordering: -1, 0 or 1, or a TypeError for values
// Python cannot order.
func pyCompare(a, b any) (int, error) {
	if x, ok := number(a); ok {
		if y, ok := number(b); ok {
			switch {
			case x < y:
				return -1, nil
			case x > y:
				return 1, nil
			}
			return 0, nil
		}
	}
	switch x := a.(type) {
	case string:
		if y, ok := b.(string); ok {
			return strings.Compare(x, y), nil
		}
	case []any:
		if y, ok := b.([]any); ok {
			for i := 0; i < len(x) && i < len(y); i++ {
				if pyEqual(x[i], y[i]) {
					continue
				}
				return pyCompare(x[i], y[i])
			}
			switch {
			case len(x) < len(y):
				return -1, nil
			case len(x) > len(y):
				return 1, nil
			}
			return 0, nil
		}
	}
	return 0, raise("TypeError", "'<' not supported between instances of '%s' and '%s'", pyType(a), pyType(b))
}

// pyIn is Python's `x in container`.
func pyIn(x, container any) (bool, error) {
	switch c := container.(type) {
	case string:
		s, ok := x.(string)
		if !ok {
			return false, raise("TypeError", "'in <string>' requires string as left operand, not %s", pyType(x))
		}
		return strings.Contains(c, s), nil
	case []any:
		for _, e := range c {
			if pyEqual(x, e) {
				return true, nil
			}
		}
		return false, nil
	case map[string]any:
		s, ok := x.(string)
		if !ok {
			if _, isList := x.([]any); isList {
				return false, raise("TypeError", "unhashable type: 'list'")
			}
			return false, nil // JSON objects only have string keys
		}
		_, ok = c[s]
		return ok, nil
	}
	return false, raise("TypeError", "argument of type '%s' is not iterable", pyType(container))
}

// getItem is Python's x[key] for a string key.
func getItem(x any, key string) (any, error) {
	switch c := x.(type) {
	case map[string]any:
		v, ok := c[key]
		if !ok {
			return nil, raise("KeyError", "'%s'", key)
		}
		return v, nil
	case string:
		return nil, raise("TypeError", "string indices must be integers, not 'str' (looking up '%s')", key)
	case []any:
		return nil, raise("TypeError", "list indices must be integers or slices, not str (looking up '%s')", key)
	}
	return nil, raise("TypeError", "'%s' object is not subscriptable (looking up '%s')", pyType(x), key)
}

// getPath is x[k1][k2]...
func getPath(x any, keys ...string) (any, error) {
	var err error
	for _, k := range keys {
		if x, err = getItem(x, k); err != nil {
			return nil, err
		}
	}
	return x, nil
}

// getList is iterate(x[key]).
func getList(x any, key string) ([]any, error) {
	v, err := getItem(x, key)
	if err != nil {
		return nil, err
	}
	return iterate(v)
}

// iterate is Python's iteration: a list's items, a dict's keys, a
// string's characters.
func iterate(x any) ([]any, error) {
	switch c := x.(type) {
	case []any:
		return c, nil
	case map[string]any:
		keys := sortedKeys(c) // Python keeps insertion order; JSON decoding loses it
		out := make([]any, len(keys))
		for i, k := range keys {
			out[i] = k
		}
		return out, nil
	case string:
		out := make([]any, 0, len(c))
		for _, r := range c {
			out = append(out, string(r))
		}
		return out, nil
	}
	return nil, raise("TypeError", "'%s' object is not iterable", pyType(x))
}

// pyLen is Python's len(x).
func pyLen(x any) (int, error) {
	switch c := x.(type) {
	case []any:
		return len(c), nil
	case map[string]any:
		return len(c), nil
	case string:
		return len([]rune(c)), nil
	}
	return 0, raise("TypeError", "object of type '%s' has no len()", pyType(x))
}

// lower is Python's x.lower().
func lower(x any) (string, error) {
	s, ok := x.(string)
	if !ok {
		return "", raise("AttributeError", "'%s' object has no attribute 'lower'", pyType(x))
	}
	return strings.ToLower(s), nil
}

// pyFloat is Python's float(x).
func pyFloat(x any) (float64, error) {
	if f, ok := number(x); ok {
		return f, nil
	}
	s, ok := x.(string)
	if !ok {
		return 0, raise("TypeError", "float() argument must be a string or a real number, not '%s'", pyType(x))
	}
	t := strings.TrimSpace(strings.ReplaceAll(s, "_", ""))
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || t == "" {
		return 0, raise("ValueError", "could not convert string to float: %s", pyRepr(s))
	}
	return f, nil
}
