package roadtrip

import (
	"encoding/json"
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// This file reads an answer format written as a bulleted list of keys
// instead of JSON:
//
//	Reply with:
//	- stops: a list with one item
//	- each item: name, place id
//
// is {"stops": [{"name": "", "place id": ""}]}.

var (
	// bulletCueRE is the line before the list: words of answering and a
	// colon.
	bulletCueRE = regexp.MustCompile(`(?i)\b(?:reply|respond|return|answer|output|format|give me|send|send me|structure|fields|include)\b[^\n]*:\s*$`)
	// bulletRE is one bullet of a key and what it holds.
	bulletRE = regexp.MustCompile(`^\s*(?:[-*•·]|\d+[.)])\s*([\p{L}][\p{L}_ ]{0,30}?)\s*:\s*(.*?)\s*$`)
	// eachKeyRE is a bullet about every item of a list ("each item",
	// "for each stop", "every entry").
	eachKeyRE = regexp.MustCompile(`(?i)^(?:for\s+)?(?:each|every|per)\b`)
	// listWordsRE, in what a key holds, makes it a list.
	listWordsRE = regexp.MustCompile(`(?i)\b(?:list|array|items?|entries|one or more|several)\b`)
	// fieldSepRE parts the fields of an item ("name, place id and
	// address").
	fieldSepRE = regexp.MustCompile(`\s*(?:,|;|/|\band\b|\+|&)\s*`)
)

// bulletFormat is the format a bulleted list of keys after a cue line
// writes, and the text without the list; nil and the text when it
// writes none.
func bulletFormat(text string) (json.RawMessage, string) {
	lines := strings.Split(text, "\n")
	for i := 0; i+1 < len(lines); i++ {
		if !bulletCueRE.MatchString(lines[i]) {
			continue
		}
		var keys []string
		var items []string
		list := map[string]bool{}
		j := i + 1
		for ; j < len(lines); j++ {
			m := bulletRE.FindStringSubmatch(lines[j])
			if m == nil {
				break
			}
			key := strings.ToLower(strings.TrimSpace(m[1]))
			if eachKeyRE.MatchString(key) {
				items = fields(m[2])
				continue
			}
			keys = append(keys, key)
			list[key] = listWordsRE.MatchString(m[2])
		}
		if len(keys) == 0 {
			continue
		}
		obj := understand.Object{}
		for _, k := range keys {
			var v any = ""
			if list[k] {
				v = []any{""}
				if len(items) > 0 {
					item := understand.Object{}
					for _, f := range items {
						item = append(item, understand.Field{K: f, V: ""})
					}
					v = []any{item}
				}
			}
			obj = append(obj, understand.Field{K: k, V: v})
		}
		b, err := json.Marshal(obj)
		if err != nil {
			return nil, text
		}
		rest := append(append([]string{}, lines[:i+1]...), lines[j:]...)
		return b, strings.Join(rest, "\n")
	}
	return nil, text
}

// fields are the names of an item's fields, in lower case.
func fields(s string) []string {
	var out []string
	for _, f := range fieldSepRE.Split(strings.TrimRight(s, "."), -1) {
		f = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(f), "its "), "the ")))
		if f != "" {
			out = append(out, f)
		}
	}
	return out
}
