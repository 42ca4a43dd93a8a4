package understand

import (
	"strings"
	"time"
)

// nationalDays are well-known national and patron days on a fixed date,
// by the names and nicknames travellers use: "on Bastille Day", "for
// Burns Night", "Koningsdag 2027", "for Songkran". A name that is ambiguous between
// countries ("Independence Day", "Constitution Day", "National Day")
// is left out unless its country is in the name.
func nationalDays() []holiday {
	var out []holiday
	fixed := func(mo time.Month, dd int, phrases ...string) {
		for _, p := range phrases {
			out = append(out, holiday{words: strings.Fields(p), days: fixedDay(mo, dd)})
		}
	}
	fixed(time.January, 6, "three kings day", "three kings' day", "día de reyes", "dia de reyes", "día de los reyes")
	fixed(time.January, 25, "burns night", "burns supper", "burns day")
	fixed(time.January, 26, "australia day")
	fixed(time.February, 6, "waitangi day")
	fixed(time.March, 1, "st david's day", "saint david's day", "st davids day", "dydd gŵyl dewi")
	fixed(time.April, 23, "st george's day", "saint george's day", "st georges day", "sant jordi", "diada de sant jordi")
	fixed(time.April, 25, "anzac day", "festa della liberazione")
	fixed(time.May, 5, "bevrijdingsdag", "cinco de mayo")
	fixed(time.May, 17, "syttende mai", "norwegian constitution day", "norway's constitution day", "norway constitution day", "norwegian national day")
	fixed(time.June, 19, "juneteenth")
	fixed(time.June, 24, "saint-jean-baptiste", "st-jean-baptiste", "saint jean baptiste", "st jean baptiste", "st-jean-baptiste day",
		"saint-jean-baptiste day", "st jean baptiste day", "fête nationale du québec", "fete nationale du quebec")
	fixed(time.July, 1, "canada day", "dominion day")
	fixed(time.July, 14, "bastille day", "quatorze juillet", "fête nationale française")
	fixed(time.July, 21, "belgian national day", "belgium's national day")
	fixed(time.August, 1, "swiss national day", "bundesfeiertag", "fête nationale suisse")
	fixed(time.September, 11, "la diada", "diada de catalunya")
	fixed(time.October, 3, "day of german unity", "tag der deutschen einheit")
	fixed(time.October, 12, "día de la hispanidad", "dia de la hispanidad", "fiesta nacional de españa")
	fixed(time.October, 26, "austrian national day")
	fixed(time.November, 5, "guy fawkes night", "guy fawkes day")
	fixed(time.November, 11, "armistice day", "remembrance day", "martinmas", "st martin's day", "martinstag")
	fixed(time.November, 30, "st andrew's day", "saint andrew's day", "st andrews day")
	fixed(time.December, 6, "st nicholas day", "st nicholas' day", "saint nicholas day", "nikolaustag")
	fixed(time.December, 13, "st lucy's day", "santa lucia day", "lucia day", "luciadagen")
	// New years of the solar calendars of South and Southeast Asia, on
	// days their countries fix: Songkran (Thailand) 13–15 April, Pi Mai
	// (Laos) 14–16 April, Pohela Boishakh (Bangladesh) 14 April.
	days := func(mo time.Month, dd, n int, phrases ...string) {
		for _, p := range phrases {
			out = append(out, holiday{words: strings.Fields(p), days: func(d *dateReader, y int) (time.Time, time.Time) {
				t := d.day(y, mo, dd)
				return t, t.AddDate(0, 0, n)
			}})
		}
	}
	days(time.April, 13, 3, "songkran", "thai new year")
	days(time.April, 14, 3, "pi mai", "pi mai lao", "pii mai", "lao new year")
	days(time.April, 14, 1, "pohela boishakh", "pahela baishakh", "pohela baishakh", "bengali new year")
	// Mexico's Day of the Dead: 1–2 November with the eve of 31 October
	// the altars are built for.
	days(time.October, 31, 3, "día de muertos", "dia de muertos", "día de los muertos", "dia de los muertos", "day of the dead")
	// Japan's Golden Week: Shōwa Day (29 April) to Children's Day (5
	// May).
	days(time.April, 29, 7, "golden week")
	// São João (Porto, Braga): the night of 23 to 24 June, St John's
	// Eve; the saint's name alone is also a town's, a time only after a
	// word of time ("for São João", "during Sao Joao").
	days(time.June, 23, 2, "noite de são joão", "noite de sao joao", "festas de são joão", "festas de sao joao",
		"festa de são joão", "festa de sao joao", "st john's eve", "saint john's eve", "st johns eve", "noche de san juan")
	for _, p := range []string{"são joão", "sao joao"} {
		out = append(out, holiday{words: strings.Fields(p), bare: true, event: true, days: func(d *dateReader, y int) (time.Time, time.Time) {
			t := d.day(y, time.June, 23)
			return t, t.AddDate(0, 0, 2)
		}})
	}
	// Bare names are also words or events: a time only after a word of
	// time ("for Epiphany", "on Sinterklaas").
	for _, p := range []string{"epiphany", "sinterklaas"} {
		mo, dd := time.January, 6
		if p == "sinterklaas" {
			mo, dd = time.December, 5
		}
		out = append(out, holiday{words: []string{p}, bare: true, event: true, days: fixedDay(mo, dd)})
	}
	// King's Day in the Netherlands: 27 April, or the 26th when the 27th
	// is a Sunday.
	for _, p := range []string{"koningsdag", "king's day", "kings day", "kingsday"} {
		out = append(out, holiday{words: strings.Fields(p), days: func(d *dateReader, y int) (time.Time, time.Time) {
			t := d.day(y, time.April, 27)
			if t.Weekday() == time.Sunday {
				t = t.AddDate(0, 0, -1)
			}
			return t, t.AddDate(0, 0, 1)
		}})
	}
	return out
}
