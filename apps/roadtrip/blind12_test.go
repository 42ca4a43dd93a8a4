package roadtrip

import (
	"slices"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/geo"
)

// The classes of the twelfth blind round, each in phrasings of its own.

func TestRelativeClauseDescribesTown(t *testing.T) {
	// "…, where our son works at the Sussex Poultry Plant, …" describes
	// the town before it and names no stop.
	for _, c := range []struct {
		q       string
		include []string
	}{
		{"Plan 2 routes from Smyrna to Seaford through Georgetown, where my son works at the Sussex Poultry Plant, with 1 town on each.", []string{"Georgetown"}},
		{"One road trip from Newark to Lewes please, 2 towns along the way. We must pass through Milford, which is home to the Lakeside Riding Academy where I teach.", []string{"Milford"}},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || !sameNames(s.Include, c.include) {
			t.Errorf("%q: %s include %v (%s), want %v", c.q, s.Family, s.Include, s.Why, c.include)
		}
	}
}

func TestBracketedAreaQualifiesTown(t *testing.T) {
	for _, c := range []struct{ q, start, end string }{
		{"Next week I drive from Smyrna (Kent County) to Lewes (Sussex County). 1 route through 2 towns.", "Smyrna", "Lewes"},
		{"From Encamp (parish of Encamp) to Ordino (Ordino parish): 2 routes with 1 village each.", "Encamp", "Ordino"},
		{"Give me a route from Dover (DE) to Newark (Delaware) that passes 2 towns.", "Dover", "Newark"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || !sameCorpusName(s.Start, c.start) || !sameCorpusName(s.End, c.end) {
			t.Errorf("%q: %s %q -> %q (%s), want %q -> %q", c.q, s.Family, s.Start, s.End, s.Why, c.start, c.end)
		}
	}
}

func TestIntroducedOriginIsNoHome(t *testing.T) {
	// Where the asker comes from, far from where the people are now.
	for _, c := range []struct {
		q       string
		origins []string
	}{
		{"Hi, we are from Lyon. My brother lives in Encamp and I am staying in Ordino this week. Which cafe takes us the same time to drive to?", []string{"Encamp", "Ordino"}},
		{"Good morning, I'm originally from Toronto! My cousin lives in Milford and I'm staying in Dover. Please find a restaurant with equal driving time for both of us.", []string{"Milford", "Dover"}},
	} {
		s := policySpec(t, c.q, nil)
		if got := originHeads(s); s.Family != locnav.MeetingPoint || !slices.EqualFunc(got, c.origins, strings.EqualFold) {
			t.Errorf("%q: %s origins %v (%s), want %v", c.q, s.Family, got, s.Why, c.origins)
		}
	}
}

func TestTitledPeopleAndEventNames(t *testing.T) {
	// Mr./Mrs./Ms./Dr. and a surname are a person; a capitalised event
	// is no place.
	for _, c := range []struct {
		q       string
		origins []string
	}{
		{"Dr. Patel in Seaford and Ms. Kowalski in Newark want to meet after the Autumn Quilt Show. Find a cafe with a fair drive for both.", []string{"Seaford", "Newark"}},
		{"Our treasurer, Mr Brennan in Milton, and Mrs Oduya in Camden need to meet to sort the receipts from the Harvest Moon Festival. Which restaurant is an equal drive for them?", []string{"Milton", "Camden"}},
	} {
		s := policySpec(t, c.q, nil)
		if got := originHeads(s); s.Family != locnav.MeetingPoint || !slices.EqualFunc(got, c.origins, strings.EqualFold) {
			t.Errorf("%q: %s origins %v (%s), want %v", c.q, s.Family, got, s.Why, c.origins)
		}
	}
}

func TestFormalLetterAsksPlaces(t *testing.T) {
	// A letter's salutation and signature carry no task words, and a
	// meeting held as an occasion asks no place to meet.
	for _, c := range []struct {
		q     string
		count int
		dirs  []directionSpec
		area  string
	}{
		{"Dear Sirs,\nFollowing the April meeting of the garden society, I have been asked to find 2 cafes in Dover, Delaware situated north of the Dover Public Library.\nKind regards,\nHarold Finch, Treasurer", 2,
			[]directionSpec{{Direction: "north", Ref: "Dover Public Library"}}, "Dover"},
		{"To whom it may concern: at our last committee meeting we agreed to look for one museum in Lewes, Delaware located south of the Zwaanendael Museum. Please send its name and place ID. Best regards, June Park, Chair", 1,
			[]directionSpec{{Direction: "south", Ref: "Zwaanendael Museum"}}, "Lewes"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.PlaceFinding || s.Count != c.count || !slices.Equal(s.Directions, c.dirs) || !sameCorpusName(s.Area, c.area) {
			t.Errorf("%q: %s count %d directions %v area %q (%s), want %d %v %q", c.q, s.Family, s.Count, s.Directions, s.Area, s.Why, c.count, c.dirs, c.area)
		}
	}
}

func TestFractionsListedAsMarks(t *testing.T) {
	for _, c := range []struct {
		q         string
		stops     int
		fractions []float64
	}{
		{"Heading from Middletown to Milford on Friday. I'd like coffee shops at the quarter and three-quarter marks of the drive.", 2, []float64{0.25, 0.75}},
		{"Driving Dover to Georgetown: gas stations at the first-quarter, half-way and three-quarter points, please.", 3, nil},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.EvenStops || len(s.Legs) != 1 || legStops(s.Legs[0]) != c.stops || !slices.Equal(s.Legs[0].Fractions, c.fractions) {
			t.Errorf("%q: %s legs %+v (%s), want %d stops at %v", c.q, s.Family, s.Legs, s.Why, c.stops, c.fractions)
		}
	}
}

func TestLegsNamedByDirection(t *testing.T) {
	// "For the going … For the return …": each leg's own kinds and counts.
	for _, c := range []struct {
		q     string
		stops []int
		types [][]string
	}{
		{"On Monday I drive from Seaford to Newark and on Wednesday I come back from Newark to Seaford. On the outbound I want two gas stations evenly spaced. On the return just one cafe halfway.",
			[]int{2, 1}, [][]string{{"gas_station"}, {"cafe"}}},
		{"I go from Lewes to Wilmington in the morning and from Wilmington to Lewes at night. For the going, one bakery in the middle. For the coming back, three restaurants spread evenly.",
			[]int{1, 3}, [][]string{{"bakery"}, {"restaurant"}}},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.EvenStops || len(s.Legs) != 2 {
			t.Errorf("%q: %s legs %+v, want 2", c.q, s.Family, s.Legs)
			continue
		}
		for i, l := range s.Legs {
			if legStops(l) != c.stops[i] || !slices.Equal(l.Types, c.types[i]) {
				t.Errorf("%q: leg %d %d stops %v, want %d %v", c.q, i+1, legStops(l), l.Types, c.stops[i], c.types[i])
			}
		}
	}
}

func TestModeSaidByEachPerson(t *testing.T) {
	// "I will walk, she will drive": each person's own mode.
	for _, c := range []struct {
		q     string
		modes map[string]string
	}{
		{"I'm staying in Newark, my sister lives in Bear. She will cycle, I will drive. Find a cafe with the same travel time for us.",
			map[string]string{"Newark": geo.ModeDriving, "Bear": geo.ModeBicycling}},
		{"I live in Lewes and my brother lives in Rehoboth Beach. He will walk, I'll drive. Where can we meet for lunch at a restaurant?",
			map[string]string{"Lewes": geo.ModeDriving, "Rehoboth Beach": geo.ModeWalking}},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.MeetingPoint || len(s.Origins) != 2 {
			t.Errorf("%q: %s origins %v", c.q, s.Family, s.Origins)
			continue
		}
		for _, o := range s.Origins {
			if want := c.modes[head(o.Place)]; o.Mode != want {
				t.Errorf("%q: %s %s, want %s", c.q, o.Place, o.Mode, want)
			}
		}
	}
}
