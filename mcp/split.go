package mcp

import (
	"errors"
	"fmt"
	"strings"
)

// splitCommand splits a command line into words the way a POSIX shell
// would for the simple cases: blanks separate words, single quotes keep
// everything literal, double quotes keep blanks and allow \" and \\, a
// backslash outside quotes escapes the next character. It does no
// expansion of any kind.
func splitCommand(line string) ([]string, error) {
	var (
		words   []string
		cur     strings.Builder
		inWord  bool
		quote   rune // 0, '\'' or '"'
		escaped bool
	)
	for _, r := range line {
		switch {
		case escaped:
			if quote == '"' && r != '"' && r != '\\' {
				cur.WriteRune('\\')
			}
			cur.WriteRune(r)
			escaped = false
		case quote == '\'':
			if r == '\'' {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case quote == '"':
			switch r {
			case '"':
				quote = 0
			case '\\':
				escaped = true
			default:
				cur.WriteRune(r)
			}
		case r == '\\':
			escaped, inWord = true, true
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t' || r == '\n' || r == '\r':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	switch {
	case escaped:
		return nil, fmt.Errorf("command %q: ends with a lone backslash", line)
	case quote != 0:
		return nil, fmt.Errorf("command %q: unterminated %c quote", line, quote)
	}
	if inWord {
		words = append(words, cur.String())
	}
	if len(words) == 0 {
		return nil, errors.New("command is empty")
	}
	return words, nil
}
