package events

import (
	"fmt"
	"testing"

	"github.com/cairn-agents/cairn/understand/typing"
)

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
	for _, v := range typing.Variants() {
		tuned[v.Kind], held[v.Kind] = &tally{}, &tally{}
	}
	for _, r := range c.Requests {
		ho := heldOut(r.ID)
		want := reading(r.Request, r.Today)
		for _, v := range typing.Variants() {
			text := v.Of(r.Request)
			sc := tuned[v.Kind]
			if ho {
				sc = held[v.Kind]
			}
			sc.n++
			got := reading(text, r.Today)
			if got == want {
				continue
			}
			sc.differ++
			if !ho {
				t.Logf("%s %s %q: read %s, as written %s", r.ID, v.Kind, text, got, want)
			}
		}
	}
	for _, v := range typing.Variants() {
		tu, ho := tuned[v.Kind], held[v.Kind]
		rate := 100 * float64(tu.n-tu.differ) / float64(max(tu.n, 1))
		t.Logf("typing %-11s tuned %d/%d differ (%.0f%% the same), held out %d/%d differ",
			v.Kind, tu.differ, tu.n, rate, ho.differ, ho.n)
		if rate < typingFloors[v.Kind] {
			t.Errorf("typing %s: tuned %.0f%% read the same, under the floor of %.0f%%", v.Kind, rate, typingFloors[v.Kind])
		}
	}
}
