package mapschat

import (
	"regexp"
	"strings"
)

// Voice-to-text writes a word that sounds like the one said: "how do i
// get their buy car from hear", "weather there are any cafes", "and two
// dover". Each homophone is read as the word meant only where the words
// around it leave no other reading, so "their car", "buy a bike", "the
// weather there" and "two museums" stay as they are.

var (
	// reWearAsked is "wear" opening a question: "wear is the pharmacy".
	reWearAsked = regexp.MustCompile(`(?i)(^|[.!?]\s+)wear(\s+(?:is|are|can|do|does|should|would|'s)\b|'s\b)`)
	// reTheirThere is "their" with no noun after it: "get their by car",
	// "how long to walk their?".
	reTheirThere = regexp.MustCompile(`(?i)\btheir(\s+(?:by|buy|from|on foot)\b|\s*[?.!,;]|\s*$)`)
	// reBuyMode is "buy" before a way of travelling and nothing it could
	// be buying: "buy car from here", "both buy bike".
	reBuyMode = regexp.MustCompile(`(?i)\bbuy(\s+(?:car|bike|bicycle|foot|bus|train|transit|taxi|cab|subway|metro|tram))(\s*[?.!,;]|\s*$|\s+(?:from|to|and|or|please|pls|instead|too|now|then)\b)`)
	// reHearHere is "hear" where a place is meant: "from hear".
	reHearHere = regexp.MustCompile(`(?i)\b(from|near|around|close to|get|of)\s+hear\b`)
	// reWeatherWhether is "weather" opening a clause that asks: "weather
	// there are any", "weather they're open".
	reWeatherWhether = regexp.MustCompile(`(?i)\bweather(\s+(?:there\s+(?:is|are|'s)|they|they're|it's|it\s+is|any|i|we|you)\b)`)
	// reTwoTo is "two" where a leg's end follows: "and two dover".
	// reLLDropped is "she'll", "he'll", "I'll" typed without the
	// apostrophe before a verb: "shell drive us", "ill walk it" (not the
	// Shell brand, not "ill").
	reLLDropped = regexp.MustCompile(`(?i)\b(she|he|i)ll(\s+(?:drive|take|pick|meet|walk|bike|cycle|ride|come|go|bring|give|be|get|need|want|have|leave|park|stop|wait|call|drop|run)\b)`)
	reTwoTo     = regexp.MustCompile(`(?i)(^|\b(?:and|then|now|go|get|drive|walk|ride|bike|directions|route|way|here|there|from \w+))\s+two\s+([\p{L}][\p{L}'-]*)((?:\s+[\p{L}'-]+){0,2})`)
)

// notLegEnd are words after "two" that make it a count: "two more",
// "two people".
var notLegEnd = map[string]bool{
	"more": true, "of": true, "or": true, "and": true, "a": true, "the": true, "other": true,
	"people": true, "kids": true, "children": true, "men": true, "women": true, "feet": true,
	"hundred": true, "thousand": true, "minute": true, "hour": true, "mile": true, "block": true,
	"km": true, "mi": true, "min": true, "dozen": true, "different": true, "nearest": true, "closest": true,
}

// withHomophones is text with the dictation homophones of a maps chat
// read as the words meant.
func withHomophones(text string) string {
	text = reWearAsked.ReplaceAllString(text, "${1}where$2")
	text = reTheirThere.ReplaceAllString(text, "there$1")
	text = reBuyMode.ReplaceAllString(text, "by$1$2")
	text = reHearHere.ReplaceAllString(text, "$1 here")
	text = reLLDropped.ReplaceAllString(text, "$1'll$2")
	text = replaceWeather(text)
	return reTwoTo.ReplaceAllStringFunc(text, func(s string) string {
		m := reTwoTo.FindStringSubmatch(s)
		next := strings.ToLower(m[2])
		if notLegEnd[next] || strings.HasSuffix(next, "s") {
			return s // "and two museums": a count
		}
		for _, w := range strings.Fields(m[3]) {
			if strings.HasSuffix(strings.ToLower(w), "s") && len(w) > 3 {
				return s // "then two coffee shops"
			}
		}
		return m[1] + " to " + m[2] + m[3]
	})
}

// replaceWeather reads "weather" as "whether" unless an article or a
// possessive makes it the weather ("the weather there is nice").
func replaceWeather(text string) string {
	for _, ix := range reWeatherWhether.FindAllStringIndex(text, -1) {
		before := strings.ToLower(strings.TrimSpace(text[:ix[0]]))
		if strings.HasSuffix(before, "the") || strings.HasSuffix(before, "'s") || strings.HasSuffix(before, "’s") ||
			strings.HasSuffix(before, "nice") || strings.HasSuffix(before, "good") || strings.HasSuffix(before, "bad") {
			continue
		}
		return text[:ix[0]] + "whether" + replaceWeather(text[ix[0]+len("weather"):])
	}
	return text
}
