package events

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
)

// typingVariants are the ways a user may type the same request: the
// reading must not depend on them.
var typingVariants = []struct {
	kind string
	of   func(string) string
}{
	{"lower", strings.ToLower},
	{"upper", strings.ToUpper},
	{"spaces", doubleSpaces},
	{"punctuation", stripPunctuation},
	{"please", func(s string) string { return "please " + s }},
	{"thanks", func(s string) string { return s + " thanks" }},
}

// doubleSpaces doubles every run of spaces.
func doubleSpaces(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == ' ' {
			b.WriteString("  ")
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// stripPunctuation drops ?!,;:"() but keeps a character inside a number
// ("10:30", "1,000"); one between two words becomes a space.
func stripPunctuation(s string) string {
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		if !strings.ContainsRune(`?!,;:"()`, r) {
			b.WriteRune(r)
			continue
		}
		before, after := rune(' '), rune(' ')
		if i > 0 {
			before = rs[i-1]
		}
		if i+1 < len(rs) {
			after = rs[i+1]
		}
		if unicode.IsDigit(before) && unicode.IsDigit(after) && (r == ':' || r == ',') {
			b.WriteRune(r)
			continue
		}
		if !unicode.IsSpace(before) && !unicode.IsSpace(after) && i > 0 && i+1 < len(rs) &&
			!strings.ContainsRune(`?!,;:"()`, before) && !strings.ContainsRune(`?!,;:"()`, after) {
			b.WriteRune(' ')
		}
	}
	return b.String()
}

// typingFloors are the least share (percent) of tuned requests that read
// the same typed each way, a few points under the rates reached. When
// written (119 tuned): lower 79%, upper 88%, spaces 97%, punctuation
// 92%, please 100%, thanks 98%; after the fixes: lower 89%, upper 89%,
// spaces, please and thanks 100%, punctuation 93%; with "the 3rd of
// march" read: lower and upper 90%.
var typingFloors = map[string]float64{
	"lower": 85, "upper": 85, "spaces": 97, "punctuation": 90, "please": 97, "thanks": 97,
}

// TestRequestIgnoresTyping reads each corpus request as written and typed
// otherwise (case, spaces, punctuation, a polite word before or after)
// and counts the variants read differently: tuned and held out apart,
// held-out texts and ids never shown.
func TestRequestIgnoresTyping(t *testing.T) {
	c := loadRequestCorpus(t)
	a := memApp(t, nil, Options{})
	reading := func(text, today string) string {
		p, why, _, _ := a.readProfile(State{UserInput: text, Today: today})
		if why != "" {
			return "rejected"
		}
		place := "no place"
		if p.Place != nil {
			place = foldName(p.Place.Name) + " (" + p.Place.CountryCode + ")"
		}
		return fmt.Sprintf("%s +%v km, %s..%s, %q", place, p.RadiusKm, p.TimeFrame.From, p.TimeFrame.To, p.Interests)
	}
	type tally struct{ n, differ int }
	tuned, held := map[string]*tally{}, map[string]*tally{}
	for _, v := range typingVariants {
		tuned[v.kind], held[v.kind] = &tally{}, &tally{}
	}
	for _, r := range c.Requests {
		ho := heldOut(r.ID)
		want := reading(r.Request, r.Today)
		for _, v := range typingVariants {
			text := v.of(r.Request)
			sc := tuned[v.kind]
			if ho {
				sc = held[v.kind]
			}
			sc.n++
			got := reading(text, r.Today)
			if got == want {
				continue
			}
			sc.differ++
			if !ho {
				t.Logf("%s %s %q: read %s, as written %s", r.ID, v.kind, text, got, want)
			}
		}
	}
	for _, v := range typingVariants {
		tu, ho := tuned[v.kind], held[v.kind]
		rate := 100 * float64(tu.n-tu.differ) / float64(max(tu.n, 1))
		t.Logf("typing %-11s tuned %d/%d differ (%.0f%% the same), held out %d/%d differ",
			v.kind, tu.differ, tu.n, rate, ho.differ, ho.n)
		if rate < typingFloors[v.kind] {
			t.Errorf("typing %s: tuned %.0f%% read the same, under the floor of %.0f%%", v.kind, rate, typingFloors[v.kind])
		}
	}
}
