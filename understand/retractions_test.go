package understand_test

import (
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// retractedText is r's mentions without those taken back, each as its
// place and role ("Grenoble to"), joined by "; ".
func retractedText(ms []understand.Mention) string {
	var got []string
	for _, m := range ms {
		if m.Role == understand.RoleRegion {
			continue
		}
		name := m.Text
		if m.Place != nil {
			name = m.Place.Name
		}
		got = append(got, strings.TrimSpace(name+" "+string(m.Role)))
	}
	return strings.Join(got, "; ")
}

// TestRetractionForms: the forms of a place taken back the apps read
// through Reading.Retractions. A town in lower case after a cue that puts
// it in another's stead is read as a name ("to Lyon, I mean grenoble");
// a place after "not X," or "scratch X," is said in X's stead, not a
// region of it ("scratch Lisbon, Porto"); "Dover, not Smyrna" after an
// earlier Smyrna puts Dover in its role; "not in X but in Y", "forget
// that". A place only put aside where first named is kept by
// WithoutTakenBack.
func TestRetractionForms(t *testing.T) {
	g := gazetteer(t)
	for _, c := range []struct{ q, want string }{
		// a town in lower case in its stead
		{"Driving to Lyon, I mean grenoble, on Friday", "Grenoble to"},
		{"markets in Bologna, or rather modena, next Saturday", "Modena in"},
		{"from Leeds to York - no wait not york, harrogate", "Leeds from; Harrogate to"},
		{"a week in Porto, no wait, braga, in May", "Braga in"},
		// struck out, the one after the comma in its stead
		{"flying to Lisbon, scratch Lisbon, Porto, in June", "Porto to"},
		{"from Encamp to Ordino, no wait not Ordino, Canillo", "Encamp from; Canillo to"},
		{"a night in Seville, not Seville, Granada, on Friday", "Granada in"},
		// put in the stead of one named before
		{"Route from Newark to Smyrna. Actually Dover, not Smyrna.", "Newark from; Dover to"},
		{"Trip to Bruges on Sunday. Ghent instead of Bruges, sorry.", "Gent to"},
		{"heading to Porto in May... Braga rather than Porto", "Braga to"},
		// "not in X but in Y", "forget that"
		{"festivals not in Leeds but in York", "York in"},
		{"driving to Lyon, forget that, Grenoble", "Grenoble to"},
		// "no sorry", "sorry, no", and "sorry" as all the words between,
		// the preposition said again or not
		{"driving down from Smyrna no sorry from Dover tomorrow", "Dover from"},
		{"a weekend in Bruges — no, sorry, in Ghent", "Gent in"},
		{"how high is Canillo, sorry, Encamp", "Encamp"},
		{"the weather of Leeds - sorry - of harrogate", "Harrogate"},
		{"route to Lyon sorry, no, to Grenoble", "Grenoble to"},
		// no taking back
		{"I live in Leeds and will be in York", "Leeds home; York in"},
		{"I'm in Leeds, sorry to ask, is York far", "Leeds home; York"},
		{"I live in Leeds. Actually my sister lives in York", "Leeds home; York home"},
	} {
		r := understand.Read(c.q, understand.Options{Gazetteer: g})
		if s := retractedText(r.WithoutRetracted()); s != c.want {
			t.Errorf("%q: %q, want %q", c.q, s, c.want)
		}
	}
	// put aside where first named: kept by WithoutTakenBack
	for _, c := range []struct{ q, want string }{
		{"a route via Dover instead of Smyrna", "Dover via; Smyrna avoid"},
		{"staying in Málaga rather than Seville", "Málaga home; Sevilla"},
		{"drive to Lyon, I mean Grenoble, on Friday", "Grenoble to"},
	} {
		r := understand.Read(c.q, understand.Options{Gazetteer: g})
		if s := retractedText(r.WithoutTakenBack()); s != c.want {
			t.Errorf("WithoutTakenBack %q: %q, want %q", c.q, s, c.want)
		}
	}
}
