package roadtrip

import (
	"regexp"
	"strings"
)

// This file reads fractions of a drive listed as marks or points ("at
// the quarter, half and three-quarter marks", "at the one-third and
// two-thirds points"): each is a stop at that fraction, as "at 1/4, 1/2
// and 3/4 of the way" says.

// fractionWordRE is one fraction said in words, before marks or points.
const fractionWordRE = `(?:(?:one|two|three|first|second|third|1st|2nd|3rd)[ -])?(?:quarter|half|third|fourth|fifth)s?|half-?way|midway|mid(?:dle)?`

// fractionMarksRE is a list of fractions said in words ending in
// "marks" or "points".
var fractionMarksRE = regexp.MustCompile(`(?i)\bthe\s+((?:` + fractionWordRE + `)(?:\s*(?:,|and|&|,\s*and)\s*(?:the\s+)?(?:` + fractionWordRE + `))+)[ -](?:way[ -])?(?:marks|points|milestones)\b`)

// listSepRE separates the items of a list: commas, "and", "&".
var listSepRE = regexp.MustCompile(`(?i)\s*(?:,\s*and|,|\band\b|&)\s*`)

// fractionOfWord is the fraction a word of a list says, as num/den.
func fractionOfWord(w string) string {
	w = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(w), "the ")))
	w = strings.TrimSuffix(strings.ReplaceAll(w, "-", " "), "s")
	switch w {
	case "half", "halfway", "half way", "midway", "mid", "middle":
		return "1/2"
	}
	num := "1"
	if head, rest, ok := strings.Cut(w, " "); ok {
		switch head {
		case "two", "second", "2nd":
			num = "2"
		case "three", "third", "3rd":
			num = "3"
		}
		w = rest
	}
	switch w {
	case "half":
		return "1/2"
	case "third":
		return num + "/3"
	case "quarter", "fourth":
		return num + "/4"
	case "fifth":
		return num + "/5"
	}
	return ""
}

var (
	// middlePointRE is the point in the middle of a drive said in two
	// words: "the middle point of this drive", "the center spot along the
	// route", "the central point between"; not a town's centre.
	middlePointRE = regexp.MustCompile(`(?i)\b(the|a)\s+(?:middle|mid|center|centre|central)\s+(point|spot)(\s+(?:of|on|along|in)\s+(?:the|this|that|my|our|your|his|her|their)\s+(?:drive|way|route|trip|journey|ride|road|travel|commute)\b|\s+between\b)`)
	// bareHalfRE is "half" alone after "at" ("at a quarter of the drive,
	// at half, and at three quarters"), before a comma, "and" or the end
	// of its sentence, not "at half past" nor "at half speed".
	bareHalfRE = regexp.MustCompile(`(?i)\b(at|and)\s+(?:the\s+)?half\s*([,;.!?)]|\s+and\b|\s*$)`)
	// otherFractionRE is a fraction of the way said in words beside it.
	otherFractionRE = regexp.MustCompile(`(?i)\b(?:quarters?|thirds?|fourths?|fifths?)\b`)
)

// fractionMarks writes a list of fraction marks as fractions of the way,
// the point in the middle of a drive as its midpoint, and "half" alone in
// a sentence that lists other fractions as halfway.
func fractionMarks(text string) string {
	text = middlePointRE.ReplaceAllString(text, "$1 mid$2$3")
	text = barelyHalf(text)
	return fractionMarksRE.ReplaceAllStringFunc(text, func(s string) string {
		list := fractionMarksRE.FindStringSubmatch(s)[1]
		parts := listSepRE.Split(list, -1)
		var fs []string
		for _, p := range parts {
			f := fractionOfWord(p)
			if f == "" {
				return s
			}
			fs = append(fs, f)
		}
		return strings.Join(fs[:len(fs)-1], ", ") + " and " + fs[len(fs)-1] + " of the way"
	})
}

// barelyHalf writes "half" alone as "halfway" where its sentence also
// says a quarter or a third of the way: a list of fractions.
func barelyHalf(text string) string {
	var b strings.Builder
	last := 0
	for _, ix := range bareHalfRE.FindAllStringSubmatchIndex(text, -1) {
		lo := strings.LastIndexAny(text[:ix[0]], ".!?\n") + 1
		hi := len(text)
		if k := strings.IndexAny(text[ix[1]:], ".!?\n"); k >= 0 {
			hi = ix[1] + k
		}
		if !otherFractionRE.MatchString(text[lo:ix[0]] + " " + text[ix[1]:hi]) {
			continue
		}
		b.WriteString(text[last:ix[0]])
		b.WriteString(text[ix[2]:ix[3]] + " halfway" + text[ix[4]:ix[5]])
		last = ix[1]
	}
	b.WriteString(text[last:])
	return b.String()
}
