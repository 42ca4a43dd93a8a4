package llm

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// errEmptyReply is a reply with no text at all.
var errEmptyReply = errors.New("empty reply: want one JSON value")

// maxStarts bounds how many candidate openings extractJSON tries, so a hostile
// reply full of braces costs linear time.
const maxStarts = 32

// extractJSON finds the JSON value in a model reply. It accepts a bare JSON
// value, one inside a ``` code fence, or the first balanced {...} (or [...]
// when object is false) embedded in text; <think>...</think> blocks are
// dropped first.
func extractJSON(content string, object bool) (json.RawMessage, error) {
	s := stripThink(content)
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, errEmptyReply
	}
	if json.Valid([]byte(s)) {
		return json.RawMessage(s), nil
	}
	if f, ok := fenced(s); ok && json.Valid([]byte(f)) {
		return json.RawMessage(f), nil
	}
	opens := "{"
	if !object {
		opens = "{["
	}
	from, tries := 0, 0
	for tries < maxStarts {
		i := strings.IndexAny(s[from:], opens)
		if i < 0 {
			break
		}
		i += from
		tries++
		if end, ok := balanced(s, i); ok && json.Valid([]byte(s[i:end])) {
			return json.RawMessage(s[i:end]), nil
		}
		from = i + 1
	}
	return nil, fmt.Errorf("no JSON %s found in reply: %q", map[bool]string{true: "object", false: "value"}[object], excerpt(s))
}

// stripThink removes <think>...</think> blocks (and an unclosed trailing one)
// that some reasoning models put in their content.
func stripThink(s string) string {
	for {
		i := strings.Index(s, "<think>")
		if i < 0 {
			return s
		}
		j := strings.Index(s[i:], "</think>")
		if j < 0 {
			return s[:i]
		}
		s = s[:i] + s[i+j+len("</think>"):]
	}
}

// fenced returns the body of the first ``` code fence in s.
func fenced(s string) (string, bool) {
	i := strings.Index(s, "```")
	if i < 0 {
		return "", false
	}
	rest := s[i+3:]
	// Drop the info string (e.g. "json") up to the end of the line.
	if nl := strings.IndexByte(rest, '\n'); nl >= 0 && !strings.ContainsAny(rest[:nl], "{[") {
		rest = rest[nl+1:]
	}
	j := strings.Index(rest, "```")
	if j < 0 {
		return strings.TrimSpace(rest), true
	}
	return strings.TrimSpace(rest[:j]), true
}

// balanced returns the end (exclusive) of the bracketed value starting at
// s[i], skipping brackets inside JSON strings.
func balanced(s string, i int) (int, bool) {
	var stack []byte
	inStr, esc := false, false
	for j := i; j < len(s); j++ {
		c := s[j]
		if inStr {
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
			continue
		}
		switch c {
		case '"':
			inStr = true
		case '{':
			stack = append(stack, '}')
		case '[':
			stack = append(stack, ']')
		case '}', ']':
			if len(stack) == 0 || stack[len(stack)-1] != c {
				return 0, false
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return j + 1, true
			}
		}
	}
	return 0, false
}
