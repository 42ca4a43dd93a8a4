package mapschat

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// Messages that need no map: the time of sunrise, sunset or the tides
// (the maps hold no sky and no sea), a "never mind" that signs off.

var (
	// reSkyTimes asks when the sun rises or sets, or the tide turns.
	reSkyTimes = regexp.MustCompile(`\b(?:what time|when|how early|how late)(?:'s|’s|s| is| does| do| will)?(?: the)? (?:sunrise|sunset|sun ?up|sun ?down|sun (?:come up|go down|rise|set)|first light|golden hour|dawn|dusk|high tide|low tide|tides?)\b|\b(?:sunrise|sunset|tide) (?:times?|tables?)\b`)
	// reSearchAsked asks for places: "any", "find", "where".
	reSearchAsked = regexp.MustCompile(`\b(?:any|find|where|wheres|nearest|closest|show|recommend|suggest|list|good)\b`)
	// reBlessing is a blessing or a thanks, and nothing else: "God bless
	// you, thank you", "bless you dear, thanks so much", "peace be with
	// you". "God" in it is no town (Göd, Hungary).
	reBlessing = regexp.MustCompile(`^(?:(?:and|oh|well|ok(?:ay)?|so)[,.!]*\s+)*(?:(?:may\s+)?(?:god|the lord|lord|jesus|allah|heaven)\s+(?:bless|keep|be with|protect)(?:es)?\s+(?:you|ya|u|yall|y'all|you all|you both|your (?:day|work|heart))|bless you|god ?speed|peace be (?:with|upon) you|(?:many )?blessings(?: to you)?|amen|shalom|salaam|namaste)(?:[\s,.!]+(?:and\s+)?(?:thank you|thanks|thank u|thx|so much|very much|dear|friend|my friend|all|sir|madam|ma'am|for (?:your|the|all the|all your) help|for everything|for helping|again|goodbye|bye|amen))*[\s,.!]*$`)
	// reNeverMind signs off without a request: "nvm we'll manage", "never
	// mind, all good".
	reNeverMind = regexp.MustCompile(`^(?:(?:lol|haha|ha|ok(?:ay)?|k|oh|ah|well|nah|no|eh)[,.!]*\s+)*(?:nvm|never ?mind|forget it|forget that|no worries|all good|we'?re good|i'?m good)\b`)
)

// skyTimesAsked says whether the message asks when the sun rises or sets
// or the tide turns, and nothing the maps hold (no search, no route): a
// kind named is then where the sky is watched ("high tide at the beach").
func skyTimesAsked(low string, rd *understand.Reading) bool {
	return reSkyTimes.MatchString(low) && (len(rd.Terms) == 0 || !reSearchAsked.MatchString(low)) && !reDirections.MatchString(low)
}

// signsOff says whether the message takes the request back or blesses
// and thanks, and asks nothing more: "lol nvm we'll manage".
func signsOff(low string, rd *understand.Reading) bool {
	if thanksAbroad(low, rd) {
		return true // "muchas gracias!!"
	}
	if reBlessing.MatchString(low) && !reDirections.MatchString(low) && len(rd.Terms) == 0 && !strings.Contains(low, "?") {
		return true // "God bless you, thank you"
	}
	return reNeverMind.MatchString(low) && len(rd.Terms) == 0 && !strings.Contains(low, "?") && !reDirections.MatchString(low) && !closesWithMode(low)
}

// closesWithMode says whether the message's last sentence is a travel
// mode alone: "nvm its pouring out. driving then" takes the last way
// back, not the request (baremode.go's modeAfterRemark).
func closesWithMode(low string) bool {
	parts := reSentenceEnd.Split(strings.TrimSpace(low), -1)
	return len(parts) > 1 && reBareMode.MatchString(parts[len(parts)-1])
}

// reForeignThanks is thanks or a greeting in another language: "muchas
// gracias", "merci beaucoup", "danke schön", "dhanyavaad", "xie xie".
// Its words are no place (Gracias, Honduras; Merci, Bonjour).
var reForeignThanks = regexp.MustCompile(`^(?:(?:muchas|mil|many|so|ok(?:ay)?|oh)\s+)?(?:gracias|merci(?:\s+beaucoup)?|danke(?:\s+(?:sch[oö]n|sehr))?|grazie(?:\s+mille)?|obrigad[oa]|dhanyavaa?d|shukriya|xie\s?xie|arigato|hola|bonjour|ciao|namaste|adi[oó]s|hasta luego)$`)

// thanksAbroad says whether the message thanks or greets in another
// language and asks nothing: "muchas gracias!! you are very amable".
func thanksAbroad(low string, rd *understand.Reading) bool {
	first, _, _ := strings.Cut(strings.TrimSpace(low), "!")
	first, _, _ = strings.Cut(first, ",")
	first, _, _ = strings.Cut(first, ".")
	return reForeignThanks.MatchString(strings.TrimSpace(first)) && !strings.Contains(low, "?") && len(rd.Terms) == 0 && !reDirections.MatchString(low)
}

// withoutThanksWords is rd without the places read from thanks or
// greetings in another language.
func withoutThanksWords(rd *understand.Reading) *understand.Reading {
	word := func(m understand.Mention) bool {
		return reForeignThanks.MatchString(strings.ToLower(m.Text))
	}
	if !slices.ContainsFunc(rd.Mentions, word) {
		return rd
	}
	out := *rd
	out.Mentions = slices.DeleteFunc(slices.Clone(rd.Mentions), word)
	return &out
}

// reOath is a name of God in a blessing or an exclamation: "God bless",
// "thank God", "oh my god", "God willing", "for God's sake".
var reOath = regexp.MustCompile(`^(?:god|lord|jesus|allah)(?:\s+(?:bless|blesses|speed|willing|knows|keep|be with|help)\b|['’]s sake)|(?:thank|oh my|omg|my|for|praise(?: be to)?|swear to|by)\s+$`)

// withoutOaths is rd without the names of God a blessing or an
// exclamation holds: they are no place (Göd, Hungary).
func withoutOaths(rd *understand.Reading) *understand.Reading {
	low := strings.ToLower(rd.Text)
	if len(low) != len(rd.Text) {
		return rd
	}
	oath := func(m understand.Mention) bool {
		w := strings.ToLower(m.Text)
		if w != "god" && w != "lord" && w != "jesus" && w != "allah" {
			return false
		}
		return reOath.MatchString(low[m.Start:]) || reOath.MatchString(low[:m.Start])
	}
	if !slices.ContainsFunc(rd.Mentions, oath) {
		return rd
	}
	out := *rd
	out.Mentions = slices.DeleteFunc(slices.Clone(rd.Mentions), oath)
	return &out
}

// reHelpCry is "help" cried before a request: "HELP, I'm lost", "help!!".
var reHelpCry = regexp.MustCompile(`^help\b`)

// criesForHelp says whether "help" only opens a message that asks for a
// kind or names a place ("HELP im lost, any churches in Dover"): the
// request is read, not the assistant's abilities.
func criesForHelp(low string, rd *understand.Reading) bool {
	return reHelpCry.MatchString(low) && (len(rd.Terms) > 0 ||
		slices.ContainsFunc(rd.Mentions, func(m understand.Mention) bool { return m.Role != understand.RoleRegion }))
}
