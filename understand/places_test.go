package understand_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// want is one expected mention: its text, role (and direction), and the
// start of its chosen reading's qualified name ("" when unknown).
type want struct {
	text, role, place string
}

func TestPlacesAndRoles(t *testing.T) {
	g := gazetteer(t)
	cases := []struct {
		q    string
		want []want
	}{
		{"Plan 2 road trip routes from Wilmington to Dover in Delaware, each through 3 intermediate cities",
			[]want{{"Wilmington", "from", "Wilmington, Delaware"}, {"Dover", "to", "Dover, Delaware"}, {"Delaware", "region", "Delaware, United States"}}},
		// The region after a list is every name's.
		{"My friends live in Newark, Dover and Middletown, Delaware. Where should we meet?",
			[]want{{"Newark", "home", "Newark, Delaware"}, {"Dover", "home", "Dover, Delaware"}, {"Middletown", "home", "Middletown, Delaware"}, {"Delaware", "region", "Delaware"}}},
		// Without a region, the coherent reading: all three in Delaware.
		{"friends in Newark, Dover and Smyrna want to meet for coffee",
			[]want{{"Newark", "home", "Newark, Delaware"}, {"Dover", "home", "Dover, Delaware"}, {"Smyrna", "home", "Smyrna, Delaware"}}},
		{"Find a cafe about one third of the way from Wilmington to Dover, DE",
			[]want{{"Wilmington", "from", "Wilmington, Delaware"}, {"Dover", "to", "Dover, Delaware"}, {"DE", "region", "Delaware"}}},
		{"I need one gas station in Delaware north of Dover and south of Wilmington",
			[]want{{"Delaware", "in", "Delaware, United States"}, {"Dover", "relative:north", "Dover, Delaware"}, {"Wilmington", "relative:south", "Wilmington, Delaware"}}},
		// "up to" keeps every word of the destination.
		{"Drive up to Andorra la Vella from Sant Julià de Lòria with 2 viewpoints",
			[]want{{"Andorra la Vella", "to", "Andorra la Vella"}, {"Sant Julià de Lòria", "from", "Sant Julià de Lòria"}}},
		{"from newark to dover via smyrna, avoiding middletown",
			[]want{{"newark", "from", "Newark, Delaware"}, {"dover", "to", "Dover, Delaware"}, {"smyrna", "via", "Smyrna, Delaware"}, {"middletown", "avoid", "Middletown, Delaware"}}},
		// Persons are not places; "Del." is Delaware.
		{"Anna lives in Wilmington and Ben lives in Lewes, Del. Find a restaurant halfway.",
			[]want{{"Wilmington", "home", "Wilmington, Delaware"}, {"Lewes", "home", "Lewes, Delaware"}, {"Del", "region", "Delaware"}}},
		// Typos.
		{"Plan a trip from Wilmingon to Dovr with three stops",
			[]want{{"Wilmingon", "from", "Wilmington, Delaware"}, {"Dovr", "to", "Dover, Delaware"}}},
		{"Show me 3 museums in Wilmington east of the Wilmington Public Library",
			[]want{{"Wilmington", "in", "Wilmington, Delaware"}, {"Wilmington Public Library", "relative:east", "Wilmington Public Library"}}},
		{"Escaldes-Engordany to Encamp, AD: two routes please",
			[]want{{"Escaldes-Engordany", "from", "les Escaldes"}, {"Encamp", "to", "Encamp, Andorra"}, {"AD", "region", "Andorra"}}},
		// Reversed order.
		{"To Dover from Wilmington, two routes please",
			[]want{{"Dover", "to", "Dover, Delaware"}, {"Wilmington", "from", "Wilmington, Delaware"}}},
		{"between Newark and Milford in Delaware, where is the midpoint?",
			[]want{{"Newark", "between", "Newark, Delaware"}, {"Milford", "between", "Milford, Delaware"}, {"Delaware", "region", "Delaware"}}},
		// A place the data does not know is kept, with no reading.
		{"Plan a road trip from Qzxwvtopia to Dover",
			[]want{{"Qzxwvtopia", "from", ""}, {"Dover", "to", "Dover"}}},
		// A capitalised word that is no name does not hide the name after it.
		{"Between Encamp and Ordino, find a pharmacy at the halfway mark",
			[]want{{"Encamp", "between", "Encamp, Andorra"}, {"Ordino", "between", "Ordino, Andorra"}}},
		// A name in lower case that begins with an article.
		{"a supermarket a quarter of the way from escaldes to la massana",
			[]want{{"escaldes", "from", "les Escaldes"}, {"la massana", "to", "la Massana"}}},
		{"Wilmington → Dover, 2 routes", []want{{"Wilmington", "from", "Wilmington, Delaware"}, {"Dover", "to", "Dover, Delaware"}}},
		{"Start: Wilmington. End: Dover.", []want{{"Wilmington", "from", "Wilmington, Delaware"}, {"Dover", "to", "Dover, Delaware"}}},
		{"I'm in Newark, my friend is over in Dover", []want{{"Newark", "home", "Newark"}, {"Dover", "home", "Dover"}}},
		{"Is there a park near St. Louis, MO?", []want{{"St. Louis", "near", "St. Louis, Missouri"}, {"MO", "region", "Missouri"}}},
		{"a museum near Mt. Pleasant, SC", []want{{"Mt. Pleasant", "near", "Mount Pleasant, South Carolina"}, {"SC", "region", "South Carolina"}}},
	}
	for _, c := range cases {
		r := understand.Read(c.q, understand.Options{Gazetteer: g, Now: refDay})
		var got []want
		for _, m := range r.Mentions {
			role := string(m.Role)
			if m.Direction != "" {
				role += ":" + m.Direction
			}
			p := ""
			if m.Place != nil {
				p = m.Place.Qualified()
			}
			got = append(got, want{m.Text, role, p})
			if c.q[m.Start:m.End] != m.Text {
				t.Errorf("%q: span %d-%d is %q, text %q", c.q, m.Start, m.End, c.q[m.Start:m.End], m.Text)
			}
		}
		ok := len(got) == len(c.want)
		for i := 0; ok && i < len(got); i++ {
			w, g := c.want[i], got[i]
			ok = w.text == g.text && w.role == g.role && (w.place == "" && g.place == "" || w.place != "" && strings.HasPrefix(g.place, w.place))
		}
		if !ok {
			t.Errorf("%q\n got %q\nwant %q\nreadings %v", c.q, got, c.want, r.Readings)
		}
	}
}

// TestFarSpellingUnknown: a name no gazetteer holds, whose only reading
// is a near spelling far from the other places, stays unknown, and a note
// says so ("Blorptown" is not Bloomtown, that is Taos, Missouri).
func TestFarSpellingUnknown(t *testing.T) {
	g := gazetteer(t)
	r := understand.Read("Find a cafe halfway between Blorptown and Wilmington", understand.Options{Gazetteer: g, Prefer: g.Covered()})
	if len(r.Mentions) != 2 || r.Mentions[0].Place != nil || r.Mentions[1].Place == nil || !strings.HasPrefix(r.Mentions[1].Place.Qualified(), "Wilmington, Delaware") {
		t.Fatalf("mentions %+v: want Blorptown unknown and Wilmington, Delaware", r.Mentions)
	}
	if !slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, `no place named "Blorptown"`) }) {
		t.Errorf("notes %q: want one naming Blorptown", r.Notes)
	}
	// A near spelling close to the other places is the place meant.
	r = understand.Read("Plan a trip from Wilmingon to Dovr", understand.Options{Gazetteer: g, Prefer: g.Covered()})
	for _, m := range r.Mentions {
		if m.Place == nil {
			t.Errorf("%q unread: a typo near the other places is read", m.Text)
		}
	}
}

// TestCloseChoiceNoted checks that a reading chosen by a narrow margin
// says so, and that the readings weighed are kept for the trace.
func TestCloseChoiceNoted(t *testing.T) {
	r := understand.Read("Plan a trip from Newark to Milford", understand.Options{Gazetteer: gazetteer(t)})
	if len(r.Readings) < 2 {
		t.Fatalf("readings %v: want the alternatives weighed", r.Readings)
	}
	for i := 1; i < len(r.Readings); i++ {
		if r.Readings[i].Score > r.Readings[0].Score {
			t.Errorf("readings not best first: %v", r.Readings)
		}
	}
	// Georgetown and Milford, Delaware, against Georgetown, Kentucky and
	// Milford, Ohio: chosen, but narrowly, and a note says so.
	close := understand.Read("from Georgetown to Milford", understand.Options{Gazetteer: gazetteer(t)})
	if !slices.ContainsFunc(close.Notes, func(n string) bool { return strings.Contains(n, "a close choice") }) {
		t.Errorf("readings %v: no note of a close choice in %q", close.Readings, close.Notes)
	}
	lone := understand.Read("Plan a trip from Wilmington to Dover in Delaware", understand.Options{Gazetteer: gazetteer(t)})
	if len(lone.Notes) > 0 {
		t.Errorf("a clear choice noted as close: %v", lone.Notes)
	}
}

// TestWithoutGazetteer: names after cues are found by how they are
// written, with no reading.
func TestWithoutGazetteer(t *testing.T) {
	r := understand.Read("Plan a trip from Port Elizabeth to Cape Town via George, avoiding Knysna", understand.Options{})
	var got []string
	for _, m := range r.Mentions {
		if m.Place != nil {
			t.Errorf("%s has a reading with no gazetteer", m.Text)
		}
		got = append(got, m.Text+"/"+string(m.Role))
	}
	if w := "Port Elizabeth/from Cape Town/to George/via Knysna/avoid"; strings.Join(got, " ") != w {
		t.Errorf("got %q, want %q", strings.Join(got, " "), w)
	}
}

// TestPreferCoverage: a region the caller prefers decides a bare name
// the text does not.
func TestPreferCoverage(t *testing.T) {
	g := gazetteer(t)
	q := "two friends, one in Newark and one in Milford, want to meet at a park"
	de := understand.Read("Delaware", understand.Options{Gazetteer: g}).Mentions[0].Place
	r := understand.Read(q, understand.Options{Gazetteer: g, Prefer: []understand.Place{*de}})
	for _, m := range r.Mentions {
		if m.Place == nil || m.Place.Region != "Delaware" {
			t.Errorf("%s read as %v with Delaware preferred", m.Text, m.Place)
		}
	}
}

func TestPlaceDistanceKm(t *testing.T) {
	berlin := understand.Place{Name: "Berlin", Lat: 52.52437, Lng: 13.41053, HasPoint: true}
	munich := understand.Place{Name: "Munich", Lat: 48.13743, Lng: 11.57549, HasPoint: true}
	d, ok := berlin.DistanceKm(munich)
	if !ok || d < 500 || d > 510 { // 504 km by the haversine formula
		t.Errorf("Berlin-Munich = %.1f km, %v; want about 504 km", d, ok)
	}
	if d, ok := berlin.DistanceKm(understand.Place{Name: "Germany"}); ok || d != 0 {
		t.Errorf("distance to a place without a point = %v, %v; want 0, false", d, ok)
	}
}

// TestPlaceWithAPassive: a town followed by "is" or "will" and what is
// done to it ("is to be avoided") is a place, not a person ("Ben is in
// Lewes").
func TestPlaceWithAPassive(t *testing.T) {
	g := gazetteer(t)
	for _, c := range []struct {
		q     string
		place string
	}{
		{"Route from Newark to Lewes. Smyrna will be bypassed.", "Smyrna"},
		{"Two routes from Seaford to Wilmington; Middletown is to be completely excluded.", "Middletown"},
		{"Harrington is skipped on this trip, we go from Dover to Lewes.", "Harrington"},
		{"Milton is off limits for us: from Lewes to Georgetown please.", "Milton"},
	} {
		r := understand.Read(c.q, understand.Options{Gazetteer: g, Now: refDay})
		found := false
		for _, m := range r.Mentions {
			found = found || m.Text == c.place
		}
		if !found {
			t.Errorf("%q: %s read as a person", c.q, c.place)
		}
	}
	r := understand.Read("Ben is driving from Dover", understand.Options{Gazetteer: g, Now: refDay})
	for _, m := range r.Mentions {
		if m.Text == "Ben" {
			t.Errorf("Ben is driving: Ben read as a place")
		}
	}
}
