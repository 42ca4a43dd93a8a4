package mapschat

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// reNumberInName is a number written right after a name ("Battery 519",
// "Pier 39", "Gate 12B"), with the word after it, if any.
var reNumberInName = regexp.MustCompile(`^\s+(\d{1,5}[A-Za-z]?)\b(?:[.:,]\d)?\s*([A-Za-z]+)?`)

// quantityWords follow a number that is a quantity, not part of a name:
// "Dover 10 km north", "Milford 20 minutes away".
var quantityWords = map[string]bool{
	"km": true, "kms": true, "kilometers": true, "kilometres": true, "mi": true, "mile": true, "miles": true,
	"m": true, "meter": true, "meters": true, "metre": true, "metres": true, "ft": true, "feet": true, "foot": true,
	"min": true, "mins": true, "minute": true, "minutes": true, "hr": true, "hrs": true, "hour": true, "hours": true,
	"am": true, "pm": true, "people": true, "of": true, "times": true, "stops": true, "blocks": true, "percent": true,
}

// withNumberedNames is rd with a number written right after a capitalised
// name kept in it: "the elevation at Battery 519" is a place called
// "Battery 519", not a place called "Battery" (nor a town called
// Battery elsewhere: the gazetteer's reading of the bare word is dropped).
// This belongs in understand's place reading; it lives here while
// another engineer owns that package.
func withNumberedNames(rd *understand.Reading) *understand.Reading {
	numbered := func(m understand.Mention) (string, bool) {
		if m.End > len(rd.Text) || m.Text == "" || strings.ToUpper(m.Text[:1]) != m.Text[:1] || strings.ToLower(m.Text[:1]) == m.Text[:1] {
			return "", false
		}
		n := reNumberInName.FindStringSubmatch(rd.Text[m.End:])
		if n == nil || strings.ContainsAny(n[0], ".:,") || quantityWords[strings.ToLower(n[2])] {
			return "", false
		}
		return n[1], true
	}
	if !slices.ContainsFunc(rd.Mentions, func(m understand.Mention) bool { _, ok := numbered(m); return ok }) {
		return rd
	}
	out := *rd
	out.Mentions = slices.Clone(rd.Mentions)
	for i, m := range out.Mentions {
		num, ok := numbered(m)
		if !ok {
			continue
		}
		at := m.End + strings.Index(rd.Text[m.End:], num)
		m.Text = m.Text + " " + num
		m.End = at + len(num)
		m.Place, m.Readings = nil, 0
		out.Mentions[i] = m
	}
	return &out
}
