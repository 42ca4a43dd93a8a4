package mapschat

import (
	"regexp"
	"strings"
)

// Texting shorthand: "hw far 2 milford frm here", "n by bike", "hw long
// 2 walk ther", "any hospital nr dover", "hows long from here". Each
// short form is read as the word meant only where the words around it
// leave no other reading, so "2 people", "HW 1 north", "nr 5" and
// "rock n roll" stay as they are.

var (
	// reHowShort is "hw" or "hows" before what a route or a count asks:
	// "hw far", "hows long".
	reHowShort = regexp.MustCompile(`(?i)\b(?:hw|hows)(\s+(?:far|long|much|many|high|do|does|can|is|are|to|about|bout)\b)`)
	// reFromShort is "frm" before a place or "here": "frm here".
	reFromShort = regexp.MustCompile(`(?i)\b(?:frm)(\s+(?:here|there|the|my|our|\p{Lu}|[a-z]{3,}))`)
	// reThereShort is "ther", "thr", "thre" ending a clause or before a
	// mode: "walk ther", "get thr by bus".
	reThereShort = regexp.MustCompile(`(?i)\b(?:ther|thr|thre)(\s*[?.!,;]|\s*$|\s+(?:by|on|from|and|n|frm|now|pls|plz)\b)`)
	// reNearShort is "nr" before a word, not a number: "nr dover".
	reNearShort = regexp.MustCompile(`(?i)\bnr(\s+(?:here|me|us|the|\p{L}{3,}))`)
	// reAndShort is "n" opening a message (after "ok"): "n by bike".
	reAndShort = regexp.MustCompile(`(?i)^((?:ok|okay|k|so)[,.]?\s+)?n(\s+(?:by|on|if|what|how|back|walking|driving|cycling|to|from|the|there|ther)\b)`)
	// reAndMid is a lower-case "n" between lower-case words: "hotel n
	// back" (a capital N may be north).
	reAndMid = regexp.MustCompile(`([a-z])\s+n\s+([a-z])`)
	// reToShort is "2" after a word that asks a way and before a leg's
	// end or a verb of going: "far 2 milford", "long 2 walk".
	reToShort = regexp.MustCompile(`(?i)\b(far|long|get|go|going|walk|drive|ride|bike|cycle|directions|route|way|here|there|ther|back|time|minutes|mins)\s+2\s+([\p{L}][\p{L}'-]*)`)
)

// withShorthand is text with the texting shorthand of a maps chat read
// as the words meant.
func withShorthand(text string) string {
	text = reHowShort.ReplaceAllString(text, "how$1")
	text = reFromShort.ReplaceAllString(text, "from$1")
	text = reThereShort.ReplaceAllString(text, "there$1")
	text = reNearShort.ReplaceAllString(text, "near$1")
	text = reAndShort.ReplaceAllString(text, "${1}and$2")
	text = reAndMid.ReplaceAllString(text, "$1 and $2")
	return reToShort.ReplaceAllStringFunc(text, func(s string) string {
		m := reToShort.FindStringSubmatch(s)
		if next := strings.ToLower(m[2]); notLegEnd[next] || countWords[next] {
			return s // "how long 2 hours": a count
		}
		return m[1] + " to " + m[2]
	})
}

// countWords are words after a number that make it a count, not "to".
var countWords = map[string]bool{
	"hours": true, "hrs": true, "mins": true, "minutes": true, "miles": true, "kms": true, "stops": true,
	"blocks": true, "days": true, "nights": true, "pm": true, "am": true, "ppl": true, "of": true,
}
