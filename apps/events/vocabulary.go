package events

import (
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/understand"
)

// interest is one of the events vocabulary's interests: the phrases that
// name it in a request, and the words that show a record is about it.
type interest struct {
	label   string
	phrases []string // as a request says it
	words   []string // in a record's title, description, topics
	kinds   []eventdata.Kind
}

// interests is the events vocabulary. Labels are what profiles carry.
var interests = []interest{
	{label: "festival", phrases: []string{"festival", "festivals", "fest", "celebration", "celebrations", "carnival", "carnivals", "carnaval", "karneval", "fete", "fetes", "fête", "fêtes",
		"festa", "festas", "fiesta", "fiestas", "matsuri", "festa junina", "festas juninas", "festivities", "festivity",
		"feria", "ferias", "sagra", "sagre", "kermis", "kermesse", "kermesses", "fiesta patronal", "fiestas patronales",
		// festivals known by name the world over, which travellers name
		// without the word "festival"
		"songkran", "loy krathong", "yi peng", "holi", "diwali", "deepavali", "thaipusam", "vesak", "nowruz", "obon", "chuseok"},
		words: []string{"festival", "fest", "festa", "fiesta", "celebration", "jubilee"}},
	{label: "parade", phrases: []string{"parade", "parades", "procession", "processions", "march", "pride", "floats", "parade floats", "desfile", "desfiles", "défilé", "défilés",
		// parades by the words of the places that hold them
		"comparsa", "comparsas", "cabalgata", "cabalgatas", "pasacalles", "procesión", "procesiones", "processione", "processioni",
		"sfilata", "sfilate", "optocht", "optochten", "umzug", "umzüge", "festumzug", "cortejo", "cortège", "cortèges"},
		words: []string{"parade", "procession", "pride", "carnival", "karneval", "fasching", "mardi gras", "rosenmontag"}},
	{label: "holiday", phrases: []string{"holiday", "holidays", "public holiday", "national day", "bank holiday", "observance"},
		kinds: []eventdata.Kind{eventdata.KindHoliday, eventdata.KindObservance}},
	{label: "music", phrases: []string{"music", "concert", "concerts", "gig", "gigs", "jazz", "opera", "live music", "band", "bands", "brass band", "orchestra", "choir",
		"rave", "raves", "techno", "dj", "djs", "dj set", "club night", "club nights",
		"trad", "trad music", "trad session", "trad sessions", "ceilidh", "ceilidhs", "folk music", "bluegrass", "honky tonk", "honky-tonk", "fete de la musique", "fête de la musique"},
		words: []string{"music", "concert", "jazz", "opera", "orchestra", "band", "symphony", "choir", "techno", "rave"}},
	{label: "sports", phrases: []string{"sport", "sports", "marathon", "race", "races", "match", "tournament", "game",
		"regatta", "regattas", "rodeo", "rodeos", "sailing", "rowing", "triathlon", "cycling race", "horse race", "horse racing",
		"football", "footy", "footie", "soccer", "rugby", "cricket", "afl", "basketball", "baseball", "hockey", "golf",
		// board and street sports, whose contests ("skate comps", "a bmx
		// jam", "surf contest") are sports events
		"skate", "skating", "skateboard", "skateboarding", "skatepark", "skateparks", "bmx", "surf", "surfing",
		"snowboard", "snowboarding", "parkour", "bouldering", "climbing comp", "climbing comps"},
		words: []string{"marathon", "race", "run", "cup", "championship", "tournament", "regatta", "match", "grand prix", "rodeo",
			"football", "soccer", "rugby", "cricket"}},
	{label: "market", phrases: []string{"market", "markets", "christmas market", "fair", "fairs", "flea market",
		"souk", "souks", "souq", "souqs", "bazaar", "bazaars", "bazar", "mercado", "mercados", "car boot sale", "car boot sales", "swap meet",
		// markets by the words of the places that hold them
		"markt", "märkte", "flohmarkt", "flohmärkte", "weihnachtsmarkt", "vrijmarkt", "vrijmarkten", "rommelmarkt", "rommelmarkten",
		"marché", "marchés", "marche aux puces", "marché aux puces", "brocante", "brocantes", "vide-grenier", "vide-greniers",
		"mercato", "mercati", "mercatino", "mercatini", "mercadillo", "mercadillos", "rastro", "tianguis", "feira", "feiras",
		"loppis", "loppisar", "pasar malam", "pasar", "pasar pagi", "talad nat", "talat nat", "yeshi", "night bazaar"},
		words: []string{"market", "markt", "fair", "bazaar", "expo", "souk"}},
	{label: "art", phrases: []string{"art", "exhibition", "exhibitions", "gallery", "design", "museum", "street art", "streetart", "mural", "murals", "graffiti"},
		words: []string{"art", "exhibition", "gallery", "design", "biennale", "museum", "photo"}},
	{label: "night", phrases: []string{"night", "fireworks", "lights", "light festival", "night photography", "after dark", "lit up", "illuminations"},
		words: []string{"fireworks", "light", "lights", "lantern", "illumination", "night", "new year"}},
	{label: "culture", phrases: []string{"culture", "cultural", "tradition", "traditional", "religious", "heritage"},
		words: []string{"day", "saint", "feast", "easter", "christmas", "ramadan", "diwali", "heritage", "remembrance"},
		kinds: []eventdata.Kind{eventdata.KindObservance}},
	{label: "conference", phrases: []string{"conference", "conferences", "summit", "summits", "meetup", "meetups", "convention", "tech event", "tech events",
		"conventions", "cosplay", "comic con", "comic cons", "anime con", "anime cons", "cosplay con", "cosplay cons", "fan convention", "fan conventions"},
		words: []string{"conf", "conference", "summit", "con", "days", "meetup", "convention", "forum", "camp"},
		kinds: []eventdata.Kind{eventdata.KindConference}},
	{label: "technology", phrases: []string{"tech", "technology", "software", "developer", "developers", "programming", "ai", "data", "cloud", "web", "security", "javascript", "python", "devops"},
		words: []string{"tech", "software", "javascript", "js", "python", "data", "cloud", "ai", "devops", "security", "web", "api", "kubernetes", "rust", "golang", "java", "android", "ios", "ux", "dev", "php", "ruby", "react", "css"}},
}

// defaultInterests are a photographer's when the request names none.
var defaultInterests = []string{"festival", "parade", "holiday", "music", "night"}

// headInterests are the labels of the interests a term's last words
// name besides its own: "light festivals" is a night interest and a
// festival, "jazz concerts" music. A term's first words only qualify it
// ("tech events" is no technology interest of its own).
func headInterests(text string, t understand.TermMatch) []string {
	var others []understand.Term
	for _, tm := range terms() {
		if tm.Label != t.Label {
			others = append(others, tm)
		}
	}
	var out []string
	for _, h := range understand.Read(text[t.Start:t.End], understand.Options{Terms: others}).Terms {
		if h.End == t.End-t.Start && h.Start > 0 {
			out = append(out, h.Label)
		}
	}
	return out
}

// terms are the vocabulary as understand.Terms.
func terms() []understand.Term {
	var out []understand.Term
	for _, in := range interests {
		for _, p := range in.phrases {
			out = append(out, understand.Term{Phrase: p, Label: in.label})
		}
	}
	return out
}

func interestOf(label string) (interest, bool) {
	i := slices.IndexFunc(interests, func(in interest) bool { return in.label == label })
	if i < 0 {
		return interest{}, false
	}
	return interests[i], true
}

// keywordsFor are the search words of a profile's interests: each
// interest's first words.
func keywordsFor(labels []string, alt bool) []string {
	var out []string
	for _, l := range labels {
		in, ok := interestOf(l)
		if !ok {
			out = append(out, l) // a caller's own word
			continue
		}
		ws := in.words
		if alt && len(ws) > 3 {
			ws = ws[3:] // other keywords, on a retry
		}
		for _, w := range ws[:min(3, len(ws))] {
			if !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
		if len(in.words) == 0 {
			out = append(out, l)
		}
	}
	return out
}

// recordText is what a record says about itself, folded for matching.
func recordText(r eventdata.Record) string {
	return " " + understand.Normalize(r.Title+" "+r.Description+" "+strings.Join(r.Topics, " ")+" "+r.Venue) + " "
}

// hasWord says whether text (from recordText) holds w as a word or
// words, or their plural ("markets").
func hasWord(text, w string) bool {
	w = understand.Normalize(w)
	if w == "" {
		return false
	}
	return strings.Contains(text, " "+w+" ") || strings.Contains(text, " "+w+"s ") || strings.Contains(text, " "+w+"es ")
}

// matchesInterest says whether r is about the interest labelled l.
func matchesInterest(r eventdata.Record, l string) bool {
	in, ok := interestOf(l)
	text := recordText(r)
	if !ok {
		return hasWord(text, l)
	}
	if slices.Contains(in.kinds, r.Kind) {
		return true
	}
	if l == "technology" && r.Kind == eventdata.KindConference && len(r.Topics) > 0 {
		return true // the tech-conference lists file every record under a technology
	}
	for _, w := range in.words {
		if hasWord(text, w) {
			return true
		}
	}
	return false
}

// eventWords are the words with which a request asks for events without
// naming a kind of event, a place or a time ("any events?", "what's on?").
var eventWords = []string{"event", "events", "what's on", "whats on", "what is on", "happening", "happenings", "going on"}

// asksForEvents says whether text asks for events in words of its own.
func asksForEvents(text string) bool {
	t := " " + strings.ReplaceAll(understand.Normalize(text), "’", "'") + " "
	for _, w := range eventWords {
		if strings.Contains(t, " "+understand.Normalize(w)+" ") {
			return true
		}
	}
	return false
}
