package roadtrip

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
)

// The classes of the seventh blind round, each in phrasings of its own.

func TestForeignToAfterFrom(t *testing.T) {
	for _, c := range []struct{ q, from, to string }{
		{"We go by car from Encamp até Canillo; please find one cafe at the middle of the drive.", "Encamp", "Canillo"},
		{"Leaving from Dover hasta Lewes tomorrow, I need a gas station halfway.", "Dover", "Lewes"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.EvenStops || len(s.Legs) != 1 || head(s.Legs[0].From) != c.from || head(s.Legs[0].To) != c.to {
			t.Errorf("%q: %s legs %+v", c.q, s.Family, s.Legs)
		}
	}
}

func TestTownsByOtherLanguagesNames(t *testing.T) {
	// A name a few letters from the gazetteer's own or alternate names of
	// one town of a covered region is that town.
	for _, c := range []struct{ q, a, b string }{
		{"My cousin lives in La Masana and I live in Encamp. Where can we meet for a coffee, same drive for both?", "la Massana", "Encamp"},
		{"I stay in Andorra la Viella, my friend in Canillo: one restaurant fair to both of us, please.", "Andorra la Vella", "Canillo"},
	} {
		s := policySpec(t, c.q, nil)
		var got []string
		for _, o := range s.Origins {
			got = append(got, o.Place)
		}
		if s.Family != locnav.MeetingPoint || !sameNames(got, []string{c.a, c.b}) {
			t.Errorf("%q: %s origins %q", c.q, s.Family, got)
		}
	}
	// A landmark named as a town near it, by one of the town's names, is
	// the town.
	q := "Two restaurants west of Andorre-la-Vieille, please."
	if s := policySpec(t, q, nil); s.Family != locnav.PlaceFinding || len(s.Directions) != 1 || head(s.Directions[0].Ref) != "Andorra la Vella" {
		t.Errorf("%q: %s directions %+v", q, s.Family, s.Directions)
	}
	// A made-up town stays unknown.
	q = "Plan 2 routes from Dover to Quillfernton Sands with one rest stop each."
	if s := policySpec(t, q, nil); s.Family != "" {
		t.Errorf("%q: read as %s %q→%q", q, s.Family, s.Start, s.End)
	}
}

func TestFractionRefusedBesideAnother(t *testing.T) {
	for _, c := range []struct {
		q    string
		want float64
	}{
		{"From Dover to Lewes I need one gas station about a third of the way, not halfway.", 1.0 / 3},
		{"Newark to Smyrna: a cafe three quarters of the way along, rather than halfway, please.", 0.75},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.EvenStops || len(s.Legs) != 1 || len(s.Legs[0].Fractions) != 1 || s.Legs[0].Fractions[0]-c.want > 0.01 || c.want-s.Legs[0].Fractions[0] > 0.01 {
			t.Errorf("%q: %s legs %+v", c.q, s.Family, s.Legs)
		}
	}
}

func TestCyclingOrigins(t *testing.T) {
	for _, c := range []struct{ q, bike, car string }{
		{"I'm biking in from Milford and my brother drives over from Dover; find a cafe where my bike time is about the same as his driving time.", "Milford", "Dover"},
		{"Anna drives from Ordino. Joan will ride his bicycle from Encamp. One restaurant where they arrive at about the same time, please.", "Encamp", "Ordino"},
	} {
		s := policySpec(t, c.q, nil)
		modes := map[string]string{}
		for _, o := range s.Origins {
			modes[head(o.Place)] = o.Mode
		}
		if s.Family != locnav.MeetingPoint || modes[c.bike] != "bicycling" || modes[c.car] != "driving" {
			t.Errorf("%q: %s origins %+v", c.q, s.Family, s.Origins)
		}
	}
	// A motorcycle is no bicycle.
	q := "I ride my motorcycle from Lewes, my wife drives from Milton: a restaurant fair to both of us."
	for _, o := range policySpec(t, q, nil).Origins {
		if o.Mode == "bicycling" {
			t.Errorf("%q: %+v", q, o)
		}
	}
}

func TestTownOneOfThem(t *testing.T) {
	for _, c := range []struct{ q, include string }{
		{"Plan 2 routes from Newark to Dover, three towns in between on each, and Smyrna must be one of those on both.", "Smyrna"},
		{"From Canillo to Sant Julià de Lòria: one route through two villages. Encamp should be among them.", "Encamp"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || !sameNames(s.Include, []string{c.include}) {
			t.Errorf("%q: %s include %q", c.q, s.Family, s.Include)
		}
	}
}

func TestTownsRefusedAndKeptAway(t *testing.T) {
	for _, c := range []struct {
		q     string
		avoid []string
	}{
		{"gotta run milford to wilmington, 1 route 2 towns. NO smyrna, weigh station there", []string{"Smyrna"}},
		{"Two routes Lewes to Newark through three towns; no Georgetown, and preferably not Milford either.", []string{"Georgetown", "Milford"}},
		{"One route from Seaford to Dover via two towns. We'd prefer not to drive anywhere close to Milford.", []string{"Milford"}},
		{"Plan 2 routes from Wilmington to Lewes with three towns each, and please stay well away from Dover.", []string{"Dover"}},
		{"Three routes Newark to Seaford, 2 towns each; keep us out of Smyrna.", []string{"Smyrna"}},
		{"One route from Lewes to Middletown, two towns; we always go around Dover.", []string{"Dover"}},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || !sameNames(s.Avoid, c.avoid) {
			t.Errorf("%q: %s avoid %q", c.q, s.Family, s.Avoid)
		}
	}
	// "not X" that corrects a town just named, or "not X but Y", refuses
	// nothing.
	for _, q := range []string{
		"Plan a route from Newark to Lewes, not Dover, through two towns.",
		"One route from Milford to Wilmington passing not Smyrna but Dover, two towns.",
	} {
		if s := policySpec(t, q, nil); slices.ContainsFunc(s.Avoid, func(a string) bool { return head(a) == "Smyrna" || head(a) == "Dover" }) {
			t.Errorf("%q: avoid %q", q, s.Avoid)
		}
	}
}

func TestParkAsAVerb(t *testing.T) {
	for _, c := range []struct {
		q    string
		want []string
	}{
		{"Going from Dover to Lewes, we need one spot halfway where the bus could park; a restaurant is best.", []string{"restaurant"}},
		{"Halfway from Newark to Milford I want a cafe, somewhere we can park the trailer.", []string{"cafe"}},
		{"Find an RV park halfway between Dover and Seaford.", []string{"park"}},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.EvenStops || len(s.Legs) != 1 || !slices.Equal(s.Legs[0].Types, c.want) {
			t.Errorf("%q: %s legs %+v", c.q, s.Family, s.Legs)
		}
	}
}

func TestAnswerFormatWrittenAsAList(t *testing.T) {
	p := newPlanner(t, mcpTools(t), Options{})
	ctx := context.Background()
	res, err := p.Solve(ctx, locnav.Task{ID: "list", Question: `Find two pharmacies north of Dover. Answer as a JSON list: [{"name": "...", "place id": "..."}]`})
	if err != nil || !strings.HasPrefix(string(res.Answer), `[{"name":`) {
		t.Errorf("list format: %v %s", err, res.Answer)
	}
	_, err = p.Solve(ctx, locnav.Task{ID: "routes", Question: `Plan 2 routes from Dover to Lewes through two towns. Answer as [{"route": "..."}]`})
	if !errors.Is(err, errFormatShape) || !strings.Contains(err.Error(), "is a list") {
		t.Errorf("a road trip in a list: %v", err)
	}
}
