package docs

import (
	"encoding/json"
	"fmt"
	"path"
	"strings"
)

// maxPassage is the soft limit on passage length in bytes.
const maxPassage = 1200

// Split turns one file into passages by its extension: .rst, .md, .txt by
// section; .json Argo reference tables (data.@graph) one passage per code,
// the ADMT catalogue (data.catalogue) one per document. It returns nil for
// files it does not index (licences, other formats).
func Split(name string, data []byte) ([]Passage, error) {
	if !splits(name) {
		return nil, nil
	}
	switch path.Ext(strings.ToLower(name)) {
	case ".rst":
		return splitText(name, string(data), rstHeading), nil
	case ".md", ".markdown":
		return splitText(name, string(data), mdHeading), nil
	case ".txt":
		return splitText(name, string(data), func([]string, int) (string, int, int) { return "", 0, 0 }), nil
	case ".json":
		return splitJSON(name, data)
	}
	return nil, nil
}

// splits reports whether Split reads a file called name.
func splits(name string) bool {
	base := strings.ToLower(path.Base(name))
	if strings.HasPrefix(base, "license") || strings.HasPrefix(base, "licence") {
		return false
	}
	switch path.Ext(base) {
	case ".rst", ".md", ".markdown", ".txt", ".json":
		return true
	}
	return false
}

// heading reports whether lines[i] starts a heading: its title, a level key
// and how many lines it takes (0 when it is not a heading).
type heading func(lines []string, i int) (title string, level int, n int)

func isAdornment(s string) bool {
	s = strings.TrimRight(s, " \t")
	if len(s) < 3 {
		return false
	}
	c := s[0]
	if !strings.ContainsRune("=-~^*+#\"'`:._", rune(c)) {
		return false
	}
	return strings.Count(s, string(c)) == len(s)
}

func rstHeading(lines []string, i int) (string, int, int) {
	// overline + title + underline
	if isAdornment(lines[i]) && i+2 < len(lines) && strings.TrimSpace(lines[i+1]) != "" && isAdornment(lines[i+2]) && lines[i][0] == lines[i+2][0] {
		return strings.TrimSpace(lines[i+1]), int(lines[i][0]) + 256, 3
	}
	if strings.TrimSpace(lines[i]) != "" && !isAdornment(lines[i]) && i+1 < len(lines) && isAdornment(lines[i+1]) &&
		!strings.HasPrefix(lines[i], " ") {
		return strings.TrimSpace(lines[i]), int(lines[i+1][0]), 2
	}
	return "", 0, 0
}

func mdHeading(lines []string, i int) (string, int, int) {
	l := lines[i]
	if !strings.HasPrefix(l, "#") {
		return "", 0, 0
	}
	n := len(l) - len(strings.TrimLeft(l, "#"))
	if n > 6 || (len(l) > n && l[n] != ' ') {
		return "", 0, 0
	}
	return strings.TrimSpace(l[n:]), n, 1
}

func splitText(name, text string, head heading) []Passage {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var (
		out     []Passage
		levels  []int    // level keys in order of first appearance (rst)
		path    []string // current heading path
		buf     strings.Builder
		inFence bool
	)
	section := func() string {
		if len(path) == 0 {
			return "(top)"
		}
		return strings.Join(path, " > ")
	}
	flush := func() {
		t := strings.TrimSpace(buf.String())
		buf.Reset()
		if len(t) < 20 {
			return
		}
		out = append(out, Passage{File: name, Section: section(), Text: t})
	}
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			inFence = !inFence
		}
		if !inFence {
			if title, lv, n := head(lines, i); n > 0 {
				flush()
				depth := -1
				for d, k := range levels {
					if k == lv {
						depth = d
					}
				}
				if depth < 0 {
					levels = append(levels, lv)
					depth = len(levels) - 1
				}
				if depth > len(path) {
					depth = len(path)
				}
				t := cleanTitle(title)
				if t == "" {
					t = "(untitled)"
				}
				path = append(path[:depth], t)
				i += n - 1
				continue
			}
		}
		trimmed := strings.TrimSpace(l)
		// rst directives, targets and substitutions carry no prose
		if strings.HasPrefix(trimmed, ".. ") && !strings.Contains(trimmed, "::") || strings.HasPrefix(trimmed, ".. _") || strings.HasPrefix(trimmed, ".. |") {
			continue
		}
		if trimmed == "" && buf.Len() > maxPassage {
			flush()
			continue
		}
		buf.WriteString(l)
		buf.WriteByte('\n')
		if buf.Len() > 2*maxPassage {
			flush()
		}
	}
	flush()
	return out
}

func cleanTitle(t string) string {
	// drop rst substitutions like (|mode_expert|, …) from titles
	var b strings.Builder
	in := false
	for _, r := range t {
		if r == '|' {
			in = !in
			continue
		}
		if !in {
			b.WriteRune(r)
		}
	}
	s := strings.Join(strings.Fields(b.String()), " ")
	s = strings.TrimSuffix(strings.TrimSuffix(s, "(, , )"), "()")
	return strings.TrimSpace(s)
}

type langValue struct {
	Value string `json:"@value"`
}

func (l *langValue) UnmarshalJSON(b []byte) error {
	// a plain string or {"@language":..., "@value":...}
	var s string
	if json.Unmarshal(b, &s) == nil {
		l.Value = s
		return nil
	}
	var o struct {
		Value string `json:"@value"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		return err
	}
	l.Value = o.Value
	return nil
}

func splitJSON(name string, data []byte) ([]Passage, error) {
	var doc struct {
		Name     string `json:"name"`
		LongName string `json:"long_name"`
		Data     struct {
			Graph []struct {
				ID         string    `json:"@id"`
				AltLabel   langValue `json:"skos:altLabel"`
				Notation   langValue `json:"skos:notation"`
				PrefLabel  langValue `json:"skos:prefLabel"`
				Definition langValue `json:"skos:definition"`
				Deprecated string    `json:"owl:deprecated"`
			} `json:"@graph"`
			Catalogue []struct {
				Category string `json:"category"`
				Title    string `json:"title"`
				DOI      string `json:"doi"`
			} `json:"catalogue"`
		} `json:"data"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("JSON: %w", err)
	}
	table := strings.TrimSuffix(path.Base(name), ".json")
	var out []Passage
	for _, c := range doc.Data.Graph {
		code := c.AltLabel.Value
		if code == "" {
			code = c.Notation.Value
			if i := strings.LastIndex(code, ":"); i >= 0 {
				code = code[i+1:]
			}
		}
		if code == "" && c.PrefLabel.Value == "" {
			continue
		}
		text := fmt.Sprintf("%s (%s, table %s) code %s: %s.", doc.LongName, doc.Name, table, code, c.PrefLabel.Value)
		if c.Definition.Value != "" {
			text += " " + c.Definition.Value
		}
		if c.Deprecated == "true" {
			text += " (deprecated)"
		}
		if c.ID != "" {
			text += " <" + c.ID + ">"
		}
		out = append(out, Passage{File: name, Section: fmt.Sprintf("%s code %s", table, code), Text: text})
	}
	for _, c := range doc.Data.Catalogue {
		text := fmt.Sprintf("%s: %s. DOI %s (https://doi.org/%s).", c.Category, c.Title, c.DOI, c.DOI)
		out = append(out, Passage{File: name, Section: c.Category + " > " + c.Title, Text: text})
	}
	return out, nil
}
