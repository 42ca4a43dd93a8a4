package mapschat

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// A listed result pointed at in words understand leaves out: by the
// street it is on ("the one on North Broad Street") or by its order among
// them ("the second of them").

var (
	// reOnStreet is a result picked by its street: "the one on Main
	// Street", "that place off Route 9".
	reOnStreet = regexp.MustCompile(`\b(?:the|that|this) (?:one|place|branch|location|store|shop|spot) (?:on|along|off|at) ((?:[a-z0-9'’.-]+ ){1,3}?(?:street|st|road|rd|avenue|ave|boulevard|blvd|lane|ln|drive|dr|highway|hwy|pike|parkway|pkwy|way|route|court|ct)\b\.?)`)
	// reOrdinalOf is an order among the results: "the second of them",
	// "3rd of those".
	reOrdinalOf = regexp.MustCompile(`\b(?:the )?(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last) (?:of|among) (?:them|those|these|the (?:list|results|options))\b`)
)

// streetShort folds a street's words to their short forms, so "North
// Broad Street" and "N Broad St" compare equal.
var streetShort = map[string]string{"north": "n", "south": "s", "east": "e", "west": "w", "street": "st",
	"road": "rd", "avenue": "ave", "boulevard": "blvd", "lane": "ln", "drive": "dr", "highway": "hwy",
	"parkway": "pkwy", "court": "ct", "place": "pl"}

func streetWords(s string) string {
	ws := strings.Fields(strings.NewReplacer(".", " ", ",", " , ").Replace(strings.ToLower(s)))
	for i, w := range ws {
		if short, ok := streetShort[w]; ok {
			ws[i] = short
		}
	}
	return " " + strings.Join(ws, " ") + " "
}

// listedPicks are the references to listed results by their street or
// their order "of them", each as a reference to its place in the list.
func listedPicks(low, text string, mem Memory) []understand.Reference {
	if len(mem.Results) == 0 || len(low) != len(text) {
		return nil
	}
	var out []understand.Reference
	for _, m := range reOnStreet.FindAllStringSubmatchIndex(low, -1) {
		street := streetWords(low[m[2]:m[3]])
		for i, p := range mem.Results {
			if strings.Contains(streetWords(p.Address), street) {
				out = append(out, understand.Reference{Span: understand.Span{Start: m[0], End: m[1]},
					Text: text[m[0]:m[1]], Kind: understand.RefNth, Index: i + 1, Role: roleBefore(low[:m[0]])})
				break
			}
		}
	}
	out = append(out, brandPicks(low, text, mem)...)
	for _, m := range reOrdinalOf.FindAllStringSubmatchIndex(low, -1) {
		n := ordinalIndex(low[m[2]:m[3]], len(mem.Results))
		if n >= 1 && n <= len(mem.Results) {
			out = append(out, understand.Reference{Span: understand.Span{Start: m[0], End: m[1]},
				Text: text[m[0]:m[1]], Kind: understand.RefNth, Index: n, Role: roleBefore(low[:m[0]])})
		}
	}
	return out
}

// ordinalIndex is the place in a list of n an order word says, 0 for none.
func ordinalIndex(w string, n int) int {
	switch w {
	case "last":
		return n
	case "fourth", "4th":
		return 4
	case "fifth", "5th":
		return 5
	}
	return ordinals[w]
}

// withListedPicks is rd with listedPicks as references, what was read
// inside those words (the street as a place, "the second" alone) dropped.
func withListedPicks(rd *understand.Reading, low string, mem Memory) *understand.Reading {
	return withReferences(rd, listedPicks(low, rd.Text, mem))
}

// withReferences is rd with refs as references, in text order, and what
// was read inside their words dropped: other references, places, terms
// and travel modes ("on Suburban Drive"). rd itself when refs is empty.
func withReferences(rd *understand.Reading, refs []understand.Reference) *understand.Reading {
	if len(refs) == 0 {
		return rd
	}
	out := *rd
	inside := func(s understand.Span) bool {
		return slices.ContainsFunc(refs, func(r understand.Reference) bool { return s.Start < r.End && r.Start < s.End })
	}
	out.References = append(slices.DeleteFunc(slices.Clone(rd.References), func(r understand.Reference) bool { return inside(r.Span) }), refs...)
	slices.SortFunc(out.References, func(a, b understand.Reference) int { return a.Start - b.Start })
	out.Mentions = slices.DeleteFunc(slices.Clone(rd.Mentions), func(m understand.Mention) bool { return inside(m.Span) })
	out.Terms = slices.DeleteFunc(slices.Clone(rd.Terms), func(t understand.TermMatch) bool { return inside(t.Span) })
	out.Modes = slices.DeleteFunc(slices.Clone(rd.Modes), func(m understand.TravelMode) bool { return inside(m.Span) })
	return &out
}

// listedKm is how near a listed result a place the message names must be
// to be that result, named by its own name.
const listedKm = 1.0

// asListed is l, a place the message names, as the result of this
// conversation's lists it is: the same name within listedKm ("the lowes"
// after a Lowe's was found near Millsboro). The maps then take it by its
// position and id, not its name geocoded again, which may give another
// of the same name. l itself when it is no listed result.
func asListed(l *Loc, mem Memory) *Loc {
	if l == nil || l.PlaceID != "" || l.Ref != "" || l.Point == nil {
		return l
	}
	own, _, _ := strings.Cut(l.Name, ",")
	own = strings.Trim(foldName(own), "' ")
	same := func(p Place) bool {
		return p.PlaceID != "" && strings.Trim(foldName(p.Name), "' ") == own &&
			distKm(l.Point.Lat, l.Point.Lng, p.Location.Lat, p.Location.Lng) <= listedKm
	}
	lists := [][]Place{mem.Results}
	for i := len(mem.Found) - 1; i >= 0; i-- {
		lists = append(lists, mem.Found[i].Places)
	}
	for _, ps := range lists {
		if i := slices.IndexFunc(ps, same); i >= 0 {
			return placeLoc(ps[i], refNamedListed)
		}
	}
	return l
}

// refNamedListed marks a listed result the person named by its name: a
// place named in the conversation too ("the state house" after it).
const refNamedListed = "named"
