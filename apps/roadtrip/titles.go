package roadtrip

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// This file reads people named by a title and a surname ("Mrs. Haldane
// in Lewes and Mr. Ortiz in Smyrna", "Dr Patel from Dover") and events
// named with capitals ("the tally sheets from the Christmas Bird
// Count", "after the Spring Arts Festival"): neither names a place, so
// no surname is read as a town by its spelling and no event as a place
// to start from. So too a person named by what they are before a verb
// of saying ("Pastor says …").

// titledNameRE is a title and the name after it: "Mrs. Haldane", "Dr
// Anne Patel", "Mr. J. Ortiz".
var titledNameRE = regexp.MustCompile(`\b(Mr|Mrs|Ms|Mx|Dr|Prof)\.?\s+((?:\p{Lu}\.\s*)?\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)`)

// titledPeople writes a titled name in lower case ("mrs haldane"), as
// the words of a person the reader reads as no place.
func titledPeople(text string) string {
	return titledNameRE.ReplaceAllStringFunc(text, func(s string) string {
		m := titledNameRE.FindStringSubmatch(s)
		return strings.ToLower(m[1]) + " " + strings.ToLower(strings.ReplaceAll(m[2], ".", ""))
	})
}

// eventNouns end the name of an event, not of a place.
var eventNouns = set("count", "festival", "fest", "fair", "parade", "race", "marathon", "tournament", "conference",
	"convention", "expo", "exhibition", "show", "concert", "game", "match", "championship", "championships", "cup",
	"meeting", "meetup", "summit", "gala", "jamboree", "rally", "regatta", "derby", "invitational",
	"day", "days", "night", "week", "weekend", "celebration", "ceremony", "reunion", "party")

// eventName says whether a mention no gazetteer knows is a capitalised
// event's name ("Christmas Bird Count", "Sea Witch Festival").
func eventName(m understand.Mention) bool {
	if m.Place != nil {
		return false
	}
	words := strings.Fields(m.Text)
	return len(words) >= 2 && eventNouns[strings.ToLower(words[len(words)-1])]
}

// monthBeforeRE is the words before a month named as an occasion's
// time: "at the March meeting", "our June picnic", "last May's fair".
var monthBeforeRE = regexp.MustCompile(`\b(?:the|our|their|this|last|next|every|each)\s+$`)

var monthNames = set("january", "february", "march", "april", "may", "june", "july", "august", "september",
	"october", "november", "december")

// occasionMonth says whether a mention is a month naming when an
// occasion is ("the March meeting"), not the town spelled so.
func (q *question) occasionMonth(m understand.Mention) bool {
	if !monthNames[strings.ToLower(m.Text)] || !monthBeforeRE.MatchString(q.lower[max(0, m.Start-12):m.Start]) {
		return false
	}
	next := strings.Fields(q.r.Text[m.End:])
	return len(next) > 0 && next[0] == strings.ToLower(next[0]) && !strings.ContainsAny(next[0][:1], ",.;:!?")
}

// speakerAfterRE, just after a word, makes it someone speaking or
// minding: "Pastor says the construction there is a mess", "Grandma
// thinks", "Coach wants us back by six".
var speakerAfterRE = regexp.MustCompile(`^\s+(?:says|said|thinks|thought|told|tells|reckons|insists|insisted|warns|warned|mentioned|mentions|suggests|suggested|wants|wanted|asked|asks|prefers|believes|swears|hates|loves|likes)\b`)

// speaker says whether a mention read as no place, or as a place only by
// a guess (its words are not the place's name: "Pastor" for Basse-Terre),
// is someone speaking: a list of towns after "avoid" does not go on
// through "Georgetown, Pastor says …".
func (q *question) speaker(m understand.Mention) bool {
	guessed := m.Place == nil || understand.Normalize(m.Place.Name) != understand.Normalize(m.Text)
	return guessed && speakerAfterRE.MatchString(q.lower[m.End:])
}

// theirPlaceAfterRE, just after a word, gives it a place of its own:
// "Bri from Dover", "Jo in Lewes", "Tam at Milford".
var theirPlaceAfterRE = regexp.MustCompile(`^\s+(?:from|in|at)\s+\p{Lu}`)

// listItemBeforeRE ends the words before an item of a list or the
// start of a sentence: ", ", "and ", ". ".
var listItemBeforeRE = regexp.MustCompile(`(?:^|[,;:.!?(]|\band|\b&)\s*$`)

// personBeforePlace says whether a one-word mention that begins an item
// of a list, read as no place or as a place only by a guess at its
// spelling ("Bri" for Bari), is a person whose place the words after it
// name: "Kayla's driving from Wilmington, Bri from Dover" lists people
// and their towns, not the towns Wilmington and Bri.
func (q *question) personBeforePlace(m understand.Mention) bool {
	if m.Place != nil && understand.Normalize(m.Place.Name) == understand.Normalize(m.Text) || strings.Contains(m.Text, " ") ||
		!listItemBeforeRE.MatchString(q.r.Text[:m.Start]) {
		return false
	}
	loc := theirPlaceAfterRE.FindStringIndex(q.r.Text[m.End:])
	if loc == nil {
		return false
	}
	at := m.End + loc[1] - 1
	return slices.ContainsFunc(q.r.Mentions, func(o understand.Mention) bool { return o.Start == at })
}
