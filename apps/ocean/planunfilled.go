package ocean

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// A filter the question names but the policy cannot fill must not be
// dropped: "within 200 km of here" read without its point would count
// every float. unfilledFilters lists such filters; each one the question
// recognisably asks for and the plan leaves empty becomes a Missing
// slot, so the answer names it instead of answering over everything.
var unfilledFilters = []struct {
	slot   string
	re     *guardedRegexp // the filter's words, on the lower-cased question
	filled func(QueryPlan) bool
	why    string // %q is the words found
}{
	{"near", reRadius, hasPlace, "the question gives a radius (%q) but no point to measure it from (such as 10N 65E)"},
	{"near", mustGuarded(`\b(?:near|close to|around|off|next to|nearest to|closest to)\s+(?:the\s+)?(?:coast|shore|island|port|harbou?r|buoy|station|ship|boat|vessel)\b`), hasPlace,
		"the question asks about %q but names no place or point (such as 10N 65E)"},
	{"box", mustGuarded(`\b(?:bounding box|lat(?:itude)?[- /]lon(?:gitude)? box|box|rectangle)\b`), func(p QueryPlan) bool { return p.Box != nil || p.Region != "" || p.Near != nil },
		"the question asks for %q but gives no corners (such as 10-15N, 110-120E)"},
	{"pressure", mustGuarded(`\b(?:at|below|above|deeper than|shallower than|beneath)\s+(?:a|the|some)?\s*(?:certain|given|specific)?\s*(?:depth|pressure|level)\b`), func(p QueryPlan) bool { return p.Pressure != nil },
		"the question asks for %q but no depth or pressure was read from it (write one such as at 1000 dbar)"},
	{"floats", mustGuarded(`\b(?:float|wmo|platform)\s*(?:no\.?|number|#)?\s*(\d{1,4}|\d{6}|\d{8,})\b`), func(p QueryPlan) bool { return len(p.Floats) > 0 },
		"%q is not a WMO number (5 or 7 digits)"},
	{"time", mustGuarded(`\b(?:(?:a few|a couple|several|some|many|a number of|\d+\.\d+)\s+(?:\w+\s+)?(?:years?|months?|weeks?|days?|decades?)|(?:years|months|decades))\s+(?:ago|back|earlier)\b`), func(p QueryPlan) bool { return p.Time != nil },
		"the question gives a time (%q) that cannot be read as a calendar period (write one such as in 2019, two years ago or last month)"},
	{"aggregate", reUncomputedStat, func(QueryPlan) bool { return false },
		"the question asks for %q, which the gateway does not compute (it computes a value, min, max, mean, median, range, count, trend, profile, time series or comparison)"},
}

// missingSlot says whether p's Missing names slot.
func missingSlot(p QueryPlan, slot string) bool {
	return slices.ContainsFunc(p.Missing, func(s string) bool { return strings.HasPrefix(s, slot+":") })
}

func hasPlace(p QueryPlan) bool { return p.Near != nil || p.Box != nil || p.Region != "" }

// reDeictic are nouns a question points at a place with ("this spot",
// "our position") that understand does not read as "here".
var reDeictic = mustGuarded(`\b(?:this|that|the same|our|my)\s+(?:spot|location|place|point|position|site|coordinates?|area|region|patch of (?:sea|ocean|water))\b|\b(?:my|our)\s+(?:boat|ship|vessel|(?:home\s+)?(?:port|harbou?r|marina))\b|\bwhere (?:i|we)\s+(?:am|are|was|were)\b`)

// deicticPlace is the words of q that point at a place without naming
// it ("here", "near me", "this spot", "around us"), "" when none.
func deicticPlace(q string, r *understand.Reading) string {
	for _, ref := range r.References {
		text := strings.ToLower(ref.Text)
		switch {
		case ref.Kind == understand.RefHere:
			// "here is my question", "here's": no place
			if after := strings.TrimSpace(strings.ToLower(r.Text[ref.End:])); text == "here" && (strings.HasPrefix(after, "is ") || strings.HasPrefix(after, "are ") || strings.HasPrefix(after, "'s")) {
				continue
			}
			if text == "here" && introducesAsker(r.Text[:ref.Start], r.Text[ref.End:]) {
				continue // "Trawler skipper here.": who asks, not where
			}
			if reToRecipient.MatchString(text) && reGivenBefore.MatchString(r.Text[:ref.Start]) {
				continue // "give it to me in Fahrenheit": who gets the answer
			}
			return ref.Text
		case ref.Kind == understand.RefThere && ref.Role != understand.RoleNone:
			return ref.Text // "the temperature over there", with no place before it
		}
	}
	if m := reDeictic.FindString(q); m != "" {
		return m
	}
	return ""
}

// "to me" after a verb of giving and what is given ("give it to me",
// "send the numbers to us", "explain that to me") names who gets the
// answer, not a place.
var (
	reToRecipient = mustGuarded(`^(?:to|for)\s+(?:me|us)$`)
	reGivenBefore = mustGuarded(`(?i)\b(?:give|gives|send|pass|e-?mail|mail|relay|read|explain|show|hand|text|forward|post|report|say|spell|break|put|lay|translate|convert)\s+(?:(?:it|them|this|that|those|these|the\s+\w+(?:\s+\w+)?|\w+)\s+)?(?:back\s+|out\s+|over\s+)?$`)
)

// unfilledMissing names the filters q asks for that p leaves empty.
func unfilledMissing(q string, r *understand.Reading, p QueryPlan) []string {
	var out []string
	has := func(slot string) bool {
		return slices.ContainsFunc(append(p.Missing, out...), func(s string) bool { return strings.HasPrefix(s, slot+":") })
	}
	if !hasPlace(p) && !has("near") {
		if d := deicticPlace(q, r); d != "" {
			out = append(out, fmt.Sprintf("near: the question asks about %q but gives no point (such as 10N 65E); this gateway does not know where you are", d))
		}
	}
	for _, f := range unfilledFilters {
		if f.filled(p) || has(f.slot) {
			continue
		}
		m := f.re.FindStringSubmatchIndex(q)
		if m == nil || f.slot == "floats" && unitAfter(q[m[1]:]) {
			continue
		}
		words := q[m[0]:m[1]]
		if f.slot == "floats" {
			words = q[m[2]:m[3]]
		}
		out = append(out, f.slot+": "+fmt.Sprintf(f.why, words))
	}
	if m := reNamedLayer.FindStringSubmatchIndex(q); m != nil && m[4] < 0 && p.Pressure == nil && !has("pressure") && !layerAsTopic(q, m[0]) {
		out = append(out, fmt.Sprintf("pressure: the %s is not given as a depth or pressure (write one such as between 50 and 200 dbar)", q[m[2]:m[3]]))
	}
	if m := reOtherFloat.FindString(q); m != "" && p.Aggregate == "compare" && len(p.Floats) == 1 && !has("floats") {
		out = append(out, fmt.Sprintf("floats: the float to compare with (%q) is not named by its WMO number", m))
	}
	return out
}

// A layer named by what happens in it ("the thermocline", "mixed-layer
// salinity", "in the pycnocline") lies at a depth of its own in each
// profile, which the policy cannot state: its pressure is missing
// rather than every level read. "The mixed layer depth" asks for a
// quantity instead (unmeasured).
var reNamedLayer = mustGuarded(`\b(thermocline|pycnocline|halocline|nutricline|oxycline|mixed[- ]layer)s?\b(\s+(?:depths?|thickness)\b)?`)

// A layer named as what the asker studies ("this week is all about the
// thermocline", "we're learning about the halocline", "our lecture on the
// mixed layer"), in a sentence that asks nothing while another asks, is
// the topic, not a layer to read.
var reLayerTopic = mustGuarded(`\b(?:about|on|studying|study|learning|learn|covering|covers|cover|topic(?:\s+is|:)?|understanding|understand)\s+(?:the\s+|a\s+)?(?:[\w-]+\s+)?$`)

// layerAsTopic says whether the layer named at q[at:] is such a topic.
func layerAsTopic(q string, at int) bool {
	if !reLayerTopic.MatchString(q[:at]) {
		return false
	}
	quiet, asks := false, false
	for _, m := range reSentence.FindAllStringIndex(q, -1) {
		a := sentenceAsks(q[m[0]:m[1]])
		if m[0] <= at && at < m[1] {
			quiet = !a
		} else if a {
			asks = true
		}
	}
	return quiet && asks
}

// A second float referred to but not named: "with the other one",
// "against another float", "and a second float".
var reOtherFloat = mustGuarded(`\b(?:the\s+)?(?:other|another|second)\s+(?:one|float|buoy|platform|profiler)\b|\banother one\b`)

// "Trawler skipper here.", "Hi, marine biology student here —", "PhD
// student here:", "Trawler skipper here what was…" or "Navy man here I
// still think…" typed without the stop, "diver here 🐠 …" ended by an
// emoji, "Chem teacher here (grade 11) …" followed by an aside in
// brackets): a sentence that opens with a few words naming the
// asker and ends in "here" introduces the asker; it points at no place.
// Not when those words ask for something or place the here ("near
// here.", "floats around here.", "the temperature here!").
var (
	reSentenceOpen = mustGuarded(`(?s)^.*[.!?\n]`)
	reHereEnds     = mustGuarded(`^\s*(?:[.,!:;(\[]|[-–—]\s|[\p{So}\p{Sk}])|^\s+(?i:what|which|how|where|when|who|can|could|would|do|does|did|i|i'm|i’m|im|we|we're|my|our)\b`)
	rePlaceWord    = mustGuarded(`(?i)\b(?:near|around|from|of|to|at|in|by|close|off|over|out|up|down|right|just|is|are|was|were|be|been|it|this|that)\b`)
)

// introducesAsker says whether "here" between before and after ends a
// sentence introducing the asker.
func introducesAsker(before, after string) bool {
	if !reHereEnds.MatchString(after) {
		return false
	}
	head := before[len(reSentenceOpen.FindString(before)):]
	head = head[len(reSubord.FindString(head)):] // "hiya, marine bio undergrad here"
	words := strings.Fields(head)
	return len(words) >= 1 && len(words) <= 4 && !reAsksFor.MatchString(head) && !rePlaceWord.MatchString(head)
}
