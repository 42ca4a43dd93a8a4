package roadtrip

import (
	"regexp"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// This file reads a question written as a formal letter ("Dear Sir or
// Madam, At the March meeting of our club it was resolved … Yours
// faithfully, M. Pettigrew, Hon. Secretary"): the salutation and the
// signature carry no words of the task, and a meeting that already
// happened, or at which something was decided, is no meeting to plan.
// A greeting opening a message in any language ("Hallo!", "Hej,") is a
// salutation too: read as a town by its spelling ("Hallo" as Harlow), it
// would pull the trip's towns to that town's country.

var (
	// salutationRE is a letter's opening line up to its comma.
	salutationRE = regexp.MustCompile(`^\s*(?i:dear|to whom it may concern)\b[^,:\n]{0,40}[,:\n]`)
	// openingRE is a message's first word or two before a comma or a
	// stop, where a greeting stands.
	openingRE = regexp.MustCompile(`^\s*([\p{L}'’]+(?:\s+[\p{L}'’]+)?)\s*[,!.:;–—-]+`)
	// signOffRE is a letter's closing and the signature after it, to the
	// end of the text.
	signOffRE = regexp.MustCompile(`(?:^|[.!?\n]\s*)((?i:yours (?:faithfully|sincerely|truly|respectfully)|sincerely(?: yours)?|(?:kind|best|warm|warmest|with kind) regards|regards|best wishes|respectfully|many thanks|with thanks|cordially)\s*[,\n][^?]{0,80})$`)
	// pastMeetingRE is a meeting as an occasion ("at the March meeting
	// of our bird club", "following our last board meeting we …").
	pastMeetingRE = regexp.MustCompile(`(?i)\b((?:at|during|after|since|in|following|before|from)\s+(?:the|our|their|its|a|an|this|last|this year's|last year's)\s+(?:[\p{L}-]+\s+){0,2})meeting(s?)\b`)
	// meetingPlaceRE, after "meeting", makes it a place asked for people
	// to meet ("a meeting point", "a meeting halfway between us").
	meetingPlaceRE = regexp.MustCompile(`(?i)^\s*(?:point|place|spot|location|venue|halfway|half-way|between|somewhere|in the middle|with|up)\b`)
)

// unlettered is text without a letter's salutation and signature or an
// opening greeting, and with a meeting held as an occasion written as a
// session.
func unlettered(text string) string {
	if loc := salutationRE.FindStringIndex(text); loc != nil {
		text = text[loc[1]:]
	}
	text = ungreeted(text)
	if m := signOffRE.FindStringSubmatchIndex(text); m != nil {
		text = strings.TrimRight(text[:m[2]], " \n")
	}
	var b strings.Builder
	last := 0
	for _, m := range pastMeetingRE.FindAllStringSubmatchIndex(text, -1) {
		if meetingPlaceRE.MatchString(text[m[1]:]) {
			continue
		}
		b.WriteString(text[last:m[3]])
		b.WriteString("session")
		last = m[4]
	}
	b.WriteString(text[last:])
	return b.String()
}

// greetingProbe is a request a greeting is tried before: understand.Plain
// drops the greeting and leaves it.
const greetingProbe = "so it goes on"

// ungreeted is text without the greeting it opens with, as
// understand.Plain knows greetings ("Hallo! Next week we drive …" is
// "Next week we drive …"); text unchanged when it opens otherwise.
func ungreeted(text string) string {
	m := openingRE.FindStringSubmatchIndex(text)
	if m == nil || understand.Plain(text[m[2]:m[3]]+", "+greetingProbe) != greetingProbe {
		return text
	}
	return strings.TrimLeft(text[m[1]:], " ")
}
