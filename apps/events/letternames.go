package events

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// A request written as a letter names people in its greeting and its
// sign-off, not places of the events: "Hi Marta,", "Dear Tom,"; an
// e-mail signature under a "--" line ("--\nDaniel Nowak\nSenior
// Accountant\nKrakow") or a closing with a name at the end ("Many
// thanks, Margaret", "Kind regards, Tom", "Cheers,\nAnna Berg\nGdańsk").
// Those names are no places (Margaret, Alabama would pull York to the
// US; Marta, Lazio, Porto to Italy), but a town in a signature is where
// the writer is, and the place to search when the request names none
// ("anything this Friday night?").

// greetingName is a letter's greeting to someone by name at a line's
// start: "Hi Marta,", "Dear Mr Hale,", "Hello Anna!".
var greetingName = regexp.MustCompile(`(?m)^[ \t]*(?i:hi|hello|hey|hiya|dear|good (?:morning|afternoon|evening)|morning|hola|hallo|ciao|bonjour)[ \t]+` +
	`(\p{Lu}[\p{L}'’.-]*(?:[ \t]+\p{Lu}[\p{L}'’.-]*){0,2})[ \t]*[,!:]`)

// signatureLine is the line an e-mail signature starts under.
var signatureLine = regexp.MustCompile(`(?m)^[ \t]*(?:--|—|–|__+)[ \t]*$`)

// closingWords close a letter before the writer's name.
const closingWords = `(?i:(?:many |big |huge )?thanks(?: a lot| so much| again| in advance)?|thank you(?: so much| very much| again| in advance)?|` +
	`cheers|best(?: wishes| regards)?|kind regards|warm regards|regards|all the best|yours(?: sincerely| truly| faithfully)?|sincerely|love)`

// closingName is a closing and a name of up to three capitalised words
// ending the text: "Many thanks, Margaret", "Kind regards, Tom Hale".
var closingName = regexp.MustCompile(`(?:^|[.!?\n,;:]\s*)(` + closingWords + `[,!.]*\s+\p{Lu}[\p{L}'’.-]*(?:[ \t]+\p{Lu}[\p{L}'’.-]*){0,2}\s*[.!]*\s*)$`)

// closingLines is a closing on a line of its own and up to four short
// lines under it ending the text: "Thanks,\nAnna Berg\nGdańsk".
var closingLines = regexp.MustCompile(`(?:^|\n)[ \t]*(` + closingWords + `[,!.]*[ \t]*\n(?:[ \t]*[^\n]{1,60}\n?){1,4})$`)

// withoutLetterNames is text with its greeting's names and its
// sign-off blanked (spaces for their characters, line ends kept, so
// that offsets stay), and the sign-off's lines under its closing or
// "--" line.
func withoutLetterNames(text string) (body string, lines []string) {
	blank := []byte(text)
	blankOut := func(start, end int) {
		for i := start; i < end; i++ {
			if blank[i] != '\n' {
				blank[i] = ' '
			}
		}
	}
	for _, m := range greetingName.FindAllStringSubmatchIndex(text, -1) {
		blankOut(m[2], m[3])
	}
	start, from := -1, -1
	if loc := signatureLine.FindStringIndex(text); loc != nil && strings.TrimSpace(text[:loc[0]]) != "" {
		start, from = loc[0], loc[1]
	} else if m := closingLines.FindStringSubmatchIndex(text); m != nil && strings.TrimSpace(text[:m[2]]) != "" {
		start = m[2]
		from = start + strings.Index(text[start:], "\n")
	} else if m := closingName.FindStringSubmatchIndex(text); m != nil && strings.TrimSpace(text[:m[2]]) != "" {
		start = m[2]
	}
	if start < 0 {
		return string(blank), nil
	}
	if from >= 0 {
		for _, l := range strings.Split(text[from:], "\n") {
			if l = strings.TrimSpace(l); l != "" {
				lines = append(lines, l)
			}
		}
	}
	blankOut(start, len(blank))
	return string(blank), lines
}

// signedPlace is the place a signature's lines give, the last first: a
// line, or a part of it between commas, that is a place's name as a
// whole ("Krakow", "Producer, Kadr Studio, Warsaw"); nil when none is.
func (a *App) signedPlace(lines []string) *understand.Mention {
	if a.opts.Gazetteer == nil {
		return nil
	}
	for _, l := range slices.Backward(lines) {
		parts := strings.Split(l, ",")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		r := understand.Read("in "+l, understand.Options{Gazetteer: a.opts.Gazetteer})
		for _, m := range r.Mentions {
			if m.Place != nil && m.Role != understand.RoleRegion && !farSpelled(*m.Place) && slices.Contains(parts, strings.TrimSpace(m.Text)) {
				return &understand.Mention{Text: m.Text, Place: m.Place, Role: understand.RoleIn}
			}
		}
	}
	return nil
}
