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

// fractionMarks writes a list of fraction marks as fractions of the way.
func fractionMarks(text string) string {
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
