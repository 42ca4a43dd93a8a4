package store

import (
	"regexp"
	"strings"
	"sync"
)

// guardChecks remembers the statements the guard passed, with the text
// it made of them: the check parses a statement twice and deparses it
// (about a millisecond of CPU), and the agents' templates come again and
// again. The guard's answer depends on the text alone.
//
// A templated statement is remembered by its shape as well: its text with
// every string literal of digits alone ('2902269', the QC flag '1') made
// '0'. The plan templates write float numbers as such literals (DuckDB
// prunes by a literal, not a parameter), so every float's question of
// one shape would be a new text to check; a literal of digits changes no
// node of the parse tree but its value, so the guard passes every text
// of a shape it passed once, and its deparsed text is the shape's with
// the literals put back in order. Where the deparsed shape does not hold
// exactly as many '0' literals as were taken out, the text is checked
// whole.
type guardChecks struct {
	mu   sync.Mutex
	safe map[string]string
}

// maxGuardChecks bounds guardChecks; past it the memory starts afresh.
const maxGuardChecks = 1024

// digitLiteral is a string literal of digits alone.
var digitLiteral = regexp.MustCompile(`'[0-9]+'`)

const shapeMark = "'0'"

func (gc *guardChecks) check(stmt string, templated bool) (string, error) {
	if templated {
		if lits := digitLiteral.FindAllString(stmt, -1); len(lits) > 0 {
			safe, err := gc.checkText(digitLiteral.ReplaceAllString(stmt, shapeMark))
			if err == nil && strings.Count(safe, shapeMark) == len(lits) {
				var b strings.Builder
				for i, part := range strings.Split(safe, shapeMark) {
					if i > 0 {
						b.WriteString(lits[i-1])
					}
					b.WriteString(part)
				}
				return b.String(), nil
			}
		}
	}
	return gc.checkText(stmt)
}

func (gc *guardChecks) checkText(stmt string) (string, error) {
	gc.mu.Lock()
	safe, ok := gc.safe[stmt]
	gc.mu.Unlock()
	if ok {
		return safe, nil
	}
	safe, err := guard.Check(stmt)
	if err != nil {
		return "", err
	}
	gc.mu.Lock()
	if gc.safe == nil || len(gc.safe) >= maxGuardChecks {
		gc.safe = map[string]string{}
	}
	gc.safe[stmt] = safe
	gc.mu.Unlock()
	return safe, nil
}
