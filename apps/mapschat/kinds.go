package mapschat

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// Kinds of place beyond the common ones, the purpose a kind is wanted
// for, and kinds the policy does not know, searched by their words.

// terms are the kinds of place a message may ask for, as the maps search
// them. Longer phrases first.
var terms = func() []understand.Term {
	phrases := []string{"gas station", "petrol station", "charging station", "coffee shop", "ice cream",
		"fast food", "rest stop", "rest area", "scenic viewpoint", "viewpoint", "lookout", "overlook",
		"pizza", "pizzeria", "coffee", "cafe", "café", "restaurant", "bar", "pub", "brewery", "bakery", "hotel",
		"motel", "hostel", "museum", "park", "beach", "hospital", "pharmacy", "supermarket", "grocery",
		"atm", "bank", "library", "parking", "campground", "church", "stadium", "attraction", "sushi",
		"burger", "tacos", "diner", "food", "ski resort", "swimming pool", "gas"}
	out := make([]understand.Term, len(phrases))
	for i, p := range phrases {
		out[i] = understand.Term{Phrase: p, Label: p}
	}
	// Other words for the same kinds (British ones among them), as the
	// maps search them.
	for _, syn := range []struct {
		label   string
		phrases []string
	}{
		{"parking", []string{"car park", "parking lot", "parking garage", "parking space", "parking spot", "multi-storey", "somewhere to park", "place to park"}},
		{"pharmacy", []string{"chemist", "chemists", "drugstore", "drug store", "apotheke", "apotheek", "farmacia", "pharmacie", "apteka",
			// the errand one goes to a pharmacy for
			"prescription pickup", "prescription pick-up", "pick up a prescription", "pick up my prescription", "pick up prescriptions",
			"fill a prescription", "fill my prescription", "get a prescription filled", "get my prescription filled", "prescription filled",
			"prescription refill", "refill my prescription", "my meds", "medication", "medications"}},
		{"bubble tea", []string{"boba", "bubble tea", "milk tea", "boba tea"}},
		{"atm", []string{"cashpoint", "cash point", "cash machine", "cash dispenser", "get cash", "get some cash", "withdraw cash", "withdraw money",
			// money from a machine, in a tourist's words and their own
			"take out money", "take out cash", "take money out", "take cash out", "get money out", "get out money", "money machine",
			"cash withdrawal", "caixa eletrônico", "caixa eletronico", "caixa automático", "multibanco", "cajero", "cajero automático",
			"cajero automatico", "distributeur", "bancomat", "geldautomat"}},
		{"gas station", []string{"petrol", "filling station", "fuel", "fill up", "service station",
			// a need a gas station meets: air for a tire
			"put air in", "put some air in", "air in my tire", "air in my tyre", "air for my tire", "air for my tyre", "air for the tires",
			"air pump", "air compressor", "pump up my tire", "pump up the tire", "inflate my tire", "inflate the tire", "inflate my tyre",
			"tire pressure", "tyre pressure", "air up my tires", "air up the tires"}},
		{"charging station", []string{"charging point", "charging", "charger", "ev charger", "car charger", "charge my car", "charge my electric car", "charge the car", "charge my ev", "charge an electric car", "supercharger"}},
		{"park", []string{"playground", "play area",
			// a park by its use: grass to run on, for dogs and children
			"grassy", "grass", "lawn", "lawns", "meadow", "green space", "open space", "open field", "dog park", "dog run",
			"off-leash", "off leash", "let the dogs run", "let the dog run", "run the dogs", "run the dog"}},
		{"library", []string{"somewhere to study", "place to study", "study", "studying", "quiet place to work", "quiet place to read"}},
		{"cafe", []string{"wifi", "wi-fi", "free wifi",
			// a phone is charged where one may sit: not at a car's charger
			"charge my phone", "charge a phone", "charge the phone", "charge my laptop", "phone charger", "charge phone", "charge up my phone",
			"plug in my phone",
			// what one drinks at a cafe
			"caffeine", "a latte", "lattes", "an espresso", "espressos", "a cappuccino", "a flat white", "cup of coffee", "iced coffee"}},
		{"tourist attraction", []string{"sights", "sightseeing", "things to see", "things to do", "there to see", "worth seeing", "worth visiting", "worth a visit", "tourist spots", "landmarks", "points of interest"}},
		{"hotel", []string{"somewhere to stay", "place to stay", "accommodation", "lodging", "b&b"}},
		{"restaurant", []string{"somewhere to eat", "place to eat", "eatery", "takeaway", "take-out", "to eat", "bite to eat", "cheap eats"}},
		{"supermarket", []string{"grocery store", "groceries", "food shop", "supermercado", "supermercados", "supermarché", "supermarkt"}},
		{"hospital", []string{"a&e", "emergency room"}},
		// where one skis, by its parts and the sport
		{"ski resort", []string{"ski area", "ski areas", "ski resorts", "ski slopes", "ski slope", "ski runs", "ski station", "ski stations",
			"ski lifts", "ski fields", "ski field", "pistes", "places to ski", "somewhere to ski", "where to ski"}},
		// a viewpoint in the words of the places that sign them
		{"viewpoint", []string{"mirador", "miradores", "miradouro", "belvedere", "belvédère", "aussichtspunkt", "view point", "scenic overlook", "scenic lookout"}},
	} {
		for _, p := range syn.phrases {
			out = append(out, understand.Term{Phrase: p, Label: syn.label})
		}
	}
	return append(out, moreTerms()...)
}()

// moreKinds are kinds of place with the other words people use for them.
var moreKinds = []struct {
	label   string
	phrases []string
}{
	{"veterinarian", []string{"vet", "vets", "veterinarian", "veterinary", "vet clinic", "animal hospital", "animal clinic"}},
	{"pet store", []string{"pet store", "pet shop", "pet supplies", "pet supply store"}},
	{"florist", []string{"florist", "florists", "flower shop", "flower store"}},
	{"funeral home", []string{"funeral home", "funeral homes", "funeral parlor", "funeral parlour", "funeral director", "mortuary"}},
	{"liquor store", []string{"liquor store", "liquor stores", "liquor shop", "package store", "bottle shop", "bottle store", "off-licence", "off licence", "wine shop", "wine store", "beer store"}},
	{"post office", []string{"post office", "post offices", "postal office", "usps"}},
	// the police in a visitor's own words too: asked for in trouble
	{"police", []string{"police", "police station", "police stations", "police department", "police office", "cop shop", "cops",
		"sheriff's office", "sheriff office", "polizei", "polizeistation", "polizeiwache", "polizeirevier", "policía", "policia",
		"polícia", "comisaría", "comisaria", "commissariat", "gendarmerie", "polizia", "politie", "politiebureau"}},
	{"bar", []string{"grab a beer", "get a beer", "have a beer", "for a beer", "a cold beer", "some beers", "a few beers", "beers",
		"a pint", "a few pints", "pints", "grab a drink", "have a drink", "for a drink", "some drinks", "drinks", "a cocktail", "cocktails", "a nightcap"}},
	// where plants are bought; the offline maps may know none: the
	// search is still the call, its empty answer the reply
	{"garden center", []string{"garden center", "garden centre", "garden centers", "garden centres", "plant nursery", "plant nurseries",
		"garden nursery", "garden store", "garden shop", "garden supply", "garden supplies"}},
	// houses of worship other than churches: a newcomer asks where to pray
	{"mosque", []string{"mosque", "mosques", "masjid", "masjids", "islamic center", "islamic centre"}},
	{"synagogue", []string{"synagogue", "synagogues", "shul", "jewish temple"}},
	{"hindu temple", []string{"hindu temple", "hindu temples", "mandir"}},
	{"gurdwara", []string{"gurdwara", "gurudwara", "sikh temple"}},
	{"bicycle shop", []string{"bike shop", "bike shops", "bicycle shop", "bicycle shops", "bike store", "bike repair", "bicycle repair", "cycle shop", "cycle store"}},
}

// moreTerms are moreKinds as terms for the reader.
func moreTerms() []understand.Term {
	var out []understand.Term
	for _, k := range moreKinds {
		for _, p := range k.phrases {
			out = append(out, understand.Term{Phrase: p, Label: k.label})
		}
	}
	return out
}

// rePurpose is the start of what a kind is wanted for: "for his food",
// "for the church flowers".
var rePurpose = regexp.MustCompile(`\bfor\b`)

// reBought ends with buying: "need buy ", "to pick up some ". What
// follows, after a shop named, is what is bought there.
var reBought = regexp.MustCompile(`\b(?:buy|buying|purchase|pick up|shop for|stock up on)\s+(?:some\s+|a few\s+|the\s+)?$`)

// wantedTerms are the kinds asked for: a kind named after "for" behind
// an earlier kind is what that one is for, not a kind wanted ("a pet
// store for his food"), and so is one bought there ("a supermarket? I
// need to buy food").
func wantedTerms(low string, ts []understand.TermMatch) []understand.TermMatch {
	if len(ts) < 2 || len(low) < ts[len(ts)-1].End {
		return ts
	}
	out := ts[:1:1]
	for _, t := range ts[1:] {
		if between := low[out[0].End:t.Start]; rePurpose.MatchString(between) || reBought.MatchString(between) {
			continue
		}
		out = append(out, t)
	}
	return out
}

// reUnknownKind is a kind asked for near here in words the policy does
// not know: "are there funeral homes nearby", "any tattoo parlours around
// here", "is there a quilt shop anywhere around Dover".
var reUnknownKind = regexp.MustCompile(`\b(?:are there|is there|any|find|need|looking for|where can i find)\s+(?:any\s+|a\s+|an\s+|some\s+|good\s+)*([a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2}?)\s+(?:(?:anywhere|somewhere)\s+)?(?:nearby|near here|near me|near us|around here|close by|close to here|in town|in the area|around)\b`)

// notKinds are first words of what is no kind of place: "anything to
// do", "traffic", "help".
var notKinds = map[string]bool{"anything": true, "anywhere": true, "something": true, "somewhere": true,
	"one": true, "ones": true, "place": true, "places": true, "it": true, "that": true, "there": true,
	"what": true, "stuff": true, "things": true, "more": true, "help": true, "traffic": true,
	"much": true, "problem": true, "problems": true, "way": true, "time": true, "room": true, "space": true}

// unknownKind is the words of a kind asked for that no term names; "" when
// the message asks for none.
func unknownKind(low string) string {
	m := reUnknownKind.FindStringSubmatch(low)
	if m == nil {
		return ""
	}
	w := strings.TrimSpace(m[1])
	if notKinds[strings.Fields(w)[0]] {
		return ""
	}
	return w
}

// missingWhere is "where" when a search has no place to be near.
func missingWhere(l *Loc) string {
	if l == nil {
		return "where"
	}
	return ""
}

// saysHere says whether the text points at the map's centre in words:
// "near here", "around here".
func saysHere(rd *understand.Reading) bool {
	for _, r := range rd.References {
		if r.Kind == understand.RefHere {
			return true
		}
	}
	return false
}
