package ocean

import (
	"slices"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/understand"
)

// --- clauses that set the scene ----------------------------------------

// A clause describes the asker, not the data, when its subject is the
// asker ("I'm in Lisbon for a conference", "we are at 40S 160W right
// now", "Sailing out of Denpasar next week": first person, or a verb of
// the asker's doing with no subject) and it asks for nothing: no float,
// profile, variable, aggregate, ranking or question word. Its times and
// places are not filters ("next week" is when the asker sails, not when
// the data were measured), unless the rest of the question points back
// at them: "here", "of us", "near me", a radius or "nearest" with no
// place of its own keep its place; "then", "that year" keep its time.
// Typed without apostrophes, "ive" is "I've" and "were sailing" is
// "we're sailing" ("Were sailing the Ionian this spring"), as is "were"
// opening a clause before a word of where or when ("Were on a cruise
// …", "Were off Perth next week"), which no question's "were" is. A
// clause ends before a question word, and before the asker saying what
// they want ("I am student in Nha Trang university I want know …",
// typed without a stop).
var (
	// reAskerWants opens a clause in which the asker says what they want
	reAskerWants = mustGuarded(`(?i)^i\b`)
	reClauseEnd  = mustGuarded(`(?i)[.!?;]+\s*|,\s*|\s+[-–—]\s+|\s+(?:(?:how|which|what|whats|hows|wheres|where|when|can you|could you|please|show me|tell me|give me|list|i want|i need|i would like|i'd like|i wish|i wonder)\b)`)
	reSubord     = mustGuarded(`(?i)^\s*(?:(?:so|well|hi|hiya|hello|hey|ok|okay|oh|btw|fyi|also|just|when|while|as|since|because|once|if|before|after|` + greetingWords + `)[,!]?\s+|(?:[\pL-]+\s+){1,3}here\b[^\pL\d]*)*`)
	reAsker      = mustGuarded(`(?i)^(?:i|i'm|im|i’m|i am|i'll|i will|i've|ive|i was|i'd|we|we're|we’re|were \w+ing|` + weAreTyped + `|we are|we'll|we will|we've|we were|my|our|me and|sailing|heading|travel+ing|flying|going|visiting|staying|leaving|cruising|driving|moving|arriving|departing|diving|surfing|fishing|working|living|based|stationed|back from|on (?:my|our) way|(?:about|going|planning|preparing|getting ready|hoping) to \w+|gonna|gon'|wanna|paddling|kayaking|canoeing|rowing|swimming|snorkell?ing)\b`)
	reAsksFor    = mustGuarded(`(?i)\b(?:floats?|argo|profiles?|cycles?|wmo|platforms?|data|dataset|measure\w*|readings?|observations?|values?|qc|flags?|how|which|what|whats|where|who|whether|list|show|plot|compare|count|average|mean|median|max(?:imum|ima|imal|imi[sz]e\w*)?|min(?:imum|ima|imal|imi[sz]e\w*)?|trend|range|deepest|warmest|coldest|saltiest|freshest|nearest|closest|latest)\b|\b(?:temp\w*|salin\w*|salt\w*|fresh\w*|oxygen|doxy|chl\w*|nitrate|ph|pressure|depth|deep\w*|backscatter\w*|bbp\w*|sst|sss|psal|warm\w*|hot\w*|cold\w*|cool\w*)\b|\d{5,7}`)
	rePlaceBack  = mustGuarded(`(?i)\b(?:here|there|nearby|near (?:me|us)|(?:of|around|from|to|by|near) (?:me|us)|(?:my|our|this|that) (?:position|location|spot|area|place|boat|ship|vessel)|(?:this|that|these|those|the same) (?:seas?|oceans?|regions?|basins?|gulfs?|bays?|waters|part of the (?:sea|ocean|world))|(?:my|our) (?:home\s+)?(?:port|harbou?r|marina|town|village))\b`)
	reTimeBack   = mustGuarded(`(?i)\b(?:then|that (?:year|month|week|day|time|season|summer|winter|spring|autumn)|the same (?:year|month|week|time|period)|at the time|at that time)\b`)
	reNeedPoint  = mustGuarded(`(?i)\b(?:nearest|closest|within\s+\d+|radius)\b`)
	// A clause in which someone else puts the asker somewhere ("this year
	// they've sent me to a rig in the Arabian Sea", "the company posted us
	// to Oman", "I got transferred to a platform off Angola") tells where
	// the asker works, whatever its subject: its place and time set the
	// scene as the asker's own clause does.
	reAskerPlaced = mustGuarded(`(?i)\b(?:sent|sending|send|posted|posting|moved|transferred|assigned|stationed|shipped|flew|flown|relocated|seconded|rotated)\s+(?:me|us)\s+(?:(?:out|over|off|down|up|back)\s+)?(?:to|on|onto|in|at|into)\b|\b(?:i|we|i've|ive|we've|i've been|i was|we were|i got|we got)\s+(?:been\s+)?(?:sent|posted|transferred|assigned|stationed|seconded|rotated|relocated)\s+(?:(?:out|over|off|down|up|back)\s+)?(?:to|on|onto|in|at)\b`)
	// A clause reporting what someone else says ("my friend says the
	// Arabian Sea is super salty", "my dad thinks it freezes") tells of
	// the asker's world, not the data, when it asks for nothing: no
	// float, question or command word, statistic or need.
	reHearsay     = mustGuarded(`(?i)^(?:(?:my|our|a|the|some|his|her)\s+)?(?:\w+\s+)?(?:friends?|dad|father|mum|mom|mother|brother|sister|teacher|boss|colleagues?|professor|prof|wife|husband|partner|girlfriend|boyfriend|kids?|son|daughter|uncle|aunt|grandpa|grandma|grandfather|grandmother|neighbou?rs?|someone|somebody|people|everyone|everybody|they|he|she)\s+(?:says|say|said|told me|tells me|thinks|think|thought|claims|claimed|reckons|reckoned|insists|believes|swears)\b(?:\s+that)?\s+(?:the|a|it|its|it's|there)\b`)
	reHearsayAsks = mustGuarded(`(?i)\d{5,7}|\b(?:how|which|what|where|when|whether|show|plot|list|compare|count|give|tell me|can you|could you|please|average|mean|median|max(?:imum|ima|imal|imi[sz]e\w*)?|min(?:imum|ima|imal|imi[sz]e\w*)?|trend|range|floats?|profiles?|cycles?|data|need|needs)\b`)
)

// greetingWords are greetings in the languages askers write English
// from ("Good afternoon", "Buongiorno", "Olá", "Ayubowan", "Salama
// tompoko", "Kia ora"), and the salutations a letter or a radio call
// opens or closes with, said from somewhere ("73 from …", the radio
// amateur's best regards; "Regards from …", "Aloha from …"): a clause
// opened by one is read from the word after it.
const greetingWords = `good (?:morning|afternoon|evening|day)|greetings|howdy|buongiorno|buonasera|salve|ciao|bonjour|bonsoir|salut|hola|buenos d[ií]as|buenas tardes|buenas|ol[aá]|oi|bom dia|boa tarde|boa noite|hallo|moin|guten (?:morgen|tag|abend)|goedemorgen|goedemiddag|dzie[nń] dobry|cze[sś][cć]|xin ch[aà]o|namaste|konnichiwa|annyeong(?:haseyo)?|ni ?hao|merhaba|hej|hei|` +
	`ayubowan|vanakkam|namaskar(?:am)?|salama(?:\s+tompoko)?|jambo|habari|kia ora|aloha|mabuhay|kumusta|talofa|bula|sawubona|selamat (?:pagi|siang|sore|malam|datang)|salaam|salam|as-?salaam?u? ?alaikum|shalom|sawasdee|privet|ahoj|` +
	`(?:73s?|88s?|(?:best |kind |warm )?regards|(?:warm |best )?wishes|love|salutations|cheers|hugs)\s+from`

// weAreTyped is "were" typed for "we're" before a word of where or when
// ("Were on a cruise", "Were off Perth"): no question opens so.
const weAreTyped = `were (?:on|in|at|off|out|from|near|based|currently|now|just|about|still|back)`

var reWeAreTyped = mustGuarded(`(?i)^\s*` + weAreTyped + `\b`)

// A variable's word inside a compound that names a trade, a product or
// a kind of water ("a sea-salt business", "saltwater angler", "deep-sea
// fisherman", "cold-water surfer"), or a float's word in an oil or gas
// workplace ("an offshore platform"), asks for no variable or float: a
// clause about the asker with no other asking word still only sets the
// scene.
var reTradeCompound = mustGuarded(`(?i)\b(?:(?:oil|gas|drilling|offshore|production)[- ]?platforms?|sea[- ]?salt|salt[- ]?water|salt[- ]?marsh|salt[- ]?pans?|salt[- ]?works|deep[- ]sea|deep[- ]water|cold[- ]water|warm[- ]water|fresh[- ]?water|hot[- ]?tub|hot[- ]springs?)\b`)

// setScene returns query without the clauses that set the scene (see
// above), keeping what the rest points back at, and the words set aside.
func setScene(query string, now time.Time) (string, string) {
	type clause struct{ start, end int }
	var cs []clause
	wants := map[int]bool{} // the clauses begun by the asker saying what they want: the request
	last := 0
	for _, m := range reClauseEnd.FindAllStringIndex(query, -1) {
		if decimalPoint(query, m) {
			continue // "12.5S": one number
		}
		if m[0] > last {
			cs = append(cs, clause{last, m[0]})
		}
		last = m[1]
		if word := strings.TrimSpace(query[m[0]:m[1]]); word != "" && !strings.ContainsAny(query[m[0]:m[1]], ".!?;,-–—") {
			last = m[0] // a question word starts the next clause
			wants[last] = reAskerWants.MatchString(word)
		}
	}
	if last < len(query) {
		cs = append(cs, clause{last, len(query)})
	}
	// whole sentences that tell a story around the question ("My
	// grandfather sailed round the Cape. I found out that float 1900857
	// spent years there.") when another sentence asks
	bgs := backgroundSentences(query)
	inBackground := func(c clause) bool {
		return slices.ContainsFunc(bgs, func(b [2]int) bool { return b[0] <= c.start && c.end <= b[1] })
	}
	var scene []clause
	bg := map[clause]bool{}
	for _, b := range bgs {
		c := clause{b[0], b[1]}
		scene, bg[c] = append(scene, c), true
	}
	for _, c := range cs {
		if wants[c.start] {
			continue
		}
		text := query[c.start:c.end]
		head := text[len(reSubord.FindString(text)):]
		asker := reAsker.MatchString(head) && !strings.HasPrefix(strings.ToLower(head), "leaving out") || // an exclusion
			reAskerPlaced.MatchString(text)
		if (asker && !reAsksFor.MatchString(reTradeCompound.ReplaceAllString(head, " ")) || reHearsay.MatchString(head) && !reHearsayAsks.MatchString(text)) && !inBackground(c) {
			scene = append(scene, c)
		}
	}
	if len(scene) == 0 {
		return query, ""
	}
	slices.SortFunc(scene, func(a, b clause) int { return a.start - b.start })
	var rest strings.Builder
	prev := 0
	for _, c := range scene {
		rest.WriteString(query[prev:c.start])
		prev = c.end
	}
	rest.WriteString(query[prev:])
	others := rest.String()
	keepPlace := rePlaceBack.MatchString(withoutAskerHere(others)) || reNeedPoint.MatchString(others) && !hasOwnPlace(others)
	keepTime := reTimeBack.MatchString(others)
	var out strings.Builder
	var setAside []string
	prev = 0
	for _, c := range scene {
		out.WriteString(query[prev:c.start])
		prev = c.end
		text := query[c.start:c.end]
		switch {
		case keepPlace && keepTime:
			out.WriteString(text)
		case keepPlace:
			kept, times := withoutTimes(text, now)
			out.WriteString(kept)
			if times != "" {
				setAside = append(setAside, times)
			}
		case keepTime:
			out.WriteString(" " + timesOnly(text, now) + " ")
			setAside = append(setAside, strings.TrimSpace(text))
		default:
			setAside = append(setAside, strings.TrimSpace(text))
		}
		if bg[c] && !keepPlace {
			// a story's floats are the ones asked about ("that float"),
			// and its variable the one measured when the question names none
			out.WriteString(" " + storyKept(text, others) + " ")
		}
		if sea := seaOfTheData(text, reWMO.MatchString(query)); sea != "" && !keepPlace && !hasOwnPlace(others) {
			out.WriteString(" in the " + sea + " ")
		}
	}
	out.WriteString(query[prev:])
	kept := strings.TrimLeft(out.String(), " .,;!?-–—")
	if !keepPlace && !keepTime {
		var depths []string
		for _, c := range scene {
			depths = append(depths, reDepthPhrase.FindAllString(query[c.start:c.end], -1)...)
		}
		kept = depthPointedBack(kept, depths)
	}
	return kept, strings.Join(setAside, "; ")
}

// reHereWord is "here" as a word; withoutAskerHere is s without the
// "here" that ends an introduction of the asker ("ARC+ crew here,"):
// it points back at no place of the scene.
var reHereWord = mustGuarded(`(?i)\bhere\b`)

func withoutAskerHere(s string) string {
	return replaceFunc(reHereWord, s, func(m []int) string {
		if introducesAsker(s[:m[0]], s[m[1]:]) {
			return "    "
		}
		return s[m[0]:m[1]]
	})
}

// A depth told in the scene ("our turtles dive to 200-300 m") is still
// the one asked when the question points back at it ("in that depth
// band", "at those depths", "at the same depth"): the pointer is written
// as the depth, the scene's place and times stay aside.
var (
	reDepthPhrase = mustGuarded(`(?i)\b(?:(?:below|beneath|under|deeper than|above|shallower than|between|at|from)\s+)?\d{1,5}(?:\.\d+)?\s*(?:(?:-|–|to|and)\s*\d{1,5}(?:\.\d+)?\s*)?(?:m|meters?|metres?|dbar|decibars?|db)\b`)
	reDepthBack   = mustGuarded(`(?i)\b(?:(?:in|at|within|over|across|for)\s+)?(?:that|this|those|these|the same)\s+(?:depths?|depth (?:band|range|layer|window|interval)s?|layers?|bands?|levels?|pressures?|pressure (?:band|range|window)s?)\b`)
)

// depthPointedBack is kept with its pointer back at a depth written as
// the one depth of depths; kept as it is when there is not exactly one.
func depthPointedBack(kept string, depths []string) string {
	m := reDepthBack.FindStringIndex(kept)
	if m == nil || len(depths) != 1 {
		return kept
	}
	d := depths[0]
	if d[0] >= '0' && d[0] <= '9' && !strings.ContainsAny(d, "-–") && !strings.Contains(d, " to ") && !strings.Contains(d, " and ") {
		d = "at " + d // "that depth", one level: at it
	}
	return kept[:m[0]] + " " + d + " " + kept[m[1]:]
}

// decimalPoint says whether the match m of query is a point between
// digits, which ends no clause.
func decimalPoint(query string, m []int) bool {
	isDigit := func(i int) bool { return i >= 0 && i < len(query) && query[i] >= '0' && query[i] <= '9' }
	return query[m[0]:m[1]] == "." && isDigit(m[0]-1) && isDigit(m[1])
}

// A sea whose own seasons, waters or temperatures the asker speaks of
// ("to mimic the Sea of Japan's seasons", "I love the waters of the
// Coral Sea"), or that is the subject of the asker's work ("we're
// cutting a documentary segment on the Sea of Japan", when no float is
// named) is where the data are asked, though the clause is about the
// asker: the sea is kept when the rest names no place.
var (
	reSeaOwns = mustGuarded(`\b(?:seasons?|waters?|temperatures?|conditions|climate|surface|salinity|summers?|winters?)\s+of\s+(?:the\s+)?$`)
	// reWorkOn ends in the subject of the asker's work: "a documentary
	// segment on the", "my thesis about", "a lecture covering the"
	reWorkOn = mustGuarded(`\b` + workNouns + `\s+(?:on|about|covering|featuring|of)\s+(?:the\s+)?$`)
	// reWorkTopic opens the subject of a work: "a piece on", "my thesis
	// about the", "an article covering"
	reWorkTopic = mustGuarded(`(?i)\b` + workNouns + `(\s+(?:on|about|covering|featuring)\s+)`)
)

// workNouns are the works an asker makes about a subject.
const workNouns = `(?:documentar(?:y|ies)|segments?|films?|movies?|videos?|episodes?|podcasts?|programmes?|programs?|shows?|reports?|stor(?:y|ies)|articles?|features?|pieces?|essays?|books?|chapters?|projects?|theses|thesis|dissertations?|papers?|studies|study|lectures?|talks?|presentations?|lessons?|posters?|exhibits?|exhibitions?|blog(?: posts?)?)`

// setAsideWorkTopic returns query without the subject of the asker's
// work when it names a sea and the question names a float ("for a piece
// on Pacific warming … did float 5900446's surface water warm"): the
// float chooses the data, wherever it was, as in seaOfTheData; the
// subject runs to the clause's end or to a word that asks. Without a
// float named, the subject's sea is where the data are asked.
func setAsideWorkTopic(query string) (string, string) {
	if !reWMO.MatchString(query) {
		return query, ""
	}
	var out strings.Builder
	var aside []string
	prev := 0
	for _, m := range reWorkTopic.FindAllStringSubmatchIndex(query, -1) {
		if m[0] < prev {
			continue
		}
		end := len(query)
		if e := reClauseEnd.FindStringIndex(query[m[1]:]); e != nil {
			end = m[1] + e[0]
		}
		if e := reHearsayAsks.FindStringIndex(query[m[1]:end]); e != nil {
			end = m[1] + e[0]
		}
		topic := query[m[1]:end]
		if _, ok := findRegion(topic); !ok || reWMO.MatchString(topic) {
			continue
		}
		out.WriteString(query[prev:m[2]]) // the work, without its subject
		out.WriteString(" ")
		aside = append(aside, strings.TrimSpace(query[m[2]:end]))
		prev = end
	}
	if len(aside) == 0 {
		return query, ""
	}
	out.WriteString(query[prev:])
	return out.String(), strings.Join(aside, "; ")
}

// seaOfTheData is the region whose seasons, waters or temperatures text
// speaks of, or, when the question names no float (floatNamed false),
// the subject of the asker's work; "" when none. A named float chooses
// the data: "a school project on the Bay of Bengal … float 6903247's
// mean salinity" asks of the float wherever it was.
func seaOfTheData(text string, floatNamed bool) string {
	reg, ok := findRegion(text)
	if !ok {
		return ""
	}
	low := strings.ToLower(text)
	for _, name := range append([]string{strings.ToLower(reg.Name)}, reg.Aliases...) {
		i := strings.Index(low, name)
		if i < 0 {
			continue
		}
		if reSeaOwns.MatchString(low[:i]) || reSeaOwnsAfter.MatchString(low[i+len(name):]) || !floatNamed && reWorkOn.MatchString(low[:i]) {
			return reg.Name
		}
	}
	return ""
}

var reSeaOwnsAfter = mustGuarded(`^(?:['’]s?|s)\s+(?:\w+\s+)?(?:seasons?|waters?|temperatures?|conditions|climate|surface|salinity|summers?|winters?)\b`)

// A sentence is background when another sentence asks and it does not:
// it asks nothing ("?", "please", "I'd like to know", "show me", a
// table or a map) and tells of the asker or of other people ("I", "my
// niece", "he said", "Hi there", "Thanks so much"), or is a remark
// with no subject (see remark).
var (
	reSentence   = mustGuarded(`(?:\d\.\d|[^.!?])+(?:[.!?]+|$)`) // "12.5S" ends no sentence
	reRequest    = mustGuarded(`(?i)\?|\b(?:please|pls|plz|can you|could you|would you|will you|i need|we need|i want|we want|i'd like|i would like|we'd like|we would like|i'd love|i would love|to know|wondering|i wonder|tell me|show me|give me|send me|let me know|help me|looking for|curious|table|plot|map|chart|graph|list)\b|^\s*(?:\w+,\s*)?(?:show|plot|map|draw|list|give|tell|compare|find|get|put|make|count|calculate|compute|request|requesting|provide|identify)\b`)
	reStoryHead  = mustGuarded(`(?i)^(?:he|she|he's|she's|his|her|they|they're|their|hi|hello|hey|dear|thanks|thank you|thx|cheers|sorry|` + greetingWords + `)\b`)
	reStoryFloat = mustGuarded(`\b(?:[0-9]{7}|[0-9]{5})\b`)
	// typed without its question mark, a sentence opened by a question
	// word still asks ("Hello from Hamburg What was the coldest …"), as
	// does one that puts its question inside ("ok my question is what was
	// the mean …", "my pupils ask me which are the nearest …"); an
	// exclamation opened by one ("What a day", "How lovely") does not
	reQuestionHead = mustGuarded(`(?i)^\s*(?:what|whats|what's|which|how|hows|how's|when|where|wheres|who|whose|why|is|are|was|were|did|does|do|has|have|had|can|could)\s|\b(?:what|how|when|where)\s+(?:is|are|was|were|did|does|do|has|have|had|many|much)\b|\b(?:asks?|asked|asking)\s+(?:me|us)\s*:?\s+(?:what|which|how|when|where|whether|if)\b`)
	reExclaimHead  = mustGuarded(`(?i)^\s*(?:what|how)\s+(?:a|an|lovely|nice|great|beautiful|wonderful|amazing|fun|cool|awful|terrible|strange|weird)\b`)
)

// A sentence in which someone wants or needs a statistic, a variable or
// a picture of it ("Our office wants the average temperature at 200 m
// …", "my son's poster needs a picture of how temperature changes",
// "The skipper would like the warmest reading") asks for it, whoever
// wants it; "my niece wants to be a diver" asks for nothing.
var reWantsData = mustGuarded(`(?i)\b(?:wants?|wanted|needs?|needed|would like|'d like|’d like|requires?|required|is after|are after|asks? for|asked for|is asking for|are asking for)\s+(?:\w+\s+){0,3}?(?:the|a|an|some|its|their)\s+(?:[\w'’-]+\s+){0,3}?(?:average|mean|median|max(?:imum)?|min(?:imum)?|highest|lowest|warmest|coldest|saltiest|freshest|deepest|trend|range|profiles?|temp(?:erature)?s?|salinity|oxygen|chlorophyll|nitrate|pictures?|graphs?|plots?|charts?|maps?|diagrams?|figures?|drawings?|numbers?|values?|readings?)\b`)

// sentenceAsks says whether a sentence asks: a request, a question with
// or without its mark, or data someone wants.
func sentenceAsks(text string) bool {
	return reRequest.MatchString(text) || reQuestionHead.MatchString(text) && !reExclaimHead.MatchString(text) && !reWeAreTyped.MatchString(text) ||
		reWantsData.MatchString(text)
}

// backgroundSentences are the spans of the background sentences of
// query, none when no other sentence asks.
func backgroundSentences(query string) [][2]int {
	var bgs [][2]int
	asks := false
	for _, m := range reSentence.FindAllStringIndex(query, -1) {
		text := query[m[0]:m[1]]
		if strings.TrimSpace(text) == "" {
			continue
		}
		if sentenceAsks(text) {
			asks = true
			continue
		}
		whole := strings.TrimSpace(text)
		head := whole[len(reSubord.FindString(whole)):]
		if reAsker.MatchString(head) || reStoryHead.MatchString(head) || reStoryHead.MatchString(whole) || remark(whole) || reRoleSentence.MatchString(whole) {
			bgs = append(bgs, [2]int{m[0], m[1]})
		}
	}
	if !asks {
		return nil
	}
	return bgs
}

// A sentence with no verb that names the asker's role, and perhaps
// where they are ("Coast guard volunteer in Nova Scotia.", "Retired
// ferry captain from Bergen.", "PhD student, Lisbon.") introduces the
// asker: its place is no filter.
var reRoleSentence = mustGuarded(`(?i)^(?:(?:a|an|the|just|retired|former)\s+)?(?:[\pL+&'’-]+\s+){0,5}?(?:volunteers?|students?|undergrad(?:uate)?s?|teachers?|skippers?|captains?|researchers?|scientists?|engineers?|developers?|divers?|sailors?|fisherm[ae]n|fishers?|anglers?|surfers?|kayakers?|guides?|officers?|technicians?|journalists?|reporters?|bloggers?|parents?|retirees?|members?|crew|interns?|postdocs?|professors?|lecturers?|analysts?|managers?|consultants?|photographers?|biologists?|oceanographers?|navigators?|pilots?|nurses?|farmers?|owners?)(?:,?\s+(?:(?:in|from|at|on|of|based in|out of|near|with)\s+)?[^.!?\d]*)?[.!]*\s*$`)

// A remark with no subject passes the time of day: weather said with an
// intensifier ("Some cold on the Banks this spring", "Bloody freezing
// out here", "Right grey day on the Clyde") or a sentence ended by a
// word of address ("Lovely morning on the water, mate."). Its season or
// place is the asker's day, not a filter.
var (
	reRemarkHead = mustGuarded(`(?i)^(?:some|so|real|right|wicked|bloody|pretty|proper|fierce|dead|awful(?:ly)?|terribly|very|too|quite|such an?|what an?)\s+(?:\w+\s+)?(?:cold|hot|warm|chilly|mild|wet|windy|rough|calm|foggy|stormy|freezing|frigid|balmy|muggy|humid|nice|fine|lovely|grand|miserable|gr[ae]y|weather|day|morning|evening|night|blow|breeze|swell|seas?)\b`)
	reRemarkTag  = mustGuarded(`(?i),\s*(?:b['’]y|bud|buddy|mate|mates|lads?|folks|guys|eh|man|my (?:friend|son|dear|love)|me son|love|boys|pal|dude|bro|y['’]all)\s*[.!]*\s*$`)
)

// remark says whether a sentence is such a remark: no number, no
// question, no word that asks or names a statistic, and either form
// above.
func remark(sentence string) bool {
	if strings.ContainsAny(sentence, "0123456789?") || reHearsayAsks.MatchString(sentence) {
		return false
	}
	return reRemarkHead.MatchString(sentence) || reRemarkTag.MatchString(sentence)
}

// storyKept is what a background sentence gives the question: its WMO
// numbers, and its variable when the rest names none.
func storyKept(text, rest string) string {
	var kept []string
	for _, m := range reStoryFloat.FindAllStringIndex(text, -1) {
		if !unitAfter(text[m[1]:]) {
			kept = append(kept, "float "+text[m[0]:m[1]])
		}
	}
	if r := understand.Read(rest, understand.Options{Terms: variableTerms}); len(r.Terms) == 0 && formVariable(strings.ToLower(rest)) == "" {
		for _, t := range understand.Read(text, understand.Options{Terms: variableTerms}).Terms {
			kept = append(kept, text[t.Start:t.End])
		}
	}
	return strings.Join(kept, " ")
}

// hasOwnPlace says whether text names a place or point of its own: a
// coordinate, a sea, a capitalised name after a word of place, or a
// name of any case as the centre of a radius ("within 300 km of
// mauritius").
func hasOwnPlace(text string) bool {
	if _, ok := findRegion(text); ok {
		return true
	}
	if m := reWherePlace.FindStringSubmatch(text); m != nil && !reNotACentre.MatchString(m[1]) && !reAskerWord.MatchString(m[1]) {
		return true // "closest to where the Titanic went down": a place, known or not
	}
	for _, m := range reRadiusCentre.FindAllStringSubmatch(text, -1) {
		if !reNotACentre.MatchString(m[1]) {
			return true
		}
	}
	for _, m := range reNearestCentre.FindAllStringSubmatchIndex(text, -1) {
		w := text[m[2]:m[3]]
		if !reNotACentre.MatchString(w) && !(featureWords[strings.ToLower(w)] && !reWordAhead.MatchString(text[m[3]:])) {
			return true // not "nearest to the coast", a kind of place alone
		}
	}
	for _, m := range reNameAfterCue.FindAllStringSubmatch(text, -1) {
		if !placeUnits[strings.ToLower(m[1])] {
			return true // "of Argo", "in Fahrenheit": no place
		}
	}
	return len(understand.Read(text, understand.Options{}).Coordinates) > 0
}

// reWherePlace is a place named by what happened there ("nearest to
// where the Titanic sank", "close to the spot where the cable broke"),
// with the clause's first word; reAskerWord is the asker, whose place it
// is not ("where I am", "where we anchored").
var (
	reWherePlace = mustGuarded(`(?i)\b(?:nearest|closest|near|close|next)\s+to\s+(?:the\s+(?:spot|place|site|point|area)\s+)?where\s+(?:the\s+|a\s+|an\s+)?([\pL'’]+)`)
	reAskerWord  = mustGuarded(`(?i)^(?:i|i'm|im|we|we're|you|my|our)$`)
)

// reRadiusCentre is a radius and the word after its "of": the centre;
// reNearestCentre the word after "nearest to" ("the 3 floats nearest of
// madagascar", "closest to reunion", written in any case); reNotACentre
// the words that point back or name no place.
var (
	reRadiusCentre  = mustGuarded(`(?i)\b(?:within|in a radius of|radius of)\s+\d+(?:\.\d+)?\s*(?:km|kilomet(?:er|re)s?|nm|nautical miles?|mi|miles?)\s+(?:of|from|around)\s+(?:the\s+)?([\pL][\pL'’-]*)`)
	reNearestCentre = mustGuarded(`(?i)\b(?:nearest|closest)\s+(?:to|of|from)\s+(?:the\s+)?([\pL][\pL'’-]*)`)
	reWordAhead     = mustGuarded(`^\s+\pL`)
	reNotACentre    = mustGuarded(`(?i)^(?:me|us|here|there|this|that|it|its|my|our|your|you|them|him|her|where|float|floats|the|a|an)$`)
)

// withoutTimes is text without the time frames understand finds in it,
// and those frames' words.
func withoutTimes(text string, now time.Time) (string, string) {
	r := understand.Read(text, understand.Options{Now: now, Tense: understand.Past})
	var b strings.Builder
	var times []string
	prev := 0
	for _, t := range r.Times {
		b.WriteString(text[prev:t.Start])
		times = append(times, text[t.Start:t.End])
		prev = t.End
	}
	b.WriteString(text[prev:])
	return b.String(), strings.Join(times, ", ")
}

// timesOnly is the time frames' words of text.
func timesOnly(text string, now time.Time) string {
	r := understand.Read(text, understand.Options{Now: now, Tense: understand.Past})
	var times []string
	for _, t := range r.Times {
		times = append(times, text[t.Start:t.End])
	}
	return strings.Join(times, " ")
}
