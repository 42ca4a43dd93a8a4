package understand_test

import (
	"strings"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/understand"
)

// TestRound10TimeForms: US holidays named with their weekend; a day and
// month with a slash and no year after a word of time, in the order the
// place's people write it; days with weekdays on both ends of a range;
// ISO days joined by an arrow.
func TestRound10TimeForms(t *testing.T) {
	now := time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		q     string
		order understand.SlashOrder
		want  string // from..to (to exclusive), "" for no time
	}{
		{"camping over presidents day weekend", understand.SlashGuess, "2026-02-14..2026-02-17"},
		{"any parades on Memorial Day?", understand.SlashGuess, "2026-05-25..2026-05-26"},
		{"in Boston for thanksgiving break", understand.SlashGuess, "2026-11-26..2026-11-30"},
		{"MLK weekend in Atlanta", understand.SlashGuess, "2026-01-17..2026-01-20"},
		{"the parade on 11/3, downtown", understand.SlashMonthFirst, "2026-11-03..2026-11-04"},
		{"markets until 3/8, please", understand.SlashDayFirst, "..2026-08-04"},
		{"lights on 24/12 in Tallinn", understand.SlashGuess, "2026-12-24..2026-12-25"},
		{"on 3/4 of the days", understand.SlashMonthFirst, ""},
		{"a 1/2 inch bolt for 5/6 people", understand.SlashGuess, ""},
		{"on 3/4 maybe", understand.SlashGuess, ""},
		{"from Sat 4 to Mon 6 April", understand.SlashGuess, "2026-04-04..2026-04-07"},
		{"Tue 8 - Thu 10 September in Riga", understand.SlashGuess, "2026-09-08..2026-09-11"},
		{"2026-06-01 → 2026-06-05 in Oslo", understand.SlashGuess, "2026-06-01..2026-06-06"},
		{"2026-10-09 -> 2026-10-12", understand.SlashGuess, "2026-10-09..2026-10-13"},
	} {
		r := understand.Read(c.q, understand.Options{Now: now, Tense: understand.Future, Slashes: c.order})
		var got []string
		for _, f := range r.Times {
			from := ""
			if !f.From.IsZero() {
				from = f.From.Format(time.DateOnly)
			}
			got = append(got, from+".."+f.To.Format(time.DateOnly))
		}
		if g := strings.Join(got, "; "); g != c.want {
			t.Errorf("%q: read %q, want %q", c.q, g, c.want)
		}
	}
}

// TestRound10PlaceForms: a region after "in" that holds no reading of the
// name before it is a place of its own ("from Texas, in Lyon"), while
// one that does qualifies it; a lower-case town with its province or
// state's code after it in lower case ("halifax ns") is read where lower
// case names are not; a word in capitals that is a much larger city's
// alternate name is that city ("RIO"), not when the towns named so are
// comparable ("FRISCO").
func TestRound10PlaceForms(t *testing.T) {
	g := gazetteer(t)
	read := func(q string) map[string]understand.Mention {
		out := map[string]understand.Mention{}
		for _, m := range understand.Read(q, understand.Options{Gazetteer: g}).Mentions {
			out[m.Text] = m
		}
		return out
	}
	ms := read("Grad student from Texas, in Lyon all of May")
	if m, ok := ms["Lyon"]; !ok || m.Role != understand.RoleIn || m.Place == nil || m.Place.CountryCode != "FR" {
		t.Errorf("Lyon after 'from Texas, in': %+v, want a place of its own in France", m)
	}
	ms = read("Trips from Dover in Delaware")
	if m := ms["Dover"]; m.Qualifier != "Delaware" {
		t.Errorf("Dover in Delaware: qualifier %q, want Delaware", m.Qualifier)
	}
	for q, want := range map[string]string{
		"Off for a week in August. halifax ns, anything on?":     "Halifax",
		"Shooting the Plaza in Rodeo Week. regina sk. Anything?": "Regina",
		"Festival in June. austin tx, then home.":                "Austin",
	} {
		found := false
		for _, m := range understand.Read(q, understand.Options{Gazetteer: g}).Mentions {
			if m.Place != nil && m.Place.Name == want {
				found = true
			}
		}
		if !found {
			t.Errorf("%q: %s not read", q, want)
		}
	}
	if m := read("Back in RIO for a week")["RIO"]; m.Place == nil || m.Place.Name != "Rio de Janeiro" {
		t.Errorf("RIO: %+v, want Rio de Janeiro", m.Place)
	}
	if m := read("Meetups in FRISCO next week")["FRISCO"]; m.Place == nil || m.Place.CountryCode != "US" || m.Place.Name != "Frisco" {
		t.Errorf("FRISCO: %+v, want Frisco, Texas (San Francisco is not ten times as large)", m.Place)
	}
}
