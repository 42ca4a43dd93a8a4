package roadtrip

import (
	"errors"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
)

// The classes of the second blind round, each in phrasings of its own.

func TestNegatedCounts(t *testing.T) {
	for _, c := range []struct {
		q          string
		rest, view int
	}{
		{"Plan 2 routes from Dover to Seaford through 2 towns, without a rest stop but with one viewpoint.", 0, 1},
		{"One route Smyrna to Milford with 3 towns; skip the rest areas, I'll manage.", 0, 0},
		{"Route from Newark to Lewes via 2 towns, 1 rest stop, zero viewpoints please.", 1, 0},
		{"Drive Wilmington to Georgetown, 2 routes, 2 towns each. We don't need rest stops.", 0, 0},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || s.RestStops != c.rest || s.Viewpoints != c.view {
			t.Errorf("%q: %s rest %d view %d, want %d %d", c.q, s.Family, s.RestStops, s.Viewpoints, c.rest, c.view)
		}
	}
}

func TestTidiedWords(t *testing.T) {
	for _, c := range []struct {
		q              string
		start, end     string
		routes, cities int
		rest           int
	}{
		{"need 3 routs from georgtown to lewes, 2 citys per rout", "Georgetown", "Lewes", 3, 2, 0},
		{"trip from smyrnna until milford please, 2 way with 3 town and a place to rest", "Smyrna", "Milford", 2, 3, 1},
		{"Give me 2 routes from Newark to Seaford, each with 2 citys and 2 places for rest.", "Newark", "Seaford", 2, 2, 2},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || head(s.Start) != c.start || head(s.End) != c.end || s.Routes != c.routes || s.Cities != c.cities || s.RestStops != c.rest {
			t.Errorf("%q: %s %q→%q routes %d cities %d rest %d", c.q, s.Family, s.Start, s.End, s.Routes, s.Cities, s.RestStops)
		}
	}
}

func TestWeatherConditionUnclear(t *testing.T) {
	for _, q := range []string{
		"Unless it snows, find a museum north of Dover; otherwise a library.",
		"If it is sunny, pick a park between Newark and Middletown for us to meet.",
		"In case it's raining, plan 1 route from Wilmington to Lewes through 2 towns with a cafe stop.",
	} {
		err := policySpec(t, q, nil).Validate()
		if !errors.Is(err, errUnclear) || !strings.Contains(err.Error(), "weather") {
			t.Errorf("%q: %v, want unclear naming the weather", q, err)
		}
	}
}

func TestChainedLegs(t *testing.T) {
	for _, q := range []string{
		"First from Newark to Dover with a cafe halfway. After that, from Dover to Milford, two restaurants evenly spaced.",
		"Part 1: Smyrna→Dover, one stop at the midpoint, a cafe. Part 2: Dover→Milford, 2 stops evenly spaced, restaurants.",
		"We drive from Wilmington to Smyrna and want a cafe at the midpoint; then from Smyrna to Milford we want two evenly spaced restaurants.",
	} {
		s := policySpec(t, q, nil)
		if s.Family != locnav.EvenStops || len(s.Legs) != 2 {
			t.Errorf("%q: %s %+v, want 2 legs", q, s.Family, s.Legs)
			continue
		}
		l1, l2 := s.Legs[0], s.Legs[1]
		if l1.Stops != 1 || strings.Join(l1.Types, ",") != "cafe" || l2.Stops != 2 || strings.Join(l2.Types, ",") != "restaurant" || head(l1.To) != head(l2.From) {
			t.Errorf("%q: legs %+v", q, s.Legs)
		}
	}
}

func TestMeetingPeopleIn(t *testing.T) {
	for _, c := range []struct {
		q     string
		modes []string
	}{
		{"my sister in lewes, me in milford. a restaurant that takes us both about the same time?", []string{"driving", "driving"}},
		{"Me in Smyrna, my mom in Newark: which cafe is the same driving time for both?", []string{"driving", "driving"}},
		{"I'm walking from Dover and my brother drives over from Smyrna. Find a park so that my walk takes about as long as his drive.", []string{"walking", "driving"}},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.MeetingPoint || len(s.Origins) != 2 || len(s.PlaceTypes) != 1 {
			t.Errorf("%q: %s %+v %v", c.q, s.Family, s.Origins, s.PlaceTypes)
			continue
		}
		for i, o := range s.Origins {
			if o.Mode != c.modes[i] {
				t.Errorf("%q: origin %d %+v, want %s", c.q, i, o, c.modes[i])
			}
		}
	}
}

func TestAbbreviatedDirections(t *testing.T) {
	for _, c := range []struct {
		q     string
		typ   string
		count int
		dirs  []string
	}{
		{"2 cafes S of Dover Public Library & E of Smyrna, Delaware", "cafe", 2, []string{"south", "east"}},
		{"one museum NW of Hagley Library in Delaware", "museum", 1, []string{"north", "west"}},
		{"find 2 parks that r east of the Newark Free libary and south of Wilmington", "park", 2, []string{"east", "south"}},
	} {
		s := policySpec(t, c.q, nil)
		var got []string
		for _, d := range s.Directions {
			got = append(got, d.Direction)
			if strings.Contains(d.Ref, "&") || strings.Contains(d.Ref, " of ") {
				t.Errorf("%q: reference %q", c.q, d.Ref)
			}
		}
		if s.Family != locnav.PlaceFinding || strings.Join(s.PlaceTypes, ",") != c.typ || s.Count != c.count || strings.Join(got, ",") != strings.Join(c.dirs, ",") {
			t.Errorf("%q: %s %v count %d %+v", c.q, s.Family, s.PlaceTypes, s.Count, s.Directions)
		}
	}
}
