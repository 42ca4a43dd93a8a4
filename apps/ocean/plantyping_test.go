package ocean

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/cairn-agents/cairn/geo/geotest"
)

// stripTypedPunct removes the punctuation a person may or may not type
// without changing what is asked: ? ! , ; : " ( ), a period that ends a
// sentence (followed by a space or the end; "10.5" keeps its point) and an
// apostrophe between letters ("what's" -> "whats", "don't" -> "dont") or
// of a number's possessive ("float 5900446's" -> "float 5900446s").
// Kept, because they carry meaning that cannot be dropped without changing
// the question: hyphens and minus signs, slashes, degree signs and the
// minutes mark of "37°30'N", a comma between two numbers ("-30.5, -99.2"
// is a point, "-30.5 -99.2" two numbers), and the parentheses of a call
// in pasted code ("pres.between(0, 100)").
func stripTypedPunct(q string) string {
	var b strings.Builder
	var calls []bool // open parentheses: a call's, kept, or not
	for i, r := range q {
		before, _ := utf8.DecodeLastRuneInString(q[:i])
		rest := q[i+utf8.RuneLen(r):]
		after, _ := utf8.DecodeRuneInString(rest)
		switch r {
		case '?', '!', ';', ':', '"', '“', '”':
			continue
		case ',':
			next := strings.TrimLeft(rest, " -+")
			if unicode.IsDigit(before) && next != "" && unicode.IsDigit(rune(next[0])) {
				break
			}
			continue
		case '(':
			call := unicode.IsLetter(before) || unicode.IsDigit(before) || before == '_'
			calls = append(calls, call)
			if !call {
				continue
			}
		case ')':
			if len(calls) > 0 {
				call := calls[len(calls)-1]
				calls = calls[:len(calls)-1]
				if call {
					break
				}
			}
			continue
		case '.':
			if rest == "" || rest[0] == ' ' || rest[0] == '\n' || rest[0] == '\t' {
				continue
			}
		case '\'', '’':
			possessive := unicode.IsDigit(before) && strings.HasPrefix(rest, "s") && (len(rest) == 1 || !unicode.IsLetter(rune(rest[1])))
			if unicode.IsLetter(before) && unicode.IsLetter(after) || possessive {
				continue
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}

// typingVariants are ways of typing a question that must not change its
// plan, with the least share of tuned corpus questions each must keep
// reading as written (a few points under the shares reached: lower
// 99.7%, upper 99.8%, please 99.8%, thanks 100%, no punctuation 98.2%).
// Two tuned questions depend on their punctuation: q189's long story,
// whose stops say which sentence asks, and q370's "??" cell to fill;
// a sentence begun after a name with no stop ends the name ("Cape Town
// Of the floats", planrunon.go), so round 14's run-ons read as typed.
var typingVariants = []struct {
	name  string
	f     func(string) string
	floor float64
}{
	{"lower", strings.ToLower, 0.97},
	{"upper", strings.ToUpper, 0.97},
	{"no punctuation", stripTypedPunct, 0.97},
	{"please", func(q string) string { return "please " + q }, 0.98},
	{"thanks", func(q string) string { return q + " thanks" }, 0.98},
}

// typingCanon is a plan as compared across typings: without its
// reasoning, the time by from/to, missing slots by count and the point
// near by lat/lon/radius (rounded), not by the place's name as typed.
func typingCanon(t testing.TB, p QueryPlan) string {
	p.Reasoning = ""
	if p.Time != nil {
		p.Time = &TimeFrame{From: p.Time.From, To: p.Time.To}
	}
	p.Missing = make([]string, len(p.Missing))
	if p.Near != nil {
		n := *p.Near
		n.Place = ""
		n.Lat, n.Lon = math.Round(n.Lat*100)/100, math.Round(n.Lon*100)/100
		p.Near = &n
	}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestPlanIgnoresTyping checks that casing, punctuation and a polite
// prefix or suffix do not change the plan read for a corpus question.
// Tuned failures are logged with their text; held-out ones by count only.
func TestPlanIgnoresTyping(t *testing.T) {
	gaz := geotest.Gazetteer(t)
	type tally struct{ n, differ int }
	tuned := make([]tally, len(typingVariants))
	held := make([]tally, len(typingVariants))
	for _, c := range loadCorpus(t) {
		basePlan := readPlan(c.Q, testNow(), gaz)
		base := typingCanon(t, basePlan)
		for i, v := range typingVariants {
			q := v.f(c.Q)
			if q == c.Q {
				continue
			}
			gotPlan := readPlan(q, testNow(), gaz)
			same := typingCanon(t, gotPlan) == base
			tl := &tuned[i]
			if c.heldOut() {
				tl = &held[i]
			}
			tl.n++
			if !same {
				tl.differ++
				if !c.heldOut() {
					t.Logf("%s %s: %q reads another plan than %q:\n  got  %s\n  want %s", v.name, c.ID, q, c.Q, shownPlan(gotPlan), shownPlan(basePlan))
				}
			}
		}
	}
	for i, v := range typingVariants {
		tl, hl := tuned[i], held[i]
		rate := 1.0
		if tl.n > 0 {
			rate = float64(tl.n-tl.differ) / float64(tl.n)
		}
		t.Logf("%-15s tuned %d/%d differ (%.1f%% same), held out %d/%d differ", v.name, tl.differ, tl.n, 100*rate, hl.differ, hl.n)
		if rate < v.floor {
			t.Errorf("%s: tuned invariance %.1f%% is under the floor %.0f%%", v.name, 100*rate, 100*v.floor)
		}
	}
}

// shownPlan is a plan as logged: all but its reasoning.
func shownPlan(p QueryPlan) string {
	p.Reasoning = ""
	b, _ := json.Marshal(p)
	return string(b)
}
