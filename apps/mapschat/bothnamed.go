package mapschat

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// Two or more listed results asked about together ("driving times to the
// du pont and the sheraton, both of them", "the municipal lot or the
// beach lot? do both", "directions to both the first and the third"): a
// route to each, from one start.

// reBoth asks for every one of the places named: "both", "each of".
var reBoth = regexp.MustCompile(`\b(?:both|each of|each one|for each|all (?:two|three) of|the two of them)\b`)

// reTheWords are the words after "the" up to a joining word or a mark:
// "the du pont", "the beach lot".
var reTheWords = regexp.MustCompile(`\bthe ((?:[a-z0-9'’&.-]+ ?){1,3}?)(?:\s*(?:,|\?|!|;|\.|—|-|$)|\s+(?:and|or|both|each|from|to|on|in|at|for|please|pls|then|vs)\b)`)

// reFirstN are the first results counted: "the first two", "the top 3".
var reFirstN = regexp.MustCompile(`\bthe (?:first|top) (two|three|2|3)\b`)

// genericNameWords name a kind of place, not which one: "the lot" alone
// says nothing of which lot.
var genericNameWords = map[string]bool{"one": true, "ones": true, "place": true, "lot": true, "hotel": true, "park": true,
	"store": true, "shop": true, "cafe": true, "restaurant": true, "museum": true, "library": true, "station": true,
	"first": true, "second": true, "third": true, "last": true, "other": true, "two": true, "three": true, "same": true,
	"way": true, "car": true, "drive": true, "walk": true, "museum's": true, "city": true, "town": true}

// listedByWords is the first listed result whose name holds every word
// of words (some word not generic); -1 when none.
func listedByWords(words []string, mem Memory) int {
	if !slices.ContainsFunc(words, func(w string) bool { return !genericNameWords[w] }) {
		return -1
	}
	for i, p := range mem.Results {
		name := " " + foldName(p.Name) + " "
		if !slices.ContainsFunc(words, func(w string) bool { return !strings.Contains(name, " "+w+" ") }) {
			return i
		}
	}
	return -1
}

// listedBoth reads a message that asks a route to each of two or more
// listed results it names, by their order ("the first and the third"),
// by words of their names ("the du pont and the sheraton") or by their
// street, as one route to each from the place named after "from", else
// from here; ok false unless two results or more are named.
func listedBoth(low string, rd *understand.Reading, mem Memory, here *Loc, mode string) (Request, bool) {
	if len(mem.Results) < 2 || !reBoth.MatchString(low) || len(low) != len(rd.Text) {
		return Request{}, false
	}
	type pick struct{ at, index int }
	var picks []pick
	add := func(at, index int) {
		if index >= 0 && index < len(mem.Results) && !slices.ContainsFunc(picks, func(p pick) bool { return p.index == index }) {
			picks = append(picks, pick{at, index})
		}
	}
	for _, ref := range rd.References {
		if ref.Kind == understand.RefNth && ref.Index >= 1 {
			add(ref.Start, ref.Index-1)
		}
	}
	for _, m := range reBareOrdinal.FindAllStringSubmatchIndex(low, -1) {
		add(m[0], ordinalIndex(low[m[2]:m[3]], len(mem.Results))-1)
	}
	for _, m := range reFirstN.FindAllStringSubmatchIndex(low, -1) {
		n := map[string]int{"two": 2, "three": 3, "2": 2, "3": 3}[low[m[2]:m[3]]]
		for i := range n {
			add(m[0], i)
		}
	}
	for _, ref := range listedPicks(low, rd.Text, mem) {
		add(ref.Start, ref.Index-1)
	}
	var from *Loc
	for _, m := range reTheWords.FindAllStringSubmatchIndex(low, -1) {
		words := strings.Fields(foldName(low[m[2]:m[3]]))
		i := listedByWords(words, mem)
		if i < 0 {
			continue
		}
		if strings.HasSuffix(strings.TrimSpace(low[:m[0]]), "from") {
			from = placeLoc(mem.Results[i], "the "+strings.Join(words, " ")) // "the shorter walk from the museum"
			continue
		}
		add(m[0], i)
	}
	if len(picks) < 2 {
		return Request{}, false
	}
	slices.SortStableFunc(picks, func(a, b pick) int { return a.at - b.at })
	var to []*Loc
	for _, p := range picks {
		l := placeLoc(mem.Results[p.index], "the listed "+mem.Results[p.index].Name)
		if from != nil && from.samePlace(l) {
			continue
		}
		to = append(to, l)
	}
	if len(to) < 2 {
		return Request{}, false
	}
	r := Request{Kind: KindDirections, To: to[0], Also: to[1:], From: from, Mode: mode}
	for _, m := range rd.Mentions {
		if m.Role == understand.RoleFrom && r.From == nil {
			r.From = mentionLoc(m)
		}
	}
	if r.From == nil {
		r.From = here
	}
	if r.From == nil {
		r.Missing = "where"
	}
	return r, true
}

// listedByName is the listed result low names by words of its name
// after "the", the last one named before any "not" ("the address of the
// du pont", "I meant the Westin not the Sheraton"); nil when it names
// none.
func listedByName(low string, mem Memory) *Place {
	if i := strings.Index(low, " not "); i >= 0 {
		low = low[:i]
	}
	var p *Place
	for _, m := range reTheWords.FindAllStringSubmatchIndex(low, -1) {
		if i := listedByWords(strings.Fields(foldName(low[m[2]:m[3]])), mem); i >= 0 {
			p = &mem.Results[i]
		}
	}
	return p
}
