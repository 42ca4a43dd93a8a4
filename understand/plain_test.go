package understand

import (
	"testing"
	"unicode/utf8"
)

func TestPlain(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"  cafes   near\tDover  ", "cafes near Dover"},
		{"WHERE IS THE NEAREST BANK", "where is the nearest bank"},
		{"please, find a pharmacy", "find a pharmacy"},
		{"find a pharmacy, thank you!", "find a pharmacy"},
		{"Events in İzmir thanks", "Events in İzmir"},
		{"İİİİİİİİ thanks", "İİİİİİİİ"},
		{"thanks", "thanks"},
		{"a list\n  of lines  ", "a list\nof lines"},
	} {
		if got := Plain(c.in); got != c.want {
			t.Errorf("Plain(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// FuzzPlain: Plain keeps valid UTF-8 valid (it once cut a text at a
// byte index of its lower-cased copy, where "İ" is one byte longer).
func FuzzPlain(f *testing.F) {
	for _, s := range []string{"please find cafes thanks", "İİİİİİİİ thanks", "ẞ THANKS", "pls", " ,thx", "KINDLY, PLZ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		got := Plain(s)
		if !utf8.ValidString(got) {
			t.Fatalf("Plain(%q) = %q: not valid UTF-8", s, got)
		}
	})
}

// TestPlainDropsAGreeting: a greeting in any language before a comma or
// a stop says nothing of the request (and "Hola" is a town in Kenya);
// a greeting that is the whole message, or is no greeting, stays.
func TestPlainDropsAGreeting(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Bonjour, any concerts in Lyon in May?", "any concerts in Lyon in May?"},
		{"Ciao! I need street markets in Turin", "I need street markets in Turin"},
		{"Salut - looking for parades near Nantes", "looking for parades near Nantes"},
		{"Good morning, where are the festivals?", "where are the festivals?"},
		{"hi there!", "hi there!"},
		{"Hola, amigo", "Hola, amigo"},
		{"Olathe festivals next week", "Olathe festivals next week"},
	} {
		if got := Plain(c.in); got != c.want {
			t.Errorf("Plain(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
