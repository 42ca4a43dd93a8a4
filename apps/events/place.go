package events

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cairn-agents/cairn/understand"
)

// placeMention is the place a request is about, and the names it writes
// where a place goes that no gazetteer knows. A place written after a
// cue ("in Berlin", "near Leipzig", "at the carnival in Rio") wins over
// one written with none, which is often a word that some small town is
// named after ("Street art", "Christmas markets", "Samba parades"); a
// region written after a place only qualifies it. A name found only by a
// near spelling (Narnia for Narni) is no reading: the place is unknown.
func placeMention(r *understand.Reading) (*understand.Mention, []string) {
	var unknown []string
	var cued, uncued, next *understand.Mention
	for i := range r.Mentions {
		m := &r.Mentions[i]
		if m.Role == understand.RoleRegion || m.Role == understand.RoleAvoid || weekName(r, *m) || feastName(*m) {
			continue
		}
		if m.Place == nil || farSpelled(*m.Place) {
			if m.Role != understand.RoleNone || m.Quoted {
				unknown = append(unknown, m.Text)
			}
			continue
		}
		if m.Role != understand.RoleNone {
			// Where the asker goes after ("after this I return to
			// Madrid") is no place of the events while another is named.
			if goesNext(r, *m) {
				if next == nil {
					next = m
				}
				continue
			}
			// The asker's origin ("I am a photographer from Osaka", "I
			// live in Leeds") gives way to a place the events are in, and
			// a place passed through ("flying into Málaga") to where the
			// asker stays ("staying in Seville").
			// A town given with a radius ("within 30 miles of Stuttgart")
			// narrows a country or region named before it ("driving over
			// to Germany").
			if cued == nil || askersOrigin(r, *cued) && !askersOrigin(r, *m) || staying(r, *m) && !staying(r, *cued) ||
				radiusAround(*m) && wideArea(*cued) && !askersOrigin(r, *m) {
				cued = m
			}
			continue
		}
		// A place named after the asker's origin with no cue ("OFW here
		// from Riyadh, uuwi ako sa Cebu", "I am from Thailand. I will go
		// Chiang Mai") is where the asker goes.
		if cued != nil && saysFrom(*cued) && named(*m) && !wordBeforeInterest(r, *m) && (uncued == nil || !named(*uncued)) {
			uncued = m
			continue
		}
		// Of the places written with no cue, one written with its region
		// or country ("Valencia, Spain") is named as a place, before a
		// word some town is named after ("Drone guy here").
		if (uncued == nil || m.Qualifier != "" && uncued.Qualifier == "" || strayWord(*uncued) && !strayWord(*m)) && !wordBeforeInterest(r, *m) {
			uncued = m
		}
	}
	switch {
	case cued != nil && cameFrom(r, *cued) && next != nil:
		return next, nil // "studying in Vancouver ... I go back home to Kyoto"
	case cued != nil && saysFrom(*cued) && uncued != nil && named(*uncued) && uncued.Start > cued.Start:
		return uncued, nil
	case cued != nil:
		return cued, nil
	case next != nil:
		return next, nil
	case uncued != nil:
		return uncued, nil
	}
	return nil, unknown
}

// distanceCue is a cue that gives a distance: "within 30 miles of",
// "20 km from".
var distanceCue = regexp.MustCompile(`(?i)\b(?:mi|miles?|km|kms|kilomet(?:er|re)s?|k)\b`)

// radiusAround says whether m is written with a distance around it.
func radiusAround(m understand.Mention) bool {
	return m.Role == understand.RoleNear && distanceCue.MatchString(m.Cue) && m.Place != nil && m.Place.Kind == understand.KindCity
}

// wideArea says whether m is a country or region: wider than a town.
func wideArea(m understand.Mention) bool {
	return m.Place != nil && (m.Place.Kind == understand.KindCountry || m.Place.Kind == understand.KindRegion)
}

// inAreaNamed is m's place read again in the country or region the
// request named as its area ("over to Germany ... within 30 miles of
// Stuttgart" is Stuttgart in Germany, not in Arkansas), when the
// reader took a namesake outside it; nil when there is none.
func (a *App) inAreaNamed(r *understand.Reading, m *understand.Mention) *understand.Place {
	if m == nil || !radiusAround(*m) {
		return nil
	}
	for _, o := range r.Mentions {
		if o.Start >= m.Start || !wideArea(o) || o.Role == understand.RoleAvoid || o.Role == understand.RoleRegion || m.Place.Within(*o.Place) {
			continue
		}
		if p := a.placeOf(m.Text + ", " + o.Place.Name); p != nil && p.Kind == understand.KindCity && p.Within(*o.Place) {
			return p
		}
	}
	return nil
}

// nextCue are the words before a place the asker goes to after the
// stay asked about: "after this I return to Madrid", "then we go back
// to Lyon", "before flying home to Oslo".
var nextCue = regexp.MustCompile(`(?i)\b(?:return(?:s|ing)?|go(?:es|ing)? back(?: home)?|head(?:s|ing)? (?:back|home)|fly(?:ing)? (?:back|home)|back home|travel(?:ling|ing)? back|then (?:on|onwards?))\s+(?:to|in)\s*$`)

// goesNext says whether a place is where the asker goes after the stay
// asked about ("... after this I return to Madrid").
func goesNext(r *understand.Reading, m understand.Mention) bool {
	return nextCue.MatchString(r.Text[:m.Start])
}

// onlyStraysBeside says whether the places read besides m are all
// words in lower case read as towns with no cue and no region ("a mates
// wedding", "street festivals") or a name that qualifies the kind of
// event after it ("Highland games", "Samba parades"): they should not
// move the reading of the place the request names ("in melbourne", "up
// in Inverness") towards their namesakes' country, as two real places
// near each other would.
func onlyStraysBeside(r *understand.Reading, m understand.Mention) bool {
	strays := 0
	for _, o := range r.Mentions {
		if o.Span == m.Span || o.Place == nil {
			continue
		}
		if (!strayWord(o) || o.Qualifier != "") && !qualifiesInterest(r, o) {
			return false
		}
		strays++
	}
	return strays > 0
}

// stayCues are the words before the place an asker stays in.
var stayCues = []string{"staying in", "staying at", "stay in", "stay at", "stays in", "based in", "based at", "staying near"}

// staying says whether a place is written after a cue of where the
// asker stays or is based: there the events are, whatever the asker
// flies into, passes through or lives in.
func staying(r *understand.Reading, m understand.Mention) bool {
	before := strings.ToLower(strings.TrimSpace(r.Text[:m.Start]))
	for _, c := range stayCues {
		if strings.HasSuffix(before, " "+c) || before == c {
			return true
		}
	}
	return false
}

// origin says whether a role is where the asker comes from or lives
// ("from Osaka", "I live in Leeds"), not where the events are.
func origin(r understand.Role) bool {
	return r == understand.RoleFrom || r == understand.RoleHome
}

// saysFrom says whether m is where the asker is from, said with "from"
// ("from Riyadh", "I am from Thailand"), not where they are based ("I'm
// in Porto", "based in Leeds").
func saysFrom(m understand.Mention) bool {
	return m.Role == understand.RoleFrom || m.Role == understand.RoleHome && strings.Contains(strings.ToLower(m.Cue), "from")
}

// studyCue ends the words before the place an asker studies in: "I'm
// studying abroad in Lyon", "a student in Leeds", "on exchange at Kyoto".
var studyCue = regexp.MustCompile(`(?i)\b(?:study(?:ing)?|studies|studied|student|year abroad|at (?:uni|university|college))(?:\s+abroad)?\s+(?:in|at)\s*$`)

// workCue ends the words before the place where the asker works, in a
// sentence that says who they are: "I'm a curator at a small museum in
// Porto", "we run a guesthouse in Sintra", "I teach at a school in Leeds".
var workCue = regexp.MustCompile(`(?i)(?:^|[.!?\n]\s*|\b(?:and|but|so)\s+)(?:i'?m|i am|we'?re|we are)\s+(?:a|an)\s+[^.!?;:\n]*\b(?:in|at)\s*$|\b(?:i|we)\s+(?:work|run|own|manage|teach|sell|cook|serve|bake|brew)\b[^.!?;:\n]*\b(?:in|at)\s*$|` +
	// A trade said as what the asker does, opening the sentence:
	// "Selling satay in Penang, ...", "Running a bakery in Leeds".
	`(?:^|[.!?\n]\s*)(?:selling|running|cooking|serving|baking|brewing|managing|owning|teaching|working)\b[^.!?;:\n,]*\b(?:in|at)\s*$|` +
	// A business the asker has: "I've got a food truck in Austin",
	// "we have a stall at Borough Market in".
	`\b(?:i|we)\s*(?:'ve got|'ve|have got|have|got)\s+(?:a|an|my|our)\s+[^.!?;:\n]*\b(?:stall|shop|truck|van|cart|restaurant|caf[eé]|bakery|bar|business|booth|kiosk|stand|gallery|studio|salon|pub)\s+(?:in|at)\s*$`)

// travelWords in the words before a place make it where the asker goes,
// not where they work: "I'm a teacher taking my class to ...", "I'm a
// nurse visiting ...".
var travelWords = regexp.MustCompile(`(?i)\b(?:go|going|goes|heading|head|travel\w*|visit\w*|trip|off to|flying|fly|staying|stay|holiday|vacation|arriv\w*|taking|bringing|tour\w*)\b`)

// worksAt says whether m is where the asker works, written in a sentence
// saying who they are ("I'm a curator at a museum in Porto", "I work at
// the front desk of a hostel in Kreuzberg").
//
// The cue covers the first place after it only: in "I run a taco truck
// in Austin and want to shoot the markets in Houston" Houston is where
// the events are. A word in lower case some town is named after ("the
// front desk"), in a text with capitals, is no place before it.
func worksAt(r *understand.Reading, m understand.Mention) bool {
	start, _ := sentenceOf(r.Text, m.Start)
	before := r.Text[start:m.Start]
	loc := workCue.FindStringIndex(before)
	if loc == nil || travelWords.MatchString(before[loc[0]:]) {
		return false
	}
	capitals := strings.ToLower(r.Text) != r.Text
	return !slices.ContainsFunc(r.Mentions, func(o understand.Mention) bool {
		c, _ := utf8.DecodeRuneInString(o.Text)
		return o.Place != nil && o.Role != understand.RoleRegion && o.Start >= start+loc[0] && o.End <= m.Start &&
			!(capitals && !o.Quoted && unicode.IsLower(c))
	})
}

// askersOrigin says whether m is where the asker comes from, lives,
// studies or works, not where the events are.
func askersOrigin(r *understand.Reading, m understand.Mention) bool {
	return origin(m.Role) || studyCue.MatchString(r.Text[:m.Start]) || worksAt(r, m)
}

// cameFrom says whether m is where the asker comes from or studies
// ("from Riyadh", "studying in Vancouver"): a place the asker is away
// from, so that one named after it with no cue, or one the asker goes
// back to, is the trip's. "I'm in Porto", "based in Leeds" are where the
// asker is.
func cameFrom(r *understand.Reading, m understand.Mention) bool {
	return m.Role == understand.RoleFrom || studyCue.MatchString(r.Text[:m.Start])
}

// weekAfter is a week or weekend a word before it names: "golden
// week", "race weekend".
var weekAfter = regexp.MustCompile(`^\s+(?:week|weekend)\b`)

// weekName says whether a place was read from a word in lower case that
// names the week after it ("in golden week", "during fashion week"): no
// town.
func weekName(r *understand.Reading, m understand.Mention) bool {
	c, _ := utf8.DecodeRuneInString(m.Text)
	return unicode.IsLower(c) && !strings.Contains(m.Text, " ") && weekAfter.MatchString(r.Text[m.End:])
}

// named says whether a place read with no cue is written as a name
// (capitalised, in full or found by an alternate name), not a word
// some town is named after nor a near spelling.
func named(m understand.Mention) bool {
	return m.Place != nil && !strayWord(m) && !farSpelled(*m.Place) && m.Place.Kind == understand.KindCity
}

// farSpelled says whether a reading was found only by a near spelling
// of its name ("Narnia" for Narni, "Gondor" for Gondar): a request names
// a real place by its name or a known alternate one.
func farSpelled(p understand.Place) bool {
	return p.Match == understand.MatchSpelling
}

// wordBeforeInterest says whether a name written with no cue is a word
// that qualifies an interest: the first word of a sentence, just before
// the interest it qualifies ("Street festivals", "Christmas markets",
// "Samba parades"), read as a town under 100,000 people. "Berlin
// festivals" is Berlin.
func wordBeforeInterest(r *understand.Reading, m understand.Mention) bool {
	if m.Place.Kind != understand.KindCity || m.Place.Population >= 100_000 || strings.Contains(strings.TrimSpace(m.Text), " ") {
		return false
	}
	before := strings.TrimRight(r.Text[:m.Start], " \t\"'“‘(")
	if before != "" && !strings.HasSuffix(before, ".") && !strings.HasSuffix(before, "!") && !strings.HasSuffix(before, "?") && !strings.HasSuffix(before, "\n") {
		return false
	}
	for _, t := range r.Terms {
		if t.Start > m.End && strings.TrimSpace(r.Text[m.End:t.Start]) == "" {
			return true
		}
	}
	return false
}

// qualifiesInterest says whether a name written with no cue, anywhere
// in a sentence, is a word that qualifies the interest right after it
// ("Highland games", "Gospel concerts"), read as a town under 100,000
// people.
func qualifiesInterest(r *understand.Reading, m understand.Mention) bool {
	if m.Role != understand.RoleNone || m.Quoted || m.Qualifier != "" || m.Place == nil || m.Place.Kind != understand.KindCity ||
		m.Place.Population >= 100_000 || strings.Contains(strings.TrimSpace(m.Text), " ") {
		return false
	}
	return slices.ContainsFunc(r.Terms, func(t understand.TermMatch) bool {
		return t.Start > m.End && strings.TrimSpace(r.Text[m.End:t.Start]) == ""
	})
}

// statedRadius is the distance a request states around its place:
// "within 10 miles of Manchester" is 16.09 km, "within twenty
// kilometres of Leipzig" 20 km, "a 30 km radius" 30 km, "up to 40 miles
// out of Denver" 64.37 km.
func statedRadius(r *understand.Reading) (float64, bool) {
	for _, q := range r.Quantities {
		if q.Kind != understand.Measure || q.Value <= 0 {
			continue
		}
		var km float64
		switch q.Unit {
		case "km":
			km = q.Value
		case "mi":
			km = q.Value * 1.609344
		case "m":
			km = q.Value / 1000
		default:
			continue
		}
		after := strings.ToLower(strings.TrimSpace(r.Text[q.End:]))
		before := strings.ToLower(strings.TrimSpace(r.Text[:q.Start]))
		if !(strings.HasPrefix(after, "of ") || strings.HasPrefix(after, "from ") || strings.HasPrefix(after, "around ") ||
			strings.HasPrefix(after, "radius") || strings.HasPrefix(after, "away") || strings.HasPrefix(after, "out of ") || strings.HasPrefix(after, "outside ") || strings.HasSuffix(before, "within") ||
			outAlone.MatchString(after) || anyDirection.MatchString(after) || nearThenDistance.MatchString(before) && clauseEnds.MatchString(after) ||
			strings.HasSuffix(before, "radius of") || radiusLabel.MatchString(before) && clauseEnds.MatchString(after) || notBeyond.MatchString(before)) {
			continue
		}
		if km > 1000 {
			continue
		}
		return math.Round(km*100) / 100, true
	}
	return 0, false
}

// notBeyond before a distance makes it a limit, so the radius: "nothing
// further than 30 km", "not farther than 20 miles", "we won't go more
// than 40 km", "no further out than 15 miles".
var notBeyond = regexp.MustCompile(`\b(?:no|not|nothing|never|none|\w+n'?t)\b(?:\s+\w+){0,3}?\s+(?:further|farther|more|beyond)(?:\s+(?:out|away|afield))?(?:\s+than)?$`)

// anyDirection after a distance makes it a radius: "up to 40 miles in
// any direction", "20 km each way", "30 km all around".
var anyDirection = regexp.MustCompile(`^(?:in (?:any|every|all) directions?|each way|all around|in a circle|around (?:it|there|here))\b`)

// nearThenDistance before a distance that ends its clause makes it the
// radius, in the order some write it: "the villages near, maybe 40 km",
// "and the towns around - say 25 miles?", "places nearby: about 30 km".
var nearThenDistance = regexp.MustCompile(`\b(?:near|nearby|around|close by|round about|surrounding)\s*[,:;\-–—]?\s*(?:(?:maybe|perhaps|about|around|roughly|say|like|approx\.?|approximately|up to|some|at most|max)\s*)?$`)

// radiusLabel before a distance that ends its clause labels it as the
// radius: "Radius: 25 km.", "Max 60km.", "range - 30 miles", "maximum
// 15 km, please".
var radiusLabel = regexp.MustCompile(`(?:^|[\s.,;:!?(])(?:radius|range|distance|max\.?|maximum|max distance|max radius)\s*[:=\-–]?$`)

// clauseEnds is what may follow a distance that ends its clause.
var clauseEnds = regexp.MustCompile(`^(?:$|[.,;:!?)\n]|please\b|tops\b|or so\b|max\b)`)

// outAlone is "out" ending a distance's clause: "happy to go up to 15
// miles out.", "will drive 40 km out, no more".
var outAlone = regexp.MustCompile(`^out(?:\s*[.,;:!?)\-–—]|\s+(?:and|but|or|max|tops|at most)\b|\s*$)`)

// strayWord says whether a place was read from a word written in lower
// case with no cue ("banana", "mango"): a word some town is named after,
// not a place the writer names.
func strayWord(m understand.Mention) bool {
	if m.Place != nil && m.Place.Kind == understand.KindContinent {
		return false // no town is named "asia"
	}
	r, _ := utf8.DecodeRuneInString(m.Text)
	return m.Role == understand.RoleNone && !m.Quoted && unicode.IsLower(r)
}

// namedEvent splits a name no gazetteer knows that ends with a kind of
// event into the place it is named after and the kind's interests: "the
// Brixton Carnival" is Brixton and a festival. head is "" when the name
// is no such event's.
func namedEvent(m understand.Mention) (head string, labels []string) {
	if m.Place != nil {
		return "", nil
	}
	text := strings.TrimSpace(m.Text)
	for _, t := range understand.Read(text, understand.Options{Terms: terms()}).Terms {
		if t.End != len(text) || t.Start == 0 {
			continue
		}
		head = strings.TrimSpace(text[:t.Start])
		return head, append([]string{t.Label}, headInterests(text, t)...)
	}
	return "", nil
}

// correctionCue finds the words with which a writer takes back what
// they wrote before: "sorry, I mean", "no wait", "no sorry", "make it",
// "scratch that", "or rather".
var correctionCue = regexp.MustCompile(`(?i)\b(?:i mean|i meant|no,? wait|wait,? no|no,? sorry|make (?:it|that)|scratch that|correction:|or rather|change (?:it|that) to)\b`)

// madeInto after "make it" makes the trip into something, no correction:
// "make it a long weekend", "make it into a week away".
var madeInto = regexp.MustCompile(`(?i)^\s+(?:a|an|into)\s`)

// corrected leaves out the places a request takes back ("in Porto -
// sorry, I mean Braga", "in Seville ..., sorry, not Seville, Málaga":
// understand's retractions, the place in its stead taking its role) and
// its times.
func corrected(text string, r *understand.Reading) {
	r.Mentions = r.WithoutRetracted()
	correctedTimes(text, r)
}

// correctedTimes keeps, of the times a request writes, those after its
// last correction when it writes any there ("Sunday, no wait,
// Saturday"): a correction replaces what came before it.
func correctedTimes(text string, r *understand.Reading) {
	cues := slices.DeleteFunc(correctionCue.FindAllStringIndex(text, -1), func(c []int) bool {
		return madeInto.MatchString(text[c[1]:])
	})
	if len(cues) == 0 {
		return
	}
	at := cues[len(cues)-1][1]
	if slices.ContainsFunc(r.Times, func(t understand.TimeFrame) bool { return t.Start >= at }) {
		r.Times = slices.DeleteFunc(r.Times, func(t understand.TimeFrame) bool { return t.End <= at })
	}
}

// feastWords are religious and seasonal feasts whose names are also
// small towns somewhere (Eid in Norway, Christmas in Florida, Easter in
// Jamaica): written with no cue before them they name the feast.
var feastWords = regexp.MustCompile(`(?i)^(?:eid|diwali|deepavali|holi|hanukkah|chanukah|purim|passover|pesach|easter|christmas|xmas|ramadan|vesak|navratri|nowruz|norooz|thanksgiving|halloween|carnival|carnaval|mardi gras|pentecost|whitsun|epiphany|lent)$`)

// feastName says whether m is a feast's name written with no cue ("an
// Eid celebration", "Diwali lights"), not a town.
func feastName(m understand.Mention) bool {
	return m.Role == understand.RoleNone && !m.Quoted && feastWords.MatchString(strings.TrimSpace(m.Text))
}

// namedAgainNear says whether m's town is named again with a near cue
// ("sailing up to Kiel ... what's on in and around Kiel"): the events
// are around it too.
func namedAgainNear(r *understand.Reading, m understand.Mention) bool {
	return slices.ContainsFunc(r.Mentions, func(o understand.Mention) bool {
		return o.Role == understand.RoleNear && o.Place != nil && m.Place != nil && o.Start != m.Start &&
			o.Place.Name == m.Place.Name && o.Place.CountryCode == m.Place.CountryCode
	})
}
