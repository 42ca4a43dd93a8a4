package understand

import "strings"

// common are English words a question uses that are also the names of
// some place in a world gazetteer ("Find", "Hope", "Reading", "Of"). One
// of them alone is read as a place only after a cue ("from Reading") or
// with its region ("Hope, AR").
var common = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
a about above across after again against all almost along also although always am among an and another any anyone
anything anyway anywhere are area around as ask at away back bad be because been before being below best better
between big both but by call can cannot car care center central city close come could day days did do does doing
done down drive driving during each early east either else end enough even ever every exactly far few find first
five for four free friend friends from full get gets got give go going good great had half has have having he hello help her
here hi high him his home hope how i if in into is it its just keep kind know last late later least left less let
like little live lives long look lot lots low made main make many may me meet meeting middle might mile miles more
most much must my near need new next nice no none nor north not nothing now of off ok okay old on once one only open
or other our out over own park part people per place places plan please point points put quick quite rather
reading really rest right road roads route routes same say scenic second see set she should show side since six
so some something soon south spot spots start stay still stop stops such sure take ten than thank thanks that the
their them then there these they thing things think third this those three through time times to today too top
towards town towns travel trip trips try two under until up us use very via view want wants was way ways we well west
what when where which while who why will with within without would yes yet you your
also answer answers json format list lists return respond reply output give gives provide provides using use
include including name names id ids type types kind kinds best nearest closest fastest shortest cheapest
morning evening night noon lunch dinner breakfast brunch coffee cafe cafes restaurant restaurants station
stations museum museums library hotel hotels beach beaches lake river mountain mountains hill hills valley
spring summer autumn fall winter weekend week month year
mission enterprise union liberty independence commerce progress harmony unity victory friendship
paradise eden hope faith charity grace justice concord
bath split nice mobile reading early marathon bonus eagle ocean opportunity bridge bridges church churches
gas fuel food eat drink shop shops mall market markets hospital school schools university college airport
cairn google maps road trip stopover stopovers viewpoint viewpoints overlook lookout vista
save saved remember tell phone number numbers website web site call show shows give take walk walking walks bike
biking cycle cycling cyclist hungry thirsty burger burgers pizza pizzas sushi taco tacos bakery bakeries beer wine
ice cream groceries grocery downtown uptown open opened closed late cool mind never elevation altitude distance
directions direction far how tall taller highest lowest address addresses hours rating ratings reviews review menu
reach reached nights real cheap quick guide navigate navigation head heading going walkable zoom map maps marker markers pin search looking
january february march april may june july august september october november december
monday tuesday wednesday thursday friday saturday sunday
zero one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred thousand
dozen couple pair single both first second third fourth fifth last final next previous
half halfway midway midpoint quarter quarters thirds fifths
let's lets i'm i'd i'll we're we'll we'd you're it's that's there's here's what's where's how's can't don't won't
hey hi hello yo ok okay thanks please kindly pls plz
advance regards cheers sincerely faithfully truly wishes
lol omg idk tbh btw def gonna wanna gotta kinda sorta
show give list tell suggest recommend identify locate search plan map route get need want would like find
run runs change changes rest sleep work eat shower pack drop load charge freshen relax nap dress
`) {
		m[w] = true
	}
	return m
}()

// connectors join the capitalised words of one name ("Andorra la
// Vella", "Stratford upon Avon"); they never start or end one.
var connectors = map[string]bool{"de": true, "da": true, "do": true, "dos": true, "das": true, "del": true, "di": true,
	"du": true, "la": true, "le": true, "les": true, "upon": true, "on": true, "of": true, "sur": true, "am": true,
	"y": true, "en": true, "el": true, "d'": true, "the": true, "and": false}

// personVerbs after a capitalised word with no cue make it a person,
// not a place: "Anna lives in Dover", "Ben and I".
var personVerbs = map[string]bool{"lives": true, "live": true, "is": true, "works": true, "wants": true, "will": true,
	"would": true, "can": true, "could": true, "has": true, "said": true, "needs": true, "drives": true, "stays": true,
	"likes": true, "loves": true, "prefers": true, "was": true, "and i": true, "&": false, "resides": true,
	"commutes": true, "walks": true, "bikes": true, "plans": true, "suggested": true, "asked": true, "thinks": true,
	"says": true, "reckons": true, "estimates": true, "claims": true}

// titleWords are capitalised words that continue a landmark's name
// after a city name ("Wilmington Public Library", "Dover Air Force Base").
var titleWords = map[string]bool{"public": true, "library": true, "station": true, "airport": true, "university": true,
	"college": true, "park": true, "state": true, "hospital": true, "museum": true, "center": true, "centre": true,
	"hall": true, "mall": true, "square": true, "bridge": true, "beach": true, "base": true, "air": true, "force": true,
	"high": true, "school": true, "stadium": true, "arena": true, "market": true, "church": true, "cathedral": true,
	"castle": true, "tower": true, "zoo": true, "garden": true, "gardens": true, "harbor": true, "harbour": true,
	"port": true, "pier": true, "terminal": true, "plaza": true, "court": true, "courthouse": true, "theater": true,
	"theatre": true, "hotel": true, "inn": true, "club": true, "golf": true, "lake": true, "river": true, "bay": true,
	"creek": true, "national": true, "wildlife": true, "refuge": true, "memorial": true, "monument": true, "campus": true,
	"riverfront": true, "downtown": true, "visitor": true, "visitors": true, "city": false, "art": true, "arts": true,
	"historic": true, "historical": true, "society": true, "train": true, "bus": true, "amtrak": true, "transit": true,
	"speedway": true, "raceway": true, "casino": true, "resort": true, "spa": true, "sanctuary": true, "trail": true,
	"street": true, "avenue": true, "road": true, "boulevard": true, "lane": true, "drive": false, "way": false,
	"downs": true, "area": true, "capitol": true, "building": true, "hall's": true, "house": true, "mill": true,
	"farm": true, "farms": true, "point": true, "landing": true, "island": true, "beach's": true, "forest": true,
	"falls": true, "hill": true, "hills": true, "rest": true, "service": true, "plaza's": true, "office": true,
	"of": true, "delaware": false}

// pronouns are never a place's name, even after a cue or in a list:
// "near me", "to it", "from there" (references, see Reference), "Lewes
// and I".
var pronouns = map[string]bool{"me": true, "us": true, "you": true, "him": true, "her": true, "them": true, "it": true,
	"here": true, "there": true, "this": true, "that": true, "mine": true, "yours": true, "ours": true,
	"i": true, "we": true, "he": true, "she": true, "they": true, "my": true, "our": true}
