package eventfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/cairn-agents/cairn/internal/input"
)

// listKeys are the keys an object wrapping an event list holds it under.
var listKeys = []string{"events", "items", "data", "results", "conferences", "entries"}

// parseJSON reads a JSON array of event objects, an object holding one
// under a listKeys key, or JSON Lines (one object a line).
func parseJSON(f *File, data []byte) error {
	topic := topicOf(f.Path)
	trim := bytes.TrimLeft(data, " \t\r\n\ufeff")
	if len(trim) == 0 {
		return errors.New("empty file: want a JSON array of events")
	}
	base := len(data) - len(trim)
	switch trim[0] {
	case '[':
		return parseJSONArray(f, data, base, topic)
	case '{':
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(trim, &obj); err == nil {
			for _, k := range listKeys {
				for key, raw := range obj {
					if strings.EqualFold(key, k) && bytes.HasPrefix(bytes.TrimSpace(raw), []byte("[")) {
						start := bytes.Index(data, raw)
						return parseJSONArray(f, data, start, topic)
					}
				}
			}
			if len(bytes.TrimSpace(trim)) > 0 && bytes.Count(bytes.TrimSpace(trim), []byte("\n")) == 0 {
				return jsonObject(f, lineAt(data, base), trim, topic) // a one-event file
			}
		}
		return parseJSONLines(f, data, topic)
	}
	return fmt.Errorf("want a JSON array of events, an object with an %q list, or JSON Lines; got %q", "events", string(trim[:min(len(trim), 20)]))
}

func parseJSONArray(f *File, data []byte, start int, topic string) error {
	dec := json.NewDecoder(bytes.NewReader(data[start:]))
	if _, err := dec.Token(); err != nil {
		return input.JSONError(data, err)
	}
	lines := lineCounter{data: data}
	for dec.More() {
		line := lines.at(skipSep(data, start+int(dec.InputOffset())))
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return fmt.Errorf("line %d: %w", line, input.JSONError(data[start:], err))
		}
		if err := jsonObject(f, line, raw, topic); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil && !errors.Is(err, io.EOF) {
		return input.JSONError(data, err)
	}
	return nil
}

func parseJSONLines(f *File, data []byte, topic string) error {
	n := 0
	for line := range bytes.Lines(data) {
		n++
		t := bytes.TrimSpace(line)
		if len(t) == 0 {
			continue
		}
		if !json.Valid(t) {
			if !f.problem(n, "not a JSON object") {
				return errTooManyProblems
			}
			continue
		}
		if err := jsonObject(f, n, t, topic); err != nil {
			return err
		}
	}
	if len(f.Records) == 0 && len(f.Problems) > 0 {
		return fmt.Errorf("not JSON: %s", f.Problems[0].Msg)
	}
	return nil
}

// jsonObject reads one event object, raw, found on line.
func jsonObject(f *File, line int, raw []byte, topic string) error {
	var obj map[string]any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&obj); err != nil {
		if !f.problem(line, "not an event object: %v", input.JSONError(raw, err)) {
			return errTooManyProblems
		}
		return nil
	}
	var r row
	fill(&r, obj, 0)
	rec, err := r.record(topic)
	if err != nil {
		if !f.problem(line, "%v", err) {
			return errTooManyProblems
		}
		return nil
	}
	var compact bytes.Buffer
	if json.Compact(&compact, raw) == nil {
		rec.Source.Snippet = compact.String()
	}
	if !f.add(line, rec) {
		return errTooManyProblems
	}
	return nil
}

// fill sets the row's fields from obj's keys, and from the keys of an
// object nested one level ("location": {"city": …}).
func fill(r *row, obj map[string]any, depth int) {
	for k, v := range obj {
		switch v := v.(type) {
		case map[string]any:
			if depth == 0 {
				fill(r, v, 1)
			}
		default:
			r.set(fieldOf(k), text(v))
		}
	}
}

// text is a JSON value as a column's text.
func text(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case json.Number:
		return v.String()
	case bool:
		return strconv.FormatBool(v)
	case []any:
		parts := make([]string, 0, len(v))
		for _, x := range v {
			if s := text(x); s != "" {
				parts = append(parts, s)
			}
		}
		return strings.Join(parts, ",")
	}
	return ""
}

// skipSep moves off past spaces and a comma to where a value starts.
func skipSep(data []byte, off int) int {
	for off < len(data) && (data[off] == ' ' || data[off] == '\t' || data[off] == '\r' || data[off] == '\n' || data[off] == ',') {
		off++
	}
	return off
}

// lineCounter finds the lines of increasing offsets in one pass.
type lineCounter struct {
	data      []byte
	off, line int
}

func (c *lineCounter) at(off int) int {
	off = min(off, len(c.data))
	if off < c.off {
		c.off, c.line = 0, 0
	}
	c.line += bytes.Count(c.data[c.off:off], []byte("\n"))
	c.off = off
	return c.line + 1
}

// lineAt is the 1-based line of byte off.
func lineAt(data []byte, off int) int {
	return 1 + bytes.Count(data[:min(off, len(data))], []byte("\n"))
}

// topicOf is the topic a list is filed under when its rows name none:
// its file name without extension ("javascript" for
// 2026/javascript.json).
func topicOf(path string) string {
	base := filepath.Base(path)
	return strings.TrimSuffix(base, filepath.Ext(base))
}
