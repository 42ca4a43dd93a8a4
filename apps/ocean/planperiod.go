package ocean

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/understand"
)

// Periods written in ways understand does not read as one frame: halves
// and quarters in report shorthand ("H2 2010", "2019 Q3"), two
// consecutive years joined by "and" ("during 2010 and 2011"), a year
// with some of its months left out ("2019, except January and
// February", "not counting the ones after September"), and a time that
// is the asker's, still to come ("racing past 12N 64E next week").

var (
	reHalfYear    = mustGuarded(`(?i)\b(?:h([12])[\s/-]*((?:19|20)\d\d)|((?:19|20)\d\d)[\s/-]*h([12])|([12])h[\s/-]*((?:19|20)\d\d))\b`)
	reHalfWords   = mustGuarded(`(?i)\b(?:the\s+)?(first|1st|front|early|second|2nd|latter|later|back|last)\s+half\s+(?:of\s+)?((?:19|20)\d\d)\b`)
	reQuarterLate = mustGuarded(`(?i)\b((?:19|20)\d\d)[\s/-]*q([1-4])\b|\b([1-4])q[\s/-]*((?:19|20)\d\d)\b`)
	reQuarterOrd  = mustGuarded(`(?i)\b(?:the\s+)?(1st|2nd|3rd|4th|first|second|third|fourth|final|last)\s+quarter\s+(?:of\s+)?((?:19|20)\d\d)\b`)
	reYearThrough = mustGuarded(`(?i)\b((?:19|20)\d\d)\s+(?:through|thru|until|till)\s+((?:19|20)\d\d)\b`)
	ordinalOf     = map[string]string{"1st": "1", "first": "1", "front": "1", "early": "1", "2nd": "2", "second": "2", "latter": "2",
		"later": "2", "back": "2", "3rd": "3", "third": "3", "4th": "4", "fourth": "4", "final": "4"}
	reYearsAnd = mustGuarded(`\b((?:19|20)\d\d)\s*(?:and|&|\+)\s*((?:19|20)\d\d)\b`)
	reTwoApart = mustGuarded(`\b(?:compare[ds]?|comparing|comparison|versus|vs\.?|difference|differ\w*|between|change[ds]?|changing)\b`)
)

// rewordPeriods writes "H1 2010" and "2010 H1" as "the first half of
// 2010", "2019 Q3" as "Q3 2019", and "2010 and 2011" as "2010-2011"
// (both years, one frame) unless the question sets the years apart
// ("compare 2010 and 2011": two frames, which the plan cannot hold).
func rewordPeriods(query string) string {
	halfText := func(half, year string) string {
		return map[string]string{"1": "the first", "2": "the second"}[half] + " half of " + year
	}
	query = replaceFunc(reHalfYear, query, func(m []int) string {
		switch {
		case m[2] >= 0:
			return halfText(query[m[2]:m[3]], query[m[4]:m[5]])
		case m[6] >= 0:
			return halfText(query[m[8]:m[9]], query[m[6]:m[7]])
		}
		return halfText(query[m[10]:m[11]], query[m[12]:m[13]])
	})
	query = replaceFunc(reHalfWords, query, func(m []int) string {
		w := strings.ToLower(query[m[2]:m[3]])
		if w == "last" {
			w = "latter" // "the last half of 2010"
		}
		return halfText(ordinalOf[w], query[m[4]:m[5]])
	})
	query = replaceFunc(reQuarterLate, query, func(m []int) string {
		if m[2] >= 0 {
			return "Q" + query[m[4]:m[5]] + " " + query[m[2]:m[3]]
		}
		return "Q" + query[m[6]:m[7]] + " " + query[m[8]:m[9]]
	})
	query = replaceFunc(reQuarterOrd, query, func(m []int) string {
		return "Q" + ordinalOf[strings.ToLower(query[m[2]:m[3]])] + " " + query[m[4]:m[5]]
	})
	query = setAsideQuarterLabels(query)
	query = replaceFunc(reYearShortSpan, query, func(m []int) string {
		a, _ := strconv.Atoi(query[m[2]:m[3]])
		b, _ := strconv.Atoi(query[m[6]:m[7]])
		b += a - a%100
		if sep := query[m[4]:m[5]]; b <= a || b-a > 10 || sep == "-" && b%100 <= 12 || reDateAfter.MatchString(query[m[1]:]) {
			return query[m[0]:m[1]] // "2015-06": a month; "2019-18": no span
		}
		return fmt.Sprintf("%d-%d", a, b)
	})
	query = replaceFunc(reYearThrough, query, func(m []int) string {
		a, _ := strconv.Atoi(query[m[2]:m[3]])
		b, _ := strconv.Atoi(query[m[4]:m[5]])
		if b <= a {
			return query[m[0]:m[1]]
		}
		return fmt.Sprintf("%d-%d", a, b) // "2010 through 2011": both
	})
	if reTwoApart.MatchString(strings.ToLower(query)) {
		return query
	}
	return replaceFunc(reYearsAnd, query, func(m []int) string {
		a, _ := strconv.Atoi(query[m[2]:m[3]])
		b, _ := strconv.Atoi(query[m[4]:m[5]])
		if b != a+1 {
			return query[m[0]:m[1]] // "2010 and 2015": not one span
		}
		return fmt.Sprintf("%d-%d", a, b)
	})
}

// A quarter of a year named relative to now ("the 3rd quarter of last
// year", "Q1 of this year", "last year's fourth quarter") is that
// quarter of that year.
var (
	reQuarterRelYear = mustGuarded(`(?i)\b(?:(?:the\s+)?(1st|2nd|3rd|4th|first|second|third|fourth|final)\s+quarter|q([1-4]))\s+(?:of\s+|in\s+)?(last|this|the previous|previous|the past|the current|current)\s+year\b|\b(last|this|the previous|previous|the past|the current|current)\s+year['’]s\s+(?:(1st|2nd|3rd|4th|first|second|third|fourth|final)\s+quarter|q([1-4]))\b`)
)

// rewordRelativeQuarters writes a quarter of last or this year as "Q3
// 2022".
func rewordRelativeQuarters(query string, now time.Time) string {
	return replaceFunc(reQuarterRelYear, query, func(m []int) string {
		g := func(k int) string {
			if m[2*k] < 0 {
				return ""
			}
			return strings.ToLower(query[m[2*k]:m[2*k+1]])
		}
		q, rel := ordinalOf[g(1)]+g(2)+ordinalOf[g(5)]+g(6), g(3)+g(4)
		y := now.Year()
		if !strings.Contains(rel, "this") && !strings.Contains(rel, "current") {
			y--
		}
		return fmt.Sprintf("Q%s %d", q, y)
	})
}

// Two years written with the second cut to its last two digits
// ("the 2015–16 El Niño", "the 1997/98 season", "winter 2009-10") are
// both years; with a hyphen, only when the digits cannot be a month
// ("2015-06" is June 2015).
var (
	reYearShortSpan = mustGuarded(`\b((?:19|20)\d\d)\s*(–|—|/|-)\s*(?:')?(\d\d)\b`)
	reDateAfter     = mustGuarded(`^\s*[-/.]\s*\d`)
)

// A quarter written "Q3" with no year is a label, not a period, when it
// numbers a question ("Q3 asks: …", "Q2) What …", "homework q2", "exam
// Q3 compute …": after a word of coursework, with or without a colon)
// or names a meeting or a document ("our Q4 board deck", "for the Q1 team meeting"): the
// question's period is elsewhere, or none.
var reQuarterLabel = mustGuarded(`(?i)\b(?:assignments?|homework|worksheets?|exams?|quiz|tests?|problem sets?|psets?|exercises?|tutorials?|coursework|labs?|questions?)\s+(?:#\s*)?q[1-4]\b|\bq[1-4]\b(?:\s+(?:asks|asked|says|reads|wants|goes)\b|\s*[:)]\s|\s+(?:[a-z]+\s+)?(?:deck|slides?|meetings?|reviews?|presentations?|memos?|newsletters?|briefings?|board|team|quiz|exam|tests?|homework|assignments?|worksheets?|planning|budget|calls?|offsite|all-hands|town ?hall|okrs?|kpis?|targets?|goals?)\b)`)

var (
	reQuarterTok = mustGuarded(`(?i)\bq[1-4]\b`)
	reYearAfterQ = mustGuarded(`^\s*(?:of\s+|[/-]\s*)?(?:19|20)\d\d\b`)
)

// setAsideQuarterLabels returns query without the quarters that label a
// question, a meeting or a document.
func setAsideQuarterLabels(query string) string {
	return replaceFunc(reQuarterLabel, query, func(m []int) string {
		q := reQuarterTok.FindStringIndex(query[m[0]:m[1]])
		if reYearAfterQ.MatchString(query[m[0]+q[1]:]) {
			return query[m[0]:m[1]] // "Q3 2019 review": a period
		}
		return query[m[0]+q[1] : m[1]]
	})
}

// Two seasons set against each other ("warmer in summer than in
// winter", "summer vs winter", "between winter and summer") are parts
// of every year compared, not the period asked: a season so named
// without a year is no time frame (the question's year, if any, is).
var reSeasonsCompared = mustGuarded(`\b(summer|winter|spring|autumn|fall)\b[^.?!;]{0,40}?\b(?:than|versus|vs\.?|compared (?:to|with)|against|and|or|to)\s+(?:in\s+|the\s+|during\s+)?(summer|winter|spring|autumn|fall)\b`)

// outsideSeasonsCompared returns times without the seasons q (lower
// case) sets against each other.
func outsideSeasonsCompared(q string, r *understand.Reading, times []understand.TimeFrame) []understand.TimeFrame {
	m := reSeasonsCompared.FindStringSubmatch(q)
	if m == nil || m[1] == m[2] {
		return times
	}
	var kept []understand.TimeFrame
	for _, t := range times {
		text := strings.ToLower(r.Text[t.Start:t.End])
		if t.Unit == "season" && !strings.ContainsAny(text, "0123456789") && (strings.Contains(text, m[1]) || strings.Contains(text, m[2])) {
			continue
		}
		kept = append(kept, t)
	}
	return kept
}

// An exclusion names months left out of the frame: by name ("except
// January and February", "other than December") or by a bound ("not
// counting the ones after September", "excluding anything before
// May"). When the months kept are one run, the frame narrows to them.
var (
	reExcept      = mustGuarded(`\b(?:except(?:\s+for)?|excluding|exclude|not counting|not including|other than|apart from|aside from|but not|leaving out|leave out|minus|save for|without)\b([^.?!;]{0,80})`)
	reExceptBound = mustGuarded(`\b(after|since|from|past|later than|before|until|till|prior to|earlier than)\s+(?:the\s+(?:end|start|beginning)\s+of\s+)?([a-z]+|(?:19|20)\d\d)\b`)
	monthNames    = map[string]time.Month{"january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
		"may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9,
		"october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12}
	reWordTok = mustGuarded(`[a-z]+|\b(?:19|20)\d\d\b`)
)

// excludeMonths narrows tf, a frame of whole months, by the exclusion q
// (lower case) writes, of months or years ("2015 to 2020, excluding
// 2020"); it says whether it did.
func excludeMonths(q string, tf *TimeFrame) bool {
	m := reExcept.FindStringSubmatchIndex(q)
	if tf == nil || m == nil {
		return false
	}
	from, err1 := time.Parse("2006-01-02", tf.From)
	to, err2 := time.Parse("2006-01-02", tf.To)
	if err1 != nil || err2 != nil || !from.Before(to) {
		return false
	}
	clause := q[m[2]:m[3]]
	var drop func(time.Time) bool
	end := 0 // of the words read, in clause
	if b := reExceptBound.FindStringSubmatch(clause); b != nil {
		end = reExceptBound.FindStringIndex(clause)[1]
		// the month (or year) of t, and the bound's
		of, bound := func(t time.Time) int { return int(t.Month()) }, int(monthNames[b[2]])
		if y, err := strconv.Atoi(b[2]); err == nil {
			of, bound = func(t time.Time) int { return t.Year() }, y
		}
		if bound == 0 {
			return false
		}
		switch b[1] {
		case "after", "past", "later than":
			drop = func(t time.Time) bool { return of(t) > bound }
		case "since", "from":
			drop = func(t time.Time) bool { return of(t) >= bound }
		default: // before, until, prior to
			drop = func(t time.Time) bool { return of(t) < bound }
		}
	} else {
		var months []time.Month
		var years []int
		words := reWordTok.FindAllString(clause, -1)
		at := reWordTok.FindAllStringIndex(clause, -1)
		for i, w := range words {
			mon, ok := monthNames[w]
			if w == "may" && i > 0 && !slices.Contains([]string{"and", "or", "the", "in"}, words[i-1]) {
				ok = false // "the ones that may be bad"
			}
			if y, err := strconv.Atoi(w); err == nil {
				years, end = append(years, y), at[i][1]
			} else if ok {
				months, end = append(months, mon), at[i][1]
			}
		}
		if len(months) == 0 && len(years) == 0 {
			return false
		}
		drop = func(t time.Time) bool { // "January 2019": that month of that year
			inYears := slices.Contains(years, t.Year())
			return len(months) == 0 && inYears || slices.Contains(months, t.Month()) && (len(years) == 0 || inYears)
		}
	}
	var kept []time.Time
	n := 0
	// whole months, the first and last perhaps begun or ended inside
	for t := from.AddDate(0, 0, 1-from.Day()); t.Before(to); t = t.AddDate(0, 1, 0) {
		if n++; !drop(t) {
			kept = append(kept, t)
		}
	}
	if len(kept) == 0 || len(kept) == n {
		return false // nothing left, or nothing left out
	}
	for i := 1; i < len(kept); i++ {
		if !kept[i].Equal(kept[i-1].AddDate(0, 1, 0)) {
			return false // a gap: not one frame
		}
	}
	a, b := kept[0], kept[len(kept)-1].AddDate(0, 1, 0)
	if a.Before(from) {
		a = from
	}
	if b.After(to) {
		b = to
	}
	tf.From, tf.To = a.Format("2006-01-02"), b.Format("2006-01-02")
	tf.Text = strings.TrimSpace(tf.Text + ", " + strings.TrimSpace(q[m[0]:m[2]+end]))
	return true
}

// withoutFarFrames is times without the frames that begin a century or
// more after now: a year's number misread as a count of years ("in
// 2010 years"), when no Argo float has measured.
func withoutFarFrames(times []understand.TimeFrame, now time.Time) []understand.TimeFrame {
	return slices.DeleteFunc(slices.Clone(times), func(t understand.TimeFrame) bool { return t.From.Year() >= now.Year()+100 })
}

// futureFrame says whether tf begins after now: the asker's time ("next
// week", when they sail past), not when any data were measured.
func futureFrame(tf *TimeFrame, now time.Time) bool {
	return tf != nil && tf.From != "" && tf.From > now.Format("2006-01-02")
}

// outsideExclusion returns the times of r that no exclusion holds: in
// "2020, leaving out anything after June", "after June" is left out of
// the frame, not the frame.
func outsideExclusion(r *understand.Reading) []understand.TimeFrame {
	m := reExcept.FindStringSubmatchIndex(strings.ToLower(r.Text))
	if m == nil || !reExceptBound.MatchString(strings.ToLower(r.Text[m[2]:m[3]])) {
		return r.Times
	}
	var kept []understand.TimeFrame
	for _, t := range r.Times {
		if t.Start < m[2] || t.Start >= m[3] {
			kept = append(kept, t)
		}
	}
	return kept
}

// A chat command's bounds ("!argo track 2901780 from:2018-01
// to:2018-03", "start=2019-05 end=2019-08") are a period written as
// keys: "from 2018-01 to 2018-03", the end month included, wherever the
// two keys stand.
var reKeyedBound = mustGuarded(`(?i)\b(from|since|to|until|till|before|after|start|end)\s*[:=]\s*((?:19|20)\d\d(?:-\d{1,2}){0,2})\b`)

// rewordKeyedBounds writes a command's keyed bounds as words, a start
// and an end key as one period at the start key.
func rewordKeyedBounds(query string) string {
	ms := reKeyedBound.FindAllStringSubmatchIndex(query, -1)
	key := func(m []int) string {
		switch k := strings.ToLower(query[m[2]:m[3]]); k {
		case "start":
			return "from"
		case "end":
			return "to"
		default:
			return k
		}
	}
	end := func(m []int) bool { k := key(m); return k == "to" || k == "until" || k == "till" }
	if len(ms) == 2 && (key(ms[0]) == "from" && end(ms[1]) || end(ms[0]) && key(ms[1]) == "from") {
		a, b := ms[0], ms[1]
		from, to := query[a[4]:a[5]], query[b[4]:b[5]]
		if end(a) {
			from, to = to, from
		}
		return query[:a[0]] + "from " + from + " to " + to + query[a[1]:b[0]] + query[b[1]:]
	}
	return replaceFunc(reKeyedBound, query, func(m []int) string { return key(m) + " " + query[m[4]:m[5]] })
}

// A season named for its hemisphere ("the austral summer of 2021–22",
// "the southern winter 2019", "the 2015/16 austral summer", "boreal
// spring 2020") is that hemisphere's season whatever the place: the
// austral summer is December to February, its winter June to August. A
// season across two years begins in the first.
var (
	reHemiSeason     = mustGuarded(`(?i)\b(austral|southern(?:[- ]hemisphere)?|boreal|northern(?:[- ]hemisphere)?)\s+(summer|winter|spring|autumn|fall)(?:\s+season)?\s+(?:of\s+|in\s+)?((?:19|20)\d\d)(?:\s*[-–/]\s*(?:19|20)?\d\d)?\b`)
	reHemiSeasonYear = mustGuarded(`(?i)\b((?:19|20)\d\d)(?:\s*[-–/]\s*(?:19|20)?\d\d)?\s+(austral|southern(?:[- ]hemisphere)?|boreal|northern(?:[- ]hemisphere)?)\s+(summer|winter|spring|autumn|fall)\b`)
)

// rewordHemisphereSeasons writes each such season as its months ("from
// December 2021 to February 2022"), and says how it read them.
func rewordHemisphereSeasons(query string) (string, string) {
	var notes []string
	write := func(text, hemi, name, year string) string {
		y, _ := strconv.Atoi(year)
		south := strings.HasPrefix(strings.ToLower(hemi), "austral") || strings.HasPrefix(strings.ToLower(hemi), "south")
		tf := seasonFrame(strings.ToLower(name), y, south)
		from, _ := time.Parse("2006-01-02", tf.From)
		to, _ := time.Parse("2006-01-02", tf.To)
		months := "from " + from.Format("January 2006") + " to " + to.AddDate(0, -1, 0).Format("January 2006")
		notes = append(notes, fmt.Sprintf("%q read as %s", text, strings.TrimPrefix(months, "from ")))
		return months
	}
	query = replaceFunc(reHemiSeason, query, func(m []int) string {
		return write(query[m[0]:m[1]], query[m[2]:m[3]], query[m[4]:m[5]], query[m[6]:m[7]])
	})
	query = replaceFunc(reHemiSeasonYear, query, func(m []int) string {
		return write(query[m[0]:m[1]], query[m[4]:m[5]], query[m[6]:m[7]], query[m[2]:m[3]])
	})
	return query, strings.Join(notes, "; ")
}
