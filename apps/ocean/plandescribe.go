package ocean

import (
	"slices"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/understand"
)

// Words that describe a float, the asker or the message rather than the
// data asked for: when a named float was deployed, where the asker comes
// from, the seas two compared floats stand for, and a letter's
// signature. Each is set aside before the rules read the question, so
// that none becomes a filter.

// A time a named float was deployed in ("the technician who deployed
// 5900446 back in 2004", "2902269 went into the water in January 2019",
// "it was launched in March 2018") tells the float's history; the data
// asked for are its own, at any time. Not after "since", "after",
// "from" or "before" ("since it was deployed in 2004" bounds the data).
var (
	reDeployedIn  = mustGuarded(`(?i)(?:\b(?:[0-9]{7}|[0-9]{5}|it|the float|this float|that float)\s+(?:(?:was|were|got|has been|had been)\s+)?(?:deployed|launched|released|dropped in the (?:water|sea|ocean)|went into the (?:water|sea|ocean)|put (?:in|into) the (?:water|sea|ocean)|(?:was )?put in)|\b(?:deployed|launched|released)\s+(?:float\s+|wmo\s+)?(?:[0-9]{7}|[0-9]{5}))(?:\s+(?:way\s+)?back)?(\s+(?:in|on|during)\s+)`)
	reYearHead    = mustGuarded(`^(?:19|20)\d\d\b`)
	reBoundBefore = mustGuarded(`(?i)\b(?:since|after|from|before|until|till)\s+(?:\w+\s+){0,3}$`)
)

// setAsideDeployment returns query without the times its named floats
// were deployed in, and those times.
func setAsideDeployment(query string, now time.Time) (string, string) {
	if !reStoryFloat.MatchString(query) {
		return query, ""
	}
	var b strings.Builder
	var aside []string
	prev := 0
	for _, m := range reDeployedIn.FindAllStringSubmatchIndex(query, -1) {
		if m[0] < prev || reBoundBefore.MatchString(query[:m[0]]) {
			continue
		}
		rest := query[m[1]:]
		end := m[1] + len(reYearHead.FindString(rest)) // "in 2004", which understand leaves to bareYear
		if r := understand.Read(rest, understand.Options{Now: now, Tense: understand.Past}); len(r.Times) > 0 && strings.TrimSpace(rest[:r.Times[0].Start]) == "" {
			end = m[1] + r.Times[0].End
		}
		if end == m[1] {
			continue
		}
		b.WriteString(query[prev:m[2]])
		b.WriteString(" ")
		aside = append(aside, strings.TrimSpace(query[m[0]:end]))
		prev = end
	}
	if len(aside) == 0 {
		return query, ""
	}
	b.WriteString(query[prev:])
	return b.String(), strings.Join(aside, "; ")
}

// Where the asker comes from ("I am researcher from Japan", "we're
// students from Lagos", "I'm a skipper from Hobart") says who asks, not
// where the data are, typed with or without the stop after it: its
// place goes unless the rest points back at it ("my port", "near me",
// the nearest float with no place of its own).
var (
	reAskerFrom = mustGuarded(`(?i:\b(?:i am|i'm|i’m|im|we are|we're|we’re)\s+(?:an?\s+|the\s+)?(?:[\p{L}-]+\s+){0,3}?from\s+)(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){0,2})`)
	// reSentenceHead are the words a sentence typed without its stop may
	// open with after a name: "from Japan About the float", "from Lagos
	// What is".
	reSentenceHead = mustGuarded(`^(?:About|What|Which|How|Where|When|Who|Why|Can|Could|Would|Will|Please|Is|Are|Do|Does|Did|I|My|We|Our|The|Tell|Show|Give|And|But|So|Thanks|Thank|Regarding|For)$`)
)

// setAsideAskerOrigin returns query without the places its asker comes
// from, and those places.
func setAsideAskerOrigin(query string) (string, string) {
	var b strings.Builder
	var aside []string
	prev := 0
	for _, m := range reAskerFrom.FindAllStringSubmatchIndex(query, -1) {
		words := strings.Fields(query[m[2]:m[3]])
		for i, w := range words {
			if i > 0 && reSentenceHead.MatchString(w) {
				words = words[:i]
				break
			}
		}
		name := strings.Join(words, " ")
		from := strings.LastIndex(strings.ToLower(query[m[0]:m[2]]), "from")
		start, end := m[0]+from, m[2]+len(name)
		others := query[:start] + query[end:]
		if rePlaceBack.MatchString(others) || reNeedPoint.MatchString(others) && !hasOwnPlace(others) {
			continue
		}
		b.WriteString(query[prev:start])
		aside = append(aside, query[start:end])
		prev = end
	}
	if len(aside) == 0 {
		return query, ""
	}
	b.WriteString(query[prev:])
	return b.String(), strings.Join(aside, "; ")
}

// Two named floats compared, each given a sea or place it stands for
// ("take float 2902269 for the Arabian Sea and 2901623 for Sumatra",
// "float 5906072 (Cape Town) against float 1900857 (Mauritius)", "float
// 2902269 Arabian Sea is saltier than float 2901623 Bay of Bengal"):
// the places say which float is which, not where the data lie.
var (
	reStandsForCue = mustGuarded(`(?i)^\s*(?:\(\s*|,\s*)?(?:(?:for|as|representing|to represent|standing for|which stands for|from|off|in)\s+)?(?:the\s+)?`)
	reLowerWords   = mustGuarded(`^(?:[a-z]+\s+){0,3}`)
	reCapName      = mustGuarded(`^\p{Lu}[\p{L}'’-]+`)
)

// floatsStandForPlaces says whether query gives two or more of its named
// floats each a place.
func floatsStandForPlaces(query string) bool {
	var placed []string
	for _, m := range reStoryFloat.FindAllStringIndex(query, -1) {
		rest := query[m[1]:]
		rest = rest[len(reStandsForCue.FindString(rest)):]
		if _, ok := findRegion(firstWords(rest, 5)); ok && regionStarts(rest) {
			placed = appendFloat(placed, query[m[0]:m[1]])
			continue
		}
		rest = rest[len(reLowerWords.FindString(rest)):]
		if reCapName.MatchString(rest) && !reSentenceHead.MatchString(reCapName.FindString(rest)) {
			placed = appendFloat(placed, query[m[0]:m[1]])
		}
	}
	return len(placed) >= 2
}

func appendFloat(fs []string, f string) []string {
	if slices.Contains(fs, f) {
		return fs
	}
	return append(fs, f)
}

// firstWords is the first n words of s.
func firstWords(s string, n int) string {
	ws := strings.Fields(s)
	return strings.Join(ws[:min(n, len(ws))], " ")
}

// regionStarts says whether s opens with a region's name (after up to
// three lower-case words: "eastern equatorial Indian Ocean").
func regionStarts(s string) bool {
	low := strings.ToLower(firstWords(s, 6))
	for _, r := range regions {
		for _, name := range append([]string{strings.ToLower(r.Name)}, r.Aliases...) {
			if i := strings.Index(low, name); i >= 0 && len(strings.Fields(low[:i])) <= 3 {
				return true
			}
		}
	}
	return false
}

// A letter's sign-off on a line of its own ("Kind regards,", "Best
// wishes", "Sincerely") ends the question: the name, title and
// institution under it are no filters ("University of Ghana, Accra").
var reSignOff = mustGuarded(`(?im)^[ \t]*(?:(?:kind|best|warm|warmest|with)\s+(?:regards|wishes)|regards|sincerely|yours\s+(?:sincerely|faithfully|truly)|many thanks|thanks(?:\s+(?:again|in advance))?|thank you(?:\s+(?:again|in advance))?|cheers|best)[ \t]*[,.!]?[ \t]*\r?\n`)

// dropSignature returns query without a signature after a sign-off: at
// most five short lines, with no question and no float number in them.
func dropSignature(query string) string {
	m := reSignOff.FindAllStringIndex(query, -1)
	if m == nil {
		return query
	}
	last := m[len(m)-1]
	if strings.TrimSpace(query[:last[0]]) == "" {
		return query
	}
	sig := query[last[1]:]
	if strings.Count(strings.TrimSpace(sig), "\n") >= 5 || strings.Contains(sig, "?") || reStoryFloat.MatchString(sig) {
		return query
	}
	return query[:last[0]]
}

// A comparison the asker will make with something outside the data
// ("wanna compare w/ what the locals remember", "to check against my
// grandad's logbook", "so I can compare it with what my students
// felt") is what the answer is for, not a comparison asked of the
// data: its words go.
var reOutsideComparison = mustGuarded(`(?i)\b(?:compare|check|match|set)\s+(?:it\s+|them\s+|this\s+|that\s+|the\s+(?:numbers?|results?|values?|answer|data)\s+)?(?:with|w/|to|against)\s+(?:what\s+(?:[\pL'’]+\s+){0,3}?(?:remembers?|recalls?|says?|said|thinks?|thought|told|tells?|felt|feels?|saw|sees?|expects?|expected|experienced?|noticed?|describes?|described)|(?:my|our|his|her|their)\s+(?:own\s+)?(?:[\pL'’]+\s+)?(?:memor(?:y|ies)|notes?|logs?|logbooks?|diar(?:y|ies)|impressions?|feelings?|photos?|recollections?|stories))\b`)

// setAsideOutsideComparison returns query without such comparisons,
// and their words.
func setAsideOutsideComparison(query string) (string, string) {
	m := reOutsideComparison.FindAllString(query, -1)
	if m == nil {
		return query, ""
	}
	return reOutsideComparison.ReplaceAllString(query, " "), strings.Join(m, "; ")
}
