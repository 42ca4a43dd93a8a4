package understand

import (
	"strings"
	"time"
)

// holiday is a feast day or a holiday period: its days in year y.
type holiday struct {
	words []string // lower case
	// bare words name a period a sentence also uses as a word
	// ("Christmas markets", "Easter parade"): read only after a time word
	// or before a year.
	bare bool
	// event: the name is also an event's that one goes to ("at the
	// carnival in Rio"): read bare only after a word of time ("during
	// Carnaval", "for carnival").
	event bool
	days  func(d *dateReader, y int) (time.Time, time.Time)
}

// easter is Easter Sunday of year y (the Gregorian computus).
func easter(y int) (time.Month, int) {
	a, b, c := y%19, y/100, y%100
	dd, e := b/4, b%4
	f := (b + 8) / 25
	g := (b - f + 1) / 3
	h := (19*a + b - dd - g + 15) % 30
	i, k := c/4, c%4
	l := (32 + 2*e + 2*i - h - k) % 7
	m := (a + 11*h + 22*l) / 451
	month := (h + l - 7*m + 114) / 31
	day := (h+l-7*m+114)%31 + 1
	return time.Month(month), day
}

func (d *dateReader) easterDays(y, from, to int) (time.Time, time.Time) {
	mo, dd := easter(y)
	if d.namesOrthodoxEaster() {
		mo, dd = orthodoxEaster(y)
	}
	e := d.day(y, mo, dd)
	return e.AddDate(0, 0, from), e.AddDate(0, 0, to+1)
}

// christmasWeek is the Monday to Sunday week holding Christmas Day.
func (d *dateReader) christmasWeek(y int) (time.Time, time.Time) {
	c := d.day(y, 12, 25)
	mon := c.AddDate(0, 0, -((int(c.Weekday()) + 6) % 7))
	return mon, mon.AddDate(0, 0, 7)
}

func fixedDay(mo time.Month, dd int) func(d *dateReader, y int) (time.Time, time.Time) {
	return func(d *dateReader, y int) (time.Time, time.Time) {
		t := d.day(y, mo, dd)
		return t, t.AddDate(0, 0, 1)
	}
}

func easterSpan(from, to int) func(d *dateReader, y int) (time.Time, time.Time) {
	return func(d *dateReader, y int) (time.Time, time.Time) { return d.easterDays(y, from, to) }
}

func weekOfChristmas(d *dateReader, y int) (time.Time, time.Time) { return d.christmasWeek(y) }

// holidays, longest first within a first word. Easter is Good Friday to
// Easter Monday; Holy Week Palm Sunday to Easter Sunday, when Semana Santa
// processions are; Christmas the Monday-Sunday week of Christmas Day;
// Carnival its last days, the Saturday to Shrove Tuesday; Pentecost the
// Saturday to Whit Monday. The days of carnival and Lent are counted
// from Easter, and a feast's local name ("Semana Santa", "Rosenmontag",
// "Hogmanay") is the feast.
var holidays = func() []holiday {
	var out []holiday
	add := func(bare bool, f func(d *dateReader, y int) (time.Time, time.Time), phrases ...string) {
		for _, p := range phrases {
			out = append(out, holiday{words: strings.Fields(p), bare: bare, days: f})
		}
	}
	add(false, fixedDay(12, 24), "christmas eve", "xmas eve")
	add(false, fixedDay(12, 25), "christmas day", "xmas day")
	add(false, fixedDay(12, 26), "boxing day")
	add(false, weekOfChristmas, "christmas week", "christmas holidays", "christmas time", "christmas break",
		"christmastime", "xmas week", "the week of christmas")
	add(true, weekOfChristmas, "christmas", "xmas")
	add(false, easterSpan(0, 0), "easter sunday", "easter day")
	add(false, easterSpan(1, 1), "easter monday")
	add(false, easterSpan(-2, -2), "good friday")
	add(false, easterSpan(-7, 0), "holy week")
	add(false, easterSpan(-2, 1), "easter weekend", "easter holidays", "easter break", "easter holiday")
	add(true, easterSpan(-2, 1), "easter")
	add(false, easterSpan(-7, 0), "semana santa", "settimana santa", "semaine sainte", "karwoche")
	add(true, easterSpan(-2, 1), "ostern", "pascua", "pasqua", "pâques", "paques", "páscoa", "pascoa")
	add(false, easterSpan(-7, -7), "palm sunday", "domingo de ramos", "palmsonntag")
	add(false, easterSpan(-3, -3), "maundy thursday", "holy thursday", "jueves santo", "gründonnerstag")
	add(false, easterSpan(-2, -2), "viernes santo", "karfreitag", "vendredi saint", "venerdì santo")
	add(false, easterSpan(-1, -1), "holy saturday", "sábado santo", "karsamstag")
	add(false, easterSpan(-52, -52), "weiberfastnacht", "altweiberfastnacht", "altweiber", "fat thursday", "fetter donnerstag", "jueves lardero")
	add(false, easterSpan(-48, -48), "rosenmontag", "rose monday", "shrove monday", "lundi gras")
	add(false, easterSpan(-47, -47), "shrove tuesday", "fat tuesday", "pancake day", "faschingsdienstag", "veilchendienstag", "martes de carnaval")
	// Mardi Gras is New Orleans' carnival, its parades the same days.
	for _, name := range []string{"carnaval", "carnival", "karneval", "fasching", "carnevale", "mardi gras"} {
		out = append(out, holiday{words: strings.Fields(name), bare: true, event: true, days: easterSpan(-50, -47)})
	}
	add(false, easterSpan(-46, -46), "ash wednesday", "aschermittwoch", "miércoles de ceniza")
	add(false, easterSpan(39, 39), "ascension day", "ascension thursday", "christi himmelfahrt")
	add(false, easterSpan(48, 50), "pentecost", "whitsun", "pfingsten", "pentecôte", "whitsuntide", "pentecost weekend", "whitsun weekend")
	add(false, easterSpan(49, 49), "whit sunday", "pentecost sunday", "pfingstsonntag")
	add(false, easterSpan(50, 50), "whit monday", "pentecost monday", "pfingstmontag")
	add(false, easterSpan(60, 60), "fronleichnam")
	// Corpus Christi is also a city: the feast only after a word of
	// time ("for Corpus Christi", "during Corpus Christi 2027").
	out = append(out, holiday{words: []string{"corpus", "christi"}, bare: true, event: true, days: easterSpan(60, 60)})
	add(false, fixedDay(3, 17), "st patrick's day", "saint patrick's day", "st patricks day", "patrick's day", "st paddy's day",
		"paddy's day", "paddys day", "st patty's day", "patty's day")
	add(true, weekOfChristmas, "weihnachten", "navidad", "natale", "noël")
	add(false, fixedDay(12, 24), "heiligabend", "nochebuena")
	add(false, fixedDay(12, 31), "new year's eve", "new years eve", "new year eve", "nye", "hogmanay", "silvester", "nochevieja", "saint-sylvestre")
	add(false, fixedDay(1, 1), "new year's day", "new years day", "nyd", "neujahr", "año nuevo")
	add(true, func(d *dateReader, y int) (time.Time, time.Time) {
		t := d.day(y, 12, 31)
		return t, t.AddDate(0, 0, 2)
	}, "new year's", "new years", "new year")
	// The days strictly between the two feasts: 26 to 31 December.
	var between []string
	for _, lead := range []string{"", "the week ", "the days "} {
		for _, xmas := range []string{"christmas", "xmas"} {
			for _, ny := range []string{"new year", "new year's", "new years", "new year's eve", "new years eve"} {
				between = append(between, lead+"between "+xmas+" and "+ny)
			}
		}
	}
	add(false, func(d *dateReader, y int) (time.Time, time.Time) {
		t := d.day(y, 12, 26)
		return t, t.AddDate(0, 0, 6)
	}, between...)
	add(false, fixedDay(2, 14), "valentine's day", "valentines day")
	// "over the holidays", "the holiday season": Christmas Eve to New
	// Year's Day.
	add(true, func(d *dateReader, y int) (time.Time, time.Time) {
		t := d.day(y, 12, 24)
		return t, t.AddDate(0, 0, 9)
	}, "holidays", "holiday season", "festive season", "festive period")
	add(true, fixedDay(10, 31), "halloween")
	add(true, func(d *dateReader, y int) (time.Time, time.Time) {
		first := d.day(y, 11, 1)
		thu := first.AddDate(0, 0, (int(time.Thursday)-int(first.Weekday())+7)%7+21)
		return thu, thu.AddDate(0, 0, 1)
	}, "thanksgiving")
	// Labor Day (United States, Canada): the first Monday of September.
	laborDay := func(d *dateReader, y int) time.Time {
		first := d.day(y, 9, 1)
		return first.AddDate(0, 0, (int(time.Monday)-int(first.Weekday())+7)%7)
	}
	add(true, func(d *dateReader, y int) (time.Time, time.Time) {
		mon := laborDay(d, y)
		return mon, mon.AddDate(0, 0, 1)
	}, "labor day")
	add(false, func(d *dateReader, y int) (time.Time, time.Time) {
		mon := laborDay(d, y)
		return mon.AddDate(0, 0, -2), mon.AddDate(0, 0, 1)
	}, "labor day weekend")
	out = append(out, nationalDays()...) // nationaldays.go
	return append(out, usHolidays()...)  // usholidays.go
}()

// holidaysByFirst indexes holidays by their first word: holidayAt
// looks at every word of a text, and most are no holiday's.
var holidaysByFirst = func() map[string][]int {
	m := map[string][]int{}
	for i, h := range holidays {
		m[h.words[0]] = append(m[h.words[0]], i)
	}
	return m
}()

// holidayLeads before a bare holiday make it a time: "over Easter",
// "around Christmas", "for Christmas 2025".
var holidayLeads = map[string]bool{"over": true, "around": true, "at": true, "for": true, "during": true, "on": true,
	"before": true, "after": true, "until": true, "till": true, "til": true, "by": true, "since": true, "this": true,
	"next": true, "last": true, "from": true, "to": true, "between": true, "and": true, "through": true, "thru": true,
	"throughout": true, "around the": false}

// eventTimeLeads before a feast that is also an event make it a time:
// "during Carnaval", not "at the carnival".
var eventTimeLeads = map[string]bool{"over": true, "during": true, "for": true, "around": true, "before": true, "after": true,
	"until": true, "till": true, "til": true, "this": true, "next": true, "last": true, "throughout": true}

// holidayAt reads a holiday at k: the year written after it, else the
// one the tense picks.
func (d *dateReader) holidayAt(k int) (time.Time, time.Time, string, int, bool) {
	fail := func() (time.Time, time.Time, string, int, bool) { return time.Time{}, time.Time{}, "", 0, false }
	var h *holiday
	n := 0
	for _, i := range holidaysByFirst[strings.ReplaceAll(d.word(k), "’", "'")] {
		c := &holidays[i]
		ok := true
		for j := 1; j < len(c.words); j++ {
			if strings.ReplaceAll(d.word(k+j), "’", "'") != c.words[j] {
				ok = false
				break
			}
		}
		if ok && (h == nil || len(c.words) > len(h.words)) {
			h, n = c, k+len(c.words)
		}
	}
	if h == nil {
		return fail()
	}
	if p := d.word(k - 1); p == "chinese" || p == "lunar" || p == "jewish" || p == "persian" {
		return fail()
	}
	days := h.days
	// "Bastille Day eve", "St Andrew's Eve": a one-day feast's eve is
	// the day before it.
	if d.word(n) == "eve" {
		if f, t := h.days(d, d.now.Year()); t.Sub(f) <= 24*time.Hour+time.Hour {
			days = func(d *dateReader, y int) (time.Time, time.Time) {
				f, _ := h.days(d, y)
				return f.AddDate(0, 0, -1), f
			}
			n++
		}
	}
	y, next, hasYear := d.yearAt(n)
	// "Carnaval next year", "Pentecost this year": that year's.
	if !hasYear && (d.word(n) == "next" || d.word(n) == "this") && d.word(n+1) == "year" {
		y, next, hasYear = d.now.Year(), n+2, true
		if d.word(n) == "next" {
			y++
		}
	}
	if h.bare && !hasYear {
		lead := d.word(k - 1)
		if lead == "the" || orthodoxWords[lead] {
			lead = d.word(k - 2) // "over (the) Orthodox Easter"
		}
		if !holidayLeads[lead] || h.event && !eventTimeLeads[lead] {
			return fail()
		}
		// "for Christmas markets": a word before a noun, not a time.
		if n < len(d.toks) && d.toks[n].kind == tokWord && !nounStops[d.word(n)] && !timePreps[d.word(n)] {
			return fail()
		}
	}
	if hasYear {
		from, to := days(d, y)
		return from, to, "holiday", next - 1, true
	}
	yr := d.now.Year()
	from, to := days(d, yr)
	switch d.tense {
	case Future:
		// "after Christmas" a few days after it is this one, just gone.
		lead := d.word(k - 1)
		if lead == "the" {
			lead = d.word(k - 2)
		}
		if !to.After(d.now) {
			from, to = days(d, yr+1)
		}
		if lead == "after" {
			for _, c := range []int{yr - 1, yr} {
				if f, t := days(d, c); !t.After(d.now) && d.now.Sub(t) < 14*24*time.Hour {
					from, to = f, t
				}
			}
		}
	case Past:
		if from.After(d.now) {
			from, to = days(d, yr-1)
		}
	default:
		if !(!from.After(d.now) && to.After(d.now)) {
			for _, c := range []int{yr - 1, yr + 1} {
				f, t := days(d, c)
				if absDur(f.Sub(d.now)) < absDur(from.Sub(d.now)) {
					from, to = f, t
				}
			}
		}
	}
	return from, to, "holiday", n - 1, true
}
