package ocean

import (
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// A question may paste rows of a spreadsheet under their header and
// ask for a cell ("wmo  cycle  pres_dbar  temp_degC" over "2901780  40
// 1000  ??"): each column names a slot (the float, the cycle, the
// level) or a variable, and a cell left as "?" is the value asked.
// rewordPastedRows writes such rows as the words the rules read ("the
// temp of float 2901780 cycle 40 at 1000 dbar"), before the spaces are
// tidied (tabs and runs of spaces part the cells).

// pastedColumns are the column names that name a slot, by their first
// part ("pres_dbar" is "pres", "cycle_number" "cycle").
var pastedColumns = map[string]string{
	"wmo": "float", "float": "float", "platform": "float", "platform_number": "float", "buoy": "float",
	"cycle": "cycle", "cycle_number": "cycle", "cyc": "cycle", "profile": "cycle",
	"pres": "pressure", "pressure": "pressure", "dbar": "pressure", "depth": "depth",
	"lat": "lat", "latitude": "lat", "lon": "lon", "long": "lon", "lng": "lon", "longitude": "lon",
	"date": "date", "juld": "date", "time": "date", "datetime": "date", "day": "date",
}

var (
	reCellAsked  = mustGuarded(`^(?:\?+|_+|-+|x+|n/?a|\.\.\.|…)$`)
	reCellNumber = mustGuarded(`^-?\d+(?:[.,:/-]\d+)*$`)
	reColumnName = mustGuarded(`^[A-Za-z][\w().%/°@-]*$`)
)

// pastedCells parts a pasted line into cells: by tabs, else commas,
// else bars, else runs of spaces.
func pastedCells(line string) []string {
	var cells []string
	switch {
	case strings.Contains(line, "\t"):
		cells = strings.Split(line, "\t")
	case strings.Count(line, ",") >= 1 && !strings.Contains(line, ", "):
		cells = strings.Split(line, ",")
	case strings.Count(line, "|") >= 1:
		cells = strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
	default:
		cells = strings.Fields(line)
	}
	var out []string
	for _, c := range cells {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// columnSep parts a column name: "temp_degC", "psal(psu)", "doxy@200dbar".
func columnSep(r rune) bool { return r == '_' || r == '(' || r == '[' || r == '/' || r == '@' }

// columnSlot is what a column name holds: a slot of pastedColumns, a
// variable ("var"), or "" when neither.
func columnSlot(name string) string {
	low := strings.ToLower(name)
	if s, ok := pastedColumns[low]; ok {
		return s
	}
	head := strings.FieldsFunc(low, columnSep)
	if len(head) == 0 {
		return ""
	}
	if s, ok := pastedColumns[head[0]]; ok {
		return s
	}
	if slices.ContainsFunc(variableTerms, func(t understand.Term) bool { return t.Phrase == head[0] }) || expandClipped(head[0]) != head[0] {
		return "var"
	}
	return ""
}

// rewordPastedRows writes the pasted rows of query under their header
// as words; a query with none is returned as written.
func rewordPastedRows(query string) string {
	lines := strings.Split(query, "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		header := pastedCells(lines[i])
		slots, known := pastedHeader(header)
		if known < 2 {
			out = append(out, lines[i])
			continue
		}
		var rows []string
		j := i + 1
		for ; j < len(lines); j++ {
			cells := pastedCells(lines[j])
			if len(cells) != len(header) || !pastedRow(cells) {
				break
			}
			rows = append(rows, rowWords(header, slots, cells))
		}
		if len(rows) == 0 {
			out = append(out, lines[i])
			continue
		}
		out = append(out, strings.Join(rows, "; ")+".")
		i = j - 1
	}
	return rewordLevelColumns(strings.Join(out, "\n"))
}

// A variable's column may carry the level it was read at in its name
// ("TEMP_10DBAR", "psal_500m", "doxy@200dbar", "temp_at_50m"): the value
// at that level, whether rows follow the header or the asker asks to
// fill the column in.
var reLevelColumn = mustGuarded(`(?i)\b([a-z][a-z0-9]*)[_@-](?:at[_-]?)?(\d+(?:\.\d+)?)[_-]?(dbar|decibars?|db|m|meters?|metres?)\b`)

// columnLevel splits a column name into its variable and the level in
// its name ("at 10 dbar"); ok is false when it names no variable with a
// level.
func columnLevel(name string) (variable, level string, ok bool) {
	m := reLevelColumn.FindStringSubmatch(name)
	if m == nil || m[0] != name || columnSlot(m[1]) != "var" {
		return "", "", false
	}
	return m[1], "at " + m[2] + " " + strings.ToLower(m[3]), true
}

// rewordLevelColumns writes each such column name left in query as its
// variable at its level.
func rewordLevelColumns(query string) string {
	return replaceFunc(reLevelColumn, query, func(m []int) string {
		if v, level, ok := columnLevel(query[m[0]:m[1]]); ok {
			return v + " " + level
		}
		return query[m[0]:m[1]]
	})
}

// pastedHeader reads a header's cells: each column's slot, and how many
// columns name one (0 when a cell is no column name).
func pastedHeader(cells []string) ([]string, int) {
	if len(cells) < 2 {
		return nil, 0
	}
	slots := make([]string, len(cells))
	known := 0
	for k, c := range cells {
		if !reColumnName.MatchString(c) {
			return nil, 0
		}
		if slots[k] = columnSlot(c); slots[k] != "" {
			known++
		}
	}
	return slots, known
}

// pastedRow says whether cells are a row of values: numbers, or cells
// left to be filled.
func pastedRow(cells []string) bool {
	for _, c := range cells {
		if !reCellNumber.MatchString(c) && !reCellAsked.MatchString(strings.ToLower(c)) {
			return false
		}
	}
	return true
}

// rowWords writes one row: the variables asked (cells left to fill, or
// every variable column when none is), then the slots its values fill.
func rowWords(header, slots, cells []string) string {
	var asked, given, vars []string
	for k, c := range cells {
		name := strings.ToLower(header[k])
		unit := ""
		if _, u, ok := strings.Cut(name, "_"); ok {
			unit = u
		}
		blank := reCellAsked.MatchString(strings.ToLower(c))
		switch slots[k] {
		case "var":
			v := strings.FieldsFunc(name, columnSep)[0]
			if _, level, ok := columnLevel(name); ok && !slices.Contains(slots, "pressure") && !slices.Contains(slots, "depth") {
				given = append(given, level)
			}
			vars = append(vars, v)
			if blank {
				asked = append(asked, v)
			}
		case "":
		default:
			if blank {
				continue
			}
			switch slots[k] {
			case "float":
				given = append(given, "float "+c)
			case "cycle":
				given = append(given, "cycle "+c)
			case "pressure":
				given = append(given, "at "+c+" dbar")
			case "depth":
				u := "m"
				if strings.HasPrefix(unit, "db") {
					u = "dbar"
				}
				given = append(given, "at "+c+" "+u)
			case "lat":
				given = append(given, "lat "+c)
			case "lon":
				given = append(given, "lon "+c)
			case "date":
				given = append(given, "on "+c)
			}
		}
	}
	if len(asked) == 0 {
		asked = vars
	}
	words := strings.Join(given, " ")
	if len(asked) > 0 {
		words = "the " + strings.Join(asked, " and ") + " of " + words
	}
	return words
}
