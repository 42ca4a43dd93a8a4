package understand

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Format is an output format written in the question: a JSON object or
// array, fenced (```json ... ```) or bare, after words such as "format",
// "JSON", "respond with", "return". The answer takes its keys and shape
// (see Conform).
type Format struct {
	Span                 // the JSON and its fence
	JSON json.RawMessage `json:"json"`
}

// Keys are the format's top-level keys, in order; nil for an array.
func (f Format) Keys() []string { return objectKeys(f.JSON) }

var (
	fenceRe = regexp.MustCompile("(?s)```[a-zA-Z]*\\s*\\n?(.*?)```")
)

// formatCues are the words that say a JSON value that follows is the
// wanted format, in lower case.
var formatCues = []string{"format", "json", "schema", "structure", "template", "respond", "reply", "answer", "return",
	"output", "shape", "like this", "as follows", "following", "keys", "fields", "example"}

// cueEnds are the offsets where a format cue ends in text, in order,
// found in any case. A search per cue over the text folded once is a few
// times faster than one case-blind regular expression.
func cueEnds(text string) []int {
	low := []byte(text)
	for i, c := range low {
		if 'A' <= c && c <= 'Z' {
			low[i] = c + 'a' - 'A'
		}
	}
	var ends []int
	for _, c := range formatCues {
		for from := 0; ; {
			i := bytes.Index(low[from:], []byte(c))
			if i < 0 {
				break
			}
			from += i + len(c)
			ends = append(ends, from)
		}
	}
	slices.Sort(ends)
	return ends
}

// Bounds on the search for a bare format: the brackets tried and the
// bytes one may span.
const (
	maxFormatTries = 16
	maxFormatBytes = 16 << 10
)

// findFormat finds the output format written in text: the first fenced
// block holding JSON, else the first JSON object or array after a format
// cue. The second result is false when there is none.
func findFormat(text string) (Format, bool) {
	for _, m := range fenceRe.FindAllStringSubmatchIndex(text, -1) {
		body := bytes.TrimSpace([]byte(text[m[2]:m[3]]))
		if len(body) > 0 && (body[0] == '{' || body[0] == '[') && json.Valid(body) {
			return Format{Span: Span{m[0], m[1]}, JSON: compact(body)}, true
		}
	}
	if !strings.ContainsAny(text, "{[") {
		return Format{}, false
	}
	cues := cueEnds(text) // once: a search per bracket is quadratic
	tries, next := 0, 0
	for i := 0; i < len(text) && tries < maxFormatTries; i++ {
		c := text[i]
		if c != '{' && c != '[' {
			continue
		}
		// A cue ending within the 120 bytes before it.
		for next < len(cues) && cues[next] <= i-120 {
			next++
		}
		if next >= len(cues) || cues[next] > i {
			continue
		}
		tries++
		dec := json.NewDecoder(strings.NewReader(text[i:min(len(text), i+maxFormatBytes)]))
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			continue
		}
		t := bytes.TrimSpace(raw)
		if len(t) < 2 || t[0] == '[' && !bytes.Contains(t, []byte("{")) && len(t) < 3 {
			continue
		}
		end := i + int(dec.InputOffset())
		return Format{Span: Span{i, end}, JSON: compact(t)}, true
	}
	return Format{}, false
}

func compact(b []byte) json.RawMessage {
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		return json.RawMessage(b)
	}
	return buf.Bytes()
}

// objectKeys returns the top-level keys of a JSON object, in order.
func objectKeys(raw json.RawMessage) []string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('{') {
		return nil
	}
	keys := []string{}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return keys
		}
		if s, ok := k.(string); ok {
			keys = append(keys, s)
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return keys
		}
	}
	return keys
}

// ErrNotFormat is wrapped by Conform's error when the format is not a
// JSON object or array.
var ErrNotFormat = errors.New("output format is not a JSON object or array")

// Conform returns value in the shape of format: an object has exactly
// the format's keys, in its order, each value taken from value's key of
// the same name (matched ignoring case, spaces, underscores and hyphens:
// "place id" is "place_id" is "placeId"), and conformed in turn; an
// array maps each element through the format's first element. A key
// value lacks becomes the empty value of the format's type ("" for a
// string, [] for an array, {} conformed for an object, null for a number
// or a boolean): nothing is made up. Scalars are kept as value has them.
func Conform(format, value json.RawMessage) (json.RawMessage, error) {
	var f any
	if err := json.Unmarshal(format, &f); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotFormat, err)
	}
	switch f.(type) {
	case map[string]any, []any:
	default:
		return nil, ErrNotFormat
	}
	var v any
	if len(bytes.TrimSpace(value)) > 0 {
		if err := json.Unmarshal(value, &v); err != nil {
			return nil, fmt.Errorf("conform: value: %w", err)
		}
	}
	out, err := json.Marshal(conform(format, v))
	if err != nil {
		return nil, fmt.Errorf("conform: %w", err)
	}
	return out, nil
}

// Field is one key of an [Object] and its value.
type Field struct {
	K string
	V any
}

// Object is a JSON object that keeps its keys in the order given, as an
// answer in a format written by a person must.
type Object []Field

// MarshalJSON writes the fields in order.
func (o Object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(f.K)
		b.Write(k)
		b.WriteByte(':')
		v, err := json.Marshal(f.V)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// keyFold is a key compared loosely.
func keyFold(k string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(k) {
		if r != ' ' && r != '_' && r != '-' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// conform shapes v (decoded JSON) like the format's raw JSON.
func conform(format json.RawMessage, v any) any {
	t := bytes.TrimSpace(format)
	if len(t) == 0 {
		return v
	}
	switch t[0] {
	case '{':
		src, _ := v.(map[string]any)
		fold := map[string]any{}
		for k, x := range src {
			fold[keyFold(k)] = x
		}
		var fields map[string]json.RawMessage
		_ = json.Unmarshal(t, &fields)
		out := Object{}
		for _, k := range objectKeys(t) {
			x, ok := src[k]
			if !ok {
				x, ok = fold[keyFold(k)]
			}
			var val any
			if ok {
				val = conform(fields[k], x)
			} else {
				val = emptyOf(fields[k])
			}
			out = append(out, Field{k, val})
		}
		return out
	case '[':
		var items []json.RawMessage
		_ = json.Unmarshal(t, &items)
		src, _ := v.([]any)
		out := make([]any, 0, len(src))
		for _, x := range src {
			if len(items) > 0 {
				out = append(out, conform(items[0], x))
			} else {
				out = append(out, x)
			}
		}
		return out
	}
	if v == nil {
		return emptyOf(t)
	}
	return v
}

// emptyOf is the empty value of a format value's type.
func emptyOf(format json.RawMessage) any {
	t := bytes.TrimSpace(format)
	if len(t) == 0 {
		return nil
	}
	switch t[0] {
	case '{':
		return conform(t, nil)
	case '[':
		return []any{}
	case '"':
		return ""
	}
	return nil
}
