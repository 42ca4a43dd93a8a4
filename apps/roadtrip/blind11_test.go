package roadtrip

import (
	"slices"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
)

// The classes of the eleventh blind round, each in phrasings of its own.

// originHeads are the towns of a spec's origins, without their regions.
func originHeads(s taskSpec) []string {
	var got []string
	for _, o := range s.Origins {
		got = append(got, head(o.Place))
	}
	return got
}

func TestEndsNamedByWhatIsThere(t *testing.T) {
	// "from the flat in A up to the staff housing in B", where A and B
	// are towns that also name their parish.
	for _, c := range []struct{ q, start, end string }{
		{"We drive from our cabin in Ordino down to the lodge in Sant Julia de Loria next week. One route through 2 villages, please.", "Ordino", "Sant Julià de Lòria"},
		{"Hauling boxes from my studio in Canillo over to my sister's new house in Escaldes-Engordany. Show me 2 routes, each with 1 town along the way.", "Canillo", "Escaldes-Engordany"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || !sameCorpusName(s.Start, c.start) || !sameCorpusName(s.End, c.end) {
			t.Errorf("%q: %s %q -> %q, want %q -> %q", c.q, s.Family, s.Start, s.End, c.start, c.end)
		}
	}
}

func TestPlaceTakenBack(t *testing.T) {
	// A place taken back as it is written: the one said in its stead
	// has its role ("X wait no Y", "make it Y, not X", "scratch X, Y").
	for _, c := range []struct{ q, start, end string }{
		{"Route sheet\nFrom: Milford, DE\nTo: Lewes, DE - sorry, make it Rehoboth Beach instead of Lewes, the Lewes client moved\nRoutes: 2\nTowns per route: 1", "Milford", "Rehoboth Beach"},
		{"Driving from Encamp to Ordino, scratch Ordino, La Massana. One route via 2 villages.", "Encamp", "La Massana"},
		{"going from newark to seaford i mean laurel on friday, 1 route w 2 towns pls", "Newark", "Laurel"},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || !sameCorpusName(s.Start, c.start) || !sameCorpusName(s.End, c.end) {
			t.Errorf("%q: %s %q -> %q, want %q -> %q", c.q, s.Family, s.Start, s.End, c.start, c.end)
		}
	}
	for _, c := range []struct {
		q       string
		origins []string
	}{
		{"I'm at the office in Dover, no wait, I'm home in Milford today. My cousin is in Lewes. Find us a cafe with the same drive for both.", []string{"Milford", "Lewes"}},
		{"my friend is in felton wait no shes at her dads in harrington this weekend. im in seaford. a restaurant thats equal drive for us?", []string{"Harrington", "Seaford"}},
	} {
		s := policySpec(t, c.q, nil)
		if got := originHeads(s); s.Family != locnav.MeetingPoint || !slices.EqualFunc(got, c.origins, strings.EqualFold) {
			t.Errorf("%q: %s origins %v, want %v", c.q, s.Family, got, c.origins)
		}
	}
	// "Actually" alone takes nothing back.
	s := policySpec(t, "I live in Smyrna. Actually my brother lives in Milton. Where can we meet for lunch, same drive for both?", nil)
	if got := originHeads(s); !slices.Equal(got, []string{"Smyrna", "Milton"}) {
		t.Errorf("actually alone: origins %v, want [Smyrna Milton]", got)
	}
}

func TestPeopleLabelledInAList(t *testing.T) {
	// "- me: Milford\n- Ana: Georgetown": names before colons in a list
	// with the asker's line are people, not towns by their spelling.
	for _, c := range []struct {
		q       string
		origins []string
	}{
		{"Book club meetup:\n* me: Dover (car)\n* Bo: Smyrna (car)\n* Ines: Felton (car)\nWhich cafe is about the same drive for all of us?", []string{"Dover", "Smyrna", "Felton"}},
		{"Who drives from where:\n1) Me: Encamp\n2) Luc: Ordino\n3) Noa: Canillo\nPlease find one restaurant where our driving times are nearly equal.", []string{"Encamp", "Ordino", "Canillo"}},
	} {
		s := policySpec(t, c.q, nil)
		if got := originHeads(s); s.Family != locnav.MeetingPoint || !slices.EqualFunc(got, c.origins, strings.EqualFold) {
			t.Errorf("%q: %s origins %v, want %v", c.q, s.Family, got, c.origins)
		}
	}
}

func TestTextedShorthandCounts(t *testing.T) {
	// "w" = with, "n" = and before a count; "hes", "shes" = he is, she
	// is (not a town by its spelling).
	for _, c := range []struct {
		q                  string
		routes, cities, rs int
	}{
		{"yo need 3 diff routes frm milford to lewes w 1 town each n 2 rest stops each thx", 3, 1, 2},
		{"drivin newark to dover sat, 2 routes w 3 towns n 1 rest stop per route pls", 2, 3, 1},
	} {
		s := policySpec(t, c.q, nil)
		if s.Family != locnav.RoadTrip || s.Routes != c.routes || s.Cities != c.cities || s.RestStops != c.rs {
			t.Errorf("%q: %s routes %d cities %d rest %d, want %d %d %d", c.q, s.Family, s.Routes, s.Cities, s.RestStops, c.routes, c.cities, c.rs)
		}
	}
	for _, c := range []struct {
		q       string
		origins []string
	}{
		{"ok so im in lewes all wknd. hes in milton. wanna get coffee halfway, same drive for both pls", []string{"Lewes", "Milton"}},
		{"me n my sis need a cafe w the same drive for both of us. im at work in dover, shes at her place in felton", []string{"Dover", "Felton"}},
	} {
		s := policySpec(t, c.q, nil)
		if got := originHeads(s); s.Family != locnav.MeetingPoint || !slices.EqualFunc(got, c.origins, strings.EqualFold) {
			t.Errorf("%q: %s origins %v, want %v", c.q, s.Family, got, c.origins)
		}
	}
}

func TestRefusedTownInLowerCase(t *testing.T) {
	// "NOT georgetown my ex lives there": a town in lower case after a
	// refusing word is avoided.
	for _, c := range []struct{ q, avoid string }{
		{"road trip from smyrna to lewes, 2 routes thru 2 towns each. NO milford my boss lives there haha", "Milford"},
		{"from Encamp to Sant Julia de Loria, one route through 2 villages, and not la massana, too much traffic", "La Massana"},
	} {
		s := policySpec(t, c.q, nil)
		var got []string
		for _, a := range s.Avoid {
			got = append(got, head(a))
		}
		if s.Family != locnav.RoadTrip || !slices.EqualFunc(got, []string{c.avoid}, strings.EqualFold) {
			t.Errorf("%q: %s avoid %v, want [%s]", c.q, s.Family, got, c.avoid)
		}
	}
}

func TestListNumbersAreNoCounts(t *testing.T) {
	// "1. one pharmacy\n2. in Delaware": the numbers order the lines.
	for _, c := range []string{
		"What I need:\n1) a bakery\n2) north of the latitude of 'Lewes Public Library'\n3) in Delaware\nName and place id only.",
		"Checklist for the search:\n1. in Andorra\n2. a single museum\n3. east of the longitude of 'Casa de la Vall'\n4. west of the longitude of 'Caldea'",
	} {
		s := policySpec(t, c, nil)
		if s.Family != locnav.PlaceFinding || s.Count != 1 {
			t.Errorf("%q: %s count %d, want 1", c, s.Family, s.Count)
		}
	}
}
