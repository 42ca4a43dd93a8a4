package store

import (
	"regexp"
	"strings"
	"sync"

	"github.com/cairn-agents/cairn/ocean/sqlguard"
)

// guardChecks remembers the statements the guard passed, with the text
// it made of them: the check parses a statement (twice for free SQL) and
// deparses it (about a millisecond of CPU), and the agents' templates
// come again and again. The guard's answer depends on the text alone.
//
// A templated statement is remembered by its shape as well: its text with
// every string literal of digits alone ('2902269', the QC flag '1') made
// '0' and every number written out (a region's corners, a limit) made
// numberMark. The plan templates write float numbers as such literals
// (DuckDB prunes by a literal, not a parameter) and regions as polygons
// of numbers, so every float's or region's question of one shape would
// be a new text to check; a literal changes no node of the parse tree
// but its value, and the guard judges no value (its limits count nodes,
// depth and the statement's length, checked here on the real text), so
// the guard passes every text of a shape it passed once, and its
// deparsed text is the shape's with the literals put back in order.
// Where the deparsed shape does not hold the marks taken out, in the
// same order, the text is checked whole.
type guardChecks struct {
	mu   sync.Mutex
	safe map[string]string
}

// maxGuardChecks bounds guardChecks; past it the memory starts afresh.
const maxGuardChecks = 1024

const (
	shapeMark  = "'0'"
	numberMark = "918273645" // an integer constant no template writes
)

// marks finds either mark in a deparsed shape.
var marks = regexp.MustCompile(`'0'|` + numberMark)

func (gc *guardChecks) check(stmt string, templated bool) (string, error) {
	if templated && len(stmt) <= sqlguard.DefaultLimits.MaxBytes {
		if shape, lits := shapeOf(stmt); len(lits) > 0 {
			safe, err := gc.checkText(shape, true)
			if err == nil {
				if text, ok := putBack(safe, lits); ok {
					return text, nil
				}
			}
		}
	}
	return gc.checkText(stmt, templated)
}

// shapeOf is stmt with its digit string literals made shapeMark and its
// numbers numberMark, outside quotes and names ($1, lv0 and 1.5 in a
// name keep theirs; so do integers with a leading zero and a 0 after a
// minus), and the literals taken out, in order.
func shapeOf(stmt string) (string, []string) {
	var b strings.Builder
	var lits []string
	word := func(c byte) bool {
		return c == '_' || c == '$' || c == '.' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
	}
	digit := func(c byte) bool { return '0' <= c && c <= '9' }
	for i := 0; i < len(stmt); {
		c := stmt[i]
		switch {
		case c == '\'' || c == '"':
			j := i + 1
			for j < len(stmt) && stmt[j] != c {
				j++
			}
			j = min(j+1, len(stmt))
			lit := stmt[i:j]
			if c == '\'' && len(lit) > 2 && lit[len(lit)-1] == '\'' && strings.Trim(lit[1:len(lit)-1], "0123456789") == "" {
				lits = append(lits, lit)
				b.WriteString(shapeMark)
			} else {
				b.WriteString(lit)
			}
			i = j
		case digit(c) && (i == 0 || !word(stmt[i-1])):
			j := i
			for j < len(stmt) && digit(stmt[j]) {
				j++
			}
			if j+1 < len(stmt) && stmt[j] == '.' && digit(stmt[j+1]) {
				for j++; j < len(stmt) && digit(stmt[j]); j++ {
				}
			}
			// an exponent (1.5e-03, 2E+10), which the deparse writes as
			// it came, like a decimal: a region's edges are written so
			if k := exponentEnd(stmt, j); k > j {
				j = k
			}
			// 1e, 2.x: not a plain number; an integer written with a
			// leading zero (007), or a 0 after a minus (-0), the deparse
			// writes otherwise (7, 0)
			integer := !strings.ContainsAny(stmt[i:j], ".eE")
			if j < len(stmt) && word(stmt[j]) || integer && c == '0' && (j-i > 1 || afterMinus(stmt[:i])) {
				b.WriteString(stmt[i:j])
			} else {
				lits = append(lits, stmt[i:j])
				b.WriteString(numberMark)
			}
			i = j
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), lits
}

// exponentEnd is the end of an exponent (e or E, a sign or none, digits)
// starting at stmt[j], or j when none starts there.
func exponentEnd(stmt string, j int) int {
	k := j
	if k >= len(stmt) || stmt[k] != 'e' && stmt[k] != 'E' {
		return j
	}
	k++
	if k < len(stmt) && (stmt[k] == '+' || stmt[k] == '-') {
		k++
	}
	d := k
	for k < len(stmt) && '0' <= stmt[k] && stmt[k] <= '9' {
		k++
	}
	if k == d {
		return j
	}
	return k
}

// afterMinus reports whether text ends in a minus, spaces aside.
func afterMinus(text string) bool {
	return strings.HasSuffix(strings.TrimRight(text, " \t\n\r"), "-")
}

// putBack is the deparsed shape safe with lits in place of its marks,
// each of the kind taken out; ok is false when the marks are not those.
func putBack(safe string, lits []string) (string, bool) {
	at := marks.FindAllStringIndex(safe, -1)
	if len(at) != len(lits) {
		return "", false
	}
	var b strings.Builder
	prev := 0
	for k, m := range at {
		if mark := safe[m[0]:m[1]]; (mark == shapeMark) != strings.HasPrefix(lits[k], "'") {
			return "", false
		}
		b.WriteString(safe[prev:m[0]])
		b.WriteString(lits[k])
		prev = m[1]
	}
	b.WriteString(safe[prev:])
	return b.String(), true
}

// checkText checks stmt whole: with the guard's CheckTemplate when code
// wrote it from a template, else with its Check. A text passed as a
// template is remembered apart: free SQL of the same text is checked
// whole.
func (gc *guardChecks) checkText(stmt string, templated bool) (string, error) {
	key := stmt
	if templated {
		key = "template\x00" + stmt
	}
	gc.mu.Lock()
	safe, ok := gc.safe[key]
	gc.mu.Unlock()
	if ok {
		return safe, nil
	}
	check := guard.Check
	if templated {
		check = guard.CheckTemplate
	}
	safe, err := check(stmt)
	if err != nil {
		return "", err
	}
	gc.mu.Lock()
	if gc.safe == nil || len(gc.safe) >= maxGuardChecks {
		gc.safe = map[string]string{}
	}
	gc.safe[key] = safe
	gc.mu.Unlock()
	return safe, nil
}
