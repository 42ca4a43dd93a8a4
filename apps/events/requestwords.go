package events

import (
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/cairn-agents/cairn/understand"
)

// compoundFest finds an event named as one word ending in "fest"
// ("Oktoberfest", "Bierfest", "#jazzfest"): a festival.
var compoundFest = regexp.MustCompile(`(?i)\b\p{L}{3,}fest(?:ival)?s?\b`)

// kindLike finds a kind of event joined to a word that likens something
// to it: "carnival-type stuff", "market-style stalls", "festival-like".
var kindLike = regexp.MustCompile(`(?i)\b(\p{L}{3,})-(?:type|style|like|esque|ish|themed|y)\b`)

// wordInterests are the interests a request names in ways the reader's
// terms miss: a one-word "…fest", a kind joined to "-type" or "-style",
// a word of the vocabulary the reader took for a town's name ("music
// or art", Art being a town), and a feast read as a time whose name is
// a kind of event ("for Songkran", "during Carnaval").
func wordInterests(text string, r *understand.Reading) []string {
	var out []string
	if compoundFest.MatchString(text) {
		out = append(out, "festival")
	}
	for _, tf := range r.Times {
		if tf.Unit != "holiday" {
			continue
		}
		// The reader takes the name for the time, not a term: its words
		// are matched to the vocabulary's phrases here.
		name := " " + understand.Normalize(text[tf.Start:tf.End]) + " "
		for _, t := range terms() {
			if t.Label != "holiday" && strings.Contains(name, " "+understand.Normalize(t.Phrase)+" ") && !slices.Contains(out, t.Label) {
				out = append(out, t.Label)
			}
		}
	}
	for _, m := range kindLike.FindAllStringSubmatch(text, -1) {
		for _, t := range understand.Read(strings.ToLower(m[1]), understand.Options{Terms: terms()}).Terms {
			if !slices.Contains(out, t.Label) {
				out = append(out, t.Label)
			}
		}
	}
	for _, m := range vocabularyMentions(r) {
		// The word may begin a longer phrase of the vocabulary ("Fête de
		// la Musique" is music, "Fête" alone a festival): the longest.
		rest := text[m.Start:]
		if end := strings.IndexAny(rest, ".,;:!?\n()"); end > 0 {
			rest = rest[:end]
		}
		for _, t := range understand.Read(strings.ToLower(rest), understand.Options{Terms: terms()}).Terms {
			if t.Start == 0 && !slices.Contains(out, t.Label) {
				out = append(out, t.Label)
			}
		}
	}
	return out
}

// vocabularyMentions are the names read with no cue that are a whole
// phrase of the vocabulary ("art", "Fair"): kinds of events, not places.
func vocabularyMentions(r *understand.Reading) []understand.Mention {
	var out []understand.Mention
	for _, m := range r.Mentions {
		if m.Role != understand.RoleNone || m.Quoted {
			continue
		}
		t := understand.Read(strings.ToLower(m.Text), understand.Options{Terms: terms()}).Terms
		if len(t) == 1 && t[0].Start == 0 && t[0].End == len(m.Text) {
			out = append(out, m)
		}
	}
	return out
}

// withoutVocabulary is text with the vocabulary words read as places
// blanked (same length, so spans hold), to read its places again; ok is
// false when there are none. A feast's name read as a town (feastName)
// is blanked when another town is named, whose joint reading it would
// pull to its own country: "vienna christmas markets" is no Vienna in
// Georgia, near Christmas in Florida.
func withoutVocabulary(text string, r *understand.Reading) (string, bool) {
	ms := append(vocabularyMentions(r), genreMentions(text, r)...)
	for _, m := range r.Mentions {
		if feastName(m) && slices.ContainsFunc(r.Mentions, func(o understand.Mention) bool {
			return o.Start != m.Start && o.Place != nil && !feastName(o)
		}) {
			ms = append(ms, m)
		}
	}
	if len(ms) == 0 {
		return text, false
	}
	b := []byte(text)
	for _, m := range ms {
		for i := m.Start; i < m.End; i++ {
			b[i] = ' '
		}
	}
	return string(b), true
}

// photoGenre is a kind of photography written after its word: "street
// photography", "wedding photographer".
var photoGenre = regexp.MustCompile(`(?i)^\s*(?:photography|photographers?|photog|photos|shots)\b`)

// switchedTo is what a photographer says before the genre they took up:
// "switched to street", "moved into wildlife".
var switchedTo = regexp.MustCompile(`(?i)\b(?:switch(?:ed|ing)?|mov(?:ed|ing)(?:\s+over)?|turn(?:ed|ing)|chang(?:ed|ing)|went\s+over|gone\s+over)\s+(?:to|into)\s+$`)

// photoGenres are kinds of photography a photographer names alone.
var photoGenres = map[string]bool{"street": true, "wildlife": true, "landscape": true, "landscapes": true, "portrait": true,
	"portraits": true, "wedding": true, "weddings": true, "documentary": true, "fashion": true, "macro": true,
	"nature": true, "architecture": true, "sports": true, "reportage": true}

// genreMentions are the names read from a word in lower case before
// "photography" or after "switched to": the genre ("new to street
// photography", "switched to street last year"), not a town.
func genreMentions(text string, r *understand.Reading) []understand.Mention {
	var out []understand.Mention
	for _, m := range r.Mentions {
		if c, _ := utf8.DecodeRuneInString(m.Text); m.Place != nil && !m.Quoted && unicode.IsLower(c) &&
			!strings.Contains(strings.TrimSpace(m.Text), " ") && (photoGenre.MatchString(text[m.End:]) ||
			photoGenres[m.Text] && switchedTo.MatchString(text[:m.Start])) {
			out = append(out, m)
		}
	}
	return out
}

// gearWords name photography gear or technique, or what goes wrong
// with it; questionWords ask for advice or about a fault.
var (
	gearWords = regexp.MustCompile(`(?i)\b(lens|lenses|camera|cameras|tripod|tripods|flash|flashes|filters?|aperture|shutter|iso|autofocus|sensor|gimbal|settings|exposure|white balance|focal length|` +
		`\d{1,3}\s?mm|polari[sz](?:er|ers|ing)|wide[- ]angle|telephoto|zoom lens|f/\d+(?:\.\d)?|firmware|(?:front|back|mis)-?focus\w*|focus(?:es|ing|ed)?|batter(?:y|ies)|meter(?:ing)?|(?:over|under)-?expos\w*|dslr|mirrorless|noisy|blurry)\b`)
	questionWords = regexp.MustCompile(`(?i)\b(best|which|what|why|recommend|recommended|should i|how (do|to|can|should)|is (it|that|this|my)|does|any (fix|idea|tips?))\b|\?`)
)

// cameraBrands are makers of cameras and lenses, some of them also
// towns (Canon in France, Fuji in Japan).
const cameraBrands = `canon|nikon|nikkor|sony|fuji|fujifilm|leica|olympus|pentax|panasonic|lumix|hasselblad|ricoh|sigma|tamron|zeiss|gopro|dji`

// ownedCamera finds a camera brand that is someone's gear: after a
// possessive or an article ("my Fuji", "a used Canon") or before a
// model ("Nikon Z6", "Fuji X-T5").
var ownedCamera = regexp.MustCompile(`(?i)\b(?:(?:my|our|his|her|their|a|an|new|old|used|spare)\s+(?:new\s+|old\s+|used\s+)?(` + cameraBrands + `)\b|(` + cameraBrands + `)\s+[a-z]{0,3}-?[a-z]?\d[\w-]*)`)

// cameraMention says whether a place was read from a camera brand that
// is someone's gear ("my Canon keeps hunting"): no place.
func cameraMention(text string, m understand.Mention) bool {
	for _, c := range ownedCamera.FindAllStringSubmatchIndex(text, -1) {
		for g := 2; g < len(c); g += 2 {
			if c[g] >= 0 && c[g] == m.Start && c[g+1] == m.End {
				return true
			}
		}
	}
	return false
}

// gearQuestion says whether a request asks about photography gear or
// technique rather than for events: gear words (or someone's camera) in
// a question, with no time frame (the reader's or one refineTimes
// mends, "ISO week 2") and no place written after a cue; or a question
// (a sentence ending in "?") about gear or settings in a request that
// names no kind of event, whatever place and time it gives ("Best
// aperture for the aurora? In Tromsø next week.").
func gearQuestion(text string, r *understand.Reading, now time.Time) bool {
	if !gearWords.MatchString(text) && !ownedCamera.MatchString(text) || !questionWords.MatchString(text) || asksForEvents(text) {
		return false
	}
	if len(r.Terms) == 0 && slices.ContainsFunc(questionSentences(text), func(q string) bool { return gearWords.MatchString(q) && questionWords.MatchString(q) }) {
		return true
	}
	if len(refineTimes(text, r.Times, now)) > 0 {
		return false
	}
	for _, m := range r.Mentions {
		if m.Role != understand.RoleNone && m.Place != nil {
			return false
		}
	}
	return true
}

// repairWords ask for gear to be mended; a question with them is about
// a repair, whatever event it must be done before ("before a gig on
// Saturday").
var repairWords = regexp.MustCompile(`(?i)\b(?:repair(?:ed|s|ing)?|fix(?:ed|ing)?|mend(?:ed|ing)?|servic(?:ed|ing)|serviced|recalibrat\w*|clean(?:ed|ing)\s+(?:my|the)\s+sensor)\b`)

// repairQuestion says whether a request asks where or who can repair
// something (a question with repair words and gear or a pronoun for it),
// not for events: an event it names is the deadline.
func repairQuestion(text string) bool {
	if asksForEvents(text) {
		return false
	}
	return slices.ContainsFunc(questionSentences(text), func(q string) bool {
		return repairWords.MatchString(q) && (gearWords.MatchString(text) || ownedCamera.MatchString(text) || strings.Contains(strings.ToLower(q), " it "))
	})
}

// questionSentences are the sentences of text that end in a question
// mark.
func questionSentences(text string) []string {
	var out []string
	start := 0
	for _, m := range sentenceEnd.FindAllStringIndex(text, -1) {
		if s := strings.TrimSpace(text[start:m[1]]); strings.HasSuffix(s, "?") {
			out = append(out, s)
		}
		start = m[1]
	}
	return out
}

// nearWords before a place the asker stays at ("staying near Windermere",
// "based around York") make it a centre with nearby places in.
var nearWords = regexp.MustCompile(`(?i)\b(near|around|close to|outside|nearby)\s*$`)

// orAround after a place adds the places near it: "in Dublin or
// around", "Cork and around", "Lyon or nearby", "Bath and the area
// around".
var orAround = regexp.MustCompile(`(?i)^\s*,?\s*(?:or|and|&)\s+(?:around|nearby|near it|near there|close by|round about|thereabouts|around (?:it|there)|the (?:surrounding )?area(?: around)?|surroundings|the surroundings|environs|the environs)\b`)

// stayingNear says whether a place is written just after "near",
// "around", "close to", or just before "or around", "and nearby".
func stayingNear(r *understand.Reading, m understand.Mention) bool {
	return nearWords.MatchString(r.Text[:m.Start]) || orAround.MatchString(r.Text[m.End:])
}

// placeLeftOpen are the words of an asker who leaves the place to the
// search: "happy to travel anywhere", "wherever", "any city really",
// "doesn't matter where", "I don't mind where", "not fussy where".
var placeLeftOpen = regexp.MustCompile(`(?i)\b(?:anywhere|any ?where|wherever|no matter where|any (?:city|town|country|place) (?:really|at all|is fine)|` +
	`(?:doesn'?t|does not|don'?t|do not|won'?t|will not)\s+(?:really\s+)?(?:matter|mind|care)\s+where|not (?:fussy|bothered|picky|particular) (?:about )?where)\b`)

// leavesPlaceOpen says whether a request that names no place, or only a
// word in lower case some small town is named after ("happy to travel
// anywhere" is no Happy, Texas), leaves the place to the search.
func leavesPlaceOpen(text string, m *understand.Mention, unknown []string) bool {
	if len(unknown) > 0 || !placeLeftOpen.MatchString(text) {
		return false
	}
	return m == nil || strayWord(*m) && m.Place.Population < 100_000
}

// landmarkHeads end a landmark's name after the city it is in ("Sydney
// Opera House", "Prague Castle"). A gate is named for where its road
// goes (the Brandenburg Gate is in Berlin), so it is none of them.
var landmarkHeads = regexp.MustCompile(`(?i)^(opera house|opera|tower|towers|bridge|cathedral|square|castle|palace|park|museum|station|central station|hall|city hall|town hall|arena|stadium|harbour|harbor|cathedral square|old town|waterfront|pier|zoo|airport)$`)

// landmarkCity is the city a landmark no gazetteer knows is named after
// and in: its leading words when they name a city by name and the rest
// is a landmark's head ("the Sydney Opera House" is Sydney), a city of
// 100,000 people or more (Tower Bridge is not in Tower, Ireland). ok is false
// when no cued mention is such a landmark.
func (a *App) landmarkCity(r *understand.Reading) (*understand.Mention, bool) {
	for _, m := range r.Mentions {
		if m.Place != nil || m.Role == understand.RoleNone || m.Role == understand.RoleRegion || m.Role == understand.RoleAvoid {
			continue
		}
		words := strings.Fields(m.Text)
		for n := len(words) - 1; n >= 1; n-- {
			if !landmarkHeads.MatchString(strings.Join(words[n:], " ")) {
				continue
			}
			head := strings.Join(words[:n], " ")
			if pl := a.placeOf(head); pl != nil && pl.Kind == understand.KindCity && pl.Population >= 100_000 && !farSpelled(*pl) {
				return &understand.Mention{Text: head, Place: pl, Role: m.Role}, true
			}
		}
	}
	return nil, false
}
