package locnav

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// FormatProblems checks an answer against a task's output_format template
// and lists what does not fit, empty when it fits: the answer must be bare
// JSON (no code fences), every key of a template object must be present,
// objects and arrays must be where the template has them, and each array
// item must fit the template's first item. Template strings are
// placeholders, so any scalar fits them. Keys the template does not name
// are allowed.
func FormatProblems(format json.RawMessage, answer string) []string {
	var a any
	if err := json.Unmarshal([]byte(answer), &a); err != nil {
		if _, derr := decodeAnswer(answer); derr == nil {
			return []string{"not bare JSON: it is wrapped in code fences or a \"json\" prefix (upstream strips them; the prompt asks for bare JSON)"}
		}
		return []string{"not valid JSON: " + err.Error()}
	}
	var f any
	if err := json.Unmarshal(format, &f); err != nil {
		return []string{"the task's output_format is not valid JSON: " + err.Error()}
	}
	var out []string
	fitFormat(f, a, "$", &out)
	return out
}

func fitFormat(f, a any, path string, out *[]string) {
	if len(*out) >= 20 {
		return
	}
	switch ft := f.(type) {
	case map[string]any:
		am, ok := a.(map[string]any)
		if !ok {
			*out = append(*out, fmt.Sprintf("%s: want an object, got %s", path, jsonKind(a)))
			return
		}
		keys := make([]string, 0, len(ft))
		for k := range ft {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var missing []string
		for _, k := range keys {
			v, ok := am[k]
			if !ok {
				missing = append(missing, k)
				continue
			}
			fitFormat(ft[k], v, path+"."+k, out)
		}
		if len(missing) > 0 {
			*out = append(*out, fmt.Sprintf("%s: missing keys %s", path, strings.Join(missing, ", ")))
		}
	case []any:
		al, ok := a.([]any)
		if !ok {
			*out = append(*out, fmt.Sprintf("%s: want an array, got %s", path, jsonKind(a)))
			return
		}
		if len(ft) == 0 {
			return
		}
		for i, item := range al {
			fitFormat(ft[0], item, fmt.Sprintf("%s[%d]", path, i), out)
		}
	default: // a placeholder: any scalar
		switch a.(type) {
		case map[string]any, []any:
			*out = append(*out, fmt.Sprintf("%s: want a single value, got %s", path, jsonKind(a)))
		}
	}
}

func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	}
	return "an object"
}
