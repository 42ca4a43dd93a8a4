package mapschat

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// A kind or brand the message rules out ("somewhere with wifi that isn't
// a Starbucks", "any cafe except Dunkin") is not what it asks for: the
// kinds it wants are searched instead.

// reRuledOut ends with words that rule out what follows: "isn't a ",
// "not a ", "other than ", "except ".
var reRuledOut = regexp.MustCompile(`\b(?:isn'?t|is not|aren'?t|are not|not|no|other than|except(?: for)?|apart from|besides|anything but|rather than|instead of|avoid(?:ing)?)\s+(?:a |an |the |any |at |in )?$`)

// withoutRuledOut is rd less the kinds and brands it rules out, when a
// kind it wants is left to search for; rd itself otherwise.
func withoutRuledOut(rd *understand.Reading) *understand.Reading {
	low := strings.ToLower(rd.Text)
	if len(low) != len(rd.Text) || len(rd.Terms) == 0 {
		return rd
	}
	out := func(s understand.Span) bool { return reRuledOut.MatchString(low[:s.Start]) }
	terms := slices.DeleteFunc(slices.Clone(rd.Terms), func(t understand.TermMatch) bool { return out(t.Span) })
	if len(terms) == 0 {
		return rd
	}
	brands := slices.DeleteFunc(slices.Clone(rd.Mentions), func(m understand.Mention) bool {
		return out(m.Span) && (m.Place == nil || m.Place.Kind == understand.KindLandmark)
	})
	if len(terms) == len(rd.Terms) && len(brands) == len(rd.Mentions) {
		return rd
	}
	r := *rd
	r.Terms, r.Mentions = terms, brands
	return &r
}
