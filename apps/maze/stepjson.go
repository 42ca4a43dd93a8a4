package maze

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// appendJSON appends s as one line of steps.jsonl: the bytes
// encoding/json's Encoder (HTML escaping off) writes for it, newline
// included, without reflection. A run encodes every step, so this is most
// of what trajectories cost; FuzzStepJSON holds it to encoding/json.
func (s *StepRecord) appendJSON(b []byte) []byte {
	b = append(b, `{"episode":`...)
	b = strconv.AppendInt(b, int64(s.Episode), 10)
	b = append(b, `,"t":`...)
	b = strconv.AppendInt(b, int64(s.T), 10)
	b = append(b, `,"x":`...)
	b = strconv.AppendInt(b, int64(s.X), 10)
	b = append(b, `,"y":`...)
	b = strconv.AppendInt(b, int64(s.Y), 10)
	b = append(b, `,"action":`...)
	b = appendJSONString(b, s.Action)
	b = append(b, `,"asked":`...)
	b = strconv.AppendBool(b, s.Asked)
	if s.Advice != "" {
		b = append(b, `,"advice":`...)
		b = appendJSONString(b, s.Advice)
	}
	if s.AdviceWrong {
		b = append(b, `,"advice_wrong":true`...)
	}
	if s.Followed {
		b = append(b, `,"followed":true`...)
	}
	if s.HitWall {
		b = append(b, `,"hit_wall":true`...)
	}
	b = append(b, `,"reward":`...)
	b = appendJSONFloat(b, s.Reward)
	b = append(b, `,"tool_source":`...)
	b = appendJSONString(b, s.ToolSource)
	if s.ToolReasoning != "" {
		b = append(b, `,"tool_reasoning":`...)
		b = appendJSONString(b, s.ToolReasoning)
	}
	if s.ToolFallback != "" {
		b = append(b, `,"tool_fallback":`...)
		b = appendJSONString(b, s.ToolFallback)
	}
	b = append(b, `,"move_source":`...)
	b = appendJSONString(b, s.MoveSource)
	if s.MoveReasoning != "" {
		b = append(b, `,"move_reasoning":`...)
		b = appendJSONString(b, s.MoveReasoning)
	}
	if s.MoveFallback != "" {
		b = append(b, `,"move_fallback":`...)
		b = appendJSONString(b, s.MoveFallback)
	}
	if s.Rejected != 0 {
		b = append(b, `,"rejected":`...)
		b = strconv.AppendInt(b, int64(s.Rejected), 10)
	}
	if s.Tokens != 0 {
		b = append(b, `,"tokens":`...)
		b = strconv.AppendInt(b, int64(s.Tokens), 10)
	}
	return append(b, "}\n"...)
}

// appendJSONFloat writes f as encoding/json does: the shortest decimal
// that reads back as f, in exponent form below 1e-6 and from 1e21. A
// reward is always finite.
func appendJSONFloat(b []byte, f float64) []byte {
	format := byte('f')
	if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-09 to e-9, as encoding/json writes it.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

const hexDigits = "0123456789abcdef"

// appendJSONString writes s quoted as encoding/json does with HTML
// escaping off: quote, backslash and control characters escaped, invalid
// UTF-8 as \ufffd, U+2028 and U+2029 escaped.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
