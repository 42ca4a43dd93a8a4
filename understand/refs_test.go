package understand_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/understand"
)

// TestReferences: places pointed at without a name, with the role the
// cue before them gives.
func TestReferences(t *testing.T) {
	g := gazetteer(t)
	for _, c := range []struct {
		q    string
		want string // kind[:index][/role] ... in order
	}{
		{"how far is Dover from here?", "here/from"},
		{"coffee near me", "here/near"},
		{"any pizza places nearby?", "here/near"},
		{"what's good pizza around here?", "here/near"},
		{"What is here?", "here"},
		{"where am I", ""},
		{"show me cafes close to my location", "here/near"},
		{"gas stations in this area", "here/in"},
		{"is the first one open now?", "nth:1"},
		{"what's the address of the second one", "nth:2"},
		{"directions from the first one to there", "nth:1/from there/to"},
		{"how do I get to the last one?", "nth:-1/to"},
		{"tell me about number 3", "nth:3"},
		{"and #2?", "nth:2"},
		{"what about option 2", "nth:2"},
		{"the 3rd one please", "nth:3"},
		{"is it open?", "it"},
		{"what's its phone number", "it"},
		{"save this as home", "it"},
		{"how far is that place from Dover", "it"},
		{"how high is it there", "it there"},
		// Not references.
		{"is there a cafe in Dover?", ""},
		{"there are too many", ""},
		{"how long does it take to walk to Dover", ""},
		{"Plan 2 routes, the second through Smyrna", "nth:2"},
		{"I want the third route", ""},
		{"here is my question: where is Dover?", ""},
	} {
		r := understand.Read(c.q, understand.Options{Gazetteer: g, Now: refDay})
		var got []string
		for _, ref := range r.References {
			s := string(ref.Kind)
			if ref.Kind == understand.RefNth {
				s += fmt.Sprintf(":%d", ref.Index)
			}
			if ref.Role != "" {
				s += "/" + string(ref.Role)
			}
			got = append(got, s)
			if c.q[ref.Start:ref.End] != ref.Text {
				t.Errorf("%q: span %d-%d is %q, text %q", c.q, ref.Start, ref.End, c.q[ref.Start:ref.End], ref.Text)
			}
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%q: references %q, want %q (%+v)", c.q, g, c.want, r.References)
		}
	}
}

// TestOrdinalOne: "the second one" counts "one", not the words after it.
func TestOrdinalOne(t *testing.T) {
	r := understand.Read("is the second one open now?", understand.Options{})
	if len(r.Quantities) != 1 || r.Quantities[0].Noun != "one" || r.Quantities[0].Value != 2 {
		t.Errorf("quantities %+v, want the ordinal 2 of \"one\"", r.Quantities)
	}
}

// TestChatMessages: short messages typed all in lower case name places
// too, and the verbs and nouns of a chat are not places ("save" is no
// town in Benin, "tell" none in Syria).
func TestChatMessages(t *testing.T) {
	g := gazetteer(t)
	de := understand.Read("Delaware", understand.Options{Gazetteer: g}).Mentions[0].Place
	wilmington := understand.Read("Wilmington, DE", understand.Options{Gazetteer: g}).Mentions[0].Place
	for _, c := range []struct {
		q    string
		want []string
	}{
		{"where is lewes", []string{"lewes=Lewes, Delaware"}},
		{"how high is dover", []string{"dover=Dover, Delaware"}},
		{"bike route to smyrna please", []string{"smyrna=Smyrna, Delaware"}},
		{"drive time from newark to dover", []string{"newark=Newark, Delaware", "dover=Dover, Delaware"}},
		{"how far is Paris from here", []string{"Paris=Paris, Île-de-France, France"}},
		{"save this as home", nil},
		{"tell me more about the third one", nil},
		{"what's the phone number", nil},
		{"what can you do", nil},
		{"Where is it?", nil},
	} {
		r := understand.Read(c.q, understand.Options{Gazetteer: g, Prefer: []understand.Place{*de}, Near: wilmington})
		var got []string
		for _, m := range r.Mentions {
			p := "?"
			if m.Place != nil {
				p = m.Place.Qualified()
			}
			got = append(got, m.Text+"="+p)
		}
		ok := len(got) == len(c.want)
		for i := 0; ok && i < len(got); i++ {
			ok = strings.HasPrefix(got[i], c.want[i])
		}
		if !ok {
			t.Errorf("%q: mentions %q, want %q", c.q, got, c.want)
		}
	}
}
